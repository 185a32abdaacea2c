// RoFormer §3.4.3 relative bound (1/(d/2))·Σ_j |S_j|. Known answers from a Python 3 transcription
// of the formula with complex doubles, θ_k = 10000^(−2k/128).

#include <gtest/gtest.h>

#include "encodings/rope_decay_bound.h"

namespace ropelab {
namespace {

TEST(RopeDecayBound, KnownAnswersForD128) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    // At distance 0, |S_j| = j: (1/64)·Σ_{j=1}^{64} j = 32.5.
    const std::vector<double> bounds = ropeDecayBound({0.0, 1.0, 10.0, 100.0, 1000.0}, freqs);
    EXPECT_DOUBLE_EQ(bounds[0], 32.5);
    EXPECT_NEAR(bounds[1], 31.53816614265808, 1e-12);
    EXPECT_NEAR(bounds[2], 17.95413713708483, 1e-12);
    EXPECT_NEAR(bounds[3], 10.227329948505133, 1e-12);
    EXPECT_NEAR(bounds[4], 4.47076103424874, 1e-12);
}

TEST(RopeDecayBound, UsesTheScaledFrequencies) {
    RopeParams params;
    params.ropeType = RopeType::Linear;
    params.factor = 4.0;
    // Linear interpolation divides every θ by 4: the bound at 4Δ equals the plain one at Δ.
    const double scaled = ropeDecayBound(40.0, ropeFrequencies(params).invFreq);
    const double plain = ropeDecayBound(10.0, ropeFrequencies(RopeParams{}).invFreq);
    EXPECT_NEAR(scaled, plain, 1e-12);
}

}  // namespace
}  // namespace ropelab
