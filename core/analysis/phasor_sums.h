#pragma once
// Internal to analysis: RoPE score sums constant + Re Σ_j a_j e^{iΔθ_j} evaluated for runs of
// equally spaced distances by angle addition from an exact anchor (score curves, mean |score|).

#include <cstdint>
#include <vector>

#include "analysis/score_curve.h"

namespace ropelab {

// Distances between exact anchors: angle addition loses ~1 ulp per step, so after 512 steps the
// phasors are still good to ~1e-13 relative.
inline constexpr std::int64_t kAnchorInterval = 512;

// The coefficients padded to a multiple of four pairs (a = 0, θ = 0), one array per part.
struct PhasorSums {
    std::vector<double> aRe, aIm, stepRe, stepIm, theta;
    double constant = 0.0;
};

// Prepares the sums and the per-step phasors e^{i·step·θ_j}.
PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step);

// Scores for distances first, first + step, … (count of them) into out, starting from an exact
// anchor at `first`. zRe and zIm are scratch arrays of s.theta.size() doubles.
void evaluatePhasorSums(const PhasorSums& s, double first, std::int64_t count, double* out,
                        double* zRe, double* zIm);

}  // namespace ropelab
