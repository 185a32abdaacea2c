// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/relative_bias.h"

#include <Eigen/Core>

#include <algorithm>
#include <cmath>

#include "analysis/distance_range.h"
#include "analysis/score_curve.h"

namespace ropelab {

ScoreEncodingParams t5BiasEncoding(const T5BucketParams& t5, std::uint64_t seed) {
    ScoreEncodingParams params;
    params.encoding = ScoreEncoding::T5;
    params.t5 = t5;
    params.t5BiasSeed = seed;
    return params;
}

ScoreEncodingParams alibiBiasEncoding(int heads, int head) {
    ScoreEncodingParams params;
    params.encoding = ScoreEncoding::Alibi;
    params.alibiHeads = heads;
    params.alibiHead = head;
    return params;
}

double relativeBias(const ScoreEncodingParams& encoding, std::int64_t queryPosition,
                    std::int64_t keyPosition) {
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(1);
    const std::int64_t distance = queryPosition - keyPosition;
    return scoreCurve(zero, zero, encoding, DistanceRange{distance, distance + 1, 1}, keyPosition,
                      Execution{})
        .front();
}

RelativeBiasGrid relativeBiasGrid(const ScoreEncodingParams& encoding, int length, int cells,
                                  const Execution& exec) {
    const Eigen::MatrixXd zeros = Eigen::MatrixXd::Zero(length, 1);
    RelativeBiasGrid result{
        scoreHeatmap(zeros, zeros, encoding, cells, cells, Pooling::Mean, exec)};
    for (double v : result.grid.values) {
        if (!std::isfinite(v)) continue;
        result.lowest = std::min(result.lowest, v);
        result.highest = std::max(result.highest, v);
    }
    return result;
}

}  // namespace ropelab
