// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: the vectorised inner loops of pooled heatmaps, on the SIMD target chosen
// at run time (simd_targets.h). Mean pooling sums RoPE-rotated rows per block (the block-mean
// identity Σ⟨q'_m, k'_n⟩ = ⟨Σ q'_m, Σ k'_n⟩); max pooling reduces tiles of scores to maxima.

#include <complex>
#include <cstdint>
#include <vector>

#include "encodings/rope_apply.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// The per-pair tables ropeBlockSum steps with, prepared once per frequency set and layout.
struct RopeBlockTables {
    int headDim = 0;
    int rotaryDim = 0;
    double attentionFactor = 1.0;
    std::vector<RopePair> pairs;  // the components pair j rotates
    std::vector<double> theta;
    // e^{i·l·θ_j} for l = 0 … kLaneSpan, exact: offsets of the lanes from an anchor, and the step.
    std::vector<std::complex<double>> lanePhasor;  // pair j at j·(kLaneSpan + 1) + l
    static constexpr int kLaneSpan = 16;
    // Rows between exact anchors of the phasors (a multiple of kLaneSpan).
    static constexpr std::int64_t kRowAnchor = 256;
};
RopeBlockTables ropeBlockTables(const RopeFrequencies& freqs, RopeLayout layout);

// Block sums of RoPE-rotated rows: out[b·headDim + c] = Σ_{m ∈ [starts[b], starts[b+1])}
// f(x_m, firstPosition + m)_c for b < blocks, f the rotation (times the attention factor). x_m
// is row m of a column-major matrix: component c of it at x[c·columnStride + m]. Phases are exact
// at each block's first row and every 256th row after it, stepped by angle addition in between
// (error ~1e-14 relative); the sum order depends on the SIMD target only.
void ropeBlockSums(const RopeBlockTables& tables, const double* x, std::int64_t columnStride,
                   std::int64_t firstPosition, const std::int64_t* starts, std::int64_t blocks,
                   double* out);

// colMax[j] = max over i < rows of tile[i·rowStride + j], for j < cols (rows ≥ 1).
void columnMax(const double* tile, std::int64_t rows, std::int64_t cols, std::int64_t rowStride,
               double* colMax);
void columnMax(const float* tile, std::int64_t rows, std::int64_t cols, std::int64_t rowStride,
               float* colMax);

// The entries with tile[i·rowStride + j] ≥ threshold[j] (i < rows, j < cols), row by row, as
// i·cols + j in hits: returns how many there are, storing at most `capacity` of them.
std::int64_t findAtLeast(const float* tile, std::int64_t rows, std::int64_t cols,
                         std::int64_t rowStride, const float* threshold, std::int64_t capacity,
                         std::int32_t* hits);

}  // namespace ropelab
