// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/phase_precision.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "analysis/exact_phase.h"
#include "analysis/low_precision.h"
#include "analysis/memory_budget.h"
#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

namespace {

struct PairErrors {
    double float32, fastTrig, exactTurns;
    double bfloat16Position, float16Position, bfloat16, float16;
};

// φ = fmt(fmt(p)·fmt(θ)) against the exact p·θ = hi + lo; NaN when φ overflows the format.
double lowPrecisionError(double roundedPosition, double theta, double hi, double lo,
                         double (*round)(double)) {
    const double phase = round(roundedPosition * round(theta));  // the product of two 16-bit
                                                                 // values is exact in double
    if (!std::isfinite(phase)) return std::numeric_limits<double>::quiet_NaN();
    return wrapPhase((phase - hi) - lo);
}

PairErrors phaseErrors(std::int64_t position, double theta) {
    const double p = static_cast<double>(position);
    // Exact reference: p·θ = hi + lo, and its value reduced to (−π, π].
    const double hi = p * theta;
    const double lo = std::fma(p, theta, -hi);
    const double reference = reducedPhase(p, theta);

    const float phaseF = static_cast<float>(p) * static_cast<float>(theta);
    // φ_f and hi are within a factor 2 of each other, so φ_f − hi is exact (Sterbenz).
    const double float32 = wrapPhase((static_cast<double>(phaseF) - hi) - lo);

    // Hardware sin.approx: turns = φ·(1/2π) in float32, keep the fraction (exact in float).
    const float turnsF = phaseF * static_cast<float>(1.0 / (2.0 * std::numbers::pi));
    const float fractionF = turnsF - std::nearbyint(turnsF);
    const double fastTrig =
        wrapPhase(2.0 * std::numbers::pi * static_cast<double>(fractionF) - reference);

    // Turns in double: p·(θ/2π) = tHi + tLo exactly; the fraction is exact, then rounded to float.
    const double turnsPerPosition = theta / (2.0 * std::numbers::pi);
    const double tHi = p * turnsPerPosition;
    const double tLo = std::fma(p, turnsPerPosition, -tHi);
    const double fraction = (tHi - std::nearbyint(tHi)) + tLo;
    const float angleF = static_cast<float>(2.0 * std::numbers::pi * fraction);
    const double exactTurns = wrapPhase(static_cast<double>(angleF) - reference);

    const double bfloat16Position = roundToBfloat16(p);
    const double float16Position = roundToFloat16(p);
    return {float32,
            fastTrig,
            exactTurns,
            bfloat16Position,
            float16Position,
            lowPrecisionError(bfloat16Position, theta, hi, lo, roundToBfloat16),
            lowPrecisionError(float16Position, theta, hi, lo, roundToFloat16)};
}

}  // namespace

PhaseErrors ropePhaseErrors(const RopeFrequencies& freqs, const DistanceRange& positions,
                            const std::vector<int>& pairs, const Execution& exec) {
    std::vector<int> chosen = pairs;
    if (chosen.empty()) {
        for (int i = 0; i < freqs.pairs(); ++i) chosen.push_back(i);
    }
    for (int i : chosen) {
        if (i < 0 || i >= freqs.pairs()) {
            ParameterProblem problem("pairs", Rule::Between, i, 0, freqs.pairs() - 1);
            problem.eachValue = true;
            throw ParameterError(problem);
        }
    }
    const std::int64_t count = positions.count();
    requireNotEmpty(static_cast<std::size_t>(count), "positions");
    const double rows = static_cast<double>(count) * static_cast<double>(chosen.size());
    requireMemory(72.0 * rows, ResourceProblem(Demand::PhaseErrors, count, chosen.size()));
    PhaseErrors errors;
    const std::size_t total = static_cast<std::size_t>(rows);
    errors.position.resize(total);
    errors.pair.resize(total);
    errors.float32Error.resize(total);
    errors.fastTrigError.resize(total);
    errors.exactTurnsError.resize(total);
    errors.bfloat16Position.resize(total);
    errors.float16Position.resize(total);
    errors.bfloat16Error.resize(total);
    errors.float16Error.resize(total);
    parallelFor(
        count, exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                for (std::size_t j = 0; j < chosen.size(); ++j) {
                    const std::size_t row = static_cast<std::size_t>(i) * chosen.size() + j;
                    const PairErrors e = phaseErrors(
                        positions.at(i), freqs.invFreq[static_cast<std::size_t>(chosen[j])]);
                    errors.position[row] = positions.at(i);
                    errors.pair[row] = chosen[j];
                    errors.float32Error[row] = e.float32;
                    errors.fastTrigError[row] = e.fastTrig;
                    errors.exactTurnsError[row] = e.exactTurns;
                    errors.bfloat16Position[row] = e.bfloat16Position;
                    errors.float16Position[row] = e.float16Position;
                    errors.bfloat16Error[row] = e.bfloat16;
                    errors.float16Error[row] = e.float16;
                }
            }
        },
        64);
    return errors;
}

PhaseErrors ropePhaseErrorsByOctave(const RopeFrequencies& freqs, int octaves, int perOctave,
                                    const std::vector<int>& pairs, const Execution& exec) {
    // 2^62 positions are the most an int64 range holds.
    if (octaves < 1 || octaves > 62)
        throw ParameterError({"octaves", Rule::Between, double(octaves), 1, 62});
    if (perOctave < 1) throw ParameterError({"perOctave", Rule::AtLeast, double(perOctave), 1});
    PhaseErrors errors;
    for (int k = 0; k < octaves; ++k) {
        const std::int64_t start = std::int64_t{1} << k;
        const std::int64_t step = std::max<std::int64_t>(1, start / perOctave);
        append(errors, ropePhaseErrors(freqs, DistanceRange{start, 2 * start, step}, pairs, exec));
    }
    return errors;
}

PositionRounding positionRounding(const PhaseErrors& errors) {
    PositionRounding rounding;
    for (std::size_t i = 0; i < errors.position.size(); ++i) {
        const auto position = static_cast<double>(errors.position[i]);
        rounding.position.push_back(position);
        rounding.bfloat16.push_back(errors.bfloat16Position[i] - position);
        rounding.float16.push_back(errors.float16Position[i] - position);
    }
    return rounding;
}

void append(PhaseErrors& to, const PhaseErrors& from) {
    const auto extend = [](auto& a, const auto& b) { a.insert(a.end(), b.begin(), b.end()); };
    extend(to.position, from.position);
    extend(to.pair, from.pair);
    extend(to.float32Error, from.float32Error);
    extend(to.fastTrigError, from.fastTrigError);
    extend(to.exactTurnsError, from.exactTurnsError);
    extend(to.bfloat16Position, from.bfloat16Position);
    extend(to.float16Position, from.float16Position);
    extend(to.bfloat16Error, from.bfloat16Error);
    extend(to.float16Error, from.float16Error);
}

}  // namespace ropelab
