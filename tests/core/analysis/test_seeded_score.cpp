// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers for the seeded q, k scores lesson 7 compares configurations with.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/score_curve.h"
#include "analysis/seeded_score.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

// Half-split pairs (j, j + d/2) with no pass-through part: |a_j| = af²·|q_j + i q_{j+d/2}|·
// |k_j + i k_{j+d/2}|, from the vectors themselves rather than from ropeScoreCoefficients.
double pairMagnitudes(int headDim, unsigned seed, double attentionFactor) {
    const Eigen::MatrixXd qk = seededStandardNormal(2, headDim, seed);
    const int half = headDim / 2;
    double sum = 0.0;
    for (int j = 0; j < half; ++j) {
        sum += std::hypot(qk(0, j), qk(0, j + half)) * std::hypot(qk(1, j), qk(1, j + half));
    }
    return attentionFactor * attentionFactor * sum;
}

TEST(SeededScore, BoundIsTheSumOfPairMagnitudes) {
    RopeParams plain;
    plain.headDim = 64;
    const double expected = pairMagnitudes(64, 7, 1.0);
    EXPECT_NEAR(seededScoreBound(plain, RopeLayout::HalfSplit, 7), expected, 1e-12 * expected);
    // The base turns the phasors, never their lengths.
    RopeParams slower = plain;
    slower.ropeTheta = 500000.0;
    EXPECT_NEAR(seededScoreBound(slower, RopeLayout::HalfSplit, 7), expected, 1e-12 * expected);
    // YaRN scales cos and sin of q and k by a = 0.1·ln 4 + 1: every a_j by a².
    RopeParams yarn = plain;
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 4.0;
    yarn.originalMaxPositionEmbeddings = 2048;
    const double a = 0.1 * std::log(4.0) + 1.0;
    EXPECT_NEAR(seededScoreBound(yarn, RopeLayout::HalfSplit, 7), pairMagnitudes(64, 7, a),
                1e-12 * expected);
}

TEST(SeededScore, EnvelopesHoldEachColumnsExtremesWithinTheBound) {
    RopeParams low;
    low.headDim = 32;
    RopeParams high = low;
    high.ropeTheta = 500000.0;
    const std::vector<RopeParams> configs{low, high};
    std::vector<double> progress;
    Execution exec;
    exec.progress = [&progress](double f) { progress.push_back(f); };
    const std::int64_t length = 1000;
    const std::vector<CurveEnvelope> envelopes =
        seededScoreEnvelopes(configs, RopeLayout::HalfSplit, 3, length, 10, exec);
    ASSERT_EQ(envelopes.size(), 2u);
    const Eigen::MatrixXd qk = seededStandardNormal(2, 32, 3);
    for (std::size_t s = 0; s < configs.size(); ++s) {
        const RopeFrequencies freqs = ropeFrequencies(configs[s]);
        const double bound = seededScoreBound(configs[s], RopeLayout::HalfSplit, 3);
        ASSERT_EQ(envelopes[s].columns(), 10);
        for (int c = 0; c < 10; ++c) {
            double lo = INFINITY;
            double hi = -INFINITY;
            // Column c covers distances 100c … 100c + 99.
            for (std::int64_t d = 100 * c; d < 100 * (c + 1); ++d) {
                const double score = ropeScoreAt(qk.row(0).transpose(), qk.row(1).transpose(),
                                                 freqs, RopeLayout::HalfSplit, d);
                lo = std::min(lo, score);
                hi = std::max(hi, score);
            }
            EXPECT_NEAR(envelopes[s].minimum(c), lo, 1e-9 * bound) << s << ' ' << c;
            EXPECT_NEAR(envelopes[s].maximum(c), hi, 1e-9 * bound) << s << ' ' << c;
            EXPECT_LE(std::max(-lo, hi), bound);
        }
    }
    ASSERT_FALSE(progress.empty());
    EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
    EXPECT_NEAR(progress.back(), 1.0, 1e-12);
}

}  // namespace
}  // namespace ropelab
