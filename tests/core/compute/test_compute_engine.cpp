// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's choices: --backend parsing, named backends that are missing, Auto's size rule and
// the visible CPU fallback when a device fails.

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#include <latch>
#include <string>
#include <thread>
#include <vector>

#include "common/errors.h"
#include "compute/backend_registry.h"
#include "compute/compute_engine.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

// A failed driver call on the test device, in the driver's words.
DeviceError failure(DeviceStep step, const char* driver) {
    DeviceProblem problem{DeviceIssue::CallFailed, BackendKind::OpenCl, "failing test device",
                          driver};
    problem.step = step;
    problem.bytes = 1024;
    problem.kernel = "applyRopeRows";
    return DeviceError(problem);
}

// A device that fails every job as an exhausted GPU would.
class FailingDevice final : public ComputeBackend {
public:
    BackendKind kind() const override { return BackendKind::OpenCl; }
    std::string device() const override { return "failing test device"; }
    std::vector<std::vector<double>> ropeScoreCurves(const std::vector<RopeCurveInput>&,
                                                     const DistanceRange&,
                                                     const Execution&) override {
        throw failure(DeviceStep::Allocate, "CL_MEM_OBJECT_ALLOCATION_FAILURE (simulated)");
    }
    PooledGrid ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>&,
                                const Eigen::Ref<const Eigen::MatrixXd>&, const RopeFrequencies&,
                                RopeLayout, int, int, Pooling, const Execution&) override {
        throw failure(DeviceStep::Finish, "CL_OUT_OF_RESOURCES (simulated)");
    }
    Eigen::MatrixXd applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>&,
                                  const std::vector<double>&, const RopeFrequencies&, RopeLayout,
                                  const Execution&) override {
        throw failure(DeviceStep::Launch, "launch failed (simulated)");
    }
};

RopeCurveInput smallCurve() {
    RopeParams p;
    p.headDim = 16;
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, 7);
    return {qk.row(0).transpose(), qk.row(1).transpose(), ropeFrequencies(p),
            RopeLayout::HalfSplit};
}

// The app probes for its menu while a sweep's engine probes for Auto. ctest runs each case in a
// process of its own, so this is the driver's first use (PoCL crashed on it, now and then).
TEST(BackendRegistry, ProbingFromSeveralThreadsAtOnceGivesOneAnswer) {
    constexpr int kThreads = 8;
    std::latch start(kThreads);
    std::vector<std::vector<BackendInfo>> found(kThreads);
    {
        std::vector<std::jthread> threads;
        for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
                start.arrive_and_wait();
                found[t] = probeBackends();
            });
        }
    }
    for (int t = 1; t < kThreads; ++t) {
        ASSERT_EQ(found[t].size(), found[0].size());
        for (std::size_t b = 0; b < found[0].size(); ++b) {
            EXPECT_EQ(found[t][b].available, found[0][b].available);
            EXPECT_EQ(found[t][b].device, found[0][b].device);
            EXPECT_EQ(found[t][b].problem, found[0][b].problem);
        }
    }
}

TEST(ComputeEngine, ParsesBackendChoicesAndNamesTheOptionOtherwise) {
    EXPECT_EQ(parseBackendChoice("auto"), BackendChoice::Auto);
    EXPECT_EQ(parseBackendChoice("cpu"), BackendChoice::Cpu);
    EXPECT_EQ(parseBackendChoice("opencl"), BackendChoice::OpenCl);
    EXPECT_EQ(parseBackendChoice("cuda"), BackendChoice::Cuda);
    try {
        parseBackendChoice("gpu");
        FAIL() << "gpu accepted";
    } catch (const InputError& e) {
        EXPECT_STREQ(e.what(), "backend must be one of auto, cpu, opencl, cuda, got 'gpu'");
    }
}

TEST(ComputeEngine, ANamedBackendThatIsMissingIsAnErrorThatSaysWhy) {
    for (const BackendInfo& info : probeBackends()) {
        if (info.available) continue;
        const BackendChoice choice = parseBackendChoice(toString(info.kind));
        try {
            ComputeEngine engine(choice);
            FAIL() << toString(info.kind) << " accepted though unavailable";
        } catch (const InputError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.rfind(
                          "backend " + std::string(toString(info.kind)) + " is unavailable: ", 0),
                      0u)
                << message;
            EXPECT_NE(message.find(describe(*info.problem)), std::string::npos) << message;
            const auto* unavailable = dynamic_cast<const BackendUnavailable*>(&e);
            ASSERT_NE(unavailable, nullptr);
            EXPECT_EQ(unavailable->device(), *info.problem);
        }
        return;
    }
    GTEST_SKIP() << "every backend is available on this machine";
}

TEST(ComputeEngine, CpuAndSmallAutoJobsRunOnTheCpuWithoutNote) {
    const DistanceRange distances{0, 100, 1};
    for (BackendChoice choice : {BackendChoice::Cpu, BackendChoice::Auto}) {
        ComputeEngine engine(choice);
        const auto result = engine.ropeScoreCurves({smallCurve()}, distances, {});
        EXPECT_EQ(result.backend, BackendKind::Cpu);
        EXPECT_FALSE(result.fallback);
        ASSERT_EQ(result.value.size(), 1u);
        EXPECT_EQ(result.value[0].size(), 100u);
    }
}

// In a child: a large Auto job under `ulimit -v 3 GiB`. Exits 0 when it ran on the CPU, saying
// why with the limit, and no GPU driver was loaded (PoCL would map LLVM; CUDA reserves more than
// the limit).
[[noreturn]] void largeAutoJobUnderThreeGiB() {
    const rlimit limit{std::uint64_t{3} << 30, std::uint64_t{3} << 30};
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::exit(3);
    if (addressSpaceLimit() != (std::uint64_t{3} << 30)) std::exit(4);
    ComputeEngine engine(BackendChoice::Auto);
    // 8 pairs × 2²¹ distances = autoGpuWork
    const auto result = engine.ropeScoreCurves({smallCurve()}, DistanceRange{0, 1 << 21, 1}, {});
    if (result.backend != BackendKind::Cpu || result.value[0].size() != (1u << 21)) std::exit(5);
    const BackendFallback limited{.reason = FallbackReason::AddressSpace,
                                  .addressSpace = std::uint64_t{3} << 30};
    if (result.fallback != limited) std::exit(8);
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);) {
        if (line.find("libpocl") != std::string::npos) std::exit(6);
        if (line.find("libcuda.so") != std::string::npos) std::exit(7);
    }
    std::exit(0);
}

TEST(ComputeEngine, AutoUnderAnAddressSpaceLimitStaysOnTheCpuAndLoadsNoDriver) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(largeAutoJobUnderThreeGiB(), ::testing::ExitedWithCode(0), "");
}

TEST(ComputeEngine, FallsBackToTheCpuAndSaysSoWhenTheDeviceFails) {
    ComputeEngine engine(std::make_unique<FailingDevice>());
    const RopeCurveInput curve = smallCurve();
    const auto curves = engine.ropeScoreCurves({curve}, {0, 50, 1}, {});
    EXPECT_EQ(curves.backend, BackendKind::Cpu);
    const BackendFallback failed{
        .reason = FallbackReason::DeviceFailed,
        .problem = failure(DeviceStep::Allocate, "CL_MEM_OBJECT_ALLOCATION_FAILURE (simulated)")
                       .problem()};
    EXPECT_EQ(curves.fallback, failed);
    // The CPU's own result, not an approximation.
    CpuBackend cpu;
    EXPECT_EQ(curves.value, cpu.ropeScoreCurves({curve}, {0, 50, 1}, {}));

    const Eigen::MatrixXd rows = seededStandardNormal(4, 16, 3);
    const auto heatmap = engine.ropeScoreHeatmap(rows, rows, curve.freqs, RopeLayout::HalfSplit, 2,
                                                 2, Pooling::Max, {});
    EXPECT_EQ(heatmap.backend, BackendKind::Cpu);
    ASSERT_TRUE(heatmap.fallback && heatmap.fallback->problem);
    EXPECT_EQ(heatmap.fallback->reason, FallbackReason::DeviceFailed);
    EXPECT_EQ(heatmap.fallback->problem->step, DeviceStep::Finish);
    EXPECT_EQ(heatmap.fallback->problem->detail, "CL_OUT_OF_RESOURCES (simulated)");
    const auto rotated =
        engine.applyRopeRows(rows, {0, 1, 2, 3}, curve.freqs, RopeLayout::HalfSplit, {});
    EXPECT_EQ(rotated.backend, BackendKind::Cpu);
    ASSERT_TRUE(rotated.fallback && rotated.fallback->problem);
    EXPECT_EQ(rotated.fallback->problem->step, DeviceStep::Launch);
    EXPECT_EQ(rotated.fallback->problem->kernel, "applyRopeRows");
}

TEST(ComputeEngine, BadInputIsAnInputErrorNotAFallback) {
    ComputeEngine engine(BackendChoice::Cpu);
    RopeCurveInput curve = smallCurve();
    curve.q = Eigen::VectorXd::Ones(3);
    EXPECT_THROW(engine.ropeScoreCurves({curve}, {0, 10, 1}, {}), InputError);
}

TEST(ComputeEngine, ANamedOpenClBackendComputesOnOpenCl) {
    const BackendInfo info = probeBackend(BackendKind::OpenCl);
    if (!info.available) GTEST_SKIP() << "opencl unavailable: " << describe(*info.problem);
    ComputeEngine engine(BackendChoice::OpenCl);
    const auto result = engine.ropeScoreCurves({smallCurve()}, {0, 1000, 1}, {});
    EXPECT_EQ(result.backend, BackendKind::OpenCl);
    EXPECT_EQ(result.device, info.device);
    EXPECT_FALSE(result.fallback);
}

}  // namespace
}  // namespace ropelab
