// SPDX-License-Identifier: GPL-3.0-or-later
// The vectorised kernels on every SIMD target Highway offers on this CPU (each forced in turn),
// against the fp64 reference: RoPE block sums, column maxima and the heatmaps built on them, with
// odd sizes so every tail is exercised. (Phasor sums are OpenBLAS products: test_blas_products.)

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/exact_phase.h"
#include "analysis/pooling_kernels.h"
#include "analysis/position_encoder.h"
#include "analysis/score_heatmap.h"
#include "analysis/simd_targets.h"
#include "common/errors.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "score_reference.h"

namespace ropelab {
namespace {

// Runs body once per offered target with that target forced, then restores the run-time choice.
template <class Body>
void onEveryTarget(Body&& body) {
    const std::vector<std::string> targets = offeredSimdTargets();
    ASSERT_FALSE(targets.empty());
    for (const std::string& target : targets) {
        forceSimdTarget(target);
        ASSERT_EQ(chosenSimdTarget(), target);
        SCOPED_TRACE("SIMD target " + target);
        body();
    }
    forceSimdTarget("");
    EXPECT_EQ(chosenSimdTarget(), targets.front());
}

TEST(SimdTargets, OffersTheBestTargetFirstAndNamesItInTheDescription) {
    const std::vector<std::string> targets = offeredSimdTargets();
    ASSERT_FALSE(targets.empty());
    EXPECT_EQ(chosenSimdTarget(), targets.front());
    const std::string description = simdTargetsDescription();
    EXPECT_EQ(description.rfind("Highway " + targets.front() + " (run-time choice; offered:", 0),
              0u)
        << description;
    for (const std::string& target : targets) {
        EXPECT_NE(description.find(" " + target), std::string::npos) << description;
    }
#if defined(__x86_64__)
    // The x86-64 baseline (scalar or 128-bit emulation) runs everywhere.
    EXPECT_TRUE(targets.back() == "SCALAR" || targets.back() == "EMU128") << targets.back();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
        EXPECT_NE(std::find(targets.begin(), targets.end(), "AVX2"), targets.end());
    }
#endif
    EXPECT_THROW(forceSimdTarget("NO_SUCH_TARGET"), InputError);
}

TEST(SimdKernels, RopeBlockSumsEqualSumsOfRotatedRowsOnEveryTarget) {
    // Partial rotary (pass-through components), an attention factor, both layouts; blocks of
    // 1, 7 and 37 rows (tails only), 300 rows (across the re-anchor at 256), far positions.
    RopeParams params;
    params.headDim = 20;
    params.partialRotaryFactor = 0.6;  // 12 rotated components, 8 passed through
    params.ropeType = RopeType::Yarn;
    params.factor = 4.0;
    const RopeFrequencies freqs = ropeFrequencies(params);
    ASSERT_NE(freqs.attentionFactor, 1.0);
    const Eigen::MatrixXd x = seededStandardNormal(346, 20, 8);
    // Consecutive blocks of 1, 7, 37 and 300 rows in one call; row m at position offset + m.
    const std::int64_t starts[] = {1, 2, 9, 46, 346};
    const auto reference = [&](RopeLayout layout, std::int64_t offset, int block) {
        Eigen::VectorXd sum = Eigen::VectorXd::Zero(20);
        for (std::int64_t m = starts[block]; m < starts[block + 1]; ++m) {
            // Rotated by exact phases (applyRope rounds p·θ as HF does, ~2e-9 rad at p = 2²⁴).
            Eigen::VectorXd row = x.row(m).transpose();
            for (int j = 0; j < freqs.pairs(); ++j) {
                const std::complex<double> w =
                    freqs.attentionFactor * exactPhasor(static_cast<double>(offset + m),
                                                        freqs.invFreq[static_cast<std::size_t>(j)]);
                const RopePair p = ropePair(j, freqs.rotaryDim, layout);
                const double a = row[p.a] * w.real() - row[p.b] * w.imag();
                row[p.b] = row[p.b] * w.real() + row[p.a] * w.imag();
                row[p.a] = a;
            }
            sum += row;
        }
        return sum;
    };
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const RopeBlockTables tables = ropeBlockTables(freqs, layout);
        onEveryTarget([&] {
            for (const std::int64_t offset : {std::int64_t{0}, (std::int64_t{1} << 24) - 3}) {
                std::vector<double> out(4 * 20);
                ropeBlockSums(tables, x.data(), x.outerStride(), offset, starts, 4, out.data());
                for (int block = 0; block < 4; ++block) {
                    const Eigen::VectorXd expected = reference(layout, offset, block);
                    const double scale =
                        x.middleRows(starts[block], starts[block + 1] - starts[block])
                            .rowwise()
                            .norm()
                            .sum();
                    for (int c = 0; c < 20; ++c) {
                        EXPECT_NEAR(out[static_cast<std::size_t>(block * 20 + c)], expected[c],
                                    1e-12 * scale)
                            << "block " << block << ", positions from " << offset + starts[block]
                            << ", component " << c;
                    }
                }
            }
        });
    }
}

TEST(SimdKernels, ColumnMaximaEqualBruteForceOnEveryTarget) {
    // 37 columns (no multiple of any vector width), rows 1 and 13, a row stride wider than a row.
    const RowMatrix tile = seededStandardNormal(13, 41, 2);
    onEveryTarget([&] {
        for (const std::int64_t rows : {std::int64_t{1}, std::int64_t{13}}) {
            std::vector<double> colMax(37, std::numeric_limits<double>::quiet_NaN());
            columnMax(tile.data(), rows, 37, 41, colMax.data());
            for (int j = 0; j < 37; ++j) {
                EXPECT_EQ(colMax[static_cast<std::size_t>(j)], tile.col(j).head(rows).maxCoeff())
                    << "column " << j << ", " << rows << " rows";
            }
        }
    });
}

TEST(SimdKernels, SinglePrecisionMaximaAndThresholdHitsOnEveryTarget) {
    // The screening kernels of max pooling: 37 of 41 columns, 13 rows, thresholds per column.
    const RowMatrix values = seededStandardNormal(13, 41, 5);
    const Eigen::MatrixXf tile = values.cast<float>();
    const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rows = tile;
    std::vector<float> threshold(37);
    for (int j = 0; j < 37; ++j) threshold[static_cast<std::size_t>(j)] = 0.25f * (j % 7) - 0.5f;
    std::vector<std::int32_t> expected;
    for (int i = 0; i < 13; ++i) {
        for (int j = 0; j < 37; ++j) {
            if (rows(i, j) >= threshold[static_cast<std::size_t>(j)])
                expected.push_back(i * 37 + j);
        }
    }
    ASSERT_GT(expected.size(), 20u);
    onEveryTarget([&] {
        std::vector<float> colMax(37);
        columnMax(rows.data(), 13, 37, 41, colMax.data());
        for (int j = 0; j < 37; ++j) {
            EXPECT_EQ(colMax[static_cast<std::size_t>(j)], rows.col(j).maxCoeff()) << j;
        }
        std::vector<std::int32_t> hits(expected.size());
        const auto all = static_cast<std::int64_t>(expected.size());
        EXPECT_EQ(findAtLeast(rows.data(), 13, 37, 41, threshold.data(), all, hits.data()), all);
        EXPECT_EQ(hits, expected);
        // Too small a capacity: the count says so, and only `capacity` hits are written.
        std::vector<std::int32_t> few(5, -1);
        EXPECT_GT(findAtLeast(rows.data(), 13, 37, 41, threshold.data(), 4, few.data()), 4);
        EXPECT_EQ(few[4], -1);
        EXPECT_TRUE(std::equal(few.begin(), few.begin() + 4, expected.begin()));
    });
}

TEST(SimdKernels, RopeHeatmapsPoolLikeBruteForceOnEveryTarget) {
    // N = 45 over a 7 × 4 grid (uneven blocks), d = 14 (7 pairs: every vector tail).
    RopeParams params;
    params.headDim = 14;
    ScoreEncodingParams e;
    e.rope = params;
    const std::int64_t n = 45;
    const Eigen::MatrixXd queries = seededStandardNormal(n, 14, 21);
    const Eigen::MatrixXd keys = seededStandardNormal(n, 14, 22);
    Execution exec;
    exec.threads = 2;
    onEveryTarget([&] {
        for (Pooling pooling : {Pooling::Mean, Pooling::Max}) {
            const PooledGrid got = scoreHeatmap(queries, keys, e, 7, 4, pooling, exec);
            for (int r = 0; r < 4; ++r) {
                for (int c = 0; c < 7; ++c) {
                    double sum = 0.0;
                    double best = -std::numeric_limits<double>::infinity();
                    std::int64_t count = 0;
                    for (std::int64_t m = poolBlockStart(n, 4, r); m < poolBlockStart(n, 4, r + 1);
                         ++m) {
                        for (std::int64_t j = poolBlockStart(n, 7, c);
                             j < poolBlockStart(n, 7, c + 1); ++j) {
                            const double s = test::referenceScore(e, queries.row(m).transpose(),
                                                                  keys.row(j).transpose(), m, j);
                            sum += s;
                            best = std::max(best, s);
                            ++count;
                        }
                    }
                    EXPECT_NEAR(got.at(r, c), pooling == Pooling::Mean ? sum / count : best, 1e-9)
                        << "cell " << r << ", " << c
                        << (pooling == Pooling::Mean ? " mean" : " max");
                }
            }
        }
    });
}

}  // namespace
}  // namespace ropelab
