#include "analysis/curve_envelope.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "common/errors.h"

namespace ropelab {

CurveEnvelope::CurveEnvelope(std::int64_t sampleCount, int columns) : sampleCount_(sampleCount) {
    if (sampleCount < 1) {
        throw InputError("the curve needs at least one sample, got " + std::to_string(sampleCount));
    }
    if (columns < 1) throw InputError("columns must be >= 1, got " + std::to_string(columns));
    const auto width = static_cast<std::size_t>(std::min<std::int64_t>(columns, sampleCount));
    min_.assign(width, std::numeric_limits<double>::quiet_NaN());
    max_.assign(width, std::numeric_limits<double>::quiet_NaN());
}

std::int64_t CurveEnvelope::columnStart(int column) const {
    return column * sampleCount_ / columns();
}

void CurveEnvelope::add(std::int64_t firstSample, std::span<const double> values) {
    const auto count = static_cast<std::int64_t>(values.size());
    if (firstSample < 0 || firstSample + count > sampleCount_) {
        throw InputError("samples " + std::to_string(firstSample) + " … " +
                         std::to_string(firstSample + count - 1) + " are outside the curve's " +
                         std::to_string(sampleCount_) + " samples");
    }
    const std::int64_t width = columns();
    std::int64_t i = 0;
    while (i < count) {
        const std::int64_t sample = firstSample + i;
        // The column of `sample` is the largest c with ⌊c·n/W⌋ <= sample.
        const std::int64_t column = ((sample + 1) * width - 1) / sampleCount_;
        const std::int64_t end =
            std::min(count, columnStart(static_cast<int>(column) + 1) - firstSample);
        double lo = min_[static_cast<std::size_t>(column)];
        double hi = max_[static_cast<std::size_t>(column)];
        for (; i < end; ++i) {
            const double v = values[static_cast<std::size_t>(i)];
            if (std::isnan(v)) continue;
            // An empty column holds NaN: its first sample sets both ends.
            if (std::isnan(lo) || v < lo) lo = v;
            if (std::isnan(hi) || v > hi) hi = v;
        }
        min_[static_cast<std::size_t>(column)] = lo;
        max_[static_cast<std::size_t>(column)] = hi;
    }
}

}  // namespace ropelab
