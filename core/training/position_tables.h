// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fixed numbers each position encoding adds to the model, for sequences of `length` tokens,
// computed by core's reference functions (encodings/): the engine feeds them to torch as they
// are, so the trained model's mechanism is the one the rest of the app teaches.

#include <cstdint>
#include <optional>
#include <vector>

#include "encodings/rope_frequencies.h"
#include "training/model.h"

namespace ropelab::training {

// sinusoidal: PE rows for positions 0 … length−1, [length, width] row-major
// (encodings/sinusoidal.h, base 10000).
std::vector<float> sinusoidalRows(int length, int width);

// t5: the causal bucket of key j − query i, [length, length] row-major
// (encodings/t5_buckets.h, 32 buckets, max_distance 128; 0 above the diagonal, which is masked).
std::vector<std::int64_t> t5BucketRows(int length);

// alibi: −m_h·(i − j) for head h, query i, key j, [heads, length, length] row-major
// (encodings/alibi.h slopes and bias).
std::vector<float> alibiBiasRows(int heads, int length);

// The RoPE parameters a model uses for a sequence of `length` tokens: its own head dim and base
// without `evaluation`; with it, those options (lesson 7's methods) on the model's head dim,
// with seq_len = length so that dynamic scales from each sequence's own length, as HF does
// without a cache. InputError when evaluation's head_dim differs from the model's.
RopeParams ropeParamsFor(const ModelConfig& config, const std::optional<RopeParams>& evaluation,
                         int length);

// rope: cos and sin of p·θ_i for p = 0 … length−1 in the half-split layout (cat(θ, θ)), each
// multiplied by the attention factor as HF does; [length, headDim] row-major.
struct RopeTables {
    std::vector<float> cos;
    std::vector<float> sin;
};
RopeTables ropeTables(const RopeFrequencies& freqs, int length);

}  // namespace ropelab::training
