// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/tensor_checks.h"

#include <Eigen/Core>
#include <cmath>

namespace ropelab {

void requireRowRange(const std::string& source, const std::string& tensor, std::uint64_t rows,
                     std::uint64_t rowLength, std::uint64_t first, std::uint64_t count,
                     std::size_t outSize) {
    if (first > rows || count > rows - first || outSize != count * rowLength) {
        throw WeightsError(source, {.fault = WeightsFault::BadShape,
                                    .name = tensor,
                                    .detail = "has " + std::to_string(rows) + " rows; rows " +
                                              std::to_string(first) + " + " +
                                              std::to_string(count) + " were asked for"});
    }
}

void requireFiniteValues(const std::string& source, const std::string& tensor, const float* values,
                         std::size_t n, std::uint64_t first) {
    for (std::size_t i = 0; i < n; ++i) {
        if (!std::isfinite(values[i])) {
            throw WeightsError(source, {.fault = WeightsFault::NotFinite,
                                        .name = tensor,
                                        .found = std::isnan(values[i]) ? "NaN" : "infinity",
                                        .index = first + i});
        }
    }
}

}  // namespace ropelab
