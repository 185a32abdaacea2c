// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/rope_options.h"

#include <climits>
#include <cmath>
#include <type_traits>
#include <variant>

#include "cli/rope_flags.h"
#include "common/parameter_error.h"
#include "encodings/gguf_reader.h"
#include "encodings/hf_config.h"
#include "encodings/rope_fields.h"

namespace ropelab::cli {

namespace {

// " (default 128)" for the fields RopeParams{} gives a value (not the optional ones).
std::string defaultText(const RopeFieldInfo& field) {
    static const RopeParams defaults;
    return std::visit(
        [](auto member) -> std::string {
            using T = std::remove_cvref_t<decltype(defaults.*member)>;
            if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
                return " (default " + formatDouble(defaults.*member) + ")";
            } else if constexpr (std::is_same_v<T, RopeType>) {
                return " (default " + std::string(toString(defaults.*member)) + ")";
            } else {
                return "";
            }
        },
        field.member);
}

// Sets `field` from the option's text, parsed as its member's type.
void setField(const RopeFieldInfo& field, const std::string& value, RopeParams& params) {
    const std::string_view flag = ropeFlag(field.id).flag;
    std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            T& out = params.*member;
            if constexpr (std::is_same_v<T, int> || std::is_same_v<T, std::optional<int>>) {
                out = static_cast<int>(parseInteger(value, flag, INT_MIN, INT_MAX));
            } else if constexpr (std::is_same_v<T, double> ||
                                 std::is_same_v<T, std::optional<double>>) {
                out = parseNumber(value, flag);
            } else if constexpr (std::is_same_v<T, bool>) {
                out = !(RopeParams{}.*member);  // a switch sets the opposite of the default
            } else if constexpr (std::is_same_v<T, RopeType>) {
                out = parseRopeType(value);
            } else {
                out = parseList(value, flag);
            }
        },
        field.member);
}

// A config.json or GGUF file the CLI read: its problem named with the flag that gave it.
template <class Read>
auto readFile(std::string_view flag, Read read) {
    try {
        return read();
    } catch (const FileError& error) {
        throw InputError(std::string(flag) + " '" + error.source() + "': " + error.problemText());
    }
}

}  // namespace

std::vector<OptionSpec> ropeOptionSpecs() {
    std::vector<OptionSpec> specs;
    for (const RopeFlag& row : ropeFlags()) {
        specs.push_back({std::string(row.flag), std::string(row.valueName),
                         std::string(row.help) + defaultText(ropeField(row.field))});
    }
    specs.insert(specs.end(),
                 {
                     {"--config", "FILE",
                      "HuggingFace config.json; flags after it override it, flags before it are "
                      "overridden"},
                     {"--gguf", "FILE",
                      "llama.cpp GGUF model (metadata and RoPE factor tensors only); ordered as "
                      "--config"},
                     {"--ntk-alpha", "A",
                      "exllama alpha_value: rope_theta x A^(d/(d-2)), d the rotary dim, applied "
                      "last"},
                     {"--rope-freq-scale", "S",
                      "llama.cpp --rope-freq-scale: linear scaling with factor 1/S, S in (0, 1]"},
                 });
    return specs;
}

RopeParams ropeParamsFromArgs(const Args& args, std::optional<int> defaultHeadDim) {
    return ropeSettingsFromArgs(args, defaultHeadDim).params;
}

RopeSettings ropeSettingsFromArgs(const Args& args, std::optional<int> defaultHeadDim) {
    RopeSettings settings;
    RopeParams& params = settings.params;
    if (defaultHeadDim) params.headDim = *defaultHeadDim;
    for (const auto& [name, value] : args.entries()) {
        if (name == "--gguf") {
            const std::optional<int> seqLen = params.seqLen;
            const GgufRope rope = readFile(name, [&] { return ropeFromGgufFile(value); });
            params = rope.params;
            params.seqLen = seqLen;
            settings.ggufLayout = rope.layout;
            settings.ggufArchitecture = rope.architecture;
        } else if (name == "--config") {
            // A config never holds the current sequence length, so --seq-len survives it.
            const std::optional<int> seqLen = params.seqLen;
            params = readFile(name, [&] { return ropeParamsFromHfConfigFile(value); });
            params.seqLen = seqLen;
        } else if (name == "--ntk-alpha") {
            settings.ntkAlpha = parseNumber(value, name);
            if (*settings.ntkAlpha < 1.0) {
                throw InputError("--ntk-alpha must be >= 1, got " +
                                 formatDouble(*settings.ntkAlpha));
            }
        } else if (name == "--rope-freq-scale") {
            const double scale = parseNumber(value, name);
            if (!(scale > 0.0 && scale <= 1.0)) {
                throw InputError(
                    "--rope-freq-scale must be in (0, 1] (llama.cpp: 1/S is the "
                    "linear factor), got " +
                    formatDouble(scale));
            }
            params.ropeType = RopeType::Linear;
            params.factor = 1.0 / scale;
        } else if (const RopeFieldInfo* field = ropeFieldByFlag(name)) {
            setField(*field, value, params);
        }
    }
    validate(params);
    settings.thetaBeforeAlpha = params.ropeTheta;
    if (settings.ntkAlpha) {
        const double d = rotaryDim(params);
        if (d < 4) throw InputError("--ntk-alpha needs a rotary dim >= 4, got " + formatDouble(d));
        params.ropeTheta *= std::pow(*settings.ntkAlpha, d / (d - 2.0));
        validate(params);
    }
    return settings;
}

}  // namespace ropelab::cli
