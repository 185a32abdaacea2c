// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/rope_decay_bound.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <utility>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/rope_apply.h"

namespace ropelab {

namespace {

// Σ_{j=1}^{d/2} |S_j| with S_j = Σ_{k<j} e^{i·Δ·θ_k}.
double sumOfPartialSums(double distance, const std::vector<double>& invFreq) {
    std::complex<double> partialSum = 0.0;  // S_j
    double total = 0.0;
    for (double theta : invFreq) {
        const double angle = distance * theta;
        partialSum += std::complex<double>(std::cos(angle), std::sin(angle));
        total += std::abs(partialSum);
    }
    return total;
}

// f(distance) for every distance, split over exec.threads.
template <class PerDistance>
std::vector<double> overDistances(const std::vector<double>& distances, const Execution& exec,
                                  const PerDistance& f) {
    std::vector<double> values(distances.size());
    parallelFor(
        static_cast<std::int64_t>(distances.size()), exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                const auto index = static_cast<std::size_t>(i);
                values[index] = f(distances[index]);
            }
        },
        256);
    return values;
}

}  // namespace

double ropeDecayBound(double distance, const std::vector<double>& invFreq) {
    return invFreq.empty()
               ? 0.0
               : sumOfPartialSums(distance, invFreq) / static_cast<double>(invFreq.size());
}

std::vector<double> ropeDecayBound(const std::vector<double>& distances,
                                   const RopeFrequencies& freqs, const Execution& exec) {
    return overDistances(distances, exec,
                         [&](double distance) { return ropeDecayBound(distance, freqs.invFreq); });
}

std::vector<double> ropeDecayBoundFor(const Eigen::Ref<const Eigen::VectorXd>& q,
                                      const Eigen::Ref<const Eigen::VectorXd>& k,
                                      const RopeFrequencies& freqs, RopeLayout layout,
                                      const std::vector<double>& distances, const Execution& exec) {
    for (const auto& [name, v] : {std::pair{"q", &q}, std::pair{"k", &k}}) {
        if (v->size() != freqs.headDim) {
            throw ParameterError({name, Rule::Count, static_cast<double>(v->size()),
                                  static_cast<double>(freqs.headDim)});
        }
    }
    const int pairs = freqs.pairs();
    std::vector<std::complex<double>> h(static_cast<std::size_t>(pairs) + 1, 0.0);
    for (int i = 0; i < pairs; ++i) {
        const RopePair pair = ropePair(i, freqs.rotaryDim, layout);
        h[static_cast<std::size_t>(i)] = std::complex<double>(q[pair.a], q[pair.b]) *
                                         std::conj(std::complex<double>(k[pair.a], k[pair.b]));
    }
    double largestStep = 0.0;
    for (int i = 0; i < pairs; ++i) {
        largestStep = std::max(largestStep, std::abs(h[static_cast<std::size_t>(i) + 1] -
                                                     h[static_cast<std::size_t>(i)]));
    }
    double passThrough = 0.0;
    for (int j = freqs.rotaryDim; j < freqs.headDim; ++j) passThrough += q[j] * k[j];
    const double scale = freqs.attentionFactor * freqs.attentionFactor * largestStep;
    return overDistances(distances, exec, [&](double distance) {
        return std::abs(passThrough) + scale * sumOfPartialSums(distance, freqs.invFreq);
    });
}

}  // namespace ropelab
