// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/fixed_content.h"

#include <algorithm>

#include "analysis/invariance.h"
#include "encodings/learned_absolute.h"

namespace ropelab {

QueryKey seededQueryKey(int dim, std::uint64_t seed) {
    const Eigen::MatrixXd qk = seededStandardNormal(2, dim, seed);
    return {qk.row(0).transpose(), qk.row(1).transpose()};
}

FixedContentScores fixedContentScores(const Eigen::Ref<const Eigen::VectorXd>& q,
                                      const Eigen::Ref<const Eigen::VectorXd>& k,
                                      const ScoreEncodingParams& encoding, int positions,
                                      int maxCells, int maxDeviationPositions,
                                      const Execution& exec) {
    const Eigen::MatrixXd queries = q.transpose().replicate(positions, 1);
    const Eigen::MatrixXd keys = k.transpose().replicate(positions, 1);
    const int cells = std::min(positions, maxCells);
    FixedContentScores scores;
    scores.grid = scoreHeatmap(queries, keys, encoding, cells, cells, Pooling::Mean, exec);
    scores.deviation =
        invariance(q, k, encoding, std::min(positions, maxDeviationPositions), exec).maxDeviation;
    return scores;
}

}  // namespace ropelab
