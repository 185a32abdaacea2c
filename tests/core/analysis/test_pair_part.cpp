// SPDX-License-Identifier: GPL-3.0-or-later
// A pair's part of q·k against |q_pair|·|k_pair|·cos(angle between them + Δθ_i), written out.

#include <gtest/gtest.h>

#include <cmath>

#include "analysis/fixed_content.h"
#include "analysis/pair_part.h"
#include "analysis/score_curve.h"

namespace ropelab {
namespace {

TEST(PairPart, KeepsThePairAndZeroesTheRest) {
    const Eigen::VectorXd v = Eigen::VectorXd::LinSpaced(8, 1.0, 8.0);
    const Eigen::VectorXd part = ropePairPart(v, {2, 6});
    EXPECT_EQ(part, (Eigen::VectorXd(8) << 0, 0, 3, 0, 0, 0, 7, 0).finished());
}

TEST(PairPart, ScoresThePairsTermAlone) {
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const auto [q, k] = seededQueryKey(8, 3);
    for (const RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const int pair = 1;
        const RopePair p = ropePair(pair, 8, layout);
        // Score(Δ) of the pair: Re(q̃·conj(k̃)·e^{iΔθ}) with q̃ = q_a + i·q_b.
        const double angle = std::atan2(q[p.b], q[p.a]) - std::atan2(k[p.b], k[p.a]);
        const double lengths = std::hypot(q[p.a], q[p.b]) * std::hypot(k[p.a], k[p.b]);
        for (const std::int64_t delta : {-7, 0, 5, 40}) {
            const double expected =
                lengths * std::cos(angle + double(delta) * freqs.invFreq[std::size_t(pair)]);
            EXPECT_NEAR(ropeScoreAt(ropePairPart(q, p), ropePairPart(k, p), freqs, layout, delta),
                        expected, 1e-12);
        }
    }
}

}  // namespace
}  // namespace ropelab
