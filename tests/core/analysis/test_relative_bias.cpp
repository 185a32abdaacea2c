// SPDX-License-Identifier: GPL-3.0-or-later
// The bias alone of T5 and ALiBi against its definitions: a seeded table read at HF's bucket, and
// −m_h·(i − j) with m_h = 2^(−8h/H).

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "analysis/relative_bias.h"
#include "encodings/learned_absolute.h"
#include "encodings/t5_buckets.h"

namespace ropelab {
namespace {

TEST(RelativeBias, T5ReadsTheSeededTableAtTheBucket) {
    const T5BucketParams t5{16, 40, true};
    const Eigen::MatrixXd table = seededStandardNormal(t5.numBuckets, 1, 7);
    const ScoreEncodingParams encoding = t5BiasEncoding(t5, 7);
    for (const auto& [query, key] : {std::pair{5, 5}, {9, 2}, {2, 9}, {300, 1}, {1, 300}}) {
        // HF's bucket takes key − query; the bucket table is one column.
        const double expected = table(t5RelativePositionBucket(key - query, t5), 0);
        EXPECT_DOUBLE_EQ(relativeBias(encoding, query, key), expected) << query << ", " << key;
    }
}

TEST(RelativeBias, AlibiIsLinearInTheDistanceAndMasksLaterKeys) {
    // Eight heads: m_h = 2^(−h); head 3 has m = 1/8.
    const ScoreEncodingParams encoding = alibiBiasEncoding(8, 3);
    EXPECT_DOUBLE_EQ(relativeBias(encoding, 10, 2), -8.0 / 8.0);
    EXPECT_DOUBLE_EQ(relativeBias(encoding, 4, 4), 0.0);
    EXPECT_EQ(relativeBias(encoding, 2, 10), -std::numeric_limits<double>::infinity());
}

TEST(RelativeBiasGrid, OneCellPerPositionAndTheFiniteRange) {
    const int n = 12;
    const ScoreEncodingParams alibi = alibiBiasEncoding(4, 1);  // m = 2^(−2)
    const RelativeBiasGrid grid = relativeBiasGrid(alibi, n, n, Execution{});
    ASSERT_EQ(grid.grid.width, n);
    ASSERT_EQ(grid.grid.height, n);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (j > i) {
                EXPECT_FALSE(std::isfinite(grid.grid.at(i, j)));
            } else {
                EXPECT_DOUBLE_EQ(grid.grid.at(i, j), -0.25 * (i - j));
            }
        }
    }
    EXPECT_DOUBLE_EQ(grid.lowest, -0.25 * (n - 1));
    EXPECT_DOUBLE_EQ(grid.highest, 0.0);

    // The heatmap sums a block's scores: a last bit may differ.
    const T5BucketParams t5;
    const Eigen::MatrixXd table = seededStandardNormal(t5.numBuckets, 1, 3);
    const RelativeBiasGrid t5Grid = relativeBiasGrid(t5BiasEncoding(t5, 3), n, n, Execution{});
    double low = 0.0;
    double high = 0.0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double expected = table(t5RelativePositionBucket(j - i, t5), 0);
            EXPECT_NEAR(t5Grid.grid.at(i, j), expected, 1e-14);
            low = std::min(low, expected);
            high = std::max(high, expected);
        }
    }
    EXPECT_NEAR(t5Grid.lowest, low, 1e-14);
    EXPECT_NEAR(t5Grid.highest, high, 1e-14);
}

}  // namespace
}  // namespace ropelab
