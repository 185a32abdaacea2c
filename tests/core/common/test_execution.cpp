// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <atomic>
#include <numeric>
#include <stop_token>
#include <vector>

#include "common/errors.h"
#include "common/execution.h"

using namespace ropelab;

TEST(ParallelFor, VisitsEveryIndexOnceWithAnyThreadCount) {
    for (int threads : {1, 2, 7}) {
        std::vector<std::atomic<int>> hits(1000);
        Execution exec{.threads = threads};
        parallelFor(1000, exec, [&](std::int64_t b, std::int64_t e) {
            for (std::int64_t i = b; i < e; ++i) hits[i]++;
        });
        for (const auto& h : hits) EXPECT_EQ(h.load(), 1);
    }
}

TEST(ParallelFor, ReportsProgressUpToOne) {
    double last = 0.0;
    Execution exec{.threads = 2, .progress = [&](double f) { last = std::max(last, f); }};
    parallelFor(500, exec, [](std::int64_t, std::int64_t) {});
    EXPECT_DOUBLE_EQ(last, 1.0);
}

TEST(ParallelFor, StopsWhenCancelled) {
    std::stop_source source;
    Execution exec{.threads = 2, .stop = source.get_token()};
    std::atomic<std::int64_t> visited{0};
    EXPECT_THROW(parallelFor(
                     1'000'000, exec,
                     [&](std::int64_t b, std::int64_t e) {
                         visited += e - b;
                         source.request_stop();
                     },
                     1000),
                 Cancelled);
    EXPECT_LT(visited.load(), 1'000'000);
}

TEST(ParallelFor, RethrowsTheBodysError) {
    Execution exec{.threads = 2};
    EXPECT_THROW(parallelFor(100, exec, [](std::int64_t, std::int64_t) { throw InputError("x"); }),
                 InputError);
}
