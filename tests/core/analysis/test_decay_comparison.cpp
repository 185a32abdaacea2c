// SPDX-License-Identifier: GPL-3.0-or-later
// RoPE's decay three ways: the score of q = k against q turned by each distance, under its bound.

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/decay_comparison.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "encodings/rope_decay_bound.h"

namespace ropelab {
namespace {

TEST(DecayComparison, AlignedScoreIsQTurnedByTheDistanceAndLiesUnderTheBound) {
    RopeParams params;
    params.headDim = 16;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd q = seededStandardNormal(1, 16, 4).row(0).transpose();
    const DecayComparison decay =
        ropeDecayComparison(q, freqs, RopeLayout::Interleaved, 50, 8, 4, {});
    ASSERT_EQ(decay.distances.size(), 50u);
    ASSERT_EQ(decay.aligned.size(), 50u);
    ASSERT_EQ(decay.mean.size(), 50u);
    EXPECT_NEAR(decay.aligned.front(), q.squaredNorm(), 1e-9);
    for (std::size_t d = 0; d < 50; ++d) {
        EXPECT_EQ(decay.distances[d], double(d));
        const double turned = applyRope(q, double(d), freqs, RopeLayout::Interleaved).dot(q);
        EXPECT_NEAR(decay.aligned[d], turned, 1e-9);
        EXPECT_GE(decay.bound[d], std::abs(turned) - 1e-9);
        EXPECT_GT(decay.mean[d], 0.0);
    }
    EXPECT_EQ(decay.relativeBoundStart, ropeDecayBound(0.0, freqs.invFreq));
    EXPECT_EQ(decay.relativeBoundEnd, ropeDecayBound(49.0, freqs.invFreq));
}

}  // namespace
}  // namespace ropelab
