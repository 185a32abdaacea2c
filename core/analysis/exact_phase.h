// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// e^{i·p·θ} for large p without losing the phase: p·θ is split exactly into hi + lo with an FMA.

#include <complex>

namespace ropelab {

// e^{i·p·θ} with the product p·θ kept exact (hi + lo); the phase error stays ~1e-16 rad however
// large p·θ is (glibc reduces hi exactly before sin/cos).
std::complex<double> exactPhasor(double position, double theta);

// p·θ reduced to (−π, π], accurate to ~1e-16 rad.
double reducedPhase(double position, double theta);

// x wrapped to (−π, π] (for small phase differences).
double wrapPhase(double x);

}  // namespace ropelab
