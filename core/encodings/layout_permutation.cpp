// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/layout_permutation.h"

#include <string>

#include "common/parameter_error.h"
#include "encodings/rope_apply.h"

namespace ropelab {

std::vector<int> metaRowOfHfRow(int headDim, int heads) {
    requireAtLeast(headDim, 2, "head_dim");
    if (headDim % 2 != 0)
        throw ParameterError({"head_dim", Rule::Even, static_cast<double>(headDim)});
    requireAtLeast(heads, 1, "heads");
    if (static_cast<long long>(headDim) * heads > maxPermutationRows) {
        // heads × head_dim rows at most.
        throw ParameterError({"heads", Rule::AtMost, static_cast<double>(heads), 1,
                              static_cast<double>(maxPermutationRows / headDim)});
    }
    std::vector<int> meta(static_cast<std::size_t>(headDim) * static_cast<std::size_t>(heads));
    for (int j = 0; j < headDim / 2; ++j) {
        // The same pair j in both layouts: its first and second components map onto each other.
        const RopePair half = ropePair(j, headDim, RopeLayout::HalfSplit);
        const RopePair interleaved = ropePair(j, headDim, RopeLayout::Interleaved);
        for (int h = 0; h < heads; ++h) {
            const int offset = h * headDim;
            meta[static_cast<std::size_t>(offset + half.a)] = offset + interleaved.a;
            meta[static_cast<std::size_t>(offset + half.b)] = offset + interleaved.b;
        }
    }
    return meta;
}

Eigen::MatrixXd metaToHfRows(const Eigen::Ref<const Eigen::MatrixXd>& meta, int headDim,
                             int heads) {
    const std::vector<int> rows = metaRowOfHfRow(headDim, heads);
    if (meta.rows() != static_cast<Eigen::Index>(rows.size())) {
        // One row per head and head dimension.
        throw ParameterError({"rows", Rule::EqualTo, static_cast<double>(meta.rows()),
                              static_cast<double>(rows.size())});
    }
    Eigen::MatrixXd hf(meta.rows(), meta.cols());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        hf.row(static_cast<Eigen::Index>(r)) = meta.row(rows[r]);
    }
    return hf;
}

LayoutScores layoutScores(const RopeFrequencies& freqs, const Eigen::Ref<const Eigen::VectorXd>& q,
                          const Eigen::Ref<const Eigen::VectorXd>& k,
                          const std::vector<double>& distances) {
    const int d = freqs.headDim;
    const Eigen::VectorXd qHf = metaToHfRows(q, d, 1), kHf = metaToHfRows(k, d, 1);
    const auto rotated = [&](const Eigen::VectorXd& v, double p, RopeLayout layout) {
        return applyRope(v, p, freqs, layout);
    };
    const Eigen::VectorXd kMeta = rotated(k, 0.0, RopeLayout::Interleaved);
    const Eigen::VectorXd kHfAt0 = rotated(kHf, 0.0, RopeLayout::HalfSplit);
    const Eigen::VectorXd kWrong = rotated(k, 0.0, RopeLayout::HalfSplit);
    LayoutScores scores;
    for (double delta : distances) {
        scores.meta.push_back(rotated(q, delta, RopeLayout::Interleaved).dot(kMeta));
        scores.hf.push_back(rotated(qHf, delta, RopeLayout::HalfSplit).dot(kHfAt0));
        scores.unpermuted.push_back(rotated(q, delta, RopeLayout::HalfSplit).dot(kWrong));
    }
    return scores;
}

}  // namespace ropelab
