// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/low_precision.h"

#include <cmath>

namespace ropelab {

namespace {

// Rounds to `bits` significant bits with ties to even (nearbyint in the default rounding mode),
// subnormal below 2^(minExponent − 1), infinite when the result exceeds maxFinite.
double roundToFormat(double x, int bits, int minExponent, double maxFinite) {
    if (!std::isfinite(x) || x == 0.0) return x;
    int exponent = 0;
    std::frexp(x, &exponent);  // |x| = m·2^exponent, m in [0.5, 1)
    const int quantumExponent = std::max(exponent, minExponent) - bits;
    const double rounded =
        std::ldexp(std::nearbyint(std::ldexp(x, -quantumExponent)), quantumExponent);
    if (std::abs(rounded) > maxFinite) return std::copysign(INFINITY, x);
    return rounded;
}

}  // namespace

double roundToBfloat16(double x) {
    // 8 bits; smallest normal 2^-126 = 0.5·2^-125; largest (2 − 2^-7)·2^127.
    return roundToFormat(x, 8, -125, std::ldexp(255.0, 120));
}

double roundToFloat16(double x) {
    // 11 bits; smallest normal 2^-14 = 0.5·2^-13; largest 65504.
    return roundToFormat(x, 11, -13, float16Max);
}

}  // namespace ropelab
