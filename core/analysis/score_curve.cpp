// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_curve.h"

#include <algorithm>
#include <string>

#include "analysis/exact_phase.h"
#include "analysis/memory_budget.h"
#include "analysis/phasor_sums.h"
#include "analysis/position_encoder.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/rope_apply.h"

namespace ropelab {

namespace {

void requireLength(const Eigen::Ref<const Eigen::VectorXd>& v, int length, const char* name) {
    if (v.size() != length) {
        throw ParameterError(
            {name, Rule::Count, static_cast<double>(v.size()), static_cast<double>(length)});
    }
}

}  // namespace

RopeScoreCoefficients ropeScoreCoefficients(const Eigen::Ref<const Eigen::VectorXd>& q,
                                            const Eigen::Ref<const Eigen::VectorXd>& k,
                                            const RopeFrequencies& freqs, RopeLayout layout) {
    requireLength(q, freqs.headDim, "q");
    requireLength(k, freqs.headDim, "k");
    RopeScoreCoefficients c;
    c.theta = freqs.invFreq;
    c.a.resize(freqs.invFreq.size());
    // Both q and k carry the attention factor on their rotated part.
    const double scale = freqs.attentionFactor * freqs.attentionFactor;
    for (int j = 0; j < freqs.pairs(); ++j) {
        const RopePair p = ropePair(j, freqs.rotaryDim, layout);
        const std::complex<double> zq(q[p.a], q[p.b]);
        const std::complex<double> zk(k[p.a], k[p.b]);
        c.a[static_cast<std::size_t>(j)] = scale * zq * std::conj(zk);
    }
    for (int i = freqs.rotaryDim; i < freqs.headDim; ++i) c.constant += q[i] * k[i];
    return c;
}

std::vector<double> ropeScoreCurve(const Eigen::Ref<const Eigen::VectorXd>& q,
                                   const Eigen::Ref<const Eigen::VectorXd>& k,
                                   const RopeFrequencies& freqs, RopeLayout layout,
                                   const DistanceRange& distances, const Execution& exec) {
    const RopeScoreCoefficients coefficients = ropeScoreCoefficients(q, k, freqs, layout);
    const std::int64_t count = distances.count();
    requireNotEmpty(static_cast<std::size_t>(count), "distances");
    requireMemory(8.0 * static_cast<double>(count), ResourceProblem(Demand::ScoreCurve, count));
    const PhasorSums sums = phasorSums(coefficients, distances.step);
    std::vector<double> scores(static_cast<std::size_t>(count));
    const std::int64_t blocks = (count + kAnchorInterval - 1) / kAnchorInterval;
    parallelFor(blocks, exec, [&](std::int64_t blockBegin, std::int64_t blockEnd) {
        PhasorScratch scratch;
        for (std::int64_t b = blockBegin; b < blockEnd; ++b) {
            if (exec.stop.stop_requested()) return;
            const std::int64_t first = b * kAnchorInterval;
            const std::int64_t n = std::min(kAnchorInterval, count - first);
            evaluatePhasorSums(sums, static_cast<double>(distances.at(first)), n,
                               scores.data() + first, scratch);
        }
    });
    return scores;
}

double ropeScoreAt(const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& k, const RopeFrequencies& freqs,
                   RopeLayout layout, std::int64_t distance) {
    const RopeScoreCoefficients c = ropeScoreCoefficients(q, k, freqs, layout);
    double score = c.constant;
    for (std::size_t j = 0; j < c.a.size(); ++j) {
        score += (c.a[j] * exactPhasor(static_cast<double>(distance), c.theta[j])).real();
    }
    return score;
}

std::vector<double> scoreCurve(const Eigen::Ref<const Eigen::VectorXd>& q,
                               const Eigen::Ref<const Eigen::VectorXd>& k,
                               const ScoreEncodingParams& encoding, const DistanceRange& distances,
                               std::int64_t keyPosition, const Execution& exec) {
    if (q.size() != k.size()) {
        throw ParameterError(
            {"k", Rule::Count, static_cast<double>(k.size()), static_cast<double>(q.size())});
    }
    validate(encoding, static_cast<int>(q.size()));
    if (encoding.encoding == ScoreEncoding::Rope) {
        return ropeScoreCurve(q, k, ropeFrequencies(encoding.rope), encoding.layout, distances,
                              exec);
    }
    const std::int64_t count = distances.count();
    requireNotEmpty(static_cast<std::size_t>(count), "distances");
    requireMemory(8.0 * static_cast<double>(count), ResourceProblem(Demand::ScoreCurve, count));
    const PositionEncoder encoder(encoding, static_cast<int>(q.size()));
    const std::int64_t lastQuery = keyPosition + distances.at(count - 1);
    encoder.requirePositions(std::min(keyPosition + distances.start, lastQuery),
                             std::max(keyPosition + distances.start, lastQuery));
    encoder.requirePositions(keyPosition, keyPosition);
    const Eigen::VectorXd keyEncoded = encoder.encode(k, keyPosition);
    const Eigen::VectorXd keyMapped = encoder.mapForDot(keyEncoded);
    std::vector<double> scores(static_cast<std::size_t>(count));
    parallelFor(
        count, exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                // A chunk of long vectors can take seconds; Cancel must not wait for it.
                if ((i & 63) == 0 && exec.stop.stop_requested()) return;
                const std::int64_t queryPosition = keyPosition + distances.at(i);
                scores[static_cast<std::size_t>(i)] =
                    encoder.dotEncoded(q, queryPosition, keyMapped) +
                    encoder.bias(queryPosition, keyPosition);
            }
        },
        256);
    return scores;
}

}  // namespace ropelab
