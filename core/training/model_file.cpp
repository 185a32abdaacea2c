// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/model_file.h"

#include <charconv>
#include <cmath>
#include <map>
#include <utility>

#include <nlohmann/json.hpp>

#include "common/parameter_error.h"
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

// Reads the metadata of a model file; every refusal is a FileError naming the file.
class Reader {
public:
    explicit Reader(const SafetensorsFile& file) : file_(file) {}

    [[noreturn]] void fail(FileProblem problem) const { throw FileError(file_.name(), problem); }
    [[noreturn]] void fail(const ParameterProblem& problem) const {
        throw FileError(file_.name(), problem, {});
    }

    const std::string& text(const std::string& key) const {
        const std::string* value = file_.metadata(key);
        if (value == nullptr) fail({FileIssue::Missing, key});
        return *value;
    }

    std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max) const {
        const std::string& value = text(key);
        std::int64_t number = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size()) {
            fail({FileIssue::WrongType, key, ValueKind::WholeNumber, value.substr(0, 40)});
        }
        if (number < min || number > max) {
            fail({key, Rule::Between, static_cast<double>(number), static_cast<double>(min),
                  static_cast<double>(max)});
        }
        return number;
    }

    double number(const std::string& key) const {
        const std::string& value = text(key);
        double number = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size()) {
            fail({FileIssue::WrongType, key, ValueKind::Number, value.substr(0, 40)});
        }
        return number;
    }

private:
    const SafetensorsFile& file_;
};

std::string shapeText(const std::string& dtype, const std::vector<std::uint64_t>& shape) {
    std::string text;
    for (std::uint64_t size : shape) text += (text.empty() ? "" : ", ") + std::to_string(size);
    return dtype + " [" + text + "]";
}

Model readModel(const SafetensorsFile& file) {
    const Reader reader(file);
    for (const auto& [key, expected] :
         {std::pair{"format", modelFormat}, std::pair{"version", modelFormatVersion}}) {
        const std::string& value = reader.text(key);
        if (value != expected) {
            reader.fail({.issue = FileIssue::WrongFormat,
                         .key = key,
                         .found = value.substr(0, 40),
                         .detail = expected});
        }
    }
    Model model;
    ModelConfig& config = model.config;
    try {
        config.encoding = parsePositionEncoding(reader.text("encoding"));
        model.task = std::string(toString(parseTaskKind(reader.text("task"))));
    } catch (const ParameterError& error) {
        reader.fail(error.problem());
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
    if (!vocabulary.is_array()) {
        reader.fail({FileIssue::WrongType, "vocabulary", ValueKind::List, vocabulary.type_name()});
    }
    for (const nlohmann::json& token : vocabulary) {
        if (!token.is_string()) {
            reader.fail({FileIssue::WrongType,
                         "vocabulary[" + std::to_string(model.vocabulary.size()) + "]",
                         ValueKind::Text, token.type_name()});
        }
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
    } catch (const FileError& error) {
        throw error.within(file.name(), "rope_scaling.");
    } catch (const ParameterError& error) {
        reader.fail(error.problem());
    }
    std::vector<NamedTensor> layout = tensorLayout(config);
    if (file.tensors().size() != layout.size()) {
        reader.fail({.issue = FileIssue::WrongTensorCount,
                     .count = file.tensors().size(),
                     .limit = layout.size()});
    }
    for (NamedTensor& expected : layout) {
        const SafetensorsTensor& stored = file.tensor(expected.name);
        const std::vector<std::uint64_t> shape(expected.shape.begin(), expected.shape.end());
        if (stored.dtype != "F32" || stored.shape != shape) {
            reader.fail({.issue = FileIssue::WrongShape,
                         .found = shapeText(stored.dtype, stored.shape),
                         .detail = shapeText("F32", shape),
                         .name = expected.name});
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
