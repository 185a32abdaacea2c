// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Sinusoidal absolute positions (Vaswani et al. 2017, "Attention Is All You Need" §3.5):
// PE(p, 2i) = sin(p / base^(2i/d)), PE(p, 2i+1) = cos(p / base^(2i/d)), base 10000 in the paper.
// (fairseq/tensor2tensor concatenate [sin | cos] with another exponent: a variant, not this.)

#include <array>
#include <vector>

#include <Eigen/Core>

namespace ropelab {

// InputError unless dim is even and >= 2 and base > 1 (finite).
void validateSinusoidal(int dim, double base);

// ω_i = 1 / base^(2i/d) for pair i = 0 … d/2 − 1.
std::vector<double> sinusoidalFrequencies(int dim, double base = 10000.0);

// The encoding of one position (may be fractional or negative).
Eigen::VectorXd sinusoidalEncoding(double position, int dim, double base = 10000.0);

// One row per position. ResourceError when positions × dim exceeds 10^8 numbers.
Eigen::MatrixXd sinusoidalTable(const std::vector<double>& positions, int dim,
                                double base = 10000.0);

// Pair i of PE(p) and of PE(p + k), and the rotation R(k) = [[cos kω_i, sin kω_i], [−sin kω_i,
// cos kω_i]] that takes the first to the second whatever p is; its entries are read from PE(k).
struct SinusoidalShift {
    std::array<double, 2> atP{};   // (PE(p, 2i), PE(p, 2i+1))
    std::array<double, 2> atPK{};  // the same for p + k
    double sinKOmega = 0.0;
    double cosKOmega = 1.0;
    double omega = 0.0;    // ω_i
    double reduced = 0.0;  // kω_i modulo one turn, its sign kept
};

// InputError as validateSinusoidal, and unless 0 <= pair < dim / 2.
SinusoidalShift sinusoidalShift(double position, double shift, int pair, int dim,
                                double base = 10000.0);

}  // namespace ropelab
