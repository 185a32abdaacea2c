// SPDX-License-Identifier: GPL-3.0-or-later
// LatestJob: work runs off the UI thread, only the newest job's result arrives, cancel leaves
// the previous result, errors come back as messages.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <QSignalSpy>
#include <QThread>
#include <atomic>
#include <cstdlib>
#include <fstream>

#include "common/errors.h"
#include "model/latest_job.h"

namespace ropelab::ui {
namespace {

// Spins until stop is requested (or a long time passes), in chunks like core's loops.
void spinUntilStopped(const Execution& exec) {
    parallelFor(
        1000, exec, [](std::int64_t, std::int64_t) { QThread::msleep(5); }, 1);
}

TEST(LatestJob, ResultArrivesOnTheUiThread) {
    LatestJob job;
    int applied = 0;
    Qt::HANDLE workerThread = nullptr;
    job.start([](const Execution&) -> LatestJob::Apply { return [] {}; }, 1);
    QSignalSpy finished(&job, &LatestJob::finished);
    job.start(
        [&](const Execution&) -> LatestJob::Apply {
            workerThread = QThread::currentThreadId();
            return [&applied] { ++applied; };
        },
        1);
    ASSERT_TRUE(job.waitForIdle(5000));
    EXPECT_EQ(applied, 1);
    EXPECT_EQ(finished.count(), 1);  // the superseded job delivered nothing
    EXPECT_NE(workerThread, QThread::currentThreadId());
}

TEST(LatestJob, NewJobStopsTheRunningOne) {
    LatestJob job;
    std::atomic<bool> firstStopped{false};
    int applied = 0;
    job.start(
        [&](const Execution& exec) -> LatestJob::Apply {
            try {
                spinUntilStopped(exec);
            } catch (const Cancelled&) {
                firstStopped = true;
                throw;
            }
            return [&applied] { applied = 1; };
        },
        1);
    QThread::msleep(20);
    job.start([](const Execution&) -> LatestJob::Apply { return nullptr; }, 1);
    ASSERT_TRUE(job.waitForIdle(5000));
    for (int i = 0; i < 200 && !firstStopped; ++i) QThread::msleep(5);
    EXPECT_TRUE(firstStopped);
    EXPECT_EQ(applied, 0);
}

TEST(LatestJob, CancelDropsTheResultAtOnce) {
    LatestJob job;
    QSignalSpy cancelled(&job, &LatestJob::cancelled);
    QSignalSpy finished(&job, &LatestJob::finished);
    job.start(
        [](const Execution& exec) -> LatestJob::Apply {
            spinUntilStopped(exec);
            return [] {};
        },
        2);
    QThread::msleep(20);
    job.cancel();
    EXPECT_FALSE(job.isRunning());
    EXPECT_EQ(cancelled.count(), 1);
    QThread::msleep(50);
    QCoreApplication::processEvents();
    EXPECT_EQ(finished.count(), 0);
    EXPECT_EQ(cancelled.count(), 1);
}

TEST(LatestJob, ErrorsComeBackAsMessages) {
    LatestJob job;
    QSignalSpy failed(&job, &LatestJob::failed);
    job.start(
        [](const Execution&) -> LatestJob::Apply {
            ResourceProblem problem(Demand::Heatmap, 4096);
            problem.budget = Budget::Memory;
            problem.needed = 64.0 * (1 << 30);
            problem.limit = 8.0 * (1 << 30);
            throw ResourceError(problem);
        },
        1);
    ASSERT_TRUE(job.waitForIdle(5000));
    ASSERT_EQ(failed.count(), 1);
    // The app's words for core's data, not core's English.
    EXPECT_EQ(failed.at(0).at(0).toString(),
              QStringLiteral("Too large to compute: a heat map of 4096 positions would need 64 GiB "
                             "of memory, more than the 8 GiB allowed (half of this computer's "
                             "memory)"));
}

TEST(LatestJob, ProgressIsReported) {
    LatestJob job;
    QSignalSpy progress(&job, &LatestJob::progress);
    job.start(
        [](const Execution& exec) -> LatestJob::Apply {
            parallelFor(
                20, exec, [](std::int64_t, std::int64_t) { QThread::msleep(10); }, 1);
            return [] {};
        },
        1);
    ASSERT_TRUE(job.waitForIdle(5000));
    ASSERT_GE(progress.count(), 2);
    EXPECT_DOUBLE_EQ(progress.last().at(0).toDouble(), 1.0);
}

TEST(LatestJob, DestroyingARunningJobIsSafe) {
    auto job = std::make_unique<LatestJob>();
    job->start(
        [](const Execution& exec) -> LatestJob::Apply {
            spinUntilStopped(exec);
            return [] {};
        },
        1);
    QThread::msleep(10);
    job.reset();  // stops and waits; nothing is delivered to the deleted object
    QCoreApplication::processEvents();
    SUCCEED();
}

// The system refusing a worker thread (here: no address space left for its stack) fails the job
// with a message at once, and the next job runs again. True when it did.
bool refusedThreadFailsTheJob() {
    LatestJob job;
    QSignalSpy failed(&job, &LatestJob::failed);
    std::atomic<bool> ran{false};
    rlimit old{};
    std::ifstream statm("/proc/self/statm");
    rlim_t pages = 0;
    statm >> pages;
    if (getrlimit(RLIMIT_AS, &old) != 0 || pages == 0) return false;
    // Room for a few small allocations, not for a 2 MiB thread stack.
    const rlimit tight{pages * static_cast<rlim_t>(sysconf(_SC_PAGESIZE)) + (1u << 20),
                       old.rlim_max};
    if (setrlimit(RLIMIT_AS, &tight) != 0) return false;
    job.start(
        [&](const Execution&) -> LatestJob::Apply {
            ran = true;
            return [] {};
        },
        1);
    setrlimit(RLIMIT_AS, &old);
    const bool refused =
        job.waitForIdle(5000) && !ran && failed.count() == 1 &&
        failed.at(0).at(0).toString().startsWith(QStringLiteral("Could not start a worker thread"));
    job.start([](const Execution&) -> LatestJob::Apply { return [] {}; }, 1);
    return refused && job.waitForIdle(5000) && failed.count() == 1;
}

// In a process of its own: glibc reuses the stacks of earlier tests' threads, which needs no
// address space.
TEST(LatestJobDeathTest, ARefusedThreadFailsTheJobInsteadOfWaitingForIt) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::_Exit(refusedThreadFailsTheJob() ? 0 : 1), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace ropelab::ui
