// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Inverse frequencies θ_i and the attention factor for every HF rope_type
// (transformers/modeling_rope_utils.py; Meta llama-models apply_scaling for llama3).

#include <vector>

#include "encodings/rope_params.h"

namespace ropelab {

struct RopeFrequencies {
    int headDim = 0;
    int rotaryDim = 0;             // rotated components; pairs = rotaryDim / 2
    std::vector<double> invFreq;   // θ_i in radians per position, i = 0 … rotaryDim/2 − 1
    double attentionFactor = 1.0;  // multiplies cos and sin, as HF attention_scaling

    int pairs() const { return static_cast<int>(invFreq.size()); }
};

// Validates params (InputError) and computes the frequencies in double precision.
// attentionFactor is 1 for default/linear/dynamic/llama3 (HF ignores attention_factor there).
RopeFrequencies ropeFrequencies(const RopeParams& params);

// Whether every θ_i equals base^(−2i/rotaryDim) (to 1e-12 relative), the rule of rope_type
// default: false when a scaled rope_type changed any pair, true when it changed none (dynamic
// below its length, longrope with all factors 1). Says nothing about the attention factor.
bool hasDefaultFrequencies(const RopeFrequencies& freqs, double base);

// YaRN's correction range in pair indices: pairs below low keep their frequency (extrapolation),
// pairs above high are divided by factor (interpolation), a linear ramp in between.
struct YarnCorrectionRange {
    double low = 0.0;
    double high = 0.0;  // already bumped by 0.001 when equal to low, as HF linear_ramp_factor
};
// Uses rotaryDim, ropeTheta, betaFast/betaSlow, truncate and original_max_position_embeddings
// (default max_position_embeddings). Validates params.
YarnCorrectionRange yarnCorrectionRange(const RopeParams& params);

// HF get_mscale: 0.1·mscale·ln(scale) + 1, or 1 when scale <= 1.
double yarnGetMscale(double scale, double mscale = 1.0);

}  // namespace ropelab
