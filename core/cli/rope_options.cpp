#include "cli/rope_options.h"

#include <climits>

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
    };
}

RopeParams ropeParamsFromArgs(const Args& args, std::optional<int> defaultHeadDim) {
    RopeParams params;
    if (defaultHeadDim) params.headDim = *defaultHeadDim;
    for (const auto& [name, value] : args.entries()) {
        if (name == "--head-dim") {
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
    return params;
}

}  // namespace ropelab::cli
