// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/seeded_score.h"

#include <complex>

#include "analysis/fixed_content.h"
#include "analysis/score_curve.h"

namespace ropelab {

std::vector<CurveEnvelope> seededScoreEnvelopes(std::span<const RopeParams> configs,
                                                RopeLayout layout, std::uint64_t seed,
                                                std::int64_t length, int columns,
                                                const Execution& exec) {
    std::vector<CurveEnvelope> envelopes;
    const auto count = static_cast<double>(configs.size());
    for (const RopeParams& params : configs) {
        const QueryKey qk = seededQueryKey(params.headDim, seed);
        Execution part = exec;
        part.progress = [&exec, done = static_cast<double>(envelopes.size()), count](double f) {
            if (exec.progress) exec.progress((done + f) / count);
        };
        const std::vector<double> curve = ropeScoreCurve(qk.q, qk.k, ropeFrequencies(params),
                                                         layout, DistanceRange{0, length, 1}, part);
        envelopes.emplace_back(length, columns).add(0, curve);
    }
    return envelopes;
}

double seededScoreBound(const RopeParams& params, RopeLayout layout, std::uint64_t seed) {
    const QueryKey qk = seededQueryKey(params.headDim, seed);
    const RopeScoreCoefficients c =
        ropeScoreCoefficients(qk.q, qk.k, ropeFrequencies(params), layout);
    double bound = std::abs(c.constant);
    for (const std::complex<double>& a : c.a) bound += std::abs(a);
    return bound;
}

}  // namespace ropelab
