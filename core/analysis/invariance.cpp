// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/invariance.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "analysis/memory_budget.h"
#include "analysis/position_encoder.h"
#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

namespace {

// Queries scored per matrix product.
constexpr std::int64_t kRowBlock = 64;

}  // namespace

InvarianceResult invariance(const Eigen::Ref<const Eigen::VectorXd>& q,
                            const Eigen::Ref<const Eigen::VectorXd>& k,
                            const ScoreEncodingParams& encoding, std::int64_t length,
                            const Execution& exec) {
    requireAtLeast(static_cast<double>(length), 1, "length");
    if (q.size() != k.size()) {
        throw ParameterError(
            {"k", Rule::Count, static_cast<double>(k.size()), static_cast<double>(q.size())});
    }
    const int d = static_cast<int>(q.size());
    const PositionEncoder encoder(encoding, d);
    encoder.requirePositions(0, length - 1);
    const double len = static_cast<double>(length);
    const double threads = std::max(1, exec.threads);
    requireMemory(8.0 * (2.0 * len * d + threads * (kRowBlock * len + 4.0 * len) + 4.0 * len),
                  ResourceProblem(Demand::Invariance, length));
    if (length > kMaxInvarianceLength) {
        // O(length²·d) work: past this it runs for minutes, so refuse instead of hanging.
        ResourceProblem problem(Demand::Invariance, length);
        problem.budget = Budget::Length;
        problem.needed = len;
        problem.limit = static_cast<double>(kMaxInvarianceLength);
        throw ResourceError(problem);
    }

    // f(q, m) and f(k, n) for every position, as rows.
    RowMatrix encodedQueries;
    RowMatrix encodedKeys;
    encoder.encodeRows(q.transpose().replicate(length, 1), 0, encodedQueries);
    encoder.encodeRows(k.transpose().replicate(length, 1), 0, encodedKeys);

    // bias(m, n) depends on m − n only (T5, ALiBi): tabulated at index m − n + length − 1.
    std::vector<double> bias(static_cast<std::size_t>(2 * length - 1), 0.0);
    if (encoder.hasBias()) {
        for (std::int64_t delta = -(length - 1); delta < length; ++delta) {
            bias[static_cast<std::size_t>(delta + length - 1)] =
                delta >= 0 ? encoder.bias(delta, 0) : encoder.bias(0, -delta);
        }
    }

    // Extremes of score along each diagonal m − n, at index m − n + length − 1.
    const std::size_t diagonals = static_cast<std::size_t>(2 * length - 1);
    std::vector<double> lowest(diagonals, std::numeric_limits<double>::infinity());
    std::vector<double> highest(diagonals, -std::numeric_limits<double>::infinity());
    double maxAbs = 0.0;
    std::mutex merge;
    const std::int64_t blocks = (length + kRowBlock - 1) / kRowBlock;
    parallelFor(blocks, exec, [&](std::int64_t begin, std::int64_t end) {
        std::vector<double> low(diagonals, std::numeric_limits<double>::infinity());
        std::vector<double> high(diagonals, -std::numeric_limits<double>::infinity());
        double localMaxAbs = 0.0;
        Eigen::MatrixXd scores;
        for (std::int64_t b = begin; b < end; ++b) {
            if (exec.stop.stop_requested()) return;
            const std::int64_t m0 = b * kRowBlock;
            const std::int64_t rows = std::min(kRowBlock, length - m0);
            scores.noalias() = encodedQueries.middleRows(m0, rows) * encodedKeys.transpose();
            for (std::int64_t n = 0; n < length; ++n) {
                for (std::int64_t i = 0; i < rows; ++i) {
                    const std::int64_t m = m0 + i;
                    const std::size_t diagonal = static_cast<std::size_t>(m - n + length - 1);
                    if (bias[diagonal] == -std::numeric_limits<double>::infinity()) continue;
                    const double s = scores(i, n) + bias[diagonal];
                    low[diagonal] = std::min(low[diagonal], s);
                    high[diagonal] = std::max(high[diagonal], s);
                    localMaxAbs = std::max(localMaxAbs, std::abs(s));
                }
            }
        }
        // Minimum and maximum do not depend on the merge order: same result for any thread count.
        std::lock_guard lock(merge);
        for (std::size_t i = 0; i < diagonals; ++i) {
            lowest[i] = std::min(lowest[i], low[i]);
            highest[i] = std::max(highest[i], high[i]);
        }
        maxAbs = std::max(maxAbs, localMaxAbs);
    });
    double spread = 0.0;
    for (std::size_t i = 0; i < diagonals; ++i) {
        if (lowest[i] <= highest[i]) spread = std::max(spread, highest[i] - lowest[i]);  // scored
    }
    return {maxAbs > 0.0 ? spread / maxAbs : 0.0, maxAbs};
}

}  // namespace ropelab
