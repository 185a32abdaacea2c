// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: RoPE score sums constant + Re Σ_j a_j e^{iΔθ_j} evaluated for runs of
// equally spaced distances by angle addition from an exact anchor (score curves, mean |score|).

#include <complex>
#include <cstdint>
#include <vector>

#include "analysis/score_curve.h"

namespace ropelab {

// Distances between exact anchors: angle addition loses ~1 ulp per step, so after 2048 steps the
// phasors are still good to ~5e-13 relative (the promise is 1e-9).
inline constexpr std::int64_t kAnchorInterval = 2048;

// Pairs are padded (a = 0, θ = 0) to a multiple of this, the most pairs a kernel pass holds
// (four vectors of at most eight lanes).
inline constexpr std::size_t kPairPadding = 32;

// The coefficients, padded, with the step phasors e^{i·step·θ_j}.
struct PhasorSums {
    std::vector<std::complex<double>> a;
    std::vector<double> stepRe, stepIm, theta;
    double constant = 0.0;
};

// Per-thread working memory of evaluatePhasorSums, reused across calls.
struct PhasorScratch {
    std::vector<double> uRe, uIm, sums;
};

// Prepares the sums and the per-step phasors e^{i·step·θ_j}.
PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step);

// Scores for distances first, first + step, … (count ≤ kAnchorInterval of them) into out,
// starting from an exact anchor at `first`. Vectorised on the SIMD target chosen at run time
// (simd_targets.h); targets agree to rounding, and each gives the same result on every call.
void evaluatePhasorSums(const PhasorSums& s, double first, std::int64_t count, double* out,
                        PhasorScratch& scratch);

}  // namespace ropelab
