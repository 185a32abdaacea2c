// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoFormer's long-term decay (Su et al. 2021, §3.4.3): with S_j = Σ_{k<j} e^{i·Δ·θ_k}, the score
// is bounded by (max |h_{i+1} − h_i|) · Σ_j |S_j|; the paper's figure plots the relative bound
// (1/(d/2)) · Σ_{j=1}^{d/2} |S_j| against the distance Δ = m − n.

#include <vector>

#include <Eigen/Core>

#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// The relative bound for one distance, θ_k = invFreq[k] (any rope_type's frequencies).
double ropeDecayBound(double distance, const std::vector<double>& invFreq);

// The same for many distances, split over exec.threads.
std::vector<double> ropeDecayBound(const std::vector<double>& distances,
                                   const RopeFrequencies& freqs, const Execution& exec = {});

// The bound itself for one q and k, in the units of the score (ropeScoreCurve):
//   |score(Δ)| ≤ |Σ_pass q_j·k_j| + a²·max_i |h_{i+1} − h_i|·Σ_{j=1}^{d/2} |S_j(Δ)|
// with h_i = q̃_i·conj(k̃_i) the complex product of pair i (q̃_i = q_a + i·q_b for ropePair(i)),
// h_{d/2} = 0, a the attention factor (it multiplies cos and sin of both q and k), and the
// pass-through components of a partial rotary head adding their constant dot product.
// InputError for vectors of the wrong length.
std::vector<double> ropeDecayBoundFor(const Eigen::Ref<const Eigen::VectorXd>& q,
                                      const Eigen::Ref<const Eigen::VectorXd>& k,
                                      const RopeFrequencies& freqs, RopeLayout layout,
                                      const std::vector<double>& distances,
                                      const Execution& exec = {});

}  // namespace ropelab
