// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/kv_cache_drift.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "analysis/memory_budget.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/number_text.h"
#include "encodings/rope_apply.h"

namespace ropelab {

namespace {

RopeFrequencies frequenciesAtLength(const RopeParams& params, std::int64_t length) {
    RopeParams atLength = params;
    atLength.seqLen = static_cast<int>(length);
    return ropeFrequencies(atLength);
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
        throw ResourceError("scoring every cached key at every step would take " +
                            numberText(std::ceil(terms)) + " pair terms; at most " +
                            numberText(maxKvCacheTerms) +
                            " are allowed: ask for fewer --generate or --prompt-length");
    }
    const int d = first.headDim;
    requireMemory(8.0 * d * (static_cast<double>(total) + static_cast<double>(generate)),
                  "the queries and keys of " + std::to_string(total) + " tokens");
    const Eigen::MatrixXd queries = seededStandardNormal(generate, d, seed);
    const Eigen::MatrixXd keys = seededStandardNormal(total, d, seed + 1);

    // The cache as it is: key n rotated with θ of the forward that cached it (the prompt's, or
    // that of generated step n − P, both kept for the comparison below).
    std::vector<RopeFrequencies> forwards = {first};
    for (std::int64_t g = 0; g < generate; ++g) {
        forwards.push_back(frequenciesAtLength(params, promptLength + g + 1));
    }
    const auto forwardOf = [&](std::int64_t n) -> const RopeFrequencies& {
        return forwards[static_cast<std::size_t>(std::max<std::int64_t>(0, n - promptLength + 1))];
    };
    std::vector<Eigen::VectorXd> cached(static_cast<std::size_t>(total));
    for (std::int64_t n = 0; n < total; ++n) {
        cached[static_cast<std::size_t>(n)] = applyRope(
            keys.row(n).transpose(), static_cast<double>(n), forwardOf(n), RopeLayout::HalfSplit);
    }

    KvCacheDrift drift;
    drift.length.resize(static_cast<std::size_t>(generate));
    drift.maxAbsScoreError.resize(static_cast<std::size_t>(generate));
    parallelFor(
        generate, exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t g = begin; g < end; ++g) {
                const std::int64_t length = promptLength + g + 1;
                const std::int64_t position = length - 1;
                const RopeFrequencies& now = forwards[static_cast<std::size_t>(g + 1)];
                const Eigen::VectorXd q =
                    applyRope(queries.row(g).transpose(), static_cast<double>(position), now,
                              RopeLayout::HalfSplit);
                double worst = 0.0;
                for (std::int64_t n = 0; n < length; ++n) {
                    // Rotated with the same θ: the cached key is the consistent one, bit for bit.
                    const RopeFrequencies& then = forwardOf(n);
                    if (then.invFreq == now.invFreq &&
                        then.attentionFactor == now.attentionFactor) {
                        continue;
                    }
                    const Eigen::VectorXd consistent =
                        applyRope(keys.row(n).transpose(), static_cast<double>(n), now,
                                  RopeLayout::HalfSplit);
                    const double error =
                        std::abs(q.dot(cached[static_cast<std::size_t>(n)]) - q.dot(consistent));
                    worst = std::max(worst, error);
                }
                drift.length[static_cast<std::size_t>(g)] = length;
                drift.maxAbsScoreError[static_cast<std::size_t>(g)] = worst;
            }
        },
        1);
    return drift;
}

}  // namespace ropelab
