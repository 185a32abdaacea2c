// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/execution.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "common/errors.h"

namespace ropelab {

void parallelFor(std::int64_t n, const Execution& exec,
                 const std::function<void(std::int64_t, std::int64_t)>& body,
                 std::int64_t minChunk) {
    if (n <= 0) return;
    const int threads = static_cast<int>(std::clamp<std::int64_t>(exec.threads, 1, n));
    // Enough chunks to balance load and report progress, none smaller than minChunk.
    const std::int64_t chunk =
        std::max<std::int64_t>(minChunk, n / (std::int64_t{64} * threads) + 1);
    const std::int64_t chunks = (n + chunk - 1) / chunk;
    std::atomic<std::int64_t> next{0};
    std::atomic<std::int64_t> done{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex errorMutex;
    std::mutex progressMutex;

    auto worker = [&] {
        for (;;) {
            if (failed.load() || exec.stop.stop_requested()) return;
            const std::int64_t c = next.fetch_add(1);
            if (c >= chunks) return;
            try {
                body(c * chunk, std::min(n, (c + 1) * chunk));
            } catch (...) {
                std::lock_guard lock(errorMutex);
                if (!error) error = std::current_exception();
                failed = true;
                return;
            }
            const std::int64_t finished = done.fetch_add(1) + 1;
            if (exec.progress) {
                std::lock_guard lock(progressMutex);
                exec.progress(static_cast<double>(finished) / static_cast<double>(chunks));
            }
        }
    };

    std::vector<std::jthread> pool;
    pool.reserve(threads - 1);
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    pool.clear();  // joins
    if (error) std::rethrow_exception(error);
    if (exec.stop.stop_requested()) throw Cancelled();
}

}  // namespace ropelab
