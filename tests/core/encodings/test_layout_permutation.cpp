// The Meta-to-HF weight permutation: HF's convert_llama_weights_to_hf.py `permute`
// (w.view(heads, d/2, 2, in).transpose(1, 2).reshape(heads·d, in)) and the identity it exists for.

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace ropelab
