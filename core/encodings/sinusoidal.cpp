// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/sinusoidal.h"

#include <cmath>
#include <numbers>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/number_text.h"

namespace ropelab {

void validateSinusoidal(int dim, double base) {
    if (dim < 2 || dim > (1 << 20))
        throw ParameterError({"dim", Rule::Between, static_cast<double>(dim), 2, 1 << 20});
    if (dim % 2 != 0) throw ParameterError({"dim", Rule::Even, static_cast<double>(dim)});
    requireFinite(base, "base");
    if (base <= 1.0) throw ParameterError({"base", Rule::GreaterThan, base, 1});
}

std::vector<double> sinusoidalFrequencies(int dim, double base) {
    validateSinusoidal(dim, base);
    std::vector<double> frequencies(static_cast<std::size_t>(dim / 2));
    for (int i = 0; i < dim / 2; ++i) {
        frequencies[static_cast<std::size_t>(i)] =
            1.0 / std::pow(base, static_cast<double>(2 * i) / static_cast<double>(dim));
    }
    return frequencies;
}

Eigen::VectorXd sinusoidalEncoding(double position, int dim, double base) {
    const std::vector<double> frequencies = sinusoidalFrequencies(dim, base);
    Eigen::VectorXd encoding(dim);
    for (int i = 0; i < dim / 2; ++i) {
        const double angle = position * frequencies[static_cast<std::size_t>(i)];
        encoding[2 * i] = std::sin(angle);
        encoding[2 * i + 1] = std::cos(angle);
    }
    return encoding;
}

Eigen::MatrixXd sinusoidalTable(const std::vector<double>& positions, int dim, double base) {
    const std::vector<double> frequencies = sinusoidalFrequencies(dim, base);
    requireTableNumbers(static_cast<double>(positions.size()) * dim,
                        ResourceProblem(Demand::SinusoidalTable, positions.size(), dim));
    Eigen::MatrixXd table(static_cast<Eigen::Index>(positions.size()), dim);
    for (std::size_t r = 0; r < positions.size(); ++r) {
        for (int i = 0; i < dim / 2; ++i) {
            const double angle = positions[r] * frequencies[static_cast<std::size_t>(i)];
            table(static_cast<Eigen::Index>(r), 2 * i) = std::sin(angle);
            table(static_cast<Eigen::Index>(r), 2 * i + 1) = std::cos(angle);
        }
    }
    return table;
}

SinusoidalShift sinusoidalShift(double position, double shift, int pair, int dim, double base) {
    const std::vector<double> frequencies = sinusoidalFrequencies(dim, base);
    if (pair < 0 || pair >= dim / 2)
        throw ParameterError({"pair", Rule::Between, static_cast<double>(pair), 0, dim / 2 - 1});
    const Eigen::VectorXd atP = sinusoidalEncoding(position, dim, base);
    const Eigen::VectorXd atPK = sinusoidalEncoding(position + shift, dim, base);
    const Eigen::VectorXd byK = sinusoidalEncoding(shift, dim, base);
    const int a = 2 * pair;
    SinusoidalShift result;
    result.atP = {atP[a], atP[a + 1]};
    result.atPK = {atPK[a], atPK[a + 1]};
    // PE(k) = (sin kω, cos kω) per pair.
    result.sinKOmega = byK[a];
    result.cosKOmega = byK[a + 1];
    result.omega = frequencies[static_cast<std::size_t>(pair)];
    result.reduced = std::fmod(shift * result.omega, 2.0 * std::numbers::pi);
    return result;
}

}  // namespace ropelab
