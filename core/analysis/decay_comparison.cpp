// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/decay_comparison.h"

#include "analysis/distance_range.h"
#include "analysis/score_curve.h"
#include "analysis/score_decay.h"
#include "encodings/rope_decay_bound.h"

namespace ropelab {

DecayComparison ropeDecayComparison(const Eigen::Ref<const Eigen::VectorXd>& q,
                                    const RopeFrequencies& freqs, RopeLayout layout, int length,
                                    int samples, std::uint64_t seed, const Execution& exec) {
    DecayComparison decay;
    decay.distances.resize(std::size_t(length));
    for (int i = 0; i < length; ++i) decay.distances[std::size_t(i)] = i;
    decay.bound = ropeDecayBoundFor(q, q, freqs, layout, decay.distances, exec);
    decay.aligned = ropeScoreCurve(q, q, freqs, layout, DistanceRange{0, length, 1}, exec);
    decay.mean = ropeMeanAbsScore(freqs, layout, DistanceRange{0, length, 1}, samples, seed, exec);
    decay.relativeBoundStart = ropeDecayBound(decay.distances.front(), freqs.invFreq);
    decay.relativeBoundEnd = ropeDecayBound(decay.distances.back(), freqs.invFreq);
    return decay;
}

}  // namespace ropelab
