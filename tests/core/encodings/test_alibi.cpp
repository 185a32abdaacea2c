// SPDX-License-Identifier: GPL-3.0-or-later
// ALiBi slopes against ofirpress/attention_with_linear_biases get_slopes (values from running
// that Python function) and the bias −m·(i − j).

#include <gtest/gtest.h>

#include <limits>

#include "common/errors.h"
#include "encodings/alibi.h"

namespace ropelab {
namespace {

TEST(Alibi, EightHeadsAreHalvings) {
    const std::vector<double> slopes = alibiSlopes(8);
    const std::vector<double> expected = {1.0 / 2,  1.0 / 4,  1.0 / 8,   1.0 / 16,
                                          1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256};
    EXPECT_EQ(slopes, expected);
}

TEST(Alibi, NonPowerOfTwoUsesTheReferenceInterleaving) {
    EXPECT_EQ(alibiSlopes(12),
              (std::vector<double>{0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125,
                                   0.00390625, 0.7071067811865476, 0.35355339059327384,
                                   0.17677669529663692, 0.08838834764831849}));
    EXPECT_EQ(alibiSlopes(6),
              (std::vector<double>{0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125}));
    EXPECT_EQ(alibiSlopes(5), (std::vector<double>{0.25, 0.0625, 0.015625, 0.00390625, 0.5}));
    EXPECT_EQ(alibiSlopes(1), (std::vector<double>{0.00390625}));
}

TEST(Alibi, BiasIsMinusSlopeTimesDistance) {
    const Eigen::MatrixXd causal = alibiBias(5, 0.25);
    EXPECT_EQ(causal(4, 1), -0.75);
    EXPECT_EQ(causal(2, 2), 0.0);
    // ALiBi is causal: a key after the query is masked (−∞), never a positive bias.
    const double masked = -std::numeric_limits<double>::infinity();
    EXPECT_EQ(causal(1, 4), masked);
    EXPECT_EQ(causal(0, 1), masked);
    EXPECT_EQ(alibiCausalBias(0.5, 7, 3), -2.0);
    EXPECT_EQ(alibiCausalBias(0.5, 3, 7), masked);
    const Eigen::MatrixXd symmetric = alibiBias(5, 0.25, AlibiBias::Symmetric);
    EXPECT_EQ(symmetric(1, 4), -0.75);
    EXPECT_EQ(symmetric(4, 1), -0.75);
}

TEST(Alibi, RejectsZeroHeads) {
    EXPECT_THROW(alibiSlopes(0), InputError);
    EXPECT_THROW(alibiBias(0, 0.5), InputError);
}

}  // namespace
}  // namespace ropelab
