// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the P1 benchmarks (bench_lessons, bench_lessons_6_10) share: per-thread CPU time,
// median and 90th percentile, running the replots a move queued, and the bases a slider steps
// through.

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <ctime>
#include <vector>

namespace ropelab::ui::bench {

struct Stats {
    double median = 0.0;
    double p90 = 0.0;
};

inline Stats stats(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) {
        return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * (ms.size() - 1) + 0.5))];
    };
    return {at(0.5), at(0.9)};
}

// CPU time of the calling thread, in milliseconds: other load on the machine does not count.
inline double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// Runs what the move queued: the lesson's coalesced replots (only the figures it changed).
inline void settle() {
    QCoreApplication::processEvents();
}

// The base for move i: 40 steps of 5 % from 2000, then around again.
inline double baseFor(int i) {
    return 2000.0 * std::pow(1.05, i % 40);
}

}  // namespace ropelab::ui::bench
