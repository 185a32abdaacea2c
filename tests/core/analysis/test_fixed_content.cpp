// SPDX-License-Identifier: GPL-3.0-or-later
// One q and k at every position: the score map against q and k turned one position at a time.

#include <gtest/gtest.h>

#include <tuple>

#include "analysis/fixed_content.h"
#include "analysis/invariance.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

ScoreEncodingParams ropeOf(int d) {
    ScoreEncodingParams rope;
    rope.rope.headDim = d;
    return rope;
}

// R(m)q · R(n)k for every query position m (rows) and key position n (columns).
Eigen::MatrixXd turnedScores(const QueryKey& qk, const ScoreEncodingParams& e, int positions) {
    const RopeFrequencies freqs = ropeFrequencies(e.rope);
    Eigen::MatrixXd scores(positions, positions);
    for (int m = 0; m < positions; ++m) {
        for (int n = 0; n < positions; ++n) {
            scores(m, n) =
                applyRope(qk.q, m, freqs, e.layout).dot(applyRope(qk.k, n, freqs, e.layout));
        }
    }
    return scores;
}

TEST(FixedContent, SeededQueryKeyIsTheFirstTwoRows) {
    const Eigen::MatrixXd rows = seededStandardNormal(2, 8, 7);
    const QueryKey qk = seededQueryKey(8, 7);
    EXPECT_EQ(qk.q, Eigen::VectorXd(rows.row(0).transpose()));
    EXPECT_EQ(qk.k, Eigen::VectorXd(rows.row(1).transpose()));
}

// Unpooled (6 positions, at most 256 cells) and pooled (8 positions, 4 cells of 2 × 2).
TEST(FixedContent, RopeCellsAreMeansOfTheTurnedDotProducts) {
    const ScoreEncodingParams rope = ropeOf(16);
    const QueryKey qk = seededQueryKey(16, 3);
    for (const auto& [positions, maxCells, cells] : {std::tuple{6, 256, 6}, std::tuple{8, 4, 4}}) {
        const Eigen::MatrixXd expected = turnedScores(qk, rope, positions);
        const FixedContentScores s =
            fixedContentScores(qk.q, qk.k, rope, positions, maxCells, 256, {});
        ASSERT_EQ(s.grid.width, cells);
        ASSERT_EQ(s.grid.height, cells);
        const int block = positions / cells;
        for (int r = 0; r < cells; ++r) {
            for (int c = 0; c < cells; ++c) {
                EXPECT_NEAR(s.grid.at(r, c),
                            expected.block(block * r, block * c, block, block).mean(), 1e-12);
            }
        }
        EXPECT_LT(s.deviation, 1e-12);
    }
}

TEST(FixedContent, DeviationCoversTheFirstPositionsOnly) {
    ScoreEncodingParams sinusoidal;
    sinusoidal.encoding = ScoreEncoding::Sinusoidal;
    const QueryKey qk = seededQueryKey(16, 2);
    const FixedContentScores s = fixedContentScores(qk.q, qk.k, sinusoidal, 40, 8, 12, {});
    EXPECT_GT(s.deviation, 1e-2);
    EXPECT_EQ(s.deviation, invariance(qk.q, qk.k, sinusoidal, 12, {}).maxDeviation);
}

}  // namespace
}  // namespace ropelab
