// SPDX-License-Identifier: GPL-3.0-or-later
// One pair of q and k turned by mθ and nθ, against 2×2 rotations written out.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "analysis/pair_turn.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

// (a, b) turned by `angle`.
std::array<double, 2> turned(const std::array<double, 2>& v, double angle) {
    return {v[0] * std::cos(angle) - v[1] * std::sin(angle),
            v[1] * std::cos(angle) + v[0] * std::sin(angle)};
}

TEST(PairTurn, TurnsThePairByItsAnglesAndKeepsTheScoreUnderAShift) {
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::MatrixXd qk = seededStandardNormal(2, 8, 6);
    const Eigen::VectorXd q = qk.row(0).transpose();
    const Eigen::VectorXd k = qk.row(1).transpose();
    const int pair = 1;
    const double theta = freqs.invFreq[pair];
    const PairTurn t = ropePairTurn(q, k, freqs, RopeLayout::HalfSplit, pair, 30, 4, 24);
    EXPECT_EQ(t.components.a, 1);
    EXPECT_EQ(t.components.b, 5);
    EXPECT_EQ(t.starts[0], (std::array{q[1], q[5]}));
    EXPECT_EQ(t.starts[1], (std::array{k[1], k[5]}));
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_NEAR(t.tips[0][i], turned(t.starts[0], 30 * theta)[i], 1e-12);
        EXPECT_NEAR(t.tips[1][i], turned(t.starts[1], 4 * theta)[i], 1e-12);
    }
    // q's trail: positions 6 … 29; k's: 0 … 3 (no position before 0).
    ASSERT_EQ(t.trailA[0].size(), 24u);
    ASSERT_EQ(t.trailA[1].size(), 4u);
    EXPECT_NEAR(t.trailA[0].front(), turned(t.starts[0], 6 * theta)[0], 1e-12);
    EXPECT_NEAR(t.trailB[1].back(), turned(t.starts[1], 3 * theta)[1], 1e-12);
    const double start = std::atan2(q[5], q[1]) - std::atan2(k[5], k[1]);
    const double angle = std::remainder(start + 26 * theta, 2.0 * std::numbers::pi);
    EXPECT_NEAR(t.angle, angle, 1e-12);
    EXPECT_NEAR(t.pairScore, std::hypot(q[1], q[5]) * std::hypot(k[1], k[5]) * std::cos(angle),
                1e-12);
    EXPECT_NEAR(t.shiftChange, 0.0, 1e-12);  // RoPE is relative: a common shift keeps q·k
}

}  // namespace
}  // namespace ropelab
