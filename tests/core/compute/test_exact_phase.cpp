// SPDX-License-Identifier: GPL-3.0-or-later
// The fixed-point turn reduction the GPU kernels rely on, checked on the host against long double
// and against the analysis library's exact phasor.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>

#include "analysis/exact_phase.h"
#include "compute/exact_phase.h"

namespace ropelab {
namespace {

TEST(ExactPhase, TurnFractionOfSimpleFrequencies) {
    // θ = 2π·k/2^n: the fraction of a turn is exact in fixed point (θ itself rounds in double,
    // so compare to within the rounding of θ/2π: a few units of 2^-53 of a turn).
    const double twoPi = 2 * std::numbers::pi;
    EXPECT_NEAR(std::ldexp(static_cast<double>(turnFraction(twoPi / 4)), -64), 0.25, 1e-15);
    EXPECT_NEAR(std::ldexp(static_cast<double>(turnFraction(twoPi / 8)), -64), 0.125, 1e-15);
    // A whole number of turns and more: only the fraction is kept.
    EXPECT_NEAR(std::ldexp(static_cast<double>(turnFraction(twoPi * 3.5)), -64), 0.5, 1e-15);
    EXPECT_EQ(turnFraction(0.0), 0u);
}

TEST(ExactPhase, PhaseTurnsWrapsExactlyForNegativeAndHugeDistances) {
    const std::uint64_t quarter = std::uint64_t{1} << 62;  // a quarter turn per position
    EXPECT_DOUBLE_EQ(phaseTurns(quarter, 1), 0.25);
    EXPECT_DOUBLE_EQ(phaseTurns(quarter, 2), -0.5);  // half a turn reads as −1/2
    EXPECT_DOUBLE_EQ(phaseTurns(quarter, 3), -0.25);
    EXPECT_DOUBLE_EQ(phaseTurns(quarter, -1), -0.25);
    EXPECT_DOUBLE_EQ(phaseTurns(quarter, 4), 0.0);
    EXPECT_DOUBLE_EQ(phaseTurns(quarter, (std::int64_t{1} << 40) + 1), 0.25);
}

TEST(ExactPhase, PhasorMatchesTheAnalysisLibraryUpTo2To40) {
    if (std::numeric_limits<long double>::digits < 64) GTEST_SKIP() << "long double is double";
    for (double theta : {1.0, 0.1, 1e-4, 1.0 / 10000.0, std::pow(500000.0, -0.5)}) {
        const std::uint64_t turns = turnFraction(theta);
        for (std::int64_t d :
             {std::int64_t{0}, std::int64_t{1}, std::int64_t{-3}, std::int64_t{12345},
              std::int64_t{1} << 24, (std::int64_t{1} << 24) - 1, -(std::int64_t{1} << 31),
              std::int64_t{1} << 40}) {
            const std::array<float, 2> got = phasorOfDistance(turns, d);
            const std::complex<double> expected = exactPhasor(static_cast<double>(d), theta);
            // Float rounding of cos and sin plus F's rounding, |d|·2^-64 turns; the reduction
            // itself is exact.
            const double bound =
                1e-7 + 2 * std::numbers::pi * std::ldexp(std::abs(static_cast<double>(d)), -64);
            EXPECT_NEAR(got[0], expected.real(), bound) << "theta " << theta << " distance " << d;
            EXPECT_NEAR(got[1], expected.imag(), bound) << "theta " << theta << " distance " << d;
        }
    }
}

}  // namespace
}  // namespace ropelab
