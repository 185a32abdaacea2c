// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/model_file.h"

#include <charconv>
#include <cmath>
#include <map>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "encodings/hf_config.h"
#include "training/tasks.h"
#include "weights/safetensors.h"

namespace ropelab::training {

namespace {

// Shortest round-trip text; whole numbers as plain integers ("500000", not "5e+05").
std::string numberText(double value) {
    if (value == std::floor(value) && std::abs(value) < 1e15) {
        return std::to_string(static_cast<long long>(value));
    }
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return {buffer, result.ptr};
}

class Reader {
public:
    explicit Reader(const SafetensorsFile& file) : file_(file) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw InputError("'" + file_.name() + "': " + problem);
    }

    const std::string& text(const std::string& key) const {
        const std::string* value = file_.metadata(key);
        if (value == nullptr) fail("not a RoPE Lab model: __metadata__ lacks '" + key + "'");
        return *value;
    }

    std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max) const {
        const std::string& value = text(key);
        std::int64_t number = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size() || number < min ||
            number > max) {
            fail("metadata '" + key + "' must be a whole number in [" + std::to_string(min) + ", " +
                 std::to_string(max) + "], got '" + value.substr(0, 40) + "'");
        }
        return number;
    }

    double number(const std::string& key) const {
        const std::string& value = text(key);
        double number = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size()) {
            fail("metadata '" + key + "' must be a number, got '" + value.substr(0, 40) + "'");
        }
        return number;
    }

private:
    const SafetensorsFile& file_;
};

Model readModel(const SafetensorsFile& file) {
    const Reader reader(file);
    if (reader.text("format") != modelFormat) {
        reader.fail("not a RoPE Lab model: format is '" + reader.text("format").substr(0, 40) +
                    "', not '" + modelFormat + "'");
    }
    if (reader.text("version") != modelFormatVersion) {
        reader.fail("model format version '" + reader.text("version").substr(0, 40) +
                    "' is not one RoPE Lab reads (" + modelFormatVersion + ")");
    }
    Model model;
    ModelConfig& config = model.config;
    try {
        config.encoding = parsePositionEncoding(reader.text("encoding"));
        model.task = std::string(toString(parseTaskKind(reader.text("task"))));
    } catch (const InputError& error) {
        reader.fail(error.what());
    }
    config.layers = static_cast<int>(reader.integer("layers", 1, TrainingLimits::maxLayers));
    config.width = static_cast<int>(reader.integer("width", 2, TrainingLimits::maxWidth));
    config.heads = static_cast<int>(reader.integer("heads", 1, TrainingLimits::maxHeads));
    config.trainLength = static_cast<int>(reader.integer(
        "train_length", TrainingLimits::minTrainLength, TrainingLimits::maxTrainLength));
    config.ropeTheta = reader.number("rope_theta");
    model.seed = static_cast<std::uint64_t>(reader.integer("seed", 0, INT64_MAX));
    model.steps = reader.integer("steps", 0, INT64_MAX);
    const nlohmann::json vocabulary =
        nlohmann::json::parse(reader.text("vocabulary"), nullptr, false);
    if (!vocabulary.is_array())
        reader.fail("metadata 'vocabulary' must be a JSON array of strings");
    for (const nlohmann::json& token : vocabulary) {
        if (!token.is_string())
            reader.fail("metadata 'vocabulary' must be a JSON array of strings");
        model.vocabulary.push_back(token.get<std::string>());
        if (model.vocabulary.size() > static_cast<std::size_t>(TrainingLimits::maxVocabulary))
            break;
    }
    config.vocabulary = static_cast<int>(model.vocabulary.size());
    try {
        validate(config);
        if (const std::string* scaling = file.metadata("rope_scaling")) {
            model.ropeScaling = ropeParamsFromHfConfigJson(*scaling, "rope_scaling");
        }
    } catch (const InputError& error) {
        reader.fail(error.what());
    }
    std::vector<NamedTensor> layout = tensorLayout(config);
    if (file.tensors().size() != layout.size()) {
        reader.fail("a " + std::string(toString(config.encoding)) + " model of " +
                    std::to_string(config.layers) + " layers has " + std::to_string(layout.size()) +
                    " tensors; the file has " + std::to_string(file.tensors().size()));
    }
    for (NamedTensor& expected : layout) {
        const SafetensorsTensor& stored = file.tensor(expected.name);
        const std::vector<std::uint64_t> shape(expected.shape.begin(), expected.shape.end());
        if (stored.dtype != "F32" || stored.shape != shape) {
            std::string wanted;
            for (std::uint64_t size : shape)
                wanted += (wanted.empty() ? "" : ", ") + std::to_string(size);
            reader.fail("tensor '" + expected.name + "' must be F32 of shape [" + wanted + "]");
        }
        expected.values = file.read(stored);
    }
    model.tensors = std::move(layout);
    return model;
}

}  // namespace

void saveModel(const std::filesystem::path& path, const Model& model) {
    const ModelConfig& config = model.config;
    std::map<std::string, std::string> metadata{
        {"format", modelFormat},
        {"version", modelFormatVersion},
        {"encoding", std::string(toString(config.encoding))},
        {"layers", std::to_string(config.layers)},
        {"width", std::to_string(config.width)},
        {"heads", std::to_string(config.heads)},
        {"train_length", std::to_string(config.trainLength)},
        {"rope_theta", numberText(config.ropeTheta)},
        {"vocabulary", nlohmann::json(model.vocabulary).dump()},
        {"task", model.task},
        {"seed", std::to_string(model.seed)},
        {"steps", std::to_string(model.steps)},
    };
    if (model.ropeScaling) metadata["rope_scaling"] = ropeParamsToHfConfigJson(*model.ropeScaling);
    std::vector<SafetensorsWriteTensor> tensors;
    for (const NamedTensor& t : model.tensors) {
        tensors.push_back(
            {t.name, std::vector<std::uint64_t>(t.shape.begin(), t.shape.end()), t.values});
    }
    writeSafetensors(path, tensors, metadata);
}

Model loadModel(const std::filesystem::path& path) {
    return readModel(SafetensorsFile(path));
}

Model loadModel(std::span<const std::uint8_t> bytes, std::string name) {
    return readModel(SafetensorsFile(bytes, std::move(name)));
}

}  // namespace ropelab::training
