// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE's long-term decay as measured: the mean |score(Δ)| over many random q, k (compare with the
// RoFormer bound, encodings/rope_decay_bound.h).

#include <cstdint>
#include <vector>

#include "analysis/distance_range.h"
#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// Mean over `samples` pairs (q, k) of |score(Δ)| for every Δ in distances; q_s and k_s are rows
// s of seededStandardNormal(samples, headDim, seed) and (…, seed + 1). Same result for any thread
// count. InputError (samples < 1, empty range), ResourceError, Cancelled.
std::vector<double> ropeMeanAbsScore(const RopeFrequencies& freqs, RopeLayout layout,
                                     const DistanceRange& distances, int samples,
                                     std::uint64_t seed, const Execution& exec);

}  // namespace ropelab
