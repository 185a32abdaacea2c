// SPDX-License-Identifier: GPL-3.0-or-later
// The hand-vectorised kernels at every instruction-set level this CPU runs (AVX-512, AVX2,
// plain x86-64), against straightforward loops.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "analysis/phasor_sums.h"
#include "analysis/simd_level.h"
#include "analysis/tile_max_kernel.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

std::vector<SimdLevel> supportedLevels() {
    std::vector<SimdLevel> levels;
    for (SimdLevel level : {SimdLevel::Plain, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (simdLevelSupported(level)) levels.push_back(level);
    }
    return levels;
}

TEST(SimdKernels, TileColumnMaxEqualsBruteForce) {
    // 13 rows (not a multiple of any row block), 37 keys (a partial last panel), 24 components.
    const RowMatrix queries = seededStandardNormal(13, 24, 1);
    const RowMatrix keys = seededStandardNormal(37, 24, 2);
    const PackedKeys packed = packKeys(keys);
    ASSERT_EQ(packed.panelCount(), 5);
    for (SimdLevel level : supportedLevels()) {
        // Panels 1 … 4: keys 8 … 36 (and the zero padding, ignored).
        std::vector<double> colMax(4 * kKeyPanel);
        tileColumnMax(queries.data(), 13, packed, 1, 5, colMax.data(), level);
        for (std::int64_t key = 8; key < 37; ++key) {
            double expected = -std::numeric_limits<double>::infinity();
            for (int i = 0; i < 13; ++i)
                expected = std::max(expected, queries.row(i).dot(keys.row(key)));
            EXPECT_NEAR(colMax[static_cast<std::size_t>(key - 8)], expected, 1e-12)
                << "level " << static_cast<int>(level) << " key " << key;
        }
    }
}

TEST(SimdKernels, PhasorSumsAgreeWithTheDirectSumAtEveryLevel) {
    RopeParams params;
    params.headDim = 40;  // 20 pairs: padded to 32, so padding is exercised
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd q = seededStandardNormal(1, 40, 3).row(0).transpose();
    const Eigen::VectorXd k = seededStandardNormal(1, 40, 4).row(0).transpose();
    const RopeScoreCoefficients c = ropeScoreCoefficients(q, k, freqs, RopeLayout::HalfSplit);
    double magnitude = 0.0;
    for (const std::complex<double>& a : c.a) magnitude += std::abs(a);
    const std::int64_t step = 3;
    const double first = 16777216.0 - 5000.0;
    const PhasorSums sums = phasorSums(c, step);
    for (SimdLevel level : supportedLevels()) {
        PhasorScratch scratch;
        std::vector<double> out(kAnchorInterval);
        evaluatePhasorSums(sums, first, kAnchorInterval, out.data(), scratch, level);
        for (std::int64_t i = 0; i < kAnchorInterval; ++i) {
            long double expected = 0.0L;
            for (std::size_t j = 0; j < c.a.size(); ++j) {
                const long double phase =
                    (static_cast<long double>(first) + static_cast<long double>(i * step)) *
                    static_cast<long double>(c.theta[j]);
                expected += static_cast<long double>(c.a[j].real()) * std::cos(phase) -
                            static_cast<long double>(c.a[j].imag()) * std::sin(phase);
            }
            ASSERT_NEAR(out[static_cast<std::size_t>(i)], static_cast<double>(expected),
                        1e-9 * magnitude)
                << "level " << static_cast<int>(level) << " step " << i;
        }
    }
}

}  // namespace
}  // namespace ropelab
