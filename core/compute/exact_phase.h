// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Exact phase reduction for float32 kernels: a frequency θ becomes a 64-bit fixed-point fraction
// of a turn, F = frac(θ/2π)·2⁶⁴, so that for an integer distance D the phase in turns is
// (D·F mod 2⁶⁴)/2⁶⁴: the modulo is the integer wrap-around and rounds nothing. The one error is
// F's own rounding, ≤ 2⁻⁶⁴ turn per unit distance: |D|·2⁻⁶⁴ turns, 6e-12 rad at |D| = 2²⁴,
// 4e-7 rad at 2⁴⁰.

#include <array>
#include <cstdint>

namespace ropelab {

// frac(θ/2π)·2⁶⁴ rounded to an integer (θ/2π in long double). θ must be finite.
std::uint64_t turnFraction(double theta);

// The signed phase in turns, in [−1/2, 1/2), of distance·θ where turns = turnFraction(θ).
double phaseTurns(std::uint64_t turns, std::int64_t distance);

// (cos, sin) of 2π·phaseTurns(turns, distance), computed in long double and rounded to float.
std::array<float, 2> phasorOfDistance(std::uint64_t turns, std::int64_t distance);

}  // namespace ropelab
