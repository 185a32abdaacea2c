#pragma once
// Inverse frequencies θ_i and the attention factor for every HF rope_type
// (transformers/modeling_rope_utils.py; Meta llama-models apply_scaling for llama3).

#include <vector>

#include "encodings/rope_params.h"

namespace ropelab {

struct RopeFrequencies {
    int headDim = 0;
    int rotaryDim = 0;              // rotated components; pairs = rotaryDim / 2
    std::vector<double> invFreq;    // θ_i in radians per position, i = 0 … rotaryDim/2 − 1
    double attentionFactor = 1.0;   // multiplies cos and sin, as HF attention_scaling

    int pairs() const { return static_cast<int>(invFreq.size()); }
};

// Validates params (InputError) and computes the frequencies in double precision.
RopeFrequencies ropeFrequencies(const RopeParams& params);

}  // namespace ropelab
