// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The row permutation HF's Meta-to-HF conversion (convert_llama_weights_to_hf.py `permute`)
// applies to W_q and W_k, head by head: Meta's row 2j + t (pair j of the interleaved layout,
// t = 0, 1) becomes HF's row t·d/2 + j (pair j of the half-split layout). RoPE interleaved on
// Meta's rows and RoPE half-split on the permuted rows then give the same q·k; llama.cpp's
// converter applies the inverse to return Llama weights to Meta's order (NORM rope).

#include <Eigen/Core>
#include <vector>

#include "encodings/rope_frequencies.h"

namespace ropelab {

// meta_row for each hf_row 0 … heads·headDim − 1. InputError: headDim not a positive even
// number, heads < 1, or more than maxPermutationRows rows.
std::vector<int> metaRowOfHfRow(int headDim, int heads);

inline constexpr int maxPermutationRows = 1 << 24;

// Rows of a Meta-order weight matrix (heads·headDim rows) in HF order: out.row(r) =
// meta.row(metaRowOfHfRow(headDim, heads)[r]). InputError when the row count does not match.
Eigen::MatrixXd metaToHfRows(const Eigen::Ref<const Eigen::MatrixXd>& meta, int headDim, int heads);

// Scores q·k of one head against distance Δ (query at Δ, key at 0), q and k in Meta's row order:
// interleaved RoPE on them (Meta), half-split RoPE on the permuted rows (HF, equal to Meta), and
// half-split RoPE on the unpermuted rows (a checkpoint converted without the permutation).
struct LayoutScores {
    std::vector<double> meta;
    std::vector<double> hf;
    std::vector<double> unpermuted;
};
LayoutScores layoutScores(const RopeFrequencies& freqs, const Eigen::Ref<const Eigen::VectorXd>& q,
                          const Eigen::Ref<const Eigen::VectorXd>& k,
                          const std::vector<double>& distances);

}  // namespace ropelab
