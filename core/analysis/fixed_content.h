// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One q and one k placed at every position, so that only the position encoding can make the score
// vary: the seeded pair the lessons show, its pooled score map and how far that map is from
// relative.

#include <cstdint>

#include <Eigen/Core>

#include "analysis/score_encoding.h"
#include "analysis/score_heatmap.h"
#include "common/execution.h"

namespace ropelab {

// Rows 0 and 1 of seededStandardNormal(2, dim, seed).
struct QueryKey {
    Eigen::VectorXd q, k;
};
QueryKey seededQueryKey(int dim, std::uint64_t seed);

// score(m, n) of q at every query position m and k at every key position n < positions,
// mean-pooled to at most maxCells × maxCells cells, and invariance()'s deviation over the first
// min(positions, maxDeviationPositions) positions. InputError, ResourceError, Cancelled.
struct FixedContentScores {
    PooledGrid grid;
    double deviation = 0.0;
};
FixedContentScores fixedContentScores(const Eigen::Ref<const Eigen::VectorXd>& q,
                                      const Eigen::Ref<const Eigen::VectorXd>& k,
                                      const ScoreEncodingParams& encoding, int positions,
                                      int maxCells, int maxDeviationPositions,
                                      const Execution& exec);

}  // namespace ropelab
