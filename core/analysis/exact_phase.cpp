// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/exact_phase.h"

#include <cmath>
#include <numbers>

namespace ropelab {

std::complex<double> exactPhasor(double position, double theta) {
    const double hi = position * theta;
    const double lo = std::fma(position, theta, -hi);  // exact rounding error of the product
    const double c = std::cos(hi);
    const double s = std::sin(hi);
    // e^{i(hi+lo)} = e^{i·hi}(1 + i·lo) + O(lo²), and |lo| ≤ ulp(hi)/2.
    return {c - s * lo, s + c * lo};
}

double reducedPhase(double position, double theta) {
    const std::complex<double> z = exactPhasor(position, theta);
    return std::atan2(z.imag(), z.real());
}

double wrapPhase(double x) {
    const double wrapped = std::remainder(x, 2.0 * std::numbers::pi);
    return wrapped <= -std::numbers::pi ? wrapped + 2.0 * std::numbers::pi : wrapped;
}

}  // namespace ropelab
