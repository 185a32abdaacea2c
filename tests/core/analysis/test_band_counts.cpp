// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers for the band counts lesson 7 reads out.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/band_counts.h"

namespace ropelab {
namespace {

TEST(BandCounts, Llama3CountsFollowTheWavelengths) {
    // Meta llama-models apply_scaling defaults: 2π·500000^(i/64) < 2048 ⇔ i ≤ 28 kept,
    // > 8192 ⇔ i ≥ 35 divided by 8, 29 … 34 blended.
    RopeParams params;
    params.ropeType = RopeType::Llama3;
    params.ropeTheta = 500000.0;
    params.originalMaxPositionEmbeddings = 8192;
    const BandCounts counts = countBands(frequencyBands(params));
    EXPECT_EQ(counts.kept, 29);
    EXPECT_EQ(counts.blended, 6);
    EXPECT_EQ(counts.divided, 29);
    // A scaled wavelength from the closed form: λ_i = 2π·500000^(i/64) slowed by
    // 1 / ((1 − w)/8 + w), w = (8192/λ_i − 1)/3 clamped to [0, 1].
    int beyond = 0;
    int first = -1;
    for (int i = 0; i < 64; ++i) {
        const double original = 2.0 * std::numbers::pi * std::pow(500000.0, i / 64.0);
        const double w = std::clamp((8192.0 / original - 1.0) / 3.0, 0.0, 1.0);
        if (original / ((1.0 - w) / 8.0 + w) > 8192.0) {
            ++beyond;
            if (first < 0) first = i;
        }
    }
    EXPECT_EQ(counts.withoutFullTurn, beyond);
    EXPECT_EQ(counts.firstBeyondContext, first);
}

TEST(BandCounts, PlainRopeKeepsEveryPair) {
    // In 4096 tokens: 2π·10000^(i/64) > 4096 ⇔ i ≥ 46.
    const BandCounts counts = countBands(frequencyBands(RopeParams{}, 4096.0));
    EXPECT_EQ(counts.kept, 64);
    EXPECT_EQ(counts.blended, 0);
    EXPECT_EQ(counts.divided, 0);
    EXPECT_EQ(counts.withoutFullTurn, 18);
    EXPECT_EQ(counts.firstBeyondContext, 46);
    EXPECT_EQ(countBands(FrequencyBands{}).firstBeyondContext, -1);
}

}  // namespace
}  // namespace ropelab
