// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The memory an analysis may allocate, checked before allocating so a too-large request fails
// with a clear message instead of an out-of-memory kill.

#include <string_view>

namespace ropelab {

// Half of the machine's physical memory, in bytes.
double analysisMemoryBudgetBytes();

// Throws ResourceError "<what> would need X GiB, more than the Y GiB budget" when bytes exceed
// the budget. bytes is a double so that size products cannot overflow.
void requireMemory(double bytes, std::string_view what);

}  // namespace ropelab
