// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// ALiBi (Press et al. 2022, ofirpress/attention_with_linear_biases; HF bloom build_alibi_tensor):
// a per-head slope m and a bias −m·(i − j) added to the score of query i and key j ≤ i; ALiBi is
// causal, so a key after the query (j > i) gets no score at all (the mask's −∞).

#include <cstdint>
#include <vector>

#include <Eigen/Core>

namespace ropelab {

// Slopes for heads h = 1 … heads. A power of two n: m_h = 2^(−8h/n). Otherwise, with p the
// largest power of two below n: slopes(p) followed by every other slope of slopes(2p), the
// first n − p of them. InputError for heads < 1 (or beyond 1<<20).
std::vector<double> alibiSlopes(int heads);

enum class AlibiBias {
    Causal,     // −m·(i − j) for j ≤ i, −∞ (masked) for j > i: the paper's decoder
    Symmetric,  // −m·|i − j|: a bidirectional (encoder) variant
};

// The causal bias of a query at position i and a key at j: −m·(i − j), or −∞ when j > i.
double alibiCausalBias(double slope, std::int64_t query, std::int64_t key);

// length × length bias for one head's slope, row i the query, column j the key.
// InputError for length < 1; ResourceError beyond 10^8 numbers.
Eigen::MatrixXd alibiBias(int length, double slope, AlibiBias kind = AlibiBias::Causal);

}  // namespace ropelab
