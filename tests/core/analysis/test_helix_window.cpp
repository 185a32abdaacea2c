// SPDX-License-Identifier: GPL-3.0-or-later
// A few turns of a pair's helix around a position, against cos pθ and sin pθ written out.

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/helix_window.h"
#include "common/errors.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

// d = 8, base 10000: θ_0 = 1 (six turns: 38 positions), θ_3 = 10⁻³ (six turns: 37699).
RopeFrequencies eightDims() {
    RopeParams params;
    params.headDim = 8;
    return ropeFrequencies(params);
}

TEST(HelixWindow, FastPairGetsTheLeastWindowCentredOnThePosition) {
    const RopeFrequencies freqs = eightDims();
    const HelixWindow w = ropeHelixWindow(freqs, 0, 100, 1000);
    ASSERT_EQ(w.positions.size(), 64u);
    EXPECT_EQ(w.positions.front(), 68.0);
    EXPECT_EQ(w.positions.back(), 131.0);
    for (std::size_t i = 0; i < w.positions.size(); ++i) {
        EXPECT_NEAR(w.marks.cos[i], std::cos(w.positions[i]), 1e-12);
        EXPECT_NEAR(w.marks.sin[i], std::sin(w.positions[i]), 1e-12);
    }
    EXPECT_EQ(w.curve.position.front(), 68.0);
    EXPECT_EQ(w.curve.position.back(), 131.0);
    for (std::size_t i = 0; i < w.curve.position.size(); ++i) {
        EXPECT_NEAR(w.curve.cos[i], std::cos(w.curve.position[i]), 1e-12);
    }
}

TEST(HelixWindow, StaysInsideTheSequence) {
    const RopeFrequencies freqs = eightDims();
    EXPECT_EQ(ropeHelixWindow(freqs, 0, 10, 1000).positions.front(), 0.0);
    EXPECT_EQ(ropeHelixWindow(freqs, 0, 990, 1000).positions.front(), 936.0);
    EXPECT_EQ(ropeHelixWindow(freqs, 0, 990, 1000).positions.back(), 999.0);
    EXPECT_EQ(ropeHelixWindow(freqs, 0, 5, 20).positions.size(), 20u);
}

TEST(HelixWindow, SlowPairSpansTheSequenceUnmarked) {
    const RopeFrequencies freqs = eightDims();
    const HelixWindow w = ropeHelixWindow(freqs, 3, 500, 1000, {.minSegments = 96});
    EXPECT_TRUE(w.positions.empty());
    EXPECT_TRUE(w.marks.cos.empty());
    EXPECT_EQ(w.curve.position.front(), 0.0);
    EXPECT_EQ(w.curve.position.back(), 999.0);
    EXPECT_EQ(w.curve.position.size(), 97u);  // a sixth of a turn: minSegments decides
    EXPECT_THROW(ropeHelixWindow(freqs, 4, 0, 1000), InputError);
}

}  // namespace
}  // namespace ropelab
