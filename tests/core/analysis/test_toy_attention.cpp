// SPDX-License-Identifier: GPL-3.0-or-later
// The toy self-attention: softmax attention by hand on tiny inputs, permutation equivariance
// without positions, and order sensitivity with sinusoidal or rotary positions.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/toy_attention.h"
#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {
namespace {

ToyAttention identityModel(int d) {
    ToyAttention model;
    model.embeddings = Eigen::MatrixXd::Identity(d, d);
    model.query = Eigen::MatrixXd::Identity(d, d);
    model.key = Eigen::MatrixXd::Identity(d, d);
    model.value = Eigen::MatrixXd::Identity(d, d);
    return model;
}

TEST(ToyAttention, TwoOrthogonalTokensByHand) {
    // scores = I/√2, so row 0 = softmax([1/√2, 0]) = [σ(1/√2), 1 − σ(1/√2)].
    const ToyAttentionResult r = toySelfAttention(identityModel(2), {0, 1}, ToyPosition::None);
    const double s = 1.0 / (1.0 + std::exp(-1.0 / std::sqrt(2.0)));
    EXPECT_NEAR(s, 0.66976155, 1e-8);  // σ(0.70710678)
    EXPECT_NEAR(r.weights(0, 0), s, 1e-15);
    EXPECT_NEAR(r.weights(0, 1), 1.0 - s, 1e-15);
    EXPECT_NEAR(r.weights(1, 1), s, 1e-15);
    // V = I, so the outputs are the weights.
    EXPECT_NEAR((r.outputs - r.weights).cwiseAbs().maxCoeff(), 0.0, 1e-15);
}

TEST(ToyAttention, RowsOfWeightsAreProbabilities) {
    const ToyAttentionResult r =
        toySelfAttention(toyAttentionExample(), {2, 0, 1}, ToyPosition::Sinusoidal);
    for (Eigen::Index i = 0; i < r.weights.rows(); ++i) {
        EXPECT_NEAR(r.weights.row(i).sum(), 1.0, 1e-15);
        EXPECT_GT(r.weights.row(i).minCoeff(), 0.0);
    }
}

TEST(ToyAttention, WithoutPositionsReorderingOnlyReordersOutputs) {
    const ToyAttention model = toyAttentionExample();
    const ToyAttentionResult dogChasesPig = toySelfAttention(model, {0, 1, 2}, ToyPosition::None);
    const ToyAttentionResult pigChasesDog = toySelfAttention(model, {2, 1, 0}, ToyPosition::None);
    EXPECT_LT(maxTokenOutputDifference(dogChasesPig, pigChasesDog), 1e-15);
    // Position 0 holds dog in one order and pig in the other: outputs by position differ.
    EXPECT_GT((dogChasesPig.outputs.row(0) - pigChasesDog.outputs.row(0)).cwiseAbs().maxCoeff(),
              0.05);
    // The weight dog gives pig is the same in both orders.
    EXPECT_NEAR(dogChasesPig.weights(0, 2), pigChasesDog.weights(2, 0), 1e-15);
    EXPECT_EQ(pigChasesDog.weightsByToken(0, 2), pigChasesDog.weights(2, 0));
    EXPECT_LT(maxTokenWeightDifference(dogChasesPig, pigChasesDog), 1e-15);
}

TEST(ToyAttention, WeightsByTokenFollowTheOrder) {
    const ToyAttention model = toyAttentionExample();
    const std::vector<int> order{1, 2, 0};  // 追猪狗: chases at place 0, pig at 1, dog at 2
    const ToyAttentionResult r = toySelfAttention(model, order, ToyPosition::Rope);
    for (int a = 0; a < 3; ++a) {
        for (int b = 0; b < 3; ++b) {
            EXPECT_EQ(r.weightsByToken(order[a], order[b]), r.weights(a, b)) << a << ", " << b;
        }
    }
    // With positions the order changes what dog gives pig: the largest change is at least that.
    const ToyAttentionResult reference = toySelfAttention(model, {0, 1, 2}, ToyPosition::Rope);
    const double dogPig = std::abs(r.weightsByToken(0, 2) - reference.weightsByToken(0, 2));
    EXPECT_GT(dogPig, 0.0);
    EXPECT_GE(maxTokenWeightDifference(r, reference), dogPig);
    EXPECT_EQ(maxTokenWeightDifference(r, r), 0.0);
}

TEST(ToyAttention, PositionsMakeTheOrderVisible) {
    const ToyAttention model = toyAttentionExample();
    for (const ToyPosition position : {ToyPosition::Sinusoidal, ToyPosition::Rope}) {
        const ToyAttentionResult a = toySelfAttention(model, {0, 1, 2}, position);
        const ToyAttentionResult b = toySelfAttention(model, {2, 1, 0}, position);
        EXPECT_GT(maxTokenOutputDifference(a, b), 0.01) << static_cast<int>(position);
    }
}

TEST(ToyAttention, SinusoidalAddsPeOfEachPosition) {
    // With Q = K = 0 every weight is 1/n and the output is the mean of the rows of x + PE;
    // PE(0) = (sin 0, cos 0) = (0, 1), PE(1) = (sin 1, cos 1) for d = 2.
    ToyAttention model = identityModel(2);
    model.query.setZero();
    model.key.setZero();
    const ToyAttentionResult r = toySelfAttention(model, {1, 0}, ToyPosition::Sinusoidal);
    EXPECT_NEAR(r.outputs(0, 0), (1.0 + 0.0 + 0.0 + std::sin(1.0)) / 2.0, 1e-15);
    EXPECT_NEAR(r.outputs(0, 1), (0.0 + 1.0 + 1.0 + std::cos(1.0)) / 2.0, 1e-15);
}

TEST(ToyAttention, RopeRotatesQueriesAndKeysByTheirPositions) {
    // d_head = 2, θ_0 = 1: score(0, 1) = q_0 · R(1)k_1 / √2 with q_0 = e0, k_1 = e1, so
    // R(1)e1 = (−sin 1, cos 1) and the score is −sin(1)/√2.
    const ToyAttentionResult r = toySelfAttention(identityModel(2), {0, 1}, ToyPosition::Rope);
    EXPECT_NEAR(r.scores(0, 1), -std::sin(1.0) / std::sqrt(2.0), 1e-15);
    // score(1, 0) = R(1)e1 · e0 / √2 = −sin(1)/√2 as well.
    EXPECT_NEAR(r.scores(1, 0), -std::sin(1.0) / std::sqrt(2.0), 1e-15);
    EXPECT_NEAR(r.scores(1, 1), 1.0 / std::sqrt(2.0), 1e-15);
}

TEST(ToyAttention, RejectsOrdersThatAreNotPermutations) {
    const ToyAttention model = toyAttentionExample();
    EXPECT_THROW(toySelfAttention(model, {0, 1}, ToyPosition::None), InputError);
    EXPECT_THROW(toySelfAttention(model, {0, 1, 1}, ToyPosition::None), InputError);
    EXPECT_THROW(toySelfAttention(model, {0, 1, 3}, ToyPosition::None), InputError);
    EXPECT_THROW(toySelfAttention(model, {0, 1, 2}, ToyPosition::Sinusoidal, 1.0), InputError);
    const auto problemOf = [&model](const std::vector<int>& order) {
        try {
            toySelfAttention(model, order, ToyPosition::None);
        } catch (const ParameterError& error) {
            return error.problem();
        }
        return ParameterProblem("accepted", Rule::Finite);
    };
    EXPECT_EQ(problemOf({0, 1}), ParameterProblem("token_order", Rule::Count, 2, 3));
    EXPECT_EQ(problemOf({0, 1, 1}), ParameterProblem("token_order", Rule::Distinct, 1));
    ParameterProblem outside("token_order", Rule::Between, 3, 0, 2);
    outside.eachValue = true;
    EXPECT_EQ(problemOf({0, 1, 3}), outside);
}

}  // namespace
}  // namespace ropelab
