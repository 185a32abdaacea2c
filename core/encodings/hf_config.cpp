// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/hf_config.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "common/errors.h"

namespace ropelab {

namespace {

using Json = nlohmann::json;

class ConfigReader {
public:
    explicit ConfigReader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(const std::string& problem) const {
        throw InputError("--config '" + source_ + "': " + problem);
    }

    const Json* find(const Json& object, const char* key) const {
        const auto it = object.find(key);
        if (it == object.end() || it->is_null()) return nullptr;
        return &*it;
    }

    double number(const Json& value, const std::string& key) const {
        if (!value.is_number())
            fail(key + " must be a number, got " + std::string(value.type_name()));
        const double result = value.get<double>();
        if (!std::isfinite(result)) fail(key + " must be finite");
        return result;
    }

    int integer(const Json& value, const std::string& key) const {
        const double result = number(value, key);
        if (result != std::floor(result) || std::abs(result) > 2147483647.0) {
            fail(key + " must be an integer, got " + value.dump());
        }
        return static_cast<int>(result);
    }

    std::vector<double> numbers(const Json& value, const std::string& key) const {
        if (!value.is_array()) fail(key + " must be a list of numbers, got " + value.type_name());
        std::vector<double> result;
        result.reserve(value.size());
        for (const Json& item : value) result.push_back(number(item, key + "[]"));
        return result;
    }

    std::optional<double> optionalNumber(const Json& object, const char* key,
                                         const std::string& prefix) const {
        const Json* value = find(object, key);
        if (value == nullptr) return std::nullopt;
        return number(*value, prefix + key);
    }

private:
    std::string source_;
};

// The dict that holds the scaling: v5 rope_parameters, else v4 rope_scaling. A v5 file with
// several attention kinds keys it by layer type; the full-attention entry is the model's RoPE.
const Json* scalingDict(const ConfigReader& reader, const Json& config, std::string& name) {
    for (const char* key : {"rope_parameters", "rope_scaling"}) {
        const Json* dict = reader.find(config, key);
        if (dict == nullptr) continue;
        name = key;
        if (!dict->is_object()) reader.fail(name + " must be an object, got " + dict->type_name());
        if (!dict->contains("rope_type") && !dict->contains("type")) {
            const Json* full = reader.find(*dict, "full_attention");
            if (full != nullptr && full->is_object()) {
                name += ".full_attention";
                return full;
            }
        }
        return dict;
    }
    return nullptr;
}

RopeType scalingType(const ConfigReader& reader, const Json& dict, const std::string& name) {
    const Json* type = reader.find(dict, "rope_type");
    std::string key = name + ".rope_type";
    if (type == nullptr) {
        type = reader.find(dict, "type");  // the legacy key of older files
        key = name + ".type";
    }
    if (type == nullptr) return RopeType::Default;
    if (!type->is_string()) reader.fail(key + " must be a string, got " + type->type_name());
    const std::string text = type->get<std::string>();
    // Qwen2-VL's multimodal "mrope" computes its frequencies as default RoPE.
    if (text == "mrope") return RopeType::Default;
    try {
        return parseRopeType(text);
    } catch (const InputError&) {
        reader.fail(key + " '" + text +
                    "' is not supported; allowed: default, linear, dynamic, yarn, longrope "
                    "(or su), llama3");
    }
}

}  // namespace

RopeParams ropeParamsFromHfConfigJson(std::string_view json, std::string_view source) {
    const ConfigReader reader(source);
    Json root;
    try {
        root = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error& error) {
        reader.fail("not valid JSON (" + std::string(error.what()) + ")");
    } catch (const Json::out_of_range& error) {
        // 1e999 is valid JSON text, but no double holds it.
        reader.fail("has a number beyond the range of a double (" + std::string(error.what()) +
                    ")");
    }
    if (!root.is_object())
        reader.fail("expected a JSON object, got " + std::string(root.type_name()));
    // Multimodal configs keep the language model's settings in text_config.
    const Json* textConfig = reader.find(root, "text_config");
    const bool useText = textConfig != nullptr && textConfig->is_object() &&
                         !root.contains("hidden_size") && !root.contains("head_dim");
    const Json& config = useText ? *textConfig : root;

    RopeParams params;
    // DeepSeek (MLA) rotates only a qk_rope_head_dim slice; HF sets head_dim to it.
    if (const Json* ropeHeadDim = reader.find(config, "qk_rope_head_dim")) {
        params.headDim = reader.integer(*ropeHeadDim, "qk_rope_head_dim");
    } else if (const Json* headDim = reader.find(config, "head_dim")) {
        params.headDim = reader.integer(*headDim, "head_dim");
    } else {
        const Json* hidden = reader.find(config, "hidden_size");
        const Json* heads = reader.find(config, "num_attention_heads");
        if (hidden == nullptr || heads == nullptr) {
            reader.fail("needs head_dim, or hidden_size and num_attention_heads");
        }
        const int hiddenSize = reader.integer(*hidden, "hidden_size");
        const int headCount = reader.integer(*heads, "num_attention_heads");
        if (headCount <= 0) reader.fail("num_attention_heads must be positive");
        params.headDim = hiddenSize / headCount;  // HF: hidden_size // num_attention_heads
    }
    if (const Json* partial = reader.find(config, "partial_rotary_factor")) {
        params.partialRotaryFactor = reader.number(*partial, "partial_rotary_factor");
    } else if (const Json* pct = reader.find(config, "rotary_pct")) {
        params.partialRotaryFactor = reader.number(*pct, "rotary_pct");
    }
    if (const Json* maxPos = reader.find(config, "max_position_embeddings")) {
        params.maxPositionEmbeddings = reader.integer(*maxPos, "max_position_embeddings");
    }
    if (const Json* originalMax = reader.find(config, "original_max_position_embeddings")) {
        params.originalMaxPositionEmbeddings =
            reader.integer(*originalMax, "original_max_position_embeddings");
    }

    std::string dictName;
    const Json* dict = scalingDict(reader, config, dictName);
    // The base: rope_theta (top level, or inside v5 rope_parameters), GPT-NeoX rotary_emb_base,
    // else the Llama/NeoX default 10000 that transformers assumes.
    params.ropeTheta = 10000.0;
    if (const Json* theta = reader.find(config, "rope_theta")) {
        params.ropeTheta = reader.number(*theta, "rope_theta");
    } else if (const Json* neoxBase = reader.find(config, "rotary_emb_base")) {
        params.ropeTheta = reader.number(*neoxBase, "rotary_emb_base");
    }
    if (dict != nullptr) {
        const std::string prefix = dictName + ".";
        if (const Json* theta = reader.find(*dict, "rope_theta")) {
            params.ropeTheta = reader.number(*theta, prefix + "rope_theta");
        }
        if (const Json* partial = reader.find(*dict, "partial_rotary_factor")) {
            params.partialRotaryFactor = reader.number(*partial, prefix + "partial_rotary_factor");
        }
        params.ropeType = scalingType(reader, *dict, dictName);
        params.factor = reader.optionalNumber(*dict, "factor", prefix);
        if (const Json* originalMax = reader.find(*dict, "original_max_position_embeddings")) {
            params.originalMaxPositionEmbeddings =
                reader.integer(*originalMax, prefix + "original_max_position_embeddings");
        }
        if (auto v = reader.optionalNumber(*dict, "beta_fast", prefix)) params.betaFast = *v;
        if (auto v = reader.optionalNumber(*dict, "beta_slow", prefix)) params.betaSlow = *v;
        params.mscale = reader.optionalNumber(*dict, "mscale", prefix);
        params.mscaleAllDim = reader.optionalNumber(*dict, "mscale_all_dim", prefix);
        params.attentionFactor = reader.optionalNumber(*dict, "attention_factor", prefix);
        if (const Json* truncate = reader.find(*dict, "truncate")) {
            if (!truncate->is_boolean()) reader.fail(prefix + "truncate must be true or false");
            params.truncate = truncate->get<bool>();
        }
        if (auto v = reader.optionalNumber(*dict, "low_freq_factor", prefix)) {
            params.lowFreqFactor = *v;
        }
        if (auto v = reader.optionalNumber(*dict, "high_freq_factor", prefix)) {
            params.highFreqFactor = *v;
        }
        if (const Json* list = reader.find(*dict, "short_factor")) {
            params.shortFactor = reader.numbers(*list, prefix + "short_factor");
        }
        if (const Json* list = reader.find(*dict, "long_factor")) {
            params.longFactor = reader.numbers(*list, prefix + "long_factor");
        }
    }
    try {
        validate(params);
    } catch (const InputError& error) {
        reader.fail(std::string("describes invalid RoPE parameters: ") + error.what());
    }
    return params;
}

RopeParams ropeParamsFromHfConfigFile(const std::filesystem::path& file) {
    const std::string name = file.string();
    std::error_code error;
    if (std::filesystem::is_directory(file, error)) {
        throw InputError("--config '" + name + "': is a directory, expected a config.json file");
    }
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        throw InputError("--config '" + name + "': cannot open (" + std::strerror(errno) + ")");
    }
    std::ostringstream text;
    text << stream.rdbuf();
    if (stream.bad()) throw InputError("--config '" + name + "': read error");
    return ropeParamsFromHfConfigJson(text.str(), name);
}

}  // namespace ropelab
