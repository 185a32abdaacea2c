// SPDX-License-Identifier: GPL-3.0-or-later
// T5 buckets against HF transformers modeling_t5.py _relative_position_bucket. Expected buckets
// were computed with a Python transcription of that function evaluated in float32 with numpy (as
// torch does); the edges r = 16, 32, 64 land exactly on integers.

#include <gtest/gtest.h>

#include "common/errors.h"
#include "encodings/t5_buckets.h"

namespace ropelab {
namespace {

TEST(T5Buckets, BidirectionalDefaultsIncludingEdges) {
    const T5BucketParams params;  // 32 buckets, max distance 128
    // Keys before the query (relative < 0): 0..15; after it: 16..31.
    const std::pair<int, int> before[] = {{0, 0},    {1, 1},      {7, 7},   {8, 8},    {15, 9},
                                          {16, 10},  {17, 10},    {31, 11}, {32, 12},  {33, 12},
                                          {63, 13},  {64, 14},    {65, 14}, {127, 15}, {128, 15},
                                          {129, 15}, {100000, 15}};
    for (const auto& [distance, bucket] : before) {
        EXPECT_EQ(t5RelativePositionBucket(-distance, params), bucket) << "relative " << -distance;
        if (distance > 0) {
            EXPECT_EQ(t5RelativePositionBucket(distance, params), bucket + 16)
                << "relative " << distance;
        }
    }
}

TEST(T5Buckets, CausalDefaults) {
    T5BucketParams params;
    params.bidirectional = false;
    const std::pair<int, int> cases[] = {{0, 0},    {5, 5},    {15, 15},  {16, 16}, {17, 16},
                                         {31, 21},  {32, 21},  {33, 21},  {63, 26}, {64, 26},
                                         {127, 31}, {128, 31}, {5000, 31}};
    for (const auto& [distance, bucket] : cases) {
        EXPECT_EQ(t5RelativePositionBucket(-distance, params), bucket) << "relative " << -distance;
    }
    // Keys after the query are future tokens: bucket 0.
    EXPECT_EQ(t5RelativePositionBucket(1, params), 0);
    EXPECT_EQ(t5RelativePositionBucket(500, params), 0);
}

TEST(T5Buckets, OtherBucketCounts) {
    // 64 buckets, max distance 256, bidirectional: n = 32, max_exact 16, edges at 32, 64, 128.
    const T5BucketParams params{64, 256, true};
    EXPECT_EQ(t5RelativePositionBucket(-15, params), 15);
    EXPECT_EQ(t5RelativePositionBucket(-32, params), 20);
    EXPECT_EQ(t5RelativePositionBucket(-64, params), 24);
    EXPECT_EQ(t5RelativePositionBucket(-128, params), 28);
    EXPECT_EQ(t5RelativePositionBucket(-256, params), 31);
    EXPECT_EQ(t5RelativePositionBucket(64, params), 56);
}

TEST(T5Buckets, BiasMatrixLooksUpTheBucketOfKeyMinusQuery) {
    T5BucketParams params;
    Eigen::VectorXd table(32);
    for (int b = 0; b < 32; ++b) table[b] = 0.5 * b;
    const Eigen::MatrixXd bias = t5BiasMatrix(40, params, table);
    for (int i = 0; i < 40; i += 7) {
        for (int j = 0; j < 40; j += 3) {
            EXPECT_EQ(bias(i, j), table[t5RelativePositionBucket(j - i, params)]);
        }
    }
    EXPECT_THROW(t5BiasMatrix(4, params, Eigen::VectorXd::Zero(8)), InputError);
}

TEST(T5Buckets, RejectsParametersWithoutALogBranch) {
    EXPECT_THROW(validate(T5BucketParams{2, 128, true}), InputError);
    EXPECT_THROW(validate(T5BucketParams{32, 8, true}), InputError);  // max_exact is 8
    EXPECT_NO_THROW(validate(T5BucketParams{32, 9, true}));
}

}  // namespace
}  // namespace ropelab
