// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_decay.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/memory_budget.h"
#include "analysis/phasor_sums.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"

namespace ropelab {

std::vector<double> ropeMeanAbsScore(const RopeFrequencies& freqs, RopeLayout layout,
                                     const DistanceRange& distances, int samples,
                                     std::uint64_t seed, const Execution& exec) {
    requireAtLeast(samples, 1, "samples");
    const std::int64_t count = distances.count();
    requireNotEmpty(static_cast<std::size_t>(count), "distances");
    requireMemory(8.0 * (static_cast<double>(count) + 2.0 * samples * freqs.headDim +
                         6.0 * samples * freqs.pairs()),
                  ResourceProblem(Demand::MeanScore, count));
    const Eigen::MatrixXd queries = seededStandardNormal(samples, freqs.headDim, seed);
    const Eigen::MatrixXd keys = seededStandardNormal(samples, freqs.headDim, seed + 1);
    std::vector<PhasorSums> sums;
    sums.reserve(static_cast<std::size_t>(samples));
    for (int s = 0; s < samples; ++s) {
        sums.push_back(phasorSums(ropeScoreCoefficients(queries.row(s).transpose(),
                                                        keys.row(s).transpose(), freqs, layout),
                                  distances.step));
    }
    std::vector<double> mean(static_cast<std::size_t>(count), 0.0);
    const std::int64_t blocks = (count + kAnchorInterval - 1) / kAnchorInterval;
    parallelFor(blocks, exec, [&](std::int64_t begin, std::int64_t end) {
        PhasorScratch scratch;
        std::vector<double> scores(kAnchorInterval);
        for (std::int64_t b = begin; b < end; ++b) {
            if (exec.stop.stop_requested()) return;
            const std::int64_t first = b * kAnchorInterval;
            const std::int64_t n = std::min(kAnchorInterval, count - first);
            double* out = mean.data() + first;
            for (const PhasorSums& s : sums) {
                evaluatePhasorSums(s, static_cast<double>(distances.at(first)), n, scores.data(),
                                   scratch);
                for (std::int64_t i = 0; i < n; ++i) out[i] += std::abs(scores[i]);
            }
            for (std::int64_t i = 0; i < n; ++i) out[i] /= samples;
        }
    });
    return mean;
}

}  // namespace ropelab
