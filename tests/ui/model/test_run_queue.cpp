// SPDX-License-Identifier: GPL-3.0-or-later
// RunQueue: a batch runs at most `parallel` jobs at once in the order given, says how each one
// ended, and ends once, whether its jobs finish, fail or are cancelled.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QSignalSpy>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "model/run_queue.h"

namespace ropelab::ui {
namespace {

bool waitUntilEnded(RunQueue& queue, int timeoutMs = 10000) {
    const QDeadlineTimer deadline(timeoutMs);
    while (queue.running() && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    QCoreApplication::processEvents();
    return !queue.running();
}

// Spins until stop is requested, in chunks like core's loops.
void spinUntilStopped(const Execution& exec) {
    parallelFor(
        100000, exec, [](std::int64_t, std::int64_t) { QThread::msleep(2); }, 1);
}

TEST(RunQueue, RunsAtMostParallelJobsInTheOrderGiven) {
    RunQueue queue(2);
    std::atomic<int> now{0};
    std::atomic<int> most{0};
    std::mutex mutex;
    std::vector<int> startOrder;
    std::vector<int> applied;
    std::vector<LatestJob::Work> work;
    for (int i = 0; i < 5; ++i) {
        work.push_back([&, i](const Execution&) -> LatestJob::Apply {
            {
                std::lock_guard lock(mutex);
                startOrder.push_back(i);
            }
            const int running = ++now;
            int seen = most.load();
            while (running > seen && !most.compare_exchange_weak(seen, running)) {
            }
            QThread::msleep(30);
            --now;
            return [&applied, i] { applied.push_back(i); };
        });
    }
    QSignalSpy ended(&queue, &RunQueue::batchEnded);
    queue.start(std::move(work));
    ASSERT_TRUE(waitUntilEnded(queue));
    EXPECT_EQ(most.load(), 2);
    ASSERT_EQ(startOrder.size(), 5u);
    // Jobs start as earlier ones end: each of the first two before any later one.
    EXPECT_LT(std::find(startOrder.begin(), startOrder.end(), 1) - startOrder.begin(), 2);
    std::sort(applied.begin(), applied.end());
    EXPECT_EQ(applied, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_EQ(ended.count(), 1);
    for (std::size_t i = 0; i < queue.size(); ++i) {
        EXPECT_TRUE(queue.ended(i));
        EXPECT_EQ(queue.done(i), 1.0);
    }
}

TEST(RunQueue, AFailureIsReportedWithItsIndexAndTheOthersGoOn) {
    RunQueue queue(1);
    int applied = 0;
    std::vector<LatestJob::Work> work;
    work.push_back(
        [](const Execution&) -> LatestJob::Apply { throw std::runtime_error("out of memory"); });
    work.push_back([&](const Execution&) -> LatestJob::Apply { return [&] { ++applied; }; });
    QSignalSpy failed(&queue, &RunQueue::failed);
    QSignalSpy ended(&queue, &RunQueue::batchEnded);
    queue.start(std::move(work));
    ASSERT_TRUE(waitUntilEnded(queue));
    ASSERT_EQ(failed.count(), 1);
    EXPECT_EQ(failed.at(0).at(0).value<std::size_t>(), 0u);
    EXPECT_TRUE(failed.at(0).at(1).toString().contains(QStringLiteral("out of memory")));
    EXPECT_EQ(applied, 1);
    EXPECT_EQ(ended.count(), 1);
}

TEST(RunQueue, CancelEndsTheBatchOnceAndQueuedJobsNeverStart) {
    RunQueue queue(1);
    std::atomic<int> started{0};
    std::vector<LatestJob::Work> work;
    for (int i = 0; i < 3; ++i) {
        work.push_back([&](const Execution& exec) -> LatestJob::Apply {
            ++started;
            spinUntilStopped(exec);
            return [] {};
        });
    }
    QSignalSpy ended(&queue, &RunQueue::batchEnded);
    queue.start(std::move(work));
    for (int i = 0; i < 500 && started == 0; ++i) QThread::msleep(2);
    queue.cancel();
    EXPECT_FALSE(queue.running());
    ASSERT_TRUE(waitUntilEnded(queue));
    QThread::msleep(50);
    QCoreApplication::processEvents();
    EXPECT_EQ(started.load(), 1);
    EXPECT_EQ(ended.count(), 1);
}

TEST(RunQueue, ANewBatchAfterTheLastRunsAgain) {
    RunQueue queue(3);
    int applied = 0;
    for (int batch = 0; batch < 2; ++batch) {
        std::vector<LatestJob::Work> work;
        work.push_back([&](const Execution&) -> LatestJob::Apply { return [&] { ++applied; }; });
        queue.start(std::move(work));
        ASSERT_TRUE(waitUntilEnded(queue));
    }
    EXPECT_EQ(applied, 2);
    EXPECT_EQ(queue.size(), 1u);
}

}  // namespace
}  // namespace ropelab::ui
