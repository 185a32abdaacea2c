// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which positional encoding an attention score uses, with every parameter it needs.
// score(m, n) = ⟨f(q, m), f(k, n)⟩ (+ bias(m, n)) for a query at position m and a key at n.

#include <cstdint>
#include <string_view>

#include "encodings/learned_absolute.h"
#include "encodings/rope_params.h"
#include "encodings/t5_buckets.h"

namespace ropelab {

// Rope: rotate q and k. Sinusoidal / Learned: add the position's vector to q and k.
// T5 / Alibi: q·k plus a relative bias; ALiBi's is the paper's −m·(m − n) for keys n ≤ m and
// −∞ (the causal mask: no score) for keys after the query, n > m.
// Seed: the seed text's sample code, (x + PE[p])·M with PE[p, j] = cos(p·j·0.01) and
// M[i, j] = cos(i·j·0.01), in double (the seed code runs in float32).
enum class ScoreEncoding { Rope, Sinusoidal, Learned, T5, Alibi, Seed };

struct ScoreEncodingParams {
    ScoreEncoding encoding = ScoreEncoding::Rope;
    RopeParams rope;                            // Rope: its headDim must equal the vector length
    RopeLayout layout = RopeLayout::HalfSplit;  // Rope
    double sinusoidalBase = 10000.0;            // Sinusoidal (Vaswani 2017)
    int learnedMaxLength = 2048;    // Learned: table rows; positions ≥ this are errors
    std::uint64_t learnedSeed = 0;  // Learned: LearnedPositionTable's seed
    double learnedStddev = LearnedPositionTable::defaultStddev;  // N(0, 0.02²) as GPT-2 / BERT
    T5BucketParams t5;                                           // T5 buckets (HF defaults)
    std::uint64_t t5BiasSeed = 0;  // T5: bias[bucket] = seededStandardNormal(buckets, 1, seed)
    int alibiHeads = 8;            // Alibi: head count that fixes the slopes
    int alibiHead = 1;             // Alibi: which head, counted from 1
    double seedScale = 0.01;       // Seed: the 0.01 in cos(i·j·0.01)

    bool operator==(const ScoreEncodingParams&) const = default;
};

// Throws InputError naming the first bad parameter for this encoding and vector length dim.
void validate(const ScoreEncodingParams& params, int dim);

std::string_view toString(ScoreEncoding encoding);  // "rope", "sinusoidal", "learned", "t5", ...
ScoreEncoding parseScoreEncoding(std::string_view name);  // InputError listing the allowed names

// True when score(m, n) depends on m − n only (RoPE, T5, ALiBi).
bool isRelative(ScoreEncoding encoding);

}  // namespace ropelab
