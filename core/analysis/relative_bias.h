// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The bias of a relative-bias encoding (T5, ALiBi) alone: its score with zero q and k.

#include <cstdint>

#include "analysis/score_encoding.h"
#include "analysis/score_heatmap.h"
#include "common/execution.h"

namespace ropelab {

// T5's buckets with the per-bucket bias table seededStandardNormal(buckets, 1, seed).
ScoreEncodingParams t5BiasEncoding(const T5BucketParams& t5, std::uint64_t seed);
// ALiBi's head `head` (from 1) of `heads`.
ScoreEncodingParams alibiBiasEncoding(int heads, int head);

// bias(m, n) for the query at m and the key at n; −∞ where ALiBi masks the key (n > m).
double relativeBias(const ScoreEncodingParams& encoding, std::int64_t queryPosition,
                    std::int64_t keyPosition);

// bias(m, n) for m, n < N, mean-pooled to cells × cells; lowest and highest over the finite
// cells, both counting 0 (a masked cell has no score).
struct RelativeBiasGrid {
    PooledGrid grid;
    double lowest = 0.0;
    double highest = 0.0;
};
RelativeBiasGrid relativeBiasGrid(const ScoreEncodingParams& encoding, int length, int cells,
                                  const Execution& exec);

}  // namespace ropelab
