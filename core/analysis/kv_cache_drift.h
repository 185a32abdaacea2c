// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The KV-cache pitfall of length-dependent RoPE. HF's dynamic NTK recomputes θ from the current
// length at every forward, and longrope switches short → long factors once the length passes
// original_max_position_embeddings, but keys already in the cache keep the rotation of the step
// that cached them (transformers issue #25104, PR #33129). The score of the same q, k pair then
// depends on when the key was cached.
//
// A prompt of P tokens is prefilled in one forward (its keys rotated with θ(P)); each generated
// token at position p is one forward of length p + 1 (its key rotated with θ(p + 1)), as HF's
// _dynamic_frequency_update and _longrope_frequency_update do. After each generated token the
// query at the last position (rotated with θ(L), L the tokens in the cache) is scored against
// every cached key, and against the same key rotated with θ(L) (a consistent cache).

#include <cstdint>
#include <vector>

#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

struct KvCacheDrift {
    std::vector<std::int64_t> length;      // tokens in the cache after each generated token
    std::vector<double> maxAbsScoreError;  // max over cached keys |cached − consistent score|
};

// Queries: rows of seededStandardNormal(generate, headDim, seed); keys: rows of
// seededStandardNormal(promptLength + generate, headDim, seed + 1); half-split pairs.
// params.seqLen is ignored: the length is the sequence's own. Exactly 0 for every step when θ
// does not depend on the length (default, linear, yarn, llama3). InputError for bad sizes,
// ResourceError beyond maxKvCacheTerms.
KvCacheDrift kvCacheDrift(const RopeParams& params, std::int64_t promptLength,
                          std::int64_t generate, std::uint64_t seed, const Execution& exec);

// The pitfall against its control: kvCacheDrift of dynamic NTK (this factor and
// max_position_embeddings on `plain`'s head) and of default RoPE with the same head and limit.
struct DynamicNtkDrift {
    KvCacheDrift dynamic;
    KvCacheDrift plain;
};
DynamicNtkDrift dynamicNtkDrift(RopeParams plain, int maxPosition, double factor,
                                std::int64_t promptLength, std::int64_t generate,
                                std::uint64_t seed, const Execution& exec);

// The most (step, cached key, pair) terms one call evaluates.
inline constexpr double maxKvCacheTerms = 1e8;

}  // namespace ropelab
