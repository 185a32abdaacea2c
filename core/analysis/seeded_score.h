// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The score of one seeded q and k (rows 0 and 1 of seededStandardNormal(2, head_dim, seed)) under
// several RoPE configurations: its curves over distance reduced to envelopes, and the largest
// |score| any distance can reach. Lesson 7 compares configurations with them.

#include <cstdint>
#include <span>
#include <vector>

#include "analysis/curve_envelope.h"
#include "common/execution.h"
#include "encodings/rope_frequencies.h"
#include "encodings/rope_params.h"

namespace ropelab {

// One envelope per configuration, in order: score(Δ) for Δ = 0 … length − 1 over `columns`
// columns. Progress rises from 0 to 1 across the configurations. InputError, ResourceError,
// Cancelled.
std::vector<CurveEnvelope> seededScoreEnvelopes(std::span<const RopeParams> configs,
                                                RopeLayout layout, std::uint64_t seed,
                                                std::int64_t length, int columns,
                                                const Execution& exec);

// Σ|a_i| + |constant| with score(Δ) = constant + Re Σ a_i e^{iΔθ_i}: no distance scores more, and
// the base changes only θ_i, so every base shares it. InputError for bad params.
double seededScoreBound(const RopeParams& params, RopeLayout layout, std::uint64_t seed);

}  // namespace ropelab
