#include "analysis/phase_precision.h"

#include <cmath>
#include <numbers>
#include <string>

#include "analysis/exact_phase.h"
#include "analysis/memory_budget.h"
#include "common/errors.h"

namespace ropelab {

namespace {

struct PairErrors {
    double float32, fastTrig, exactTurns;
};

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
    return {float32, fastTrig, exactTurns};
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
            throw InputError("--pairs must lie in [0, " + std::to_string(freqs.pairs() - 1) +
                             "], got " + std::to_string(i));
        }
    }
    const std::int64_t count = positions.count();
    if (count == 0) throw InputError("--positions must not be empty");
    const double rows = static_cast<double>(count) * static_cast<double>(chosen.size());
    requireMemory(40.0 * rows, "phase errors for " + std::to_string(count) + " positions × " +
                                   std::to_string(chosen.size()) + " pairs");
    PhaseErrors errors;
    const std::size_t total = static_cast<std::size_t>(rows);
    errors.position.resize(total);
    errors.pair.resize(total);
    errors.float32Error.resize(total);
    errors.fastTrigError.resize(total);
    errors.exactTurnsError.resize(total);
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
                }
            }
        },
        64);
    return errors;
}

}  // namespace ropelab
