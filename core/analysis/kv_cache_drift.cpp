// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/kv_cache_drift.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <string>

#include "analysis/exact_phase.h"
#include "analysis/memory_budget.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"

namespace ropelab {

namespace {

RopeFrequencies frequenciesAtLength(const RopeParams& params, std::int64_t length) {
    RopeParams atLength = params;
    atLength.seqLen = static_cast<int>(length);
    return ropeFrequencies(atLength);
}

bool sameRotation(const RopeFrequencies& a, const RopeFrequencies& b) {
    return a.invFreq == b.invFreq && a.attentionFactor == b.attentionFactor;
}

// Phasors between exact anchors in consistentScores (angle addition, ~1 ulp per step).
constexpr std::int64_t kKvAnchorInterval = 64;

// q·R(n·θ)k_n for the keys n < length, all rotated with `freqs` (half-split pairs, as applyRope),
// without a sine or cosine per term: with Q_j, K_j the pairs as complex numbers,
// R(nθ)k · q = Σ_pass q_i k_i + af·Re Σ_j Q_j·conj(K_j)·e^{−inθ_j}, and e^{−inθ_j} steps along n.
void consistentScores(const Eigen::VectorXd& q, const Eigen::MatrixXd& keys, std::int64_t length,
                      const RopeFrequencies& freqs, std::vector<double>& out) {
    const int pairs = freqs.pairs();
    const int half = freqs.rotaryDim / 2;
    // e^{−inθ_j} as (re, im), and the step e^{−iθ_j}; written out, since std::complex's
    // multiply checks for infinities on every call.
    std::vector<double> eRe(static_cast<std::size_t>(pairs)), eIm(eRe.size());
    std::vector<double> stepRe(eRe.size()), stepIm(eRe.size());
    for (int j = 0; j < pairs; ++j) {
        const std::complex<double> w = exactPhasor(1.0, freqs.invFreq[static_cast<std::size_t>(j)]);
        stepRe[static_cast<std::size_t>(j)] = w.real();
        stepIm[static_cast<std::size_t>(j)] = -w.imag();
    }
    out.resize(static_cast<std::size_t>(length));
    for (std::int64_t n = 0; n < length; ++n) {
        if (n % kKvAnchorInterval == 0) {
            for (int j = 0; j < pairs; ++j) {
                const std::complex<double> e =
                    exactPhasor(static_cast<double>(n), freqs.invFreq[static_cast<std::size_t>(j)]);
                eRe[static_cast<std::size_t>(j)] = e.real();
                eIm[static_cast<std::size_t>(j)] = -e.imag();
            }
        }
        double rotated = 0.0;
        for (int j = 0; j < pairs; ++j) {
            const std::size_t u = static_cast<std::size_t>(j);
            // Q·conj(K) = (qa + i·qb)(ka − i·kb), then Re of its product with e.
            const double qa = q[j], qb = q[j + half];
            const double ka = keys(n, j), kb = keys(n, j + half);
            const double re = qa * ka + qb * kb;
            const double im = qb * ka - qa * kb;
            rotated += re * eRe[u] - im * eIm[u];
            const double next = eRe[u] * stepRe[u] - eIm[u] * stepIm[u];
            eIm[u] = eRe[u] * stepIm[u] + eIm[u] * stepRe[u];
            eRe[u] = next;
        }
        double passThrough = 0.0;
        for (int i = freqs.rotaryDim; i < freqs.headDim; ++i) passThrough += q[i] * keys(n, i);
        out[static_cast<std::size_t>(n)] = passThrough + freqs.attentionFactor * rotated;
    }
}

}  // namespace

KvCacheDrift kvCacheDrift(const RopeParams& params, std::int64_t promptLength,
                          std::int64_t generate, std::uint64_t seed, const Execution& exec) {
    requireAtLeast(static_cast<double>(promptLength), 1, "prompt_length");
    requireAtLeast(static_cast<double>(generate), 1, "generate");
    const std::int64_t total = promptLength + generate;
    // Prompt and generated tokens together stay within 2^24 positions.
    if (total > (std::int64_t{1} << 24)) {
        ParameterProblem problem("prompt_length", Rule::SumAtMost, static_cast<double>(total), 0,
                                 static_cast<double>(std::int64_t{1} << 24));
        problem.other = "generate";
        throw ParameterError(problem);
    }
    const RopeFrequencies first = frequenciesAtLength(params, promptLength);  // validates
    const int pairs = first.pairs();
    const double terms = static_cast<double>(generate) *
                         (static_cast<double>(promptLength) + 0.5 * static_cast<double>(generate)) *
                         pairs;
    if (terms > maxKvCacheTerms) {
        ResourceProblem problem(Demand::KvCacheScoring);
        problem.budget = Budget::PairTerms;
        problem.needed = std::ceil(terms);
        problem.limit = maxKvCacheTerms;
        problem.fewer = {"generate", "prompt_length"};
        throw ResourceError(problem);
    }
    const int d = first.headDim;
    requireMemory(8.0 * d * (static_cast<double>(total) + static_cast<double>(generate)),
                  ResourceProblem(Demand::QueryKeyRows, total));
    const Eigen::MatrixXd queries = seededStandardNormal(generate, d, seed);
    const Eigen::MatrixXd keys = seededStandardNormal(total, d, seed + 1);

    // The cache as it is: key n rotated with θ of the forward that cached it (the prompt's, or
    // that of generated step n − P, both kept for the comparison below).
    std::vector<RopeFrequencies> forwards = {first};
    for (std::int64_t g = 0; g < generate; ++g) {
        forwards.push_back(frequenciesAtLength(params, promptLength + g + 1));
    }
    // The forward that cached key n: the prompt's, or that of generated step n − P.
    const auto forwardIndex = [&](std::int64_t n) {
        return static_cast<std::size_t>(std::max<std::int64_t>(0, n - promptLength + 1));
    };
    std::vector<Eigen::VectorXd> cached(static_cast<std::size_t>(total));
    for (std::int64_t n = 0; n < total; ++n) {
        cached[static_cast<std::size_t>(n)] =
            applyRope(keys.row(n).transpose(), static_cast<double>(n), forwards[forwardIndex(n)],
                      RopeLayout::HalfSplit);
    }

    // Forwards that rotate alike share a class, so a key cached by one is consistent for the other.
    std::vector<std::size_t> rotationClass(forwards.size());
    for (std::size_t f = 0; f < forwards.size(); ++f) {
        rotationClass[f] = f;
        for (std::size_t e = 0; e < f; ++e) {
            if (rotationClass[e] == e && sameRotation(forwards[e], forwards[f])) {
                rotationClass[f] = e;
                break;
            }
        }
    }

    KvCacheDrift drift;
    drift.length.resize(static_cast<std::size_t>(generate));
    drift.maxAbsScoreError.resize(static_cast<std::size_t>(generate));
    parallelFor(
        generate, exec,
        [&](std::int64_t begin, std::int64_t end) {
            std::vector<double> consistent;
            for (std::int64_t g = begin; g < end; ++g) {
                const std::int64_t length = promptLength + g + 1;
                const std::int64_t position = length - 1;
                const std::size_t nowIndex = static_cast<std::size_t>(g + 1);
                const RopeFrequencies& now = forwards[nowIndex];
                const Eigen::VectorXd q =
                    applyRope(queries.row(g).transpose(), static_cast<double>(position), now,
                              RopeLayout::HalfSplit);
                const auto consistentKey = [&](std::int64_t n) {
                    return rotationClass[forwardIndex(n)] == rotationClass[nowIndex];
                };
                drift.length[static_cast<std::size_t>(g)] = length;
                // Every cached key consistent (θ independent of the length): exactly 0.
                bool anyStale = false;
                for (std::int64_t n = 0; n < length && !anyStale; ++n) anyStale = !consistentKey(n);
                if (!anyStale) {
                    drift.maxAbsScoreError[static_cast<std::size_t>(g)] = 0.0;
                    continue;
                }
                consistentScores(q, keys, length, now, consistent);
                double worst = 0.0;
                for (std::int64_t n = 0; n < length; ++n) {
                    // Rotated with the same θ: the cached key is the consistent one, bit for bit.
                    if (consistentKey(n)) continue;
                    const double error = std::abs(q.dot(cached[static_cast<std::size_t>(n)]) -
                                                  consistent[static_cast<std::size_t>(n)]);
                    worst = std::max(worst, error);
                }
                drift.maxAbsScoreError[static_cast<std::size_t>(g)] = worst;
            }
        },
        1);
    return drift;
}

DynamicNtkDrift dynamicNtkDrift(RopeParams plain, int maxPosition, double factor,
                                std::int64_t promptLength, std::int64_t generate,
                                std::uint64_t seed, const Execution& exec) {
    plain.ropeType = RopeType::Default;
    plain.maxPositionEmbeddings = maxPosition;
    RopeParams dynamic = plain;
    dynamic.ropeType = RopeType::Dynamic;
    dynamic.factor = factor;
    return {kvCacheDrift(dynamic, promptLength, generate, seed, exec),
            kvCacheDrift(plain, promptLength, generate, seed, exec)};
}

}  // namespace ropelab
