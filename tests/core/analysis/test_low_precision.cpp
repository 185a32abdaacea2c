// SPDX-License-Identifier: GPL-3.0-or-later
// bfloat16 and float16 rounding (nearest, ties to even) and the phase error of RoPE computed in
// them. Known answers: candle PR #3520 (15962 becomes 15936 in bf16), the formats' integer
// limits, and bit-level conversions as PyTorch's c10 BFloat16 round_to_nearest_even does it.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

#include "analysis/low_precision.h"
#include "analysis/phase_precision.h"
#include "common/parameter_error.h"

namespace ropelab {
namespace {

// c10/util/BFloat16.h round_to_nearest_even on the float32 bits.
float bfloat16ByBits(float x) {
    std::uint32_t u = std::bit_cast<std::uint32_t>(x);
    u += 0x7FFFu + ((u >> 16) & 1u);
    return std::bit_cast<float>(u & 0xFFFF0000u);
}

TEST(LowPrecision, CandlePosition15962BecomesBfloat16_15936) {
    EXPECT_EQ(roundToBfloat16(15962.0), 15936.0);
    EXPECT_EQ(roundToFloat16(15962.0), 15960.0);
}

TEST(LowPrecision, IntegersCollideAbove256InBfloat16And2048InFloat16) {
    for (int p = 0; p <= 256; ++p) EXPECT_EQ(roundToBfloat16(p), p);
    EXPECT_EQ(roundToBfloat16(257), 256);  // tie: to the even 128·2
    EXPECT_EQ(roundToBfloat16(259), 260);  // tie: to the even 130·2
    for (int p = 0; p <= 2048; ++p) EXPECT_EQ(roundToFloat16(p), p);
    EXPECT_EQ(roundToFloat16(2049), 2048);
    EXPECT_EQ(roundToFloat16(2051), 2052);
    EXPECT_EQ(roundToFloat16(65504), 65504);
    EXPECT_EQ(roundToFloat16(65519), 65504);
    EXPECT_EQ(roundToFloat16(65520), INFINITY);
    EXPECT_EQ(roundToFloat16(-1e6), -INFINITY);
    EXPECT_EQ(roundToFloat16(std::ldexp(1.0, -24)), std::ldexp(1.0, -24));  // smallest subnormal
    EXPECT_EQ(roundToFloat16(std::ldexp(1.0, -26)), 0.0);
}

TEST(LowPrecision, MatchesBitLevelConversions) {
    std::mt19937 rng(11);
    std::uniform_int_distribution<std::uint32_t> bits;
    int checked = 0;
    while (checked < 200000) {
        const float x = std::bit_cast<float>(bits(rng));
        if (!std::isfinite(x) || std::abs(x) > 3.0e38f) continue;
        ASSERT_EQ(roundToBfloat16(x), static_cast<double>(bfloat16ByBits(x))) << x;
#ifdef __FLT16_MAX__
        ASSERT_EQ(roundToFloat16(x), static_cast<double>(static_cast<_Float16>(x))) << x;
#endif
        ++checked;
    }
}

TEST(LowPrecision, PhaseErrorColumns) {
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const PhaseErrors e = ropePhaseErrors(freqs, {15962, 15963, 1}, {0}, {1, {}, {}});
    ASSERT_EQ(e.bfloat16Position.size(), 1u);
    EXPECT_EQ(e.bfloat16Position[0], 15936.0);
    EXPECT_EQ(e.float16Position[0], 15960.0);
    // θ₀ = 1: the angle is the rounded position, 26 and 2 radians short, wrapped to (−π, π].
    EXPECT_NEAR(e.bfloat16Error[0], std::remainder(-26.0, 2 * std::numbers::pi), 1e-12);
    EXPECT_NEAR(e.float16Error[0], -2.0, 1e-12);
    const PhaseErrors small = ropePhaseErrors(freqs, {100, 101, 1}, {0}, {1, {}, {}});
    EXPECT_EQ(small.bfloat16Error[0], 0.0);
    EXPECT_EQ(small.float16Error[0], 0.0);
    // Beyond float16's range: the position is infinite and the error no number at all.
    const PhaseErrors far = ropePhaseErrors(freqs, {70000, 70001, 1}, {}, {1, {}, {}});
    for (std::size_t i = 0; i < far.float16Position.size(); ++i) {
        EXPECT_EQ(far.float16Position[i], INFINITY);
        EXPECT_TRUE(std::isnan(far.float16Error[i]));
        EXPECT_TRUE(std::isfinite(far.bfloat16Error[i]));
        EXPECT_EQ(far.bfloat16Position[i], 70144.0);  // quantum 512 between 2^16 and 2^17
    }
}

TEST(LowPrecision, PhaseErrorsByOctaveStepEvenlyThroughEachOctave) {
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const PhaseErrors e = ropePhaseErrorsByOctave(freqs, 5, 4, {1, 3}, {1, {}, {}});
    // Octaves 1, 2–3, 4–7 have fewer than 4 positions: all of them; 8–15 by 2, 16–31 by 4.
    const std::vector<std::int64_t> positions{1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28};
    ASSERT_EQ(e.position.size(), 2 * positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const PhaseErrors one =
            ropePhaseErrors(freqs, {positions[i], positions[i] + 1, 1}, {1, 3}, {1, {}, {}});
        for (std::size_t j = 0; j < 2; ++j) {
            const std::size_t row = 2 * i + j;
            EXPECT_EQ(e.position[row], positions[i]);
            EXPECT_EQ(e.pair[row], one.pair[j]);
            EXPECT_EQ(e.float32Error[row], one.float32Error[j]);
            EXPECT_EQ(e.fastTrigError[row], one.fastTrigError[j]);
            EXPECT_EQ(e.exactTurnsError[row], one.exactTurnsError[j]);
            EXPECT_EQ(e.float16Error[row], one.float16Error[j]);
        }
    }
    EXPECT_THROW(ropePhaseErrorsByOctave(freqs, 0, 4, {}, {1, {}, {}}), ParameterError);
    EXPECT_THROW(ropePhaseErrorsByOctave(freqs, 63, 4, {}, {1, {}, {}}), ParameterError);
    EXPECT_THROW(ropePhaseErrorsByOctave(freqs, 3, 0, {}, {1, {}, {}}), ParameterError);
}

TEST(LowPrecision, PositionRoundingIsTheRoundedPositionMinusThePosition) {
    RopeParams params;
    params.headDim = 8;
    const PositionRounding r =
        positionRounding(ropePhaseErrors(ropeFrequencies(params), {0, 4097, 1}, {0}, {1, {}, {}}));
    ASSERT_EQ(r.position.size(), 4097u);
    for (std::size_t p = 0; p < r.position.size(); ++p) {
        const auto x = static_cast<double>(p);
        ASSERT_EQ(r.position[p], x);
        ASSERT_EQ(r.bfloat16[p], static_cast<double>(bfloat16ByBits(static_cast<float>(x))) - x);
#ifdef __FLT16_MAX__
        ASSERT_EQ(r.float16[p], static_cast<double>(static_cast<_Float16>(x)) - x);
#endif
    }
    EXPECT_EQ(r.bfloat16[4095], 1.0);  // 4095 → 4096 (quantum 16 above 2048)
    const PositionRounding candle = positionRounding(
        ropePhaseErrors(ropeFrequencies(params), {15962, 15963, 1}, {0}, {1, {}, {}}));
    EXPECT_EQ(candle.bfloat16[0], -26.0);
    EXPECT_EQ(candle.float16[0], -2.0);
}

}  // namespace
}  // namespace ropelab
