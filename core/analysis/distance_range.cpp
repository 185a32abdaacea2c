// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/distance_range.h"

#include "common/parameter_error.h"

namespace ropelab {

std::int64_t DistanceRange::count() const {
    if (step == 0) throw ParameterError({"step", Rule::NonZero});
    if (step > 0) return stop > start ? (stop - start - 1) / step + 1 : 0;
    return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

}  // namespace ropelab
