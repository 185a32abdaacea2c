// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include "analysis/invariance.h"
#include "common/errors.h"
#include "encodings/learned_absolute.h"
#include "score_reference.h"

namespace ropelab {
namespace {

Eigen::VectorXd randomVector(int n, std::uint64_t seed) {
    return seededStandardNormal(1, n, seed).row(0).transpose();
}

TEST(Invariance, RelativeEncodingsAreShiftInvariantAndAbsoluteOnesAreNot) {
    const int d = 32;
    const Eigen::VectorXd q = randomVector(d, 1);
    const Eigen::VectorXd k = randomVector(d, 2);
    Execution exec;
    exec.threads = 2;
    for (const ScoreEncodingParams& e : test::everyEncoding(d)) {
        const InvarianceResult r = invariance(q, k, e, 200, exec);
        EXPECT_GT(r.maxAbsScore, 0.0);
        if (isRelative(e.encoding)) {
            EXPECT_LT(r.maxDeviation, 1e-12) << toString(e.encoding);
        } else {
            EXPECT_GT(r.maxDeviation, 1e-2) << toString(e.encoding);
        }
    }
}

// q = k = ones(8), ALiBi slope 2⁻¹, 4 positions: the scores 8 − δ/2 (δ = m − n ≥ 0) peak at 8;
// the masked keys after the query (which used to reach 8 + 3/2) count for nothing.
TEST(Invariance, AlibiLeavesMaskedPairsOut) {
    ScoreEncodingParams alibi;
    alibi.encoding = ScoreEncoding::Alibi;
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(8);
    const InvarianceResult r = invariance(ones, ones, alibi, 4, {});
    EXPECT_EQ(r.maxAbsScore, 8.0);
    EXPECT_EQ(r.maxDeviation, 0.0);
}

TEST(Invariance, EqualsBruteForceOverShifts) {
    const int d = 8;
    const std::int64_t length = 12;
    const Eigen::VectorXd q = randomVector(d, 3);
    const Eigen::VectorXd k = randomVector(d, 4);
    for (const ScoreEncodingParams& e : test::everyEncoding(d)) {
        double maxAbs = 0.0;
        double deviation = 0.0;
        for (std::int64_t m = 0; m < length; ++m) {
            for (std::int64_t n = 0; n < length; ++n) {
                const double s = test::referenceScore(e, q, k, m, n);
                if (n > m && e.encoding == ScoreEncoding::Alibi) continue;  // masked: no score
                maxAbs = std::max(maxAbs, std::abs(s));
                for (std::int64_t shift = 1; m + shift < length && n + shift < length; ++shift) {
                    deviation =
                        std::max(deviation,
                                 std::abs(test::referenceScore(e, q, k, m + shift, n + shift) - s));
                }
            }
        }
        const InvarianceResult r = invariance(q, k, e, length, {});
        EXPECT_NEAR(r.maxAbsScore, maxAbs, 1e-12) << toString(e.encoding);
        EXPECT_NEAR(r.maxDeviation, deviation / maxAbs, 1e-12) << toString(e.encoding);
    }
}

TEST(Invariance, SameForEveryThreadCountAndRejectsBadInput) {
    const Eigen::VectorXd q = randomVector(16, 5);
    ScoreEncodingParams seed;
    seed.encoding = ScoreEncoding::Seed;
    Execution three;
    three.threads = 3;
    EXPECT_EQ(invariance(q, q, seed, 300, {}).maxDeviation,
              invariance(q, q, seed, 300, three).maxDeviation);
    EXPECT_THROW(invariance(q, q, seed, 0, {}), InputError);
    EXPECT_THROW(invariance(q, randomVector(8, 1), seed, 10, {}), InputError);
    ScoreEncodingParams rope;  // head_dim 128 ≠ 16
    EXPECT_THROW(invariance(q, q, rope, 10, {}), InputError);
    EXPECT_THROW(invariance(q, q, seed, std::int64_t{1} << 40, {}), ResourceError);
    // Quadratic work: a length that fits in memory but would run for minutes is refused too.
    EXPECT_THROW(invariance(q, q, seed, kMaxInvarianceLength + 1, {}), ResourceError);
}

}  // namespace
}  // namespace ropelab
