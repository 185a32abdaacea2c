// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/qk_model.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "common/parameter_error.h"
#include "encodings/hf_config.h"
#include "weights/gguf_tensors.h"
#include "weights/safetensors.h"
#include "weights/weights_error.h"

namespace ropelab {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

// A tensor in one of the model's files.
struct TensorRef {
    int shard = -1;  // the safetensors shard; -1 for GGUF
    const SafetensorsTensor* st = nullptr;
    const GgufTensor* gguf = nullptr;
    explicit operator bool() const { return st != nullptr || gguf != nullptr; }
    const std::string& name() const { return st ? st->name : gguf->name; }
    std::uint64_t rows() const { return st ? st->rows() : gguf->rows(); }
    std::uint64_t rowLength() const { return st ? st->rowLength() : gguf->rowLength(); }
    std::uint64_t elements() const { return rows() * rowLength(); }
    std::uint64_t bytes() const { return st ? st->bytes : gguf->bytes; }
    std::size_t dims() const { return st ? st->shape.size() : gguf->dims.size(); }
    std::string type() const { return st ? st->dtype : gguf->typeName(); }
};

std::string shapeText(const TensorRef& t) {
    if (t.dims() == 1) return "[" + std::to_string(t.elements()) + "]";
    return "[" + std::to_string(t.rows()) + ", " + std::to_string(t.rowLength()) + "]";
}

std::string readText(const fs::path& path, std::uint64_t limit) {
    std::error_code error;
    const std::uintmax_t size = fs::file_size(path, error);
    if (error) {
        throw WeightsError(path.string(),
                           {.fault = WeightsFault::CannotOpen, .detail = error.message()});
    }
    if (size > limit) {
        throw WeightsError(path.string(),
                           {.fault = WeightsFault::HeaderTooLarge, .count = size, .limit = limit});
    }
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    if (!stream && !stream.eof()) {
        throw WeightsError(path.string(),
                           {.fault = WeightsFault::ReadFailed, .detail = "read error"});
    }
    return text.str();
}

constexpr std::uint64_t maxJsonText = 64u << 20;  // config.json and the shard index

// The counts a config.json gives (text_config for multimodal configs), as FileError on its keys.
struct HfCounts {
    std::string modelType;
    int heads = 0, kvHeads = 0, layers = 0;
};

HfCounts hfCounts(const std::string& text, const std::string& source) {
    Json json;
    try {
        json = Json::parse(text);
    } catch (const Json::exception& error) {
        throw FileError(source, {FileIssue::NotJson, "", {}, "", error.what()});
    }
    if (!json.is_object()) throw FileError(source, {FileIssue::WrongType, "", ValueKind::Object});
    const Json& config = json.contains("text_config") && json["text_config"].is_object()
                             ? json["text_config"]
                             : json;
    const auto integer = [&](const char* key) -> std::optional<int> {
        const auto it = config.find(key);
        if (it == config.end() || it->is_null()) return std::nullopt;
        if (!it->is_number_integer() || it->get<std::int64_t>() < 1 ||
            it->get<std::int64_t>() > (1 << 20)) {
            throw FileError(source,
                            {FileIssue::WrongType, key, ValueKind::WholeNumber, it->dump()});
        }
        return it->get<int>();
    };
    HfCounts counts;
    if (const auto it = config.find("model_type"); it != config.end() && it->is_string()) {
        counts.modelType = it->get<std::string>();
    }
    const std::optional<int> heads = integer("num_attention_heads");
    const std::optional<int> layers = integer("num_hidden_layers");
    if (!heads) throw FileError(source, {FileIssue::Missing, "num_attention_heads"});
    if (!layers) throw FileError(source, {FileIssue::Missing, "num_hidden_layers"});
    counts.heads = *heads;
    counts.layers = *layers;
    counts.kvHeads = integer("num_key_value_heads").value_or(*heads);
    return counts;
}

// The config.json of a model the training lab saved (core/training/model_file.h): its
// __metadata__ gives encoding, layers, width, heads, train_length, rope_theta and, after a
// fine-tune with a RoPE scaling, rope_scaling (config.json keys); q, k, v are stacked in
// blocks.{l}.attn.qkv, rotated half-split with head_dim = width / heads.
std::string labConfig(const SafetensorsFile& file) {
    const auto text = [&](const char* key) {
        const std::string* value = file.metadata(key);
        if (value == nullptr) throw FileError(file.name(), {FileIssue::Missing, key});
        return *value;
    };
    const auto integer = [&](const char* key) {
        const std::string value = text(key);
        int number = 0;
        const auto [end, error] =
            std::from_chars(value.data(), value.data() + value.size(), number);
        if (error != std::errc() || end != value.data() + value.size() || number < 1) {
            throw FileError(file.name(),
                            {FileIssue::WrongType, key, ValueKind::WholeNumber, value});
        }
        return number;
    };
    const std::string encoding = text("encoding");
    if (encoding != "rope") {
        throw WeightsError(file.name(), {.fault = WeightsFault::NoRope, .found = encoding});
    }
    Json config = Json::object();
    if (const std::string* scaling = file.metadata("rope_scaling")) {
        try {
            config = Json::parse(*scaling);
        } catch (const Json::exception& error) {
            throw FileError(file.name(),
                            {FileIssue::NotJson, "rope_scaling", {}, "", error.what()});
        }
        if (!config.is_object()) {
            throw FileError(file.name(), {FileIssue::WrongType, "rope_scaling", ValueKind::Object});
        }
    }
    const int heads = integer("heads"), width = integer("width");
    config["model_type"] = "ropelab-model";
    config["num_attention_heads"] = heads;
    config["num_key_value_heads"] = heads;
    config["num_hidden_layers"] = integer("layers");
    config["hidden_size"] = width;
    config["head_dim"] = width / heads;
    if (!config.contains("rope_theta")) {
        const std::string value = text("rope_theta");
        double theta = 0;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), theta);
        if (error != std::errc() || end != value.data() + value.size()) {
            throw FileError(file.name(),
                            {FileIssue::WrongType, "rope_theta", ValueKind::Number, value});
        }
        config["rope_theta"] = theta;
    }
    if (!config.contains("max_position_embeddings")) {
        config["max_position_embeddings"] = integer("train_length");
    }
    return config.dump();
}

}  // namespace

class QkModel::Source {
public:
    std::vector<std::unique_ptr<SafetensorsFile>> shards;
    std::unique_ptr<GgufFile> gguf;

    TensorRef find(const std::string& name) const {
        if (gguf) {
            const GgufTensor* t = gguf->find(name);
            return t ? TensorRef{-1, nullptr, t} : TensorRef{};
        }
        for (std::size_t i = 0; i < shards.size(); ++i) {
            if (const SafetensorsTensor* t = shards[i]->find(name)) {
                return {static_cast<int>(i), t, nullptr};
            }
        }
        return {};
    }

    const std::string& fileOf(const TensorRef& t) const {
        return t.gguf ? gguf->name() : shards[static_cast<std::size_t>(t.shard)]->name();
    }

    void readRows(const TensorRef& t, std::uint64_t first, std::uint64_t count,
                  std::span<float> out) const {
        if (t.gguf) {
            gguf->readRows(*t.gguf, first, count, out);
        } else {
            shards[static_cast<std::size_t>(t.shard)]->readRows(*t.st, first, count, out);
        }
    }

    // Every value of a (small) tensor.
    std::vector<float> readAll(const TensorRef& t) const {
        std::vector<float> values(static_cast<std::size_t>(t.elements()));
        readRows(t, 0, t.rows(), values);
        return values;
    }
};

struct QkModel::Tensors {
    TensorRef q, k;  // the same tensor when packed
    TensorRef qBias, kBias;
    TensorRef qNorm, kNorm;  // per-dimension RMSNorm weights applied to q and k (Qwen3, Gemma 3)
};

QkModel::~QkModel() = default;

QkModel::QkModel(const fs::path& path) : source_(std::make_unique<Source>()) {
    info_.path = path.string();
    std::error_code error;
    const bool folder = fs::is_directory(path, error);
    const fs::path dir = folder ? path : path.parent_path();
    bool isGguf = false;
    if (!folder) {
        std::ifstream stream(path, std::ios::binary);
        std::array<char, 4> magic{};
        stream.read(magic.data(), 4);
        isGguf = stream && std::string_view(magic.data(), 4) == "GGUF";
    }

    std::string configText, configSource;
    bool lab = false;  // a model RoPE Lab's training lab saved
    if (isGguf) {
        source_->gguf = std::make_unique<GgufFile>(path);
        info_.format = QkFormat::Gguf;
    } else {
        fs::path index = folder ? path / "model.safetensors.index.json" : fs::path();
        if (!folder && path.filename() == "model.safetensors.index.json") index = path;
        std::vector<fs::path> files;
        if (!index.empty() && fs::exists(index, error)) {
            const std::string source = index.string();
            Json json;
            try {
                json = Json::parse(readText(index, maxJsonText));
            } catch (const Json::exception& e) {
                throw WeightsError(source,
                                   {.fault = WeightsFault::BadIndex,
                                    .detail = std::string("is not valid JSON (") + e.what() + ")"});
            }
            if (!json.is_object() || !json.contains("weight_map") ||
                !json["weight_map"].is_object()) {
                throw WeightsError(source, {.fault = WeightsFault::BadIndex,
                                            .detail = "has no weight_map object"});
            }
            std::vector<std::string> names;
            for (const auto& [tensor, file] : json["weight_map"].items()) {
                if (!file.is_string()) {
                    throw WeightsError(source, {.fault = WeightsFault::BadIndex,
                                                .detail = "maps '" + tensor + "' to a non-string"});
                }
                const std::string name = file.get<std::string>();
                // A shard is a file beside the index, never a path that leaves the folder.
                if (name.empty() || name.find('/') != std::string::npos || name == "." ||
                    name == "..") {
                    throw WeightsError(source, {.fault = WeightsFault::BadIndex,
                                                .detail = "names the shard '" + name +
                                                          "', not a file in its folder"});
                }
                if (std::find(names.begin(), names.end(), name) == names.end())
                    names.push_back(name);
            }
            for (const std::string& name : names) files.push_back(index.parent_path() / name);
        } else if (folder) {
            files.push_back(path / "model.safetensors");
        } else {
            files.push_back(path);
        }
        if (files.empty()) {
            throw WeightsError(index.string(),
                               {.fault = WeightsFault::BadIndex, .detail = "lists no shards"});
        }
        for (const fs::path& file : files) {
            source_->shards.push_back(std::make_unique<SafetensorsFile>(file));
        }
        const SafetensorsFile& first = *source_->shards.front();
        const fs::path config = dir / "config.json";
        if (const std::string* format = first.metadata("format");
            format && *format == "ropelab-model") {
            configText = labConfig(first);
            configSource = first.name() + " __metadata__";
            lab = true;
        } else if (fs::exists(config, error)) {
            configText = readText(config, maxJsonText);
            configSource = config.string();
        } else {
            throw WeightsError(info_.path,
                               {.fault = WeightsFault::CannotOpen,
                                .detail = "no config.json beside it (" + config.string() + ")"});
        }
    }

    const Source& source = *source_;
    const auto need = [&](const std::string& name) {
        TensorRef t = source.find(name);
        if (!t) {
            throw WeightsError(info_.path, {.fault = WeightsFault::MissingTensor, .name = name});
        }
        return t;
    };

    std::string prefix, qName, kName, fusedName, qNormName, kNormName;
    if (info_.format == QkFormat::Gguf) {
        const GgufLayout& layout = source.gguf->layout();
        const std::string& arch = layout.rope.architecture;
        const std::string file = source.gguf->name();
        info_.architecture = arch;
        info_.params = layout.rope.params;
        if (!layout.headCount)
            throw FileError(file, {FileIssue::Missing, arch + ".attention.head_count"});
        if (!layout.blockCount) throw FileError(file, {FileIssue::Missing, arch + ".block_count"});
        info_.heads = *layout.headCount;
        info_.kvHeads = layout.headCountKv.value_or(info_.heads);
        info_.layers = *layout.blockCount;
        if (!layout.rope.layout) {
            throw WeightsError(file, {.fault = WeightsFault::UnknownLayout, .found = arch});
        }
        info_.layout = *layout.rope.layout;
        prefix = "blk.";
        if (source.find("blk.0.attn_q.weight")) {
            qName = ".attn_q";
            kName = ".attn_k";
            qNormName = ".attn_q_norm.weight";
            kNormName = ".attn_k_norm.weight";
        } else if (source.find("blk.0.attn_qkv.weight")) {
            fusedName = ".attn_qkv";
            info_.packing = QkPacking::Stacked;
        } else {
            throw WeightsError(file, {.fault = WeightsFault::UnknownLayout, .found = arch});
        }
    } else {
        const HfCounts counts = hfCounts(configText, configSource);
        info_.params = ropeParamsFromHfConfigJson(configText, configSource);
        info_.architecture = counts.modelType;
        info_.heads = counts.heads;
        info_.kvHeads = counts.kvHeads;
        info_.layers = counts.layers;
        info_.layout = RopeLayout::HalfSplit;  // transformers' rotate_half
        if (lab) {
            prefix = "blocks.";
            fusedName = ".attn.qkv";
            info_.packing = QkPacking::Stacked;
        } else if (source.find("model.layers.0.self_attn.q_proj.weight")) {
            prefix = "model.layers.";
            qName = ".self_attn.q_proj";
            kName = ".self_attn.k_proj";
            qNormName = ".self_attn.q_norm.weight";
            kNormName = ".self_attn.k_norm.weight";
            // Gemma's RMSNorm multiplies by 1 + weight; llama.cpp's converter stores 1 + weight.
            info_.qkNormOffset = counts.modelType.starts_with("gemma") ? 1.0 : 0.0;
        } else if (source.find("model.layers.0.self_attn.qkv_proj.weight")) {
            prefix = "model.layers.";
            fusedName = ".self_attn.qkv_proj";
            info_.packing = QkPacking::Stacked;
        } else if (source.find("gpt_neox.layers.0.attention.query_key_value.weight")) {
            prefix = "gpt_neox.layers.";
            fusedName = ".attention.query_key_value";
            info_.packing = QkPacking::PerHeadTriple;
        } else {
            throw WeightsError(info_.path,
                               {.fault = WeightsFault::UnknownLayout,
                                .found = counts.modelType.empty() ? "unnamed" : counts.modelType});
        }
    }
    info_.headDim = info_.params.headDim;
    info_.rotaryDim = rotaryDim(info_.params);
    info_.context =
        info_.params.originalMaxPositionEmbeddings.value_or(info_.params.maxPositionEmbeddings);
    const std::string& file = info_.path;
    const auto shapeError = [&](const TensorRef& t, std::string expected) {
        throw WeightsError(source.fileOf(t), {.fault = WeightsFault::WrongShape,
                                              .name = t.name(),
                                              .found = shapeText(t),
                                              .detail = std::move(expected)});
    };
    if (info_.heads % info_.kvHeads != 0) {
        throw WeightsError(file, {.fault = WeightsFault::BadShape,
                                  .name = "attention",
                                  .detail = "has " + std::to_string(info_.heads) +
                                            " query heads, not a multiple of the " +
                                            std::to_string(info_.kvHeads) + " KV heads"});
    }
    if (info_.packing == QkPacking::PerHeadTriple && info_.kvHeads != info_.heads) {
        throw WeightsError(file, {.fault = WeightsFault::BadShape,
                                  .name = "attention",
                                  .detail = "packs q, k, v per head but lists fewer KV heads"});
    }
    const std::uint64_t hd = static_cast<std::uint64_t>(info_.headDim);
    const std::uint64_t qRows = static_cast<std::uint64_t>(info_.heads) * hd;
    const std::uint64_t kRows = static_cast<std::uint64_t>(info_.kvHeads) * hd;
    const std::uint64_t fusedRows =
        info_.packing == QkPacking::PerHeadTriple ? 3 * qRows : qRows + 2 * kRows;
    const std::string biasOf = ".bias";
    std::uint64_t width = 0;
    const auto checkWeight = [&](const TensorRef& t, std::uint64_t rows) {
        if (t.dims() != 2 || t.rows() != rows || (width != 0 && t.rowLength() != width)) {
            shapeError(t, "[" + std::to_string(rows) + ", " +
                              (width ? std::to_string(width) : std::string("width")) + "]");
        }
        if (t.rowLength() > (1u << 24)) shapeError(t, "rows of at most 16777216 values");
        width = t.rowLength();
    };
    const auto checkBias = [&](const TensorRef& t, std::uint64_t rows) {
        if (t && (t.dims() != 1 || t.elements() != rows)) {
            shapeError(t, "[" + std::to_string(rows) + "]");
        }
    };
    // One weight per head dimension shared by the heads (Qwen3, Gemma 3) or one per row (OLMo 2).
    const auto checkNorm = [&](const TensorRef& t, std::uint64_t rows) {
        if (t && (t.dims() != 1 || (t.elements() != hd && t.elements() != rows))) {
            shapeError(t, "[" + std::to_string(hd) + "] or [" + std::to_string(rows) + "]");
        }
    };
    for (int l = 0; l < info_.layers; ++l) {
        const std::string layer = prefix + std::to_string(l);
        Tensors t;
        if (info_.packing == QkPacking::Separate) {
            t.q = need(layer + qName + ".weight");
            t.k = need(layer + kName + ".weight");
            t.qBias = source.find(layer + qName + biasOf);
            t.kBias = source.find(layer + kName + biasOf);
            checkWeight(t.q, qRows);
            checkWeight(t.k, kRows);
            checkBias(t.qBias, qRows);
            checkBias(t.kBias, kRows);
            t.qNorm = source.find(layer + qNormName);
            t.kNorm = source.find(layer + kNormName);
            checkNorm(t.qNorm, qRows);
            checkNorm(t.kNorm, kRows);
            info_.qkBytes += t.q.bytes() + t.k.bytes();
        } else {
            t.q = t.k = need(layer + fusedName + ".weight");
            t.qBias = t.kBias = source.find(layer + fusedName + biasOf);
            checkWeight(t.q, fusedRows);
            checkBias(t.qBias, fusedRows);
            info_.qkBytes += t.q.bytes() / fusedRows * (qRows + kRows);
        }
        if (l == 0) {
            info_.weightType = t.q.type();
            info_.bias = static_cast<bool>(t.qBias);
            info_.qkNorm = static_cast<bool>(t.qNorm);
        }
        if (static_cast<bool>(t.qBias) != info_.bias || static_cast<bool>(t.kBias) != info_.bias) {
            throw WeightsError(file, {.fault = WeightsFault::MissingTensor,
                                      .name = layer + (t.qBias ? kName : qName) + biasOf});
        }
        if (static_cast<bool>(t.qNorm) != info_.qkNorm ||
            static_cast<bool>(t.kNorm) != info_.qkNorm) {
            throw WeightsError(file, {.fault = WeightsFault::MissingTensor,
                                      .name = layer + (t.qNorm ? kNormName : qNormName)});
        }
        layers_.push_back(t);
    }
    info_.width = static_cast<int>(width);
}

namespace {

// The first row of a head's rows in its tensor.
std::uint64_t firstRow(const QkModelInfo& info, QkRole role, int head) {
    const std::uint64_t hd = static_cast<std::uint64_t>(info.headDim);
    const auto h = static_cast<std::uint64_t>(head);
    switch (info.packing) {
        case QkPacking::Separate:
            return h * hd;
        case QkPacking::Stacked:
            return role == QkRole::Query ? h * hd
                                         : static_cast<std::uint64_t>(info.heads) * hd + h * hd;
        case QkPacking::PerHeadTriple:
            return h * 3 * hd + (role == QkRole::Query ? 0 : hd);
    }
    return 0;
}

}  // namespace

std::vector<float> QkModel::normWeights(QkRole role, int layer, int head) const {
    const Tensors& t = layers_.at(static_cast<std::size_t>(layer));
    const TensorRef& norm = role == QkRole::Query ? t.qNorm : t.kNorm;
    if (!norm) return {};
    const std::vector<float> all = source_->readAll(norm);
    const std::ptrdiff_t first = all.size() == static_cast<std::size_t>(info_.headDim)
                                     ? 0
                                     : static_cast<std::ptrdiff_t>(head) * info_.headDim;
    std::vector<float> weights(all.begin() + first, all.begin() + first + info_.headDim);
    for (float& w : weights) w += static_cast<float>(info_.qkNormOffset);
    return weights;
}

void QkModel::readHead(QkRole role, int layer, int head, std::span<float> out) const {
    const Tensors& t = layers_.at(static_cast<std::size_t>(layer));
    source_->readRows(role == QkRole::Query ? t.q : t.k, firstRow(info_, role, head),
                      static_cast<std::uint64_t>(info_.headDim), out);
    const std::vector<float> norm = normWeights(role, layer, head);
    const std::size_t width = out.size() / static_cast<std::size_t>(info_.headDim);
    for (std::size_t r = 0; r < norm.size(); ++r) {
        for (float& v : out.subspan(r * width, width)) v *= norm[r];
    }
}

std::vector<float> QkModel::readBias(QkRole role, int layer, int head) const {
    const Tensors& t = layers_.at(static_cast<std::size_t>(layer));
    const TensorRef& bias = role == QkRole::Query ? t.qBias : t.kBias;
    if (!bias) return {};
    const std::vector<float> all = source_->readAll(bias);
    const auto first = static_cast<std::ptrdiff_t>(firstRow(info_, role, head));
    std::vector<float> values(all.begin() + first, all.begin() + first + info_.headDim);
    const std::vector<float> norm = normWeights(role, layer, head);
    for (std::size_t r = 0; r < norm.size(); ++r) values[r] *= norm[r];
    return values;
}

}  // namespace ropelab
