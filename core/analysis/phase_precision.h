// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How far float32, bfloat16 and float16 RoPE angles drift from the exact phase p·θ_i as the
// position grows.

#include <cstdint>
#include <vector>

#include "analysis/distance_range.h"
#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// One row per (position, pair), position-major. Errors are wrapped to (−π, π] radians against the
// exact phase p·θ_i (θ_i in double, the product kept exact).
struct PhaseErrors {
    std::vector<std::int64_t> position;
    std::vector<std::int64_t> pair;
    // HF style: θ and p rounded to float32, φ = fl32(p·θ), sin/cos of φ.
    std::vector<double> float32Error;
    // GPU fast intrinsics (__sinf style): φ as above, reduced in float32 turns, fl32(φ·fl32(1/2π)).
    std::vector<double> fastTrigError;
    // The fix: turns p·(θ/2π) reduced exactly in double, then the angle rounded to float32.
    std::vector<double> exactTurnsError;
    // RoPE in a 16-bit format (transformers PR #29285, candle PR #3520): the position, θ and
    // their product each rounded to it. float16 positions from 65520 on are +inf and their
    // error NaN (also when the product overflows): no number stands for them.
    std::vector<double> bfloat16Position;
    std::vector<double> float16Position;
    std::vector<double> bfloat16Error;
    std::vector<double> float16Error;
};

// Each row's 16-bit rounded position minus the position (float16's +inf past 65504 stays +inf).
struct PositionRounding {
    std::vector<double> position, bfloat16, float16;
};
PositionRounding positionRounding(const PhaseErrors& errors);

// Appends the rows of `from` to `to`.
void append(PhaseErrors& to, const PhaseErrors& from);

// pairs empty: every pair. InputError (empty range, pair out of range), ResourceError.
PhaseErrors ropePhaseErrors(const RopeFrequencies& freqs, const DistanceRange& positions,
                            const std::vector<int>& pairs, const Execution& exec);

// The errors at `perOctave` evenly spaced positions of each octave 2^k … 2^(k+1) − 1, k from 0 to
// octaves − 1 (every position of an octave shorter than that): even steps on a log position axis.
PhaseErrors ropePhaseErrorsByOctave(const RopeFrequencies& freqs, int octaves, int perOctave,
                                    const std::vector<int>& pairs, const Execution& exec);

}  // namespace ropelab
