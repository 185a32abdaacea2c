// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a computation runs: thread count, cancellation and progress, passed explicitly (no globals).

#include <cstdint>
#include <functional>
#include <stop_token>

namespace ropelab {

struct Execution {
    int threads = 1;
    std::stop_token stop;  // request_stop() on its source makes the computation throw Cancelled
    // Fraction done in [0, 1], once per finished chunk; called from worker threads, serialised.
    std::function<void(double)> progress;
};

// Splits [0, n) into chunks and runs body(begin, end) on up to exec.threads threads.
// Throws Cancelled when exec.stop is requested; rethrows the first exception a chunk throws.
void parallelFor(std::int64_t n, const Execution& exec,
                 const std::function<void(std::int64_t begin, std::int64_t end)>& body,
                 std::int64_t minChunk = 1);

}  // namespace ropelab
