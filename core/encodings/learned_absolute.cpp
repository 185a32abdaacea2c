// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/learned_absolute.h"

#include <cmath>
#include <numbers>
#include <random>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

Eigen::MatrixXd seededStandardNormal(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed) {
    std::mt19937_64 engine(seed);
    // 53 random bits → a double in (0, 1]; never 0, so the logarithm is finite.
    const auto uniform = [&engine] {
        return (static_cast<double>(engine() >> 11) + 1.0) * 0x1.0p-53;
    };
    Eigen::MatrixXd samples(rows, cols);
    const Eigen::Index count = rows * cols;
    for (Eigen::Index k = 0; k < count; k += 2) {
        const double radius = std::sqrt(-2.0 * std::log(uniform()));
        const double angle = 2.0 * std::numbers::pi * uniform();
        samples(k / cols, k % cols) = radius * std::cos(angle);
        if (k + 1 < count) samples((k + 1) / cols, (k + 1) % cols) = radius * std::sin(angle);
    }
    return samples;
}

LearnedPositionTable::LearnedPositionTable(int maxLength, int dim, std::uint64_t seed,
                                           double stddev) {
    requireAtLeast(maxLength, 1, "max_len");
    requireAtLeast(dim, 1, "dim");
    requireFinite(stddev, "stddev");
    if (!(stddev > 0.0)) throw ParameterError({"stddev", Rule::GreaterThan, stddev});
    requireTableNumbers(static_cast<double>(maxLength) * dim,
                        ResourceProblem(Demand::LearnedTable, maxLength, dim));
    table_ = stddev * seededStandardNormal(maxLength, dim, seed);
}

Eigen::VectorXd LearnedPositionTable::lookup(std::int64_t position) const {
    if (position < 0 || position >= maxLength()) {
        // A learned table has no row for a position it was not trained on: a position beyond
        // it needs a longer table (max_len), and a negative one has none at all.
        if (position >= maxLength()) {
            throw ParameterError({"max_len", Rule::GreaterThan, static_cast<double>(maxLength()),
                                  static_cast<double>(position)});
        }
        ParameterProblem problem("positions", Rule::AtLeast, static_cast<double>(position), 0);
        problem.eachValue = true;
        throw ParameterError(problem);
    }
    return table_.row(static_cast<Eigen::Index>(position)).transpose();
}

}  // namespace ropelab
