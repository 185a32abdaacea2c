// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which RoPE pairs a context-extension method keeps (extrapolates), slows by the full factor
// (interpolates) or blends, compared with the wavelengths that fit in a context length.

#include <optional>
#include <vector>

#include "encodings/rope_frequencies.h"
#include "encodings/rope_params.h"

namespace ropelab {

enum class FrequencyBand { Extrapolated = 0, Blended = 1, Interpolated = 2 };

struct PairBand {
    double invFreq = 0.0;             // θ_i after scaling
    double wavelength = 0.0;          // 2π/θ_i, in positions
    double originalWavelength = 0.0;  // 2π/θ_i of rope_type default with the same base and dim
    double scale = 1.0;               // θ_original / θ_i: how much the method slows this pair
    double rotationsInContext = 0.0;  // contextLength / wavelength
    // w in θ_i = θ_original·((1 − w) + w/factor), clamped to [0, 1]: 0 kept, 1 divided by factor.
    double interpolationWeight = 0.0;
    FrequencyBand band = FrequencyBand::Extrapolated;
};

struct FrequencyBands {
    std::vector<PairBand> pairs;
    double contextLength = 0.0;
    double factor = 1.0;  // the scaling factor the weights refer to (1: none)
    // YaRN: the correction range in pair indices (β_fast → low, β_slow → high).
    std::optional<YarnCorrectionRange> yarnRange;
    // Llama 3: wavelengths below highFreqWavelength are kept, above lowFreqWavelength divided.
    std::optional<double> llama3HighFreqWavelength;
    std::optional<double> llama3LowFreqWavelength;
};

// contextLength: the training context to compare wavelengths with; default
// original_max_position_embeddings, else max_position_embeddings. InputError for bad params or
// contextLength <= 0.
FrequencyBands frequencyBands(const RopeParams& params,
                              std::optional<double> contextLength = std::nullopt);

}  // namespace ropelab
