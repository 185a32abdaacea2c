// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/rope_options.h"

#include <climits>
#include <cmath>

#include "common/errors.h"
#include "encodings/gguf_reader.h"
#include "encodings/hf_config.h"

namespace ropelab::cli {

std::vector<OptionSpec> ropeOptionSpecs() {
    return {
        {"--head-dim", "D", "head dimension, even (default 128)"},
        {"--partial-rotary-factor", "F",
         "fraction of the head rotated, in (0, 1]; rotary dim = int(D*F) (default 1)"},
        {"--rope-theta", "B", "RoPE base, > 1 (default 10000)"},
        {"--rope-type", "TYPE", "default|linear|dynamic|yarn|longrope|llama3 (default default)"},
        {"--factor", "S",
         "scaling factor >= 1; required by linear, dynamic, yarn (llama3 default 8; longrope "
         "default max/original max)"},
        {"--max-position-embeddings", "N",
         "context length the model was configured for (default 2048)"},
        {"--original-max-position-embeddings", "N",
         "pre-training context (yarn/longrope default: --max-position-embeddings; llama3 8192)"},
        {"--seq-len", "L",
         "current sequence length (dynamic base; longrope long vs short factors)"},
        {"--beta-fast", "X", "yarn: rotations where extrapolation ends (default 32)"},
        {"--beta-slow", "X", "yarn: rotations where interpolation starts (default 1)"},
        {"--mscale", "X", "yarn: mscale (with --mscale-all-dim: attention factor ratio)"},
        {"--mscale-all-dim", "X", "yarn: mscale_all_dim"},
        {"--attention-factor", "X", "yarn/longrope: attention factor (default from the paper)"},
        {"--no-truncate", "", "yarn: do not floor/ceil the correction range"},
        {"--low-freq-factor", "X", "llama3: low_freq_factor (default 1)"},
        {"--high-freq-factor", "X", "llama3: high_freq_factor (default 4)"},
        {"--short-factor", "LIST", "longrope: rotary_dim/2 factors used up to the original max"},
        {"--long-factor", "LIST", "longrope: rotary_dim/2 factors used beyond the original max"},
        {"--config", "FILE",
         "HuggingFace config.json; flags after it override it, flags before it are overridden"},
        {"--gguf", "FILE",
         "llama.cpp GGUF model (metadata and RoPE factor tensors only); ordered as --config"},
        {"--ntk-alpha", "A",
         "exllama alpha_value: rope_theta x A^(d/(d-2)), d the rotary dim, applied last"},
        {"--rope-freq-scale", "S",
         "llama.cpp --rope-freq-scale: linear scaling with factor 1/S, S in (0, 1]"},
    };
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
            const GgufRope rope = ropeFromGgufFile(value);
            params = rope.params;
            params.seqLen = seqLen;
            settings.ggufLayout = rope.layout;
            settings.ggufArchitecture = rope.architecture;
            continue;
        }
        if (name == "--ntk-alpha") {
            settings.ntkAlpha = parseNumber(value, name);
            if (*settings.ntkAlpha < 1.0) {
                throw InputError("--ntk-alpha must be >= 1, got " +
                                 formatDouble(*settings.ntkAlpha));
            }
            continue;
        }
        if (name == "--rope-freq-scale") {
            const double scale = parseNumber(value, name);
            if (!(scale > 0.0 && scale <= 1.0)) {
                throw InputError(
                    "--rope-freq-scale must be in (0, 1] (llama.cpp: 1/S is the "
                    "linear factor), got " +
                    formatDouble(scale));
            }
            params.ropeType = RopeType::Linear;
            params.factor = 1.0 / scale;
        } else if (name == "--head-dim") {
            params.headDim = static_cast<int>(parseInteger(value, name, INT_MIN, INT_MAX));
        } else if (name == "--partial-rotary-factor") {
            params.partialRotaryFactor = parseNumber(value, name);
        } else if (name == "--rope-theta") {
            params.ropeTheta = parseNumber(value, name);
        } else if (name == "--rope-type") {
            params.ropeType = parseRopeType(value);
        } else if (name == "--factor") {
            params.factor = parseNumber(value, name);
        } else if (name == "--max-position-embeddings") {
            params.maxPositionEmbeddings =
                static_cast<int>(parseInteger(value, name, INT_MIN, INT_MAX));
        } else if (name == "--original-max-position-embeddings") {
            params.originalMaxPositionEmbeddings =
                static_cast<int>(parseInteger(value, name, INT_MIN, INT_MAX));
        } else if (name == "--seq-len") {
            params.seqLen = static_cast<int>(parseInteger(value, name, INT_MIN, INT_MAX));
        } else if (name == "--beta-fast") {
            params.betaFast = parseNumber(value, name);
        } else if (name == "--beta-slow") {
            params.betaSlow = parseNumber(value, name);
        } else if (name == "--mscale") {
            params.mscale = parseNumber(value, name);
        } else if (name == "--mscale-all-dim") {
            params.mscaleAllDim = parseNumber(value, name);
        } else if (name == "--attention-factor") {
            params.attentionFactor = parseNumber(value, name);
        } else if (name == "--no-truncate") {
            params.truncate = false;
        } else if (name == "--low-freq-factor") {
            params.lowFreqFactor = parseNumber(value, name);
        } else if (name == "--high-freq-factor") {
            params.highFreqFactor = parseNumber(value, name);
        } else if (name == "--short-factor") {
            params.shortFactor = parseList(value, name);
        } else if (name == "--long-factor") {
            params.longFactor = parseList(value, name);
        } else if (name == "--config") {
            // A config never holds the current sequence length, so --seq-len survives it.
            const std::optional<int> seqLen = params.seqLen;
            params = ropeParamsFromHfConfigFile(value);
            params.seqLen = seqLen;
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
