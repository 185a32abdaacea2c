// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A half-open arithmetic range of integer distances or positions, like Python's range(start, stop,
// step).

#include <cstdint>

namespace ropelab {

struct DistanceRange {
    std::int64_t start = 0;
    std::int64_t stop = 0;
    std::int64_t step = 1;  // non-zero; negative steps count down

    // Number of elements (0 when empty). InputError when step is 0.
    std::int64_t count() const;
    // The i-th element, start + i·step (no bounds check).
    std::int64_t at(std::int64_t i) const { return start + i * step; }
};

}  // namespace ropelab
