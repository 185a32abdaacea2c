// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/alibi.h"

#include <cmath>
#include <limits>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

namespace {

// The reference get_slopes_power_of_2: start = 2^(−8/n), slope_h = start · start^h (same
// operations, so the same doubles as the Python).
std::vector<double> powerOfTwoSlopes(int n) {
    const double start = std::pow(2.0, -8.0 / n);
    std::vector<double> slopes(static_cast<std::size_t>(n));
    for (int h = 0; h < n; ++h) slopes[static_cast<std::size_t>(h)] = start * std::pow(start, h);
    return slopes;
}

}  // namespace

std::vector<double> alibiSlopes(int heads) {
    if (heads < 1 || heads > (1 << 20)) {
        throw ParameterError({"heads", Rule::Between, static_cast<double>(heads), 1, 1 << 20});
    }
    int closest = 1;
    while (closest * 2 <= heads) closest *= 2;
    std::vector<double> slopes = powerOfTwoSlopes(closest);
    if (closest == heads) return slopes;
    const std::vector<double> doubled = powerOfTwoSlopes(2 * closest);
    for (int k = 0; k < heads - closest; ++k) {
        slopes.push_back(doubled[static_cast<std::size_t>(2 * k)]);
    }
    return slopes;
}

double alibiCausalBias(double slope, std::int64_t query, std::int64_t key) {
    // The reference adds its causal mask (−∞ above the diagonal) to the bias.
    if (key > query) return -std::numeric_limits<double>::infinity();
    return -slope * static_cast<double>(query - key);
}

Eigen::MatrixXd alibiBias(int length, double slope, AlibiBias kind) {
    requireAtLeast(length, 1, "length");
    requireTableNumbers(static_cast<double>(length) * length,
                        ResourceProblem(Demand::AlibiMatrix, length));
    Eigen::MatrixXd bias(length, length);
    for (int j = 0; j < length; ++j) {
        for (int i = 0; i < length; ++i) {
            bias(i, j) = kind == AlibiBias::Symmetric ? -slope * std::abs(i - j)
                                                      : alibiCausalBias(slope, i, j);
        }
    }
    return bias;
}

}  // namespace ropelab
