// SPDX-License-Identifier: GPL-3.0-or-later
// RoFormer §3.4.3 relative bound (1/(d/2))·Σ_j |S_j|. Known answers from a Python 3 transcription
// of the formula with complex doubles, θ_k = 10000^(−2k/128).

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "analysis/distance_range.h"
#include "analysis/score_curve.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_decay_bound.h"

namespace ropelab {
namespace {

TEST(RopeDecayBound, KnownAnswersForD128) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    // At distance 0, |S_j| = j: (1/64)·Σ_{j=1}^{64} j = 32.5.
    const std::vector<double> bounds = ropeDecayBound({0.0, 1.0, 10.0, 100.0, 1000.0}, freqs);
    EXPECT_DOUBLE_EQ(bounds[0], 32.5);
    EXPECT_NEAR(bounds[1], 31.53816614265808, 1e-12);
    EXPECT_NEAR(bounds[2], 17.95413713708483, 1e-12);
    EXPECT_NEAR(bounds[3], 10.227329948505133, 1e-12);
    EXPECT_NEAR(bounds[4], 4.47076103424874, 1e-12);
}

TEST(RopeDecayBound, UsesTheScaledFrequencies) {
    RopeParams params;
    params.ropeType = RopeType::Linear;
    params.factor = 4.0;
    // Linear interpolation divides every θ by 4: the bound at 4Δ equals the plain one at Δ.
    const double scaled = ropeDecayBound(40.0, ropeFrequencies(params).invFreq);
    const double plain = ropeDecayBound(10.0, ropeFrequencies(RopeParams{}).invFreq);
    EXPECT_NEAR(scaled, plain, 1e-12);
}

TEST(RopeDecayBoundFor, KnownAnswerForTwoPairs) {
    RopeParams params;
    params.headDim = 4;  // θ₀ = 1, θ₁ = 10000^(−1/2) = 0.01
    const RopeFrequencies freqs = ropeFrequencies(params);
    // q = k = (1, 0, 1, 0) interleaved: h₀ = h₁ = 1, h₂ = 0, so max|h_{i+1} − h_i| = 1 and the
    // bound is |S₁| + |S₂| = |e^{iΔ}| + |e^{iΔ} + e^{iΔ·0.01}| = 1 + 2·|cos(Δ·0.495)|.
    const Eigen::Vector4d q(1.0, 0.0, 1.0, 0.0);
    const std::vector<double> bound =
        ropeDecayBoundFor(q, q, freqs, RopeLayout::Interleaved, {0.0, 100.0, 400.0});
    EXPECT_DOUBLE_EQ(bound[0], 3.0);
    EXPECT_NEAR(bound[1], 1.0 + 2.0 * std::abs(std::cos(49.5)), 1e-13);
    EXPECT_NEAR(bound[2], 1.0 + 2.0 * std::abs(std::cos(198.0)), 1e-13);
    // Half-split pairs (0, 2) and (1, 3): the same q has pair 0 = 1 + i and pair 1 = 0, so
    // h = (2, 0, 0): the largest step is 2 and the bound twice as high.
    EXPECT_DOUBLE_EQ(ropeDecayBoundFor(q, q, freqs, RopeLayout::HalfSplit, {0.0}).front(), 6.0);
}

TEST(RopeDecayBoundFor, BoundsEveryScoreItIsGiven) {
    for (RopeType type : {RopeType::Default, RopeType::Yarn}) {
        RopeParams params;
        params.headDim = 64;
        params.partialRotaryFactor = type == RopeType::Yarn ? 0.75 : 1.0;
        params.ropeType = type;
        if (type == RopeType::Yarn) {
            params.factor = 4.0;
            params.originalMaxPositionEmbeddings = 512;
        }
        const RopeFrequencies freqs = ropeFrequencies(params);
        const Eigen::MatrixXd qk = seededStandardNormal(2, 64, 7);
        const Eigen::VectorXd q = qk.row(0).transpose();
        const Eigen::VectorXd k = qk.row(1).transpose();
        for (const Eigen::VectorXd& key : {q, k}) {
            const std::vector<double> scores = ropeScoreCurve(
                q, key, freqs, RopeLayout::HalfSplit, DistanceRange{0, 3000, 1}, Execution{});
            std::vector<double> distances(scores.size());
            for (std::size_t i = 0; i < distances.size(); ++i) distances[i] = double(i);
            const std::vector<double> bound =
                ropeDecayBoundFor(q, key, freqs, RopeLayout::HalfSplit, distances);
            for (std::size_t i = 0; i < scores.size(); ++i) {
                ASSERT_LE(std::abs(scores[i]), bound[i] + 1e-9) << "distance " << i;
            }
        }
    }
}

}  // namespace
}  // namespace ropelab
