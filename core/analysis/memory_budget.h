// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The memory an analysis may allocate, checked before allocating so a too-large request fails
// with a clear message instead of an out-of-memory kill.

#include "common/resource_problem.h"

namespace ropelab {

// Half of the machine's physical memory, in bytes.
double analysisMemoryBudgetBytes();

// Throws ResourceError with `what` (Budget::Memory, the bytes and the budget) when bytes exceed
// the budget. bytes is a double so that size products cannot overflow.
void requireMemory(double bytes, ResourceProblem what);

}  // namespace ropelab
