// SPDX-License-Identifier: GPL-3.0-or-later
// The Meta-to-HF weight permutation: HF's convert_llama_weights_to_hf.py `permute`
// (w.view(heads, d/2, 2, in).transpose(1, 2).reshape(heads·d, in)) and the identity it exists for.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "common/errors.h"
#include "encodings/layout_permutation.h"
#include "encodings/rope_apply.h"

namespace ropelab {
namespace {

TEST(LayoutPermutation, MatchesHfPermuteReshape) {
    EXPECT_EQ(metaRowOfHfRow(8, 1), (std::vector<int>{0, 2, 4, 6, 1, 3, 5, 7}));
    // view(heads, d/2, 2, ·): Meta row h·d + 2j + t; transpose(1, 2): HF row h·d + t·d/2 + j.
    const int d = 128, heads = 4;
    const std::vector<int> meta = metaRowOfHfRow(d, heads);
    ASSERT_EQ(meta.size(), 512u);
    for (int h = 0; h < heads; ++h) {
        for (int j = 0; j < d / 2; ++j) {
            for (int t = 0; t < 2; ++t) {
                EXPECT_EQ(meta[static_cast<std::size_t>(h * d + t * d / 2 + j)], h * d + 2 * j + t);
            }
        }
    }
    EXPECT_THROW(metaRowOfHfRow(7, 1), InputError);
    EXPECT_THROW(metaRowOfHfRow(8, 0), InputError);
    EXPECT_THROW(metaRowOfHfRow(1 << 20, 1 << 10), InputError);
}

TEST(LayoutPermutation, InterleavedOnMetaWeightsEqualsHalfSplitOnPermutedWeights) {
    const int d = 16, heads = 3, model = 24;
    std::mt19937_64 rng(7);
    std::normal_distribution<double> normal;
    const auto random = [&](Eigen::Index rows, Eigen::Index cols) {
        Eigen::MatrixXd m(rows, cols);
        for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = normal(rng);
        return m;
    };
    const Eigen::MatrixXd wqMeta = random(heads * d, model), wkMeta = random(heads * d, model);
    const Eigen::MatrixXd wqHf = metaToHfRows(wqMeta, d, heads);
    const Eigen::MatrixXd wkHf = metaToHfRows(wkMeta, d, heads);
    RopeParams params;
    params.headDim = d;
    params.ropeTheta = 500000.0;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd xm = random(model, 1), xn = random(model, 1);
    double largestMismatch = 0.0;
    for (const auto& [m, n] : {std::pair{5.0, 2.0}, {1000.0, 3.0}, {77.0, 77.0}, {40000.0, 1.0}}) {
        const Eigen::VectorXd qMeta = wqMeta * xm, kMeta = wkMeta * xn;
        const Eigen::VectorXd qHf = wqHf * xm, kHf = wkHf * xn;
        for (int h = 0; h < heads; ++h) {
            const auto head = [&](const Eigen::VectorXd& v) { return v.segment(h * d, d).eval(); };
            const double meta = applyRope(head(qMeta), m, freqs, RopeLayout::Interleaved)
                                    .dot(applyRope(head(kMeta), n, freqs, RopeLayout::Interleaved));
            const double hf = applyRope(head(qHf), m, freqs, RopeLayout::HalfSplit)
                                  .dot(applyRope(head(kHf), n, freqs, RopeLayout::HalfSplit));
            EXPECT_NEAR(hf, meta, 1e-12 * (1.0 + std::abs(meta))) << m << " " << n << " " << h;
            // Converted without the permutation: half-split RoPE on Meta's rows.
            const double wrong = applyRope(head(qMeta), m, freqs, RopeLayout::HalfSplit)
                                     .dot(applyRope(head(kMeta), n, freqs, RopeLayout::HalfSplit));
            if (m != n) largestMismatch = std::max(largestMismatch, std::abs(wrong - meta));
        }
    }
    EXPECT_GT(largestMismatch, 1.0);  // scores of order |q||k| ~ 24 move by whole units
    EXPECT_THROW(metaToHfRows(wqMeta.topRows(10), d, heads), InputError);
}

TEST(LayoutPermutation, LayoutScoresOverlapAndTheUnpermutedCurveDoesNot) {
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd q = (Eigen::VectorXd(8) << 1, 2, 0, -1, 0.5, 0, 3, 1).finished();
    const Eigen::VectorXd k = (Eigen::VectorXd(8) << 0, 1, 1, 2, -1, 0.5, 1, 0).finished();
    const LayoutScores s = layoutScores(freqs, q, k, {0, 1, 10, 100});
    ASSERT_EQ(s.meta.size(), 4u);
    // Δ = 0: no rotation, all three are q·k = 2 − 2 − 0.5 + 3 = 2.5.
    EXPECT_NEAR(s.meta[0], 2.5, 1e-15);
    EXPECT_NEAR(s.unpermuted[0], 2.5, 1e-15);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(s.hf[i], s.meta[i], 1e-12);
    // Δ = 1 by hand, interleaved pairs (0,1) (2,3) (4,5) (6,7) with θ = 1, 0.1, 0.01, 0.001:
    // Σ (qa·ka + qb·kb)·cos Δθ + (qa·kb − qb·ka)·sin Δθ (the query turned by Δθ).
    const double theta[] = {1.0, 0.1, 0.01, 0.001};
    double expected = 0.0;
    for (int i = 0; i < 4; ++i) {
        const double qa = q[2 * i], qb = q[2 * i + 1], ka = k[2 * i], kb = k[2 * i + 1];
        expected +=
            (qa * ka + qb * kb) * std::cos(theta[i]) + (qa * kb - qb * ka) * std::sin(theta[i]);
    }
    EXPECT_NEAR(s.meta[1], expected, 1e-14);
    EXPECT_GT(std::abs(s.unpermuted[1] - s.meta[1]), 0.1);
}

}  // namespace
}  // namespace ropelab
