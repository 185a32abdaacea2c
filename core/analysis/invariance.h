// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Is a score relative? The largest change of score(m, n) under a common shift of both positions.

#include <cstdint>

#include <Eigen/Core>

#include "analysis/score_encoding.h"
#include "common/execution.h"

namespace ropelab {

struct InvarianceResult {
    double maxDeviation = 0.0;  // max over m, n, s of |score(m+s, n+s) − score(m, n)| / maxAbsScore
    double maxAbsScore = 0.0;  // max |score(m, n)| over m, n < length
};

// The same q and k placed at every pair of positions m, n < length: the maximum over the diagonals
// m − n = const of (max − min) score, relative to the largest |score|; ALiBi's masked pairs
// (n > m, no score) are left out. ≈1e-16 for RoPE, T5 and ALiBi; clearly non-zero for added
// sinusoidal, learned and the seed code. O(length²·d) time, O(length·d) memory. InputError (length
// < 1, sizes), ResourceError, Cancelled.
inline constexpr std::int64_t kMaxInvarianceLength = 16384;

InvarianceResult invariance(const Eigen::Ref<const Eigen::VectorXd>& q,
                            const Eigen::Ref<const Eigen::VectorXd>& k,
                            const ScoreEncodingParams& encoding, std::int64_t length,
                            const Execution& exec);

}  // namespace ropelab
