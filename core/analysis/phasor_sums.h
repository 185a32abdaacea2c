// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: RoPE score sums constant + Re Σ_j a_j e^{iΔθ_j} evaluated for runs of
// equally spaced distances (score curves, mean |score|). A run of kPhasorTile distances is one
// row of a matrix product: Re Σ_j u_j·w_j^r for r < kPhasorTile, with the row phasors u_j
// stepped from an exact anchor by angle addition and the w_j^r exact, so OpenBLAS's GEMM kernel
// for this CPU does the work (2 flops per pair and distance instead of 7 for a recurrence).

#include <complex>
#include <cstdint>
#include <vector>

#include "analysis/score_curve.h"

namespace ropelab {

// Distances between exact anchors: a block is kAnchorInterval / kPhasorTile = 512 rows, whose
// phasors take up to 511 angle additions (~1 ulp each) from the anchor, good to ~1e-13 relative
// (the promise is 1e-9); large enough that GEMM's packing of the tile is paid once per block.
inline constexpr std::int64_t kAnchorInterval = 65536;
inline constexpr std::int64_t kPhasorTile = 128;

// The coefficients with the exact tile phasors w_j^r = e^{i·r·step·θ_j} (r < kPhasorTile) and
// the row step w_j^kPhasorTile (stepRe + i·stepIm).
struct PhasorSums {
    std::vector<std::complex<double>> a;
    std::vector<double> theta, stepRe, stepIm;
    std::vector<double> tile;  // kPhasorTile rows of [Re w_j^r …, Im w_j^r …]
    double constant = 0.0;
};

// Per-thread working memory of evaluatePhasorSums, reused across calls.
struct PhasorScratch {
    std::vector<double> uRe, uIm, rows, products;
};

PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step);

// Scores for distances first, first + step, … (count ≤ kAnchorInterval of them) into out,
// starting from an exact anchor at `first`. The same result on every call and for any split of
// the distances into blocks that start at multiples of kAnchorInterval.
void evaluatePhasorSums(const PhasorSums& s, double first, std::int64_t count, double* out,
                        PhasorScratch& scratch);

}  // namespace ropelab
