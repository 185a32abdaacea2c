// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The score matrix score(m, n), m, n < N, pooled to a W×H grid without ever holding N×N values:
// peak memory O(N·d + W·H).

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "analysis/score_encoding.h"
#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

enum class Pooling { Mean, Max };

// Cell (row r, col c) pools the queries m in [poolBlockStart(N, H, r), poolBlockStart(N, H, r+1))
// and the keys n in [poolBlockStart(N, W, c), poolBlockStart(N, W, c+1)).
struct PooledGrid {
    int width = 0;               // key blocks (columns)
    int height = 0;              // query blocks (rows)
    std::vector<double> values;  // row-major, height × width
    double at(int row, int col) const {
        return values[static_cast<std::size_t>(row) * width + col];
    }
};

// First index of block `cell` when n items are split into `cells` blocks: ⌊cell·n / cells⌋.
std::int64_t poolBlockStart(std::int64_t n, int cells, int cell);

// InputError unless queries and keys are both N × d with N, d ≥ 1 and 1 ≤ width, height ≤ N.
void validateHeatmapInput(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                          const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height);
// The same, and d = freqs.headDim: the checks every backend's RoPE heatmap makes first.
void validateRopeHeatmapInput(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                              const Eigen::Ref<const Eigen::MatrixXd>& keys,
                              const RopeFrequencies& freqs, int width, int height);

// RoPE: queries and keys are N × headDim, row m the vector at position m. Every row is rotated
// once; mean pooling then uses Σ⟨q'_m, k'_n⟩ = ⟨Σ q'_m, Σ k'_n⟩ per block, max pooling multiplies
// tiles. InputError (sizes, grid larger than N), ResourceError (memory), Cancelled.
PooledGrid ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                            const Eigen::Ref<const Eigen::MatrixXd>& keys,
                            const RopeFrequencies& freqs, RopeLayout layout, int width, int height,
                            Pooling pooling, const Execution& exec);

// Any encoding, query m and key n at positions m and n (T5 / ALiBi add their bias to q·k).
PooledGrid scoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                        const Eigen::Ref<const Eigen::MatrixXd>& keys,
                        const ScoreEncodingParams& encoding, int width, int height, Pooling pooling,
                        const Execution& exec);

}  // namespace ropelab
