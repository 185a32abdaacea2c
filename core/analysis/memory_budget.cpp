// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/memory_budget.h"

#include <unistd.h>

#include <utility>

#include "common/errors.h"

namespace ropelab {

double analysisMemoryBudgetBytes() {
    // A fact of the machine, asked once: each question is a system call, and every figure's
    // computation asks before it allocates.
    static const double budget = [] {
        const long pages = sysconf(_SC_PHYS_PAGES);
        const long pageSize = sysconf(_SC_PAGE_SIZE);
        // Without the figure, assume a small 4 GiB machine.
        if (pages <= 0 || pageSize <= 0) return 2.0 * 1024 * 1024 * 1024;
        return 0.5 * static_cast<double>(pages) * static_cast<double>(pageSize);
    }();
    return budget;
}

void requireMemory(double bytes, ResourceProblem what) {
    requireWithin(bytes, analysisMemoryBudgetBytes(), Budget::Memory, std::move(what));
}

}  // namespace ropelab
