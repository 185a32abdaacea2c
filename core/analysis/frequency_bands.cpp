// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/frequency_bands.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

namespace {

// Weights this close to 0 or 1 count as exactly kept or exactly interpolated (rounding only).
constexpr double kBandTolerance = 1e-9;

double scalingFactor(const RopeParams& params) {
    switch (params.ropeType) {
        case RopeType::Default:
            return 1.0;
        case RopeType::Llama3:
            return params.factor.value_or(8.0);
        case RopeType::LongRope:
            return params.factor.value_or(
                static_cast<double>(params.maxPositionEmbeddings) /
                params.originalMaxPositionEmbeddings.value_or(params.maxPositionEmbeddings));
        default:
            return params.factor.value_or(1.0);
    }
}

}  // namespace

FrequencyBands frequencyBands(const RopeParams& params, std::optional<double> contextLength) {
    const RopeFrequencies scaled = ropeFrequencies(params);  // validates
    RopeParams plain = params;
    plain.ropeType = RopeType::Default;
    const RopeFrequencies original = ropeFrequencies(plain);
    FrequencyBands bands;
    bands.contextLength = contextLength.value_or(
        params.originalMaxPositionEmbeddings.value_or(params.maxPositionEmbeddings));
    requireFinite(bands.contextLength, "context_length");
    if (!(bands.contextLength > 0.0)) {
        throw ParameterError({"context_length", Rule::GreaterThan, bands.contextLength, 0});
    }
    bands.factor = scalingFactor(params);
    if (params.ropeType == RopeType::Yarn) bands.yarnRange = yarnCorrectionRange(params);
    if (params.ropeType == RopeType::Llama3) {
        const double originalMax = params.originalMaxPositionEmbeddings.value_or(8192);
        bands.llama3HighFreqWavelength = originalMax / params.highFreqFactor;
        bands.llama3LowFreqWavelength = originalMax / params.lowFreqFactor;
    }
    for (int i = 0; i < scaled.pairs(); ++i) {
        PairBand pair;
        pair.invFreq = scaled.invFreq[static_cast<std::size_t>(i)];
        const double originalFreq = original.invFreq[static_cast<std::size_t>(i)];
        pair.wavelength = 2.0 * std::numbers::pi / pair.invFreq;
        pair.originalWavelength = 2.0 * std::numbers::pi / originalFreq;
        pair.scale = originalFreq / pair.invFreq;
        pair.rotationsInContext = bands.contextLength / pair.wavelength;
        if (bands.factor != 1.0) {
            const double weight = (1.0 - pair.invFreq / originalFreq) / (1.0 - 1.0 / bands.factor);
            pair.interpolationWeight = std::clamp(weight, 0.0, 1.0);
        }
        pair.band = pair.interpolationWeight <= kBandTolerance         ? FrequencyBand::Extrapolated
                    : pair.interpolationWeight >= 1.0 - kBandTolerance ? FrequencyBand::Interpolated
                                                                       : FrequencyBand::Blended;
        bands.pairs.push_back(pair);
    }
    return bands;
}

}  // namespace ropelab
