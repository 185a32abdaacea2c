// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/hf_config.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <type_traits>
#include <variant>

#include "common/parameter_error.h"
#include "encodings/rope_fields.h"

namespace ropelab {

namespace {

using Json = nlohmann::json;

class ConfigReader {
public:
    explicit ConfigReader(std::string_view source) : source_(source) {}

    [[noreturn]] void fail(FileProblem problem) const {
        throw FileError(source_, std::move(problem));
    }

    // The value at `key` is not what it must be.
    [[noreturn]] void wrongType(const std::string& key, ValueKind expected,
                                std::string found) const {
        fail({FileIssue::WrongType, key, expected, std::move(found)});
    }

    const std::string& source() const { return source_; }

    const Json* find(const Json& object, const char* key) const {
        const auto it = object.find(key);
        if (it == object.end() || it->is_null()) return nullptr;
        return &*it;
    }

    double number(const Json& value, const std::string& key) const {
        if (!value.is_number()) wrongType(key, ValueKind::Number, value.type_name());
        const double result = value.get<double>();
        if (!std::isfinite(result)) fail({FileIssue::NotFinite, key});
        return result;
    }

    int integer(const Json& value, const std::string& key) const {
        const double result = number(value, key);
        if (result != std::floor(result) || std::abs(result) > 2147483647.0) {
            wrongType(key, ValueKind::WholeNumber, value.dump());
        }
        return static_cast<int>(result);
    }

    std::vector<double> numbers(const Json& value, const std::string& key) const {
        if (!value.is_array()) wrongType(key, ValueKind::NumberList, value.type_name());
        std::vector<double> result;
        result.reserve(value.size());
        for (const Json& item : value) result.push_back(number(item, key + "[]"));
        return result;
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
        if (!dict->is_object()) reader.wrongType(name, ValueKind::Object, dict->type_name());
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
    if (!type->is_string()) reader.wrongType(key, ValueKind::Text, type->type_name());
    const std::string text = type->get<std::string>();
    // Qwen2-VL's multimodal "mrope" computes its frequencies as default RoPE.
    if (text == "mrope") return RopeType::Default;
    try {
        return parseRopeType(text);
    } catch (const InputError&) {
        ParameterProblem problem("rope_type", Rule::OneOf);
        problem.valueText = text;
        problem.allowed = "default, linear, dynamic, yarn, longrope (or su), llama3";
        throw FileError(reader.source(), std::move(problem), {{"rope_type", key}});
    }
}

// Sets `field` of `params` from the file's value (named `key` in messages), as its member's type.
void setField(const ConfigReader& reader, const RopeFieldInfo& field, const Json& value,
              const std::string& key, RopeParams& params) {
    std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            T& out = params.*member;
            if constexpr (std::is_same_v<T, int> || std::is_same_v<T, std::optional<int>>) {
                out = reader.integer(value, key);
            } else if constexpr (std::is_same_v<T, double> ||
                                 std::is_same_v<T, std::optional<double>>) {
                out = reader.number(value, key);
            } else if constexpr (std::is_same_v<T, bool>) {
                if (!value.is_boolean()) {
                    reader.wrongType(key, ValueKind::TrueFalse, value.type_name());
                }
                out = value.get<bool>();
            } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                out = reader.numbers(value, key);
            } else {
                static_assert(std::is_same_v<T, RopeType>);  // read by scalingType
            }
        },
        field.member);
}

}  // namespace

RopeParams ropeParamsFromHfConfigJson(std::string_view json, std::string_view source) {
    const ConfigReader reader(source);
    Json root;
    try {
        root = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error& error) {
        reader.fail({FileIssue::NotJson, "", {}, "", error.what()});
    } catch (const Json::out_of_range& error) {
        // 1e999 is valid JSON text, but no double holds it.
        reader.fail({FileIssue::NumberTooLarge, "", {}, "", error.what()});
    }
    if (!root.is_object()) reader.wrongType("", ValueKind::Object, root.type_name());
    // Multimodal configs keep the language model's settings in text_config.
    const Json* textConfig = reader.find(root, "text_config");
    const bool useText = textConfig != nullptr && textConfig->is_object() &&
                         !root.contains("hidden_size") && !root.contains("head_dim");
    const Json& config = useText ? *textConfig : root;

    RopeParams params;
    std::string headDimKey = "head_dim";
    // DeepSeek (MLA) rotates only a qk_rope_head_dim slice; HF sets head_dim to it.
    if (const Json* ropeHeadDim = reader.find(config, "qk_rope_head_dim")) {
        headDimKey = "qk_rope_head_dim";
        params.headDim = reader.integer(*ropeHeadDim, headDimKey);
    } else if (const Json* headDim = reader.find(config, "head_dim")) {
        params.headDim = reader.integer(*headDim, headDimKey);
    } else {
        headDimKey = "hidden_size / num_attention_heads";
        const Json* hidden = reader.find(config, "hidden_size");
        const Json* heads = reader.find(config, "num_attention_heads");
        if (hidden == nullptr || heads == nullptr) {
            reader.fail(
                {FileIssue::Missing, "head_dim", {}, "", "hidden_size and num_attention_heads"});
        }
        const int hiddenSize = reader.integer(*hidden, "hidden_size");
        const int headCount = reader.integer(*heads, "num_attention_heads");
        if (headCount <= 0) {
            throw FileError(reader.source(),
                            {"num_attention_heads", Rule::GreaterThan, double(headCount), 0}, {});
        }
        params.headDim = hiddenSize / headCount;  // HF: hidden_size // num_attention_heads
    }
    FileError::Keys keys{{"head_dim", headDimKey}};
    // GPT-NeoX's names, used when the file lacks the usual keys.
    for (const auto& [key, alias] : {std::pair{"partial_rotary_factor", "rotary_pct"},
                                     std::pair{"rope_theta", "rotary_emb_base"}}) {
        const Json* value = reader.find(config, alias);
        if (value == nullptr || reader.find(config, key) != nullptr) continue;
        setField(reader, *ropeFieldByKey(key), *value, alias, params);
        keys.emplace_back(key, alias);
    }
    std::string dictName;
    const Json* dict = scalingDict(reader, config, dictName);
    if (dict != nullptr) {
        params.ropeType = scalingType(reader, *dict, dictName);
        keys.emplace_back("rope_type", dictName + ".rope_type");
    }
    // Every other field where the table says the file holds it; the scaling dict wins.
    for (const RopeFieldInfo& field : ropeFields()) {
        if (field.id == RopeField::HeadDim || field.id == RopeField::Type) continue;
        const std::string key(field.key);
        if (field.place == ConfigPlace::TopLevel || field.place == ConfigPlace::TopOrScaling) {
            if (const Json* value = reader.find(config, key.c_str())) {
                setField(reader, field, *value, key, params);
                keys.emplace_back(key, key);
            }
        }
        if (dict != nullptr &&
            (field.place == ConfigPlace::Scaling || field.place == ConfigPlace::TopOrScaling)) {
            if (const Json* value = reader.find(*dict, key.c_str())) {
                setField(reader, field, *value, dictName + "." + key, params);
                keys.emplace_back(key, dictName + "." + key);
            }
        }
    }
    // The last key read for a field is the one that set it.
    std::reverse(keys.begin(), keys.end());
    try {
        validate(params);
    } catch (const ParameterError& error) {
        throw FileError(reader.source(), error.problem(), std::move(keys));
    }
    return params;
}

RopeParams ropeParamsFromHfConfigFile(const std::filesystem::path& file) {
    const std::string name = file.string();
    std::error_code error;
    if (std::filesystem::is_directory(file, error)) {
        throw FileError(name, {FileIssue::IsDirectory, "", {}, "", "a config.json file"});
    }
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        throw FileError(name, {FileIssue::CannotOpen, "", {}, "", std::strerror(errno)});
    }
    std::ostringstream text;
    text << stream.rdbuf();
    if (stream.bad()) throw FileError(name, FileProblem{FileIssue::ReadFailed});
    return ropeParamsFromHfConfigJson(text.str(), name);
}

std::string ropeParamsToHfConfigJson(const RopeParams& params) {
    Json config = Json::object();
    Json scaling = Json::object();
    for (const RopeFieldInfo& field : ropeFields()) {
        if (field.place == ConfigPlace::NotInConfig) continue;
        Json& target = field.place == ConfigPlace::Scaling ? scaling : config;
        const std::string key(field.key);
        std::visit(
            [&](auto member) {
                const auto& value = params.*member;
                using T = std::remove_cvref_t<decltype(value)>;
                if constexpr (std::is_same_v<T, RopeType>) {
                    target[key] = std::string(toString(value));
                } else if constexpr (std::is_same_v<T, std::optional<int>> ||
                                     std::is_same_v<T, std::optional<double>>) {
                    if (value) target[key] = *value;
                } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                    if (!value.empty()) target[key] = value;
                } else {
                    target[key] = value;
                }
            },
            field.member);
    }
    config["rope_scaling"] = std::move(scaling);
    return config.dump();
}

}  // namespace ropelab
