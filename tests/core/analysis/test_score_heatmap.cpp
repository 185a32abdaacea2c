// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <stop_token>

#include "analysis/score_heatmap.h"
#include "common/errors.h"
#include "encodings/learned_absolute.h"
#include "score_reference.h"

namespace ropelab {
namespace {

// Brute force: every score(m, n) from the reference, pooled into ⌊c·N/W⌋ blocks.
PooledGrid bruteForce(const ScoreEncodingParams& e, const Eigen::MatrixXd& queries,
                      const Eigen::MatrixXd& keys, int width, int height, Pooling pooling) {
    const std::int64_t n = queries.rows();
    PooledGrid grid{width, height, {}};
    for (int r = 0; r < height; ++r) {
        for (int c = 0; c < width; ++c) {
            double sum = 0.0;
            double best = -std::numeric_limits<double>::infinity();
            std::int64_t count = 0;
            for (std::int64_t m = r * n / height; m < (r + 1) * n / height; ++m) {
                for (std::int64_t j = c * n / width; j < (c + 1) * n / width; ++j) {
                    const double s = test::referenceScore(e, queries.row(m).transpose(),
                                                          keys.row(j).transpose(), m, j);
                    sum += s;
                    best = std::max(best, s);
                    ++count;
                }
            }
            grid.values.push_back(pooling == Pooling::Mean ? sum / count : best);
        }
    }
    return grid;
}

TEST(ScoreHeatmap, PoolsLikeBruteForceForEveryEncoding) {
    const int d = 8;
    const std::int64_t n = 37;  // not a multiple of either grid side: uneven blocks
    const Eigen::MatrixXd queries = seededStandardNormal(n, d, 11);
    const Eigen::MatrixXd keys = seededStandardNormal(n, d, 12);
    Execution exec;
    exec.threads = 2;
    for (const ScoreEncodingParams& e : test::everyEncoding(d)) {
        for (Pooling pooling : {Pooling::Mean, Pooling::Max}) {
            const PooledGrid expected = bruteForce(e, queries, keys, 5, 3, pooling);
            const PooledGrid got = scoreHeatmap(queries, keys, e, 5, 3, pooling, exec);
            ASSERT_EQ(got.width, 5);
            ASSERT_EQ(got.height, 3);
            ASSERT_EQ(got.values.size(), expected.values.size());
            for (std::size_t i = 0; i < got.values.size(); ++i) {
                EXPECT_TRUE(test::sameScore(got.values[i], expected.values[i], 1e-9))
                    << toString(e.encoding) << " cell " << i
                    << (pooling == Pooling::Mean ? " mean" : " max");
            }
        }
    }
}

TEST(ScoreHeatmap, RopeEntryPointMatchesGeneralOneAndEveryCellSizeOne) {
    RopeParams params;
    params.headDim = 16;
    params.ropeType = RopeType::Linear;
    params.factor = 2.0;
    const std::int64_t n = 20;
    const Eigen::MatrixXd queries = seededStandardNormal(n, 16, 3);
    const Eigen::MatrixXd keys = seededStandardNormal(n, 16, 4);
    ScoreEncodingParams e;
    e.rope = params;
    e.layout = RopeLayout::Interleaved;
    // A 20 × 20 grid over 20 positions: every cell is one score, mean = max = score(m, n).
    const PooledGrid mean = ropeScoreHeatmap(queries, keys, ropeFrequencies(params),
                                             RopeLayout::Interleaved, 20, 20, Pooling::Mean, {});
    const PooledGrid max = ropeScoreHeatmap(queries, keys, ropeFrequencies(params),
                                            RopeLayout::Interleaved, 20, 20, Pooling::Max, {});
    for (int m = 0; m < 20; ++m) {
        for (int j = 0; j < 20; ++j) {
            const double s =
                test::referenceScore(e, queries.row(m).transpose(), keys.row(j).transpose(), m, j);
            EXPECT_NEAR(mean.at(m, j), s, 1e-12);
            EXPECT_NEAR(max.at(m, j), s, 1e-12);
        }
    }
}

// Zero q and k over 4 positions, ALiBi slope 2⁻¹, a 2 × 2 grid of 2 × 2 blocks: a block holding
// a key after its query has no mean (−∞); the lower-left block's mean is −(2 + 1 + 3 + 2)/8 = −1
// and its max −1/2 (query 2, key 1); the diagonal blocks' max is the diagonal's 0.
TEST(ScoreHeatmap, AlibiBlocksWithMaskedKeys) {
    ScoreEncodingParams alibi;
    alibi.encoding = ScoreEncoding::Alibi;
    const Eigen::MatrixXd zeros = Eigen::MatrixXd::Zero(4, 3);
    const double masked = -std::numeric_limits<double>::infinity();
    const PooledGrid mean = scoreHeatmap(zeros, zeros, alibi, 2, 2, Pooling::Mean, {});
    EXPECT_EQ(mean.values, (std::vector<double>{masked, masked, -1.0, masked}));
    const PooledGrid max = scoreHeatmap(zeros, zeros, alibi, 2, 2, Pooling::Max, {});
    EXPECT_EQ(max.values, (std::vector<double>{0.0, masked, -0.5, 0.0}));
}

TEST(ScoreHeatmap, SameResultForEveryThreadCount) {
    const std::int64_t n = 700;
    const Eigen::MatrixXd queries = seededStandardNormal(n, 32, 5);
    const Eigen::MatrixXd keys = seededStandardNormal(n, 32, 6);
    for (ScoreEncodingParams e : test::everyEncoding(32)) {
        for (Pooling pooling : {Pooling::Mean, Pooling::Max}) {
            Execution one;
            Execution three;
            three.threads = 3;
            EXPECT_EQ(scoreHeatmap(queries, keys, e, 33, 17, pooling, one).values,
                      scoreHeatmap(queries, keys, e, 33, 17, pooling, three).values)
                << toString(e.encoding);
        }
    }
}

TEST(ScoreHeatmap, Cancels) {
    const Eigen::MatrixXd queries = seededStandardNormal(2048, 64, 5);
    std::stop_source source;
    Execution exec;
    exec.threads = 2;
    exec.stop = source.get_token();
    // Stop from the first progress report: the rest is skipped and Cancelled thrown.
    exec.progress = [&](double) { source.request_stop(); };
    ScoreEncodingParams e;
    e.rope.headDim = 64;
    EXPECT_THROW(scoreHeatmap(queries, queries, e, 64, 64, Pooling::Max, exec), Cancelled);
}

TEST(ScoreHeatmap, RejectsBadInput) {
    const Eigen::MatrixXd queries = seededStandardNormal(10, 8, 5);
    const Eigen::MatrixXd wider = seededStandardNormal(10, 16, 5);
    const RopeFrequencies freqs = [] {
        RopeParams p;
        p.headDim = 8;
        return ropeFrequencies(p);
    }();
    const auto heatmap = [&](const Eigen::MatrixXd& q, const Eigen::MatrixXd& k, int w, int h) {
        return ropeScoreHeatmap(q, k, freqs, RopeLayout::HalfSplit, w, h, Pooling::Mean, {});
    };
    EXPECT_THROW(heatmap(queries, queries, 11, 2), InputError);  // grid wider than N
    EXPECT_THROW(heatmap(queries, queries, 2, 11), InputError);
    EXPECT_THROW(heatmap(queries, queries, 0, 2), InputError);
    EXPECT_THROW(heatmap(queries, queries, 2, -1), InputError);
    EXPECT_THROW(heatmap(wider, wider, 2, 2), InputError);  // not head_dim columns
    EXPECT_THROW(heatmap(queries, seededStandardNormal(9, 8, 5), 2, 2), InputError);
    EXPECT_THROW(heatmap(Eigen::MatrixXd(0, 8), Eigen::MatrixXd(0, 8), 1, 1), InputError);
    ScoreEncodingParams learned;
    learned.encoding = ScoreEncoding::Learned;
    learned.learnedMaxLength = 5;  // positions 5 … 9 have no row
    EXPECT_THROW(scoreHeatmap(queries, queries, learned, 2, 2, Pooling::Max, {}), InputError);
}

TEST(ScoreHeatmap, MaxPoolingIsExactForNearTiesAndAnyMagnitude) {
    // Max pooling screens scores in single precision and recomputes the candidates in double:
    // identical keys and zero queries make every score of a cell a candidate, tiny vectors
    // underflow in single precision, large ones stress the error bound or skip screening.
    const std::int64_t n = 300;
    ScoreEncodingParams e;
    e.rope.headDim = 16;
    const Eigen::MatrixXd random = seededStandardNormal(n, 16, 31);
    const Eigen::MatrixXd other = seededStandardNormal(n, 16, 32);
    Eigen::MatrixXd same(n, 16);
    same.rowwise() = other.row(0);
    struct Case {
        const char* name;
        Eigen::MatrixXd queries, keys;
    };
    const Case cases[] = {
        {"random", random, other},
        {"identical keys", random, same},
        {"zero queries", Eigen::MatrixXd::Zero(n, 16), other},
        {"small", 1e-15 * random, 1e-15 * other},
        {"underflowing", 1e-35 * random, 1e-35 * other},
        {"large", 1e13 * random, 1e13 * other},
        {"beyond single precision", 1e25 * random, other},
    };
    Execution exec;
    exec.threads = 2;
    for (const Case& c : cases) {
        const PooledGrid expected = bruteForce(e, c.queries, c.keys, 7, 5, Pooling::Max);
        const PooledGrid got = scoreHeatmap(c.queries, c.keys, e, 7, 5, Pooling::Max, exec);
        const double scale =
            c.queries.rowwise().norm().maxCoeff() * c.keys.rowwise().norm().maxCoeff();
        ASSERT_EQ(got.values.size(), expected.values.size());
        for (std::size_t i = 0; i < got.values.size(); ++i) {
            EXPECT_NEAR(got.values[i], expected.values[i], 1e-12 * scale)
                << c.name << " cell " << i;
        }
    }
}

TEST(PoolBlockStart, SplitsEvenly) {
    EXPECT_EQ(poolBlockStart(37, 5, 0), 0);
    EXPECT_EQ(poolBlockStart(37, 5, 1), 7);
    EXPECT_EQ(poolBlockStart(37, 5, 5), 37);
    EXPECT_EQ(poolBlockStart(std::int64_t{1} << 40, 3, 2), ((std::int64_t{1} << 40) * 2) / 3);
}

}  // namespace
}  // namespace ropelab
