// SPDX-License-Identifier: GPL-3.0-or-later
// The engine jobs share: kept while the choice stays, replaced when it changes, one job at a time.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "compute/shared_engine.h"

namespace ropelab {
namespace {

TEST(SharedEngine, KeepsTheEngineWhileTheChoiceStays) {
    SharedEngine shared;
    ComputeEngine* first = shared.use(BackendChoice::Cpu, [](ComputeEngine& e) { return &e; });
    EXPECT_EQ(first->choice(), BackendChoice::Cpu);
    EXPECT_EQ(shared.use(BackendChoice::Cpu, [](ComputeEngine& e) { return &e; }), first);
    const BackendChoice other =
        shared.use(BackendChoice::Auto, [](ComputeEngine& e) { return e.choice(); });
    EXPECT_EQ(other, BackendChoice::Auto);
}

TEST(SharedEngine, OneJobHoldsItAtATime) {
    SharedEngine shared;
    std::atomic<int> inside = 0;
    std::atomic<int> most = 0;
    std::vector<std::thread> jobs;
    for (int j = 0; j < 4; ++j) {
        jobs.emplace_back([&] {
            for (int k = 0; k < 100; ++k) {
                shared.use(BackendChoice::Cpu, [&](ComputeEngine&) {
                    const int now = ++inside;
                    int seen = most.load();
                    while (now > seen && !most.compare_exchange_weak(seen, now)) {
                    }
                    --inside;
                });
            }
        });
    }
    for (std::thread& job : jobs) job.join();
    EXPECT_EQ(most.load(), 1);
}

}  // namespace
}  // namespace ropelab
