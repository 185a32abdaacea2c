// SPDX-License-Identifier: GPL-3.0-or-later
// Properties of applying RoPE (RoFormer, Su et al. 2021): rotation preserves norms, scores depend
// on m − n only, the two layouts are one permutation apart, partial rotary passes the tail.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "common/errors.h"
#include "encodings/rope_apply.h"

namespace ropelab {
namespace {

Eigen::VectorXd randomVector(int size, unsigned seed) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    Eigen::VectorXd v(size);
    for (int i = 0; i < size; ++i) v[i] = uniform(engine);
    return v;
}

RopeFrequencies frequencies(int headDim, double base = 10000.0) {
    RopeParams params;
    params.headDim = headDim;
    params.ropeTheta = base;
    return ropeFrequencies(params);
}

TEST(RopeApply, TwoDimensionalKnownAnswer) {
    // d = 2 has one pair with θ_0 = 1: position p rotates by p radians.
    const RopeFrequencies freqs = frequencies(2);
    const Eigen::Vector2d x(1.0, 0.0);
    const Eigen::VectorXd out = applyRope(x, 1.0, freqs, RopeLayout::HalfSplit);
    EXPECT_DOUBLE_EQ(out[0], std::cos(1.0));
    EXPECT_DOUBLE_EQ(out[1], std::sin(1.0));
}

TEST(RopeApply, HalfSplitMatchesRotateHalf) {
    // HF: out = x·cos + rotate_half(x)·sin with rotate_half(x) = [−x2, x1], cos = cat(c, c).
    const RopeFrequencies freqs = frequencies(8);
    const Eigen::VectorXd x = randomVector(8, 3);
    const double position = 7.0;
    const Eigen::VectorXd out = applyRope(x, position, freqs, RopeLayout::HalfSplit);
    for (int i = 0; i < 4; ++i) {
        const double c = std::cos(position * freqs.invFreq[i]);
        const double s = std::sin(position * freqs.invFreq[i]);
        EXPECT_DOUBLE_EQ(out[i], x[i] * c - x[i + 4] * s);
        EXPECT_DOUBLE_EQ(out[i + 4], x[i + 4] * c + x[i] * s);
    }
}

TEST(RopeApply, PreservesNorm) {
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const RopeFrequencies freqs = frequencies(64);
        const Eigen::VectorXd x = randomVector(64, 5);
        for (double position : {0.0, 1.0, 17.5, 1000.0, 123456.0}) {
            EXPECT_NEAR(applyRope(x, position, freqs, layout).norm(), x.norm(), 1e-12);
        }
    }
}

TEST(RopeApply, ScoreDependsOnlyOnRelativePosition) {
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const RopeFrequencies freqs = frequencies(32, 500000.0);
        const Eigen::VectorXd q = randomVector(32, 7);
        const Eigen::VectorXd k = randomVector(32, 8);
        for (int distance : {0, 1, 5, 100}) {
            const double reference =
                applyRope(q, distance, freqs, layout).dot(applyRope(k, 0, freqs, layout));
            for (int n : {1, 10, 333, 2047}) {
                const double score =
                    applyRope(q, n + distance, freqs, layout).dot(applyRope(k, n, freqs, layout));
                EXPECT_NEAR(score, reference, 1e-12) << "m-n " << distance << " n " << n;
            }
        }
    }
}

TEST(RopeApply, LayoutsAgreeUnderThePairPermutation) {
    // half[i] ↔ inter[2i], half[i + d/2] ↔ inter[2i + 1].
    const int d = 16;
    const RopeFrequencies freqs = frequencies(d);
    const Eigen::VectorXd half = randomVector(d, 9);
    Eigen::VectorXd inter(d);
    for (int i = 0; i < d / 2; ++i) {
        inter[2 * i] = half[i];
        inter[2 * i + 1] = half[i + d / 2];
    }
    const Eigen::VectorXd outHalf = applyRope(half, 42.0, freqs, RopeLayout::HalfSplit);
    const Eigen::VectorXd outInter = applyRope(inter, 42.0, freqs, RopeLayout::Interleaved);
    for (int i = 0; i < d / 2; ++i) {
        EXPECT_DOUBLE_EQ(outInter[2 * i], outHalf[i]);
        EXPECT_DOUBLE_EQ(outInter[2 * i + 1], outHalf[i + d / 2]);
    }
    const RopePair pair = ropePair(3, d, RopeLayout::HalfSplit);
    EXPECT_EQ(pair.a, 3);
    EXPECT_EQ(pair.b, 11);
}

TEST(RopeApply, PartialRotaryPassesTheRestAndAttentionFactorScalesTheRotatedPart) {
    RopeParams params;
    params.headDim = 12;
    params.partialRotaryFactor = 0.5;  // rotary dim 6
    params.ropeType = RopeType::Yarn;
    params.factor = 4.0;
    const RopeFrequencies freqs = ropeFrequencies(params);
    ASSERT_EQ(freqs.rotaryDim, 6);
    const Eigen::VectorXd x = randomVector(12, 11);
    const Eigen::VectorXd out = applyRope(x, 0.0, freqs, RopeLayout::HalfSplit);
    // At position 0 the rotation is the identity, so only the attention factor shows.
    for (int i = 0; i < 6; ++i) EXPECT_DOUBLE_EQ(out[i], x[i] * freqs.attentionFactor);
    for (int i = 6; i < 12; ++i) EXPECT_EQ(out[i], x[i]);
    const Eigen::VectorXd later = applyRope(x, 9.0, freqs, RopeLayout::Interleaved);
    for (int i = 6; i < 12; ++i) EXPECT_EQ(later[i], x[i]);
    EXPECT_NEAR(later.head(6).norm(), x.head(6).norm() * freqs.attentionFactor, 1e-12);
}

TEST(RopeApply, RejectsAVectorOfTheWrongSize) {
    EXPECT_THROW(applyRope(Eigen::VectorXd::Zero(6), 1.0, frequencies(8), RopeLayout::HalfSplit),
                 InputError);
}

}  // namespace
}  // namespace ropelab
