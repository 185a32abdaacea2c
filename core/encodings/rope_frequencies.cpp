// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/rope_frequencies.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "common/parameter_error.h"

namespace ropelab {

namespace {

// θ_i = 1 / base^(2i/dim), i = 0 … dim/2 − 1 (HF _compute_default_rope_parameters).
std::vector<double> defaultInvFreq(double base, int dim) {
    std::vector<double> invFreq(static_cast<std::size_t>(dim / 2));
    for (int i = 0; i < dim / 2; ++i) {
        invFreq[static_cast<std::size_t>(i)] =
            1.0 / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(dim));
    }
    return invFreq;
}

// HF find_correction_dim: the pair index whose wavelength fits numRotations times into L0.
double yarnCorrectionDim(double numRotations, int dim, double base, int originalMax) {
    return (dim * std::log(originalMax / (numRotations * 2.0 * std::numbers::pi))) /
           (2.0 * std::log(base));
}

std::vector<double> yarnInvFreq(const RopeParams& params, int dim) {
    const std::vector<double> extrapolation = defaultInvFreq(params.ropeTheta, dim);
    const YarnCorrectionRange range = yarnCorrectionRange(params);
    const double factor = *params.factor;
    std::vector<double> invFreq(extrapolation.size());
    for (std::size_t i = 0; i < invFreq.size(); ++i) {
        const double ramp =
            std::clamp((static_cast<double>(i) - range.low) / (range.high - range.low), 0.0, 1.0);
        // HF: extrapolation_factor = 1 − ramp; inv = interp·(1 − extrap) + extrap·extrap_factor.
        const double extrapolationFactor = 1.0 - ramp;
        invFreq[i] = (extrapolation[i] / factor) * (1.0 - extrapolationFactor) +
                     extrapolation[i] * extrapolationFactor;
    }
    return invFreq;
}

double yarnAttentionFactor(const RopeParams& params) {
    if (params.attentionFactor) return *params.attentionFactor;
    const double factor = *params.factor;
    // HF tests `if mscale and mscale_all_dim`: zero counts as absent.
    if (params.mscale && params.mscaleAllDim && *params.mscale != 0.0 &&
        *params.mscaleAllDim != 0.0) {
        return yarnGetMscale(factor, *params.mscale) / yarnGetMscale(factor, *params.mscaleAllDim);
    }
    return yarnGetMscale(factor);
}

std::vector<double> dynamicInvFreq(const RopeParams& params, int dim) {
    const double factor = *params.factor;
    const double maxPos = params.maxPositionEmbeddings;
    const double seqLen =
        std::max<double>(params.seqLen.value_or(params.maxPositionEmbeddings), maxPos);
    const double base =
        params.ropeTheta * std::pow(factor * seqLen / maxPos - (factor - 1.0),
                                    static_cast<double>(dim) / static_cast<double>(dim - 2));
    return defaultInvFreq(base, dim);
}

// Meta llama-models apply_scaling, as HF _compute_llama3_parameters.
std::vector<double> llama3InvFreq(const RopeParams& params, int dim) {
    std::vector<double> invFreq = defaultInvFreq(params.ropeTheta, dim);
    const double factor = params.factor.value_or(8.0);
    const double originalMax = params.originalMaxPositionEmbeddings.value_or(8192);
    const double low = params.lowFreqFactor;
    const double high = params.highFreqFactor;
    const double lowFreqWavelength = originalMax / low;
    const double highFreqWavelength = originalMax / high;
    for (double& f : invFreq) {
        const double wavelength = 2.0 * std::numbers::pi / f;
        if (wavelength < highFreqWavelength) continue;
        if (wavelength > lowFreqWavelength) {
            f /= factor;
            continue;
        }
        const double smooth = (originalMax / wavelength - low) / (high - low);
        f = (1.0 - smooth) * f / factor + smooth * f;
    }
    return invFreq;
}

}  // namespace

bool hasDefaultFrequencies(const RopeFrequencies& freqs, double base) {
    const std::vector<double> plain = defaultInvFreq(base, freqs.rotaryDim);
    if (plain.size() != freqs.invFreq.size()) return false;
    for (std::size_t i = 0; i < plain.size(); ++i) {
        if (std::abs(freqs.invFreq[i] - plain[i]) > 1e-12 * plain[i]) return false;
    }
    return true;
}

double yarnGetMscale(double scale, double mscale) {
    if (scale <= 1.0) return 1.0;
    return 0.1 * mscale * std::log(scale) + 1.0;
}

YarnCorrectionRange yarnCorrectionRange(const RopeParams& params) {
    validate(params);
    const int dim = rotaryDim(params);
    const int originalMax =
        params.originalMaxPositionEmbeddings.value_or(params.maxPositionEmbeddings);
    double low = yarnCorrectionDim(params.betaFast, dim, params.ropeTheta, originalMax);
    double high = yarnCorrectionDim(params.betaSlow, dim, params.ropeTheta, originalMax);
    if (params.truncate) {
        low = std::floor(low);
        high = std::ceil(high);
    }
    YarnCorrectionRange range{std::max(low, 0.0), std::min(high, static_cast<double>(dim - 1))};
    // HF linear_ramp_factor avoids a zero-width ramp.
    if (range.low == range.high) range.high += 0.001;
    return range;
}

RopeFrequencies ropeFrequencies(const RopeParams& params) {
    validate(params);
    RopeFrequencies result;
    result.headDim = params.headDim;
    result.rotaryDim = rotaryDim(params);
    const int dim = result.rotaryDim;
    switch (params.ropeType) {
        case RopeType::Default:
            result.invFreq = defaultInvFreq(params.ropeTheta, dim);
            break;
        case RopeType::Linear:
            result.invFreq = defaultInvFreq(params.ropeTheta, dim);
            for (double& f : result.invFreq) f /= *params.factor;
            break;
        case RopeType::Dynamic:
            result.invFreq = dynamicInvFreq(params, dim);
            break;
        case RopeType::Yarn:
            result.invFreq = yarnInvFreq(params, dim);
            result.attentionFactor = yarnAttentionFactor(params);
            break;
        case RopeType::LongRope: {
            const int originalMax =
                params.originalMaxPositionEmbeddings.value_or(params.maxPositionEmbeddings);
            const bool useLong = params.seqLen && *params.seqLen > originalMax;
            const std::vector<double>& ext = useLong ? params.longFactor : params.shortFactor;
            // HF: 1 / (ext_i · base^(2i/dim)).
            result.invFreq.resize(static_cast<std::size_t>(dim / 2));
            for (std::size_t i = 0; i < result.invFreq.size(); ++i) {
                result.invFreq[i] =
                    1.0 / (ext[i] * std::pow(params.ropeTheta, static_cast<double>(2 * i) / dim));
            }
            const double factor = params.factor.value_or(
                static_cast<double>(params.maxPositionEmbeddings) / originalMax);
            if (params.attentionFactor) {
                result.attentionFactor = *params.attentionFactor;
            } else if (factor > 1.0) {
                result.attentionFactor =
                    std::sqrt(1.0 + std::log(factor) / std::log(static_cast<double>(originalMax)));
            }
            break;
        }
        case RopeType::Llama3:
            result.invFreq = llama3InvFreq(params, dim);
            break;
    }
    // Extreme factors or bases can overflow the scaled base or underflow θ to 0.
    for (std::size_t i = 0; i < result.invFreq.size(); ++i) {
        const double f = result.invFreq[i];
        if (!(std::isfinite(f) && f > 0.0)) {
            ParameterProblem problem("rope_theta", Rule::FrequencyOutOfRange, f,
                                     static_cast<double>(i));
            problem.other = "factor";
            throw ParameterError(problem);
        }
    }
    return result;
}

}  // namespace ropelab
