// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/rope_params.h"

#include <cmath>

#include "common/errors.h"
#include "encodings/number_text.h"

namespace ropelab {

namespace {

void requireFinite(double value, const char* option) {
    if (!std::isfinite(value)) {
        throw InputError(std::string(option) + " must be a finite number, got " +
                         numberText(value));
    }
}

// Checks the factor list a longrope model uses: one positive factor per rotated pair.
void validateFactorList(const std::vector<double>& factors, int pairs, const char* option) {
    if (factors.size() != static_cast<std::size_t>(pairs)) {
        throw InputError(std::string(option) +
                         " must have rotary_dim/2 = " + std::to_string(pairs) +
                         " values (one per rotated pair), got " + std::to_string(factors.size()));
    }
    for (double value : factors) {
        if (!std::isfinite(value) || value <= 0.0) {
            throw InputError(std::string(option) + " values must be positive finite numbers, got " +
                             numberText(value));
        }
    }
}

}  // namespace

int rotaryDim(const RopeParams& params) {
    // HF: int(head_dim * partial_rotary_factor), truncating toward zero.
    return static_cast<int>(params.headDim * params.partialRotaryFactor);
}

void validate(const RopeParams& params) {
    if (params.headDim <= 0 || params.headDim % 2 != 0) {
        throw InputError("--head-dim must be a positive even integer, got " +
                         std::to_string(params.headDim));
    }
    if (params.headDim > maxHeadDim) {
        throw InputError("--head-dim must be at most " + std::to_string(maxHeadDim) + ", got " +
                         std::to_string(params.headDim));
    }
    requireFinite(params.partialRotaryFactor, "--partial-rotary-factor");
    if (params.partialRotaryFactor <= 0.0 || params.partialRotaryFactor > 1.0) {
        throw InputError("--partial-rotary-factor must be in (0, 1], got " +
                         numberText(params.partialRotaryFactor));
    }
    const int dim = rotaryDim(params);
    if (dim < 2 || dim % 2 != 0) {
        throw InputError("--partial-rotary-factor gives rotary dim int(" +
                         std::to_string(params.headDim) + " * " +
                         numberText(params.partialRotaryFactor) + ") = " + std::to_string(dim) +
                         "; it must be an even number >= 2");
    }
    requireFinite(params.ropeTheta, "--rope-theta");
    if (params.ropeTheta <= 1.0) {
        throw InputError("--rope-theta must be greater than 1, got " +
                         numberText(params.ropeTheta));
    }
    if (params.maxPositionEmbeddings <= 0) {
        throw InputError("--max-position-embeddings must be a positive integer, got " +
                         std::to_string(params.maxPositionEmbeddings));
    }
    if (params.originalMaxPositionEmbeddings && *params.originalMaxPositionEmbeddings <= 0) {
        throw InputError("--original-max-position-embeddings must be a positive integer, got " +
                         std::to_string(*params.originalMaxPositionEmbeddings));
    }
    if (params.seqLen && *params.seqLen < 0) {
        throw InputError("--seq-len must be a non-negative integer, got " +
                         std::to_string(*params.seqLen));
    }
    if (params.factor) {
        requireFinite(*params.factor, "--factor");
        if (*params.factor < 1.0) {
            throw InputError("--factor must be >= 1, got " + numberText(*params.factor));
        }
    }
    const RopeType type = params.ropeType;
    if (!params.factor &&
        (type == RopeType::Linear || type == RopeType::Dynamic || type == RopeType::Yarn)) {
        throw InputError("--factor is required for rope_type " + std::string(toString(type)) +
                         " (a number >= 1)");
    }
    // dim/(dim-2) in the dynamic-NTK base formula needs at least two pairs.
    if (type == RopeType::Dynamic && dim < 4) {
        throw InputError("rope_type dynamic needs a rotary dim >= 4, got " + std::to_string(dim));
    }
    requireFinite(params.betaFast, "--beta-fast");
    requireFinite(params.betaSlow, "--beta-slow");
    if (params.betaFast <= 0.0) {
        throw InputError("--beta-fast must be positive, got " + numberText(params.betaFast));
    }
    if (params.betaSlow <= 0.0) {
        throw InputError("--beta-slow must be positive, got " + numberText(params.betaSlow));
    }
    if (params.mscale) {
        requireFinite(*params.mscale, "--mscale");
        if (*params.mscale < 0.0) {
            throw InputError("--mscale must be >= 0, got " + numberText(*params.mscale));
        }
    }
    if (params.mscaleAllDim) {
        requireFinite(*params.mscaleAllDim, "--mscale-all-dim");
        if (*params.mscaleAllDim < 0.0) {
            throw InputError("--mscale-all-dim must be >= 0, got " +
                             numberText(*params.mscaleAllDim));
        }
    }
    if (params.attentionFactor) {
        requireFinite(*params.attentionFactor, "--attention-factor");
        if (*params.attentionFactor <= 0.0) {
            throw InputError("--attention-factor must be positive, got " +
                             numberText(*params.attentionFactor));
        }
    }
    requireFinite(params.lowFreqFactor, "--low-freq-factor");
    requireFinite(params.highFreqFactor, "--high-freq-factor");
    if (params.lowFreqFactor <= 0.0) {
        throw InputError("--low-freq-factor must be positive, got " +
                         numberText(params.lowFreqFactor));
    }
    // The llama3 blend divides by (high - low).
    if (type == RopeType::Llama3 && params.highFreqFactor <= params.lowFreqFactor) {
        throw InputError("--high-freq-factor must be greater than --low-freq-factor (" +
                         numberText(params.lowFreqFactor) + "), got " +
                         numberText(params.highFreqFactor));
    }
    if (type == RopeType::LongRope) {
        const int pairs = dim / 2;
        const int originalMax =
            params.originalMaxPositionEmbeddings.value_or(params.maxPositionEmbeddings);
        // The default attention factor divides by ln(original_max).
        if (originalMax < 2) {
            throw InputError(
                "rope_type longrope needs --original-max-position-embeddings >= 2, got " +
                std::to_string(originalMax));
        }
        const bool useLong = params.seqLen && *params.seqLen > originalMax;
        if (useLong && params.longFactor.empty()) {
            throw InputError("--long-factor is required for rope_type longrope when --seq-len (" +
                             std::to_string(*params.seqLen) +
                             ") exceeds the original max position embeddings (" +
                             std::to_string(originalMax) + ")");
        }
        if (!useLong && params.shortFactor.empty()) {
            throw InputError("--short-factor is required for rope_type longrope (" +
                             std::to_string(pairs) + " comma-separated values)");
        }
        if (!params.shortFactor.empty()) {
            validateFactorList(params.shortFactor, pairs, "--short-factor");
        }
        if (!params.longFactor.empty()) {
            validateFactorList(params.longFactor, pairs, "--long-factor");
        }
    }
}

std::string_view toString(RopeType type) {
    switch (type) {
        case RopeType::Default:
            return "default";
        case RopeType::Linear:
            return "linear";
        case RopeType::Dynamic:
            return "dynamic";
        case RopeType::Yarn:
            return "yarn";
        case RopeType::LongRope:
            return "longrope";
        case RopeType::Llama3:
            return "llama3";
    }
    return "default";
}

std::string_view toString(RopeLayout layout) {
    return layout == RopeLayout::Interleaved ? "interleaved" : "half";
}

RopeType parseRopeType(std::string_view name) {
    if (name == "default") return RopeType::Default;
    if (name == "linear") return RopeType::Linear;
    if (name == "dynamic") return RopeType::Dynamic;
    if (name == "yarn") return RopeType::Yarn;
    // "su" is the name early Phi-3 configs used for what transformers now calls longrope.
    if (name == "longrope" || name == "su") return RopeType::LongRope;
    if (name == "llama3") return RopeType::Llama3;
    throw InputError("--rope-type: unknown value '" + std::string(name) +
                     "'; allowed: default, linear, dynamic, yarn, longrope, llama3");
}

RopeLayout parseRopeLayout(std::string_view name) {
    if (name == "half") return RopeLayout::HalfSplit;
    if (name == "interleaved") return RopeLayout::Interleaved;
    throw InputError("--layout: unknown value '" + std::string(name) +
                     "'; allowed: half, interleaved");
}

}  // namespace ropelab
