// SPDX-License-Identifier: GPL-3.0-or-later
// Sinusoidal encoding (Vaswani et al. 2017 §3.5). Known answers computed with Python 3 math.sin /
// math.cos of p / 10000^(2i/d) in double.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/sinusoidal.h"

namespace ropelab {
namespace {

TEST(Sinusoidal, KnownAnswers) {
    const Eigen::VectorXd pe = sinusoidalEncoding(3.0, 8);
    const double sines[] = {0.1411200080598672, 0.29552020666133955, 0.02999550020249566,
                            0.002999995500002025};
    const double cosines[] = {-0.9899924966004454, 0.955336489125606, 0.9995500337489875,
                              0.999995500003375};
    for (int i = 0; i < 4; ++i) {
        EXPECT_DOUBLE_EQ(pe[2 * i], sines[i]);
        EXPECT_DOUBLE_EQ(pe[2 * i + 1], cosines[i]);
    }
    const Eigen::VectorXd zero = sinusoidalEncoding(0.0, 6);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(zero[2 * i], 0.0);
        EXPECT_EQ(zero[2 * i + 1], 1.0);
    }
}

TEST(Sinusoidal, ShiftIsAPerPairRotation) {
    // sin(a + b) = sin a cos b + cos a sin b; cos(a + b) = cos a cos b − sin a sin b:
    // PE(p + k) is PE(p) with pair i rotated by k·ω_i, independent of p.
    const int d = 16;
    const double base = 500.0;
    const std::vector<double> omega = sinusoidalFrequencies(d, base);
    for (double p : {0.0, 5.0, 77.0}) {
        for (double k : {1.0, 12.0, 300.0}) {
            const Eigen::VectorXd from = sinusoidalEncoding(p, d, base);
            const Eigen::VectorXd to = sinusoidalEncoding(p + k, d, base);
            for (int i = 0; i < d / 2; ++i) {
                const double c = std::cos(k * omega[i]);
                const double s = std::sin(k * omega[i]);
                EXPECT_NEAR(to[2 * i], from[2 * i] * c + from[2 * i + 1] * s, 1e-12);
                EXPECT_NEAR(to[2 * i + 1], from[2 * i + 1] * c - from[2 * i] * s, 1e-12);
            }
        }
    }
}

TEST(Sinusoidal, ShiftOfOnePairAndItsRotation) {
    const int d = 12;
    const double base = 300.0;
    const double p = 9.0;
    const double k = -41.0;
    const int i = 2;
    const double omega = std::pow(base, -2.0 * i / d);
    const SinusoidalShift shift = sinusoidalShift(p, k, i, d, base);
    EXPECT_NEAR(shift.omega, omega, 1e-15);
    EXPECT_NEAR(shift.atP[0], std::sin(p * omega), 1e-12);
    EXPECT_NEAR(shift.atP[1], std::cos(p * omega), 1e-12);
    EXPECT_NEAR(shift.atPK[0], std::sin((p + k) * omega), 1e-12);
    EXPECT_NEAR(shift.atPK[1], std::cos((p + k) * omega), 1e-12);
    EXPECT_NEAR(shift.sinKOmega, std::sin(k * omega), 1e-12);
    EXPECT_NEAR(shift.cosKOmega, std::cos(k * omega), 1e-12);
    // R(k)·PE(p) = PE(p + k).
    EXPECT_NEAR(shift.cosKOmega * shift.atP[0] + shift.sinKOmega * shift.atP[1], shift.atPK[0],
                1e-12);
    EXPECT_NEAR(-shift.sinKOmega * shift.atP[0] + shift.cosKOmega * shift.atP[1], shift.atPK[1],
                1e-12);
    // k·ω = −41·300^(−1/3) ≈ −6.13 rad: less than one turn, sign kept.
    EXPECT_NEAR(shift.reduced, k * omega, 1e-12);
    EXPECT_NEAR(sinusoidalShift(0.0, 8.0, 0, d, base).reduced, 8.0 - 2.0 * std::numbers::pi, 1e-12);
    EXPECT_THROW(sinusoidalShift(p, k, d / 2, d, base), ParameterError);
    EXPECT_THROW(sinusoidalShift(p, k, -1, d, base), ParameterError);
    EXPECT_THROW(sinusoidalShift(p, k, 0, 7, base), InputError);
}

TEST(Sinusoidal, TableRowsAreEncodings) {
    const Eigen::MatrixXd table = sinusoidalTable({0.0, 2.5, 9.0}, 4, 100.0);
    ASSERT_EQ(table.rows(), 3);
    EXPECT_EQ(Eigen::VectorXd(table.row(1).transpose()), sinusoidalEncoding(2.5, 4, 100.0));
}

TEST(Sinusoidal, RejectsOddDimAndSmallBase) {
    EXPECT_THROW(sinusoidalEncoding(1.0, 5), InputError);
    EXPECT_THROW(sinusoidalEncoding(1.0, 0), InputError);
    EXPECT_THROW(sinusoidalEncoding(1.0, 4, 1.0), InputError);
}

}  // namespace
}  // namespace ropelab
