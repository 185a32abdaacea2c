// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE's long-term decay three ways, at distances 0 … length − 1: the RoFormer bound for q = k
// (encodings/rope_decay_bound.h), the score of q = k it bounds, and the mean |score| of random
// q, k (analysis/score_decay.h).

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

struct DecayComparison {
    std::vector<double> distances, bound, aligned, mean;  // aligned: the score of q = k
    // RoFormer's relative bound (the shape of the paper's figure) at the first and last distance.
    double relativeBoundStart = 0.0, relativeBoundEnd = 0.0;
};

// q = k makes every pair's h_i ≥ 0, so the score starts at its largest; the mean is over
// `samples` random pairs from `seed` (ropeMeanAbsScore). InputError, ResourceError, Cancelled.
DecayComparison ropeDecayComparison(const Eigen::Ref<const Eigen::VectorXd>& q,
                                    const RopeFrequencies& freqs, RopeLayout layout, int length,
                                    int samples, std::uint64_t seed, const Execution& exec);

}  // namespace ropelab
