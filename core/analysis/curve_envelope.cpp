// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/curve_envelope.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "common/parameter_error.h"

namespace ropelab {

namespace {

void requireShape(std::int64_t sampleCount, int columns) {
    requireAtLeast(static_cast<double>(sampleCount), 1, "samples");
    requireAtLeast(columns, 1, "columns");
}

}  // namespace

CurveEnvelope::CurveEnvelope(std::vector<std::int64_t> starts)
    : starts_(std::move(starts)),
      min_(starts_.size() - 1, std::numeric_limits<double>::quiet_NaN()),
      max_(starts_.size() - 1, std::numeric_limits<double>::quiet_NaN()) {}

CurveEnvelope::CurveEnvelope(std::int64_t sampleCount, int columns) {
    requireShape(sampleCount, columns);
    const std::int64_t width = std::min<std::int64_t>(columns, sampleCount);
    starts_.resize(static_cast<std::size_t>(width) + 1);
    for (std::int64_t c = 0; c <= width; ++c) {
        starts_[static_cast<std::size_t>(c)] = c * sampleCount / width;
    }
    min_.assign(static_cast<std::size_t>(width), std::numeric_limits<double>::quiet_NaN());
    max_.assign(static_cast<std::size_t>(width), std::numeric_limits<double>::quiet_NaN());
}

CurveEnvelope CurveEnvelope::logarithmic(std::int64_t sampleCount, int columns) {
    requireShape(sampleCount, columns);
    const double logN = std::log(static_cast<double>(sampleCount));
    std::vector<std::int64_t> starts{0};
    for (int c = 1; c < columns; ++c) {
        // First sample whose x = i + 1 reaches n^(c/W); exact powers (10^5) must not round up.
        double x = std::exp(logN * c / columns);
        if (std::abs(x - std::round(x)) <= 1e-9 * x) x = std::round(x);
        const auto start = static_cast<std::int64_t>(std::ceil(x)) - 1;
        if (start > starts.back() && start < sampleCount) starts.push_back(start);
    }
    starts.push_back(sampleCount);
    return CurveEnvelope(std::move(starts));
}

void CurveEnvelope::add(std::int64_t firstSample, std::span<const double> values) {
    const auto count = static_cast<std::int64_t>(values.size());
    if (firstSample < 0 || firstSample + count > sampleCount()) {
        ParameterProblem problem(
            "samples", Rule::Between,
            static_cast<double>(firstSample < 0 ? firstSample : firstSample + count - 1), 0,
            static_cast<double>(sampleCount() - 1));
        problem.eachValue = true;
        throw ParameterError(problem);
    }
    std::int64_t i = 0;
    while (i < count) {
        // The column holding this sample: the last start at or before it.
        const auto next = std::upper_bound(starts_.begin(), starts_.end(), firstSample + i);
        const auto column = static_cast<std::size_t>(next - starts_.begin() - 1);
        const std::int64_t end = std::min(count, *next - firstSample);
        double lo = min_[column];
        double hi = max_[column];
        for (; i < end; ++i) {
            const double v = values[static_cast<std::size_t>(i)];
            if (std::isnan(v)) continue;
            // An empty column holds NaN: its first sample sets both ends.
            if (std::isnan(lo) || v < lo) lo = v;
            if (std::isnan(hi) || v > hi) hi = v;
        }
        min_[column] = lo;
        max_[column] = hi;
    }
}

}  // namespace ropelab
