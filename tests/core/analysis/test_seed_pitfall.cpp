// SPDX-License-Identifier: GPL-3.0-or-later
// The seed code's matrix is not a rotation; RoPE's is.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/position_encoder.h"
#include "analysis/seed_pitfall.h"
#include "common/errors.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"

namespace ropelab {
namespace {

TEST(SeedPitfall, SeedMatrixEntries) {
    const Eigen::MatrixXd m = seedCodeMatrix(4);
    EXPECT_EQ(m(0, 3), 1.0);  // cos(0)
    EXPECT_DOUBLE_EQ(m(2, 3), std::cos(0.06));
    EXPECT_DOUBLE_EQ(m(3, 3), std::cos(0.09));
    EXPECT_EQ(m(1, 2), m(2, 1));  // symmetric
}

TEST(SeedPitfall, SeedMatrixIsWhatTheSeedEncodingMultipliesBy) {
    // f(x, p) = (x + PE[p])·M with PE[p, j] = cos(p·j·0.01), as the seed code.
    ScoreEncodingParams seed;
    seed.encoding = ScoreEncoding::Seed;
    const int d = 6;
    const Eigen::VectorXd x = seededStandardNormal(1, d, 3).row(0).transpose();
    const PositionEncoder encoder(seed, d);
    const Eigen::MatrixXd m = seedCodeMatrix(d);
    for (int p : {0, 1, 7, 40}) {
        Eigen::RowVectorXd row = x.transpose();
        for (int j = 0; j < d; ++j) row[j] += std::cos(p * j * 0.01);
        const Eigen::VectorXd expected = (row * m).transpose();
        EXPECT_LT((encoder.encode(x, p) - expected).norm(), 1e-12) << p;
    }
}

TEST(SeedPitfall, TheSeedExampleMatrixIsNearlySingular) {
    // d_model = 2 as in the seed text: M = [[1, 1], [1, cos 0.01]], det = cos 0.01 − 1.
    const Eigen::VectorXd s = singularValues(seedCodeMatrix(2));
    ASSERT_EQ(s.size(), 2);
    EXPECT_NEAR(s[0] * s[1], 1.0 - std::cos(0.01), 1e-15);
    EXPECT_NEAR(s[0], 2.0, 1e-4);
    EXPECT_LT(s[1], 1e-4);
}

TEST(SeedPitfall, NumericalRank) {
    // cos(i·j·0.01) for i, j < 64 is a smooth kernel: its singular values fall below
    // 64·ε·σ_max after a few dozen (numpy.linalg.matrix_rank's tolerance).
    const Eigen::MatrixXd m = seedCodeMatrix(64);
    const int rank = numericalRank(singularValues(m), 64, 64);
    EXPECT_GT(rank, 10);
    EXPECT_LT(rank, 40);
    const Eigen::VectorXd s = singularValues(m);
    EXPECT_GT(s[rank - 1], 64 * 2.220446049250313e-16 * s[0]);
    EXPECT_LE(s[rank], 64 * 2.220446049250313e-16 * s[0]);
    EXPECT_EQ(numericalRank(Eigen::VectorXd::Ones(8), 8, 8), 8);
    EXPECT_EQ(numericalRank(Eigen::VectorXd(), 0, 0), 0);
}

TEST(SeedPitfall, RopeMatrixIsOrthogonalAndMatchesApplyRope) {
    RopeParams params;
    params.headDim = 16;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd x = seededStandardNormal(1, 16, 5).row(0).transpose();
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const Eigen::MatrixXd r = ropeRotationMatrix(freqs, 37.0, layout);
        EXPECT_LT((r * x - applyRope(x, 37.0, freqs, layout)).norm(), 1e-12);
        EXPECT_LT((r.transpose() * r - Eigen::MatrixXd::Identity(16, 16)).norm(), 1e-12);
        const Eigen::VectorXd s = singularValues(r);
        EXPECT_NEAR(s.maxCoeff(), 1.0, 1e-12);
        EXPECT_NEAR(s.minCoeff(), 1.0, 1e-12);
    }
}

TEST(SeedPitfall, InterleavedMatrixIsBlockDiagonal) {
    RopeParams params;
    params.headDim = 8;
    const Eigen::MatrixXd r =
        ropeRotationMatrix(ropeFrequencies(params), 1.0, RopeLayout::Interleaved);
    EXPECT_DOUBLE_EQ(r(0, 0), std::cos(1.0));  // pair 0 turns by θ_0 = 1 rad
    EXPECT_DOUBLE_EQ(r(1, 0), std::sin(1.0));
    EXPECT_DOUBLE_EQ(r(0, 1), -std::sin(1.0));
    EXPECT_EQ(r(2, 0), 0.0);
}

TEST(SeedPitfall, LengthRatiosOfTheMapAlone) {
    // A rotation keeps every length; a rotation times the attention factor scales all by it.
    RopeParams params;
    params.headDim = 8;
    const Eigen::MatrixXd r =
        ropeRotationMatrix(ropeFrequencies(params), 5.0, RopeLayout::HalfSplit);
    for (double ratio : lengthRatios(r, 40, 9)) EXPECT_NEAR(ratio, 1.0, 1e-13);
    for (double ratio : lengthRatios(1.5 * r, 40, 9)) EXPECT_NEAR(ratio, 1.5, 1e-13);
    // diag(3, 1/2): ‖x·M‖/‖x‖ = √(9x₀² + x₁²/4)/‖x‖, from the formula for the same directions.
    const Eigen::Matrix2d m{{3.0, 0.0}, {0.0, 0.5}};
    const std::vector<double> ratios = lengthRatios(m, 50, 4);
    const Eigen::MatrixXd x = seededStandardNormal(50, 2, 4);
    std::vector<double> expected;
    for (int s = 0; s < 50; ++s) {
        expected.push_back(std::sqrt(9.0 * x(s, 0) * x(s, 0) + 0.25 * x(s, 1) * x(s, 1)) /
                           std::hypot(x(s, 0), x(s, 1)));
    }
    std::sort(expected.begin(), expected.end());
    ASSERT_EQ(ratios.size(), 50u);
    for (std::size_t s = 0; s < 50; ++s) EXPECT_NEAR(ratios[s], expected[s], 1e-14);
    EXPECT_GE(ratios.front(), 0.5);
    EXPECT_LE(ratios.back(), 3.0);
    // The seed code's M at d = 64 spreads between its extreme singular values, far from 1.
    const Eigen::MatrixXd seed = seedCodeMatrix(64);
    const Eigen::VectorXd sigma = singularValues(seed);
    const std::vector<double> seedRatios = lengthRatios(seed, 256, 1);
    EXPECT_GE(seedRatios.front(), sigma.minCoeff());
    EXPECT_LE(seedRatios.back(), sigma.maxCoeff());
    EXPECT_GT(seedRatios.back() / seedRatios.front(), 2.0);
}

TEST(SeedPitfall, BadInput) {
    EXPECT_THROW(seedCodeMatrix(0), InputError);
    EXPECT_THROW(lengthRatios(Eigen::MatrixXd::Identity(3, 3), 0, 1), InputError);
    EXPECT_THROW(lengthRatios(Eigen::MatrixXd(0, 0), 4, 1), InputError);
}

}  // namespace
}  // namespace ropelab
