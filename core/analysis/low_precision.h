// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Rounding to the 16-bit float formats RoPE runs in (round to nearest, ties to even, as a
// hardware conversion): bfloat16 keeps 8 significant bits and float32's exponent range (integers
// exact to 256), float16 11 bits with a maximum of 65504 (integers exact to 2048).

namespace ropelab {

// x rounded to bfloat16; ±inf beyond its range (≈ 3.39e38), subnormals below 2^-126.
double roundToBfloat16(double x);

// x rounded to float16; ±inf from 65520 on (65504 is the largest finite value), subnormals
// below 2^-14.
double roundToFloat16(double x);

inline constexpr double float16Max = 65504.0;

}  // namespace ropelab
