// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A tiny single-head self-attention, to show that without position information attention is
// permutation-equivariant: reordering the tokens only reorders the outputs.

#include <vector>

#include <Eigen/Core>

#include "encodings/rope_params.h"

namespace ropelab {

// Token embeddings and projections; a sequence is an order of distinct token ids (rows of
// embeddings). Q = X·query, K = X·key, V = X·value for token rows X.
struct ToyAttention {
    Eigen::MatrixXd embeddings;  // vocabulary × d_model
    Eigen::MatrixXd query;       // d_model × d_head
    Eigen::MatrixXd key;         // d_model × d_head
    Eigen::MatrixXd value;       // d_model × d_value
};

// Three tokens (dog, chases, pig), d_model = d_head = 4, d_value = 2: small fixed numbers chosen so
// the attention weights are far from uniform.
ToyAttention toyAttentionExample();

enum class ToyPosition {
    None,        // no position information at all
    Sinusoidal,  // x + PE(p), Vaswani et al. sinusoidal table with the given base
    Rope,        // q and k rotated by RoPE at their positions (interleaved pairs)
};

struct ToyAttentionResult {
    Eigen::MatrixXd scores;          // n × n, q_i·k_j / √d_head, row i the query at position i
    Eigen::MatrixXd weights;         // n × n, softmax of each row of scores
    Eigen::MatrixXd outputs;         // n × d_value, row i the output at position i
    Eigen::MatrixXd outputsByToken;  // vocabulary × d_value, row t the output of token t
    Eigen::MatrixXd weightsByToken;  // vocabulary × vocabulary, the weight query token a gives b
};

// order[p] is the token id at position p; each token appears once (a permutation of
// 0 … vocabulary−1). InputError on a bad order, mismatched shapes, or base <= 1.
ToyAttentionResult toySelfAttention(const ToyAttention& model, const std::vector<int>& order,
                                    ToyPosition position, double base = 10000.0);

// The largest |difference| between a token's output in two orders (0 when attention cannot tell
// the orders apart).
double maxTokenOutputDifference(const ToyAttentionResult& first, const ToyAttentionResult& second);
// The largest |difference| between the weight one token gives another in two orders.
double maxTokenWeightDifference(const ToyAttentionResult& first, const ToyAttentionResult& second);

}  // namespace ropelab
