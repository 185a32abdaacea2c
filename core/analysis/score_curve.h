// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Attention score against relative distance: score(Δ) = ⟨f(q, P + Δ), f(k, P)⟩ (+ bias) for Δ in
// a range, P the key position.

#include <complex>
#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "analysis/distance_range.h"
#include "analysis/score_encoding.h"
#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// RoPE's score as a sum of phasors: score(Δ) = constant + Re Σ_j a_j e^{iΔθ_j}, with
// a_j = af²·(q_a + i q_b)(k_a − i k_b) for pair j = (a, b) and constant = the pass-through dot
// product (partial rotary). The key position drops out exactly.
struct RopeScoreCoefficients {
    std::vector<std::complex<double>> a;  // one per pair
    std::vector<double> theta;            // θ_j, copied from the frequencies
    double constant = 0.0;
};
// InputError when q or k does not have freqs.headDim components.
RopeScoreCoefficients ropeScoreCoefficients(const Eigen::Ref<const Eigen::VectorXd>& q,
                                            const Eigen::Ref<const Eigen::VectorXd>& k,
                                            const RopeFrequencies& freqs, RopeLayout layout);

// RoPE score for every distance: O(d/2) complex multiplications per Δ by angle addition, exactly
// re-anchored every few hundred distances, so |error| ≤ 1e-9·(|constant| + Σ|a_j|) up to |Δ| = 2⁵³.
// Same result for every thread count. InputError / ResourceError / Cancelled.
std::vector<double> ropeScoreCurve(const Eigen::Ref<const Eigen::VectorXd>& q,
                                   const Eigen::Ref<const Eigen::VectorXd>& k,
                                   const RopeFrequencies& freqs, RopeLayout layout,
                                   const DistanceRange& distances, const Execution& exec);

// RoPE's score at one distance, constant + Re Σ_j a_j e^{iΔθ_j} from d/2 exact phasors: one point
// of ropeScoreCurve without building its tables. InputError when q or k has the wrong length.
double ropeScoreAt(const Eigen::Ref<const Eigen::VectorXd>& q,
                   const Eigen::Ref<const Eigen::VectorXd>& k, const RopeFrequencies& freqs,
                   RopeLayout layout, std::int64_t distance);

// Any encoding: score(Δ) with the query at keyPosition + Δ and the key at keyPosition
// (q and k must have equal length; RoPE delegates to ropeScoreCurve).
std::vector<double> scoreCurve(const Eigen::Ref<const Eigen::VectorXd>& q,
                               const Eigen::Ref<const Eigen::VectorXd>& k,
                               const ScoreEncodingParams& encoding, const DistanceRange& distances,
                               std::int64_t keyPosition, const Execution& exec);

}  // namespace ropelab
