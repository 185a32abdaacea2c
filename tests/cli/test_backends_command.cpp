// SPDX-License-Identifier: GPL-3.0-or-later
// `ropelab-cli backends`: every backend listed, with what this machine offers for it; and the
// --backend option of the sweep commands.

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/backend_option.h"
#include "cli/cli.h"
#include "compute/backend_registry.h"

namespace ropelab {
namespace {

TEST(BackendsCommand, JsonListsCpuOpenClCudaAsTheRegistryProbesThem) {
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"backends", "--format", "json"}, out, err), 0) << err.str();
    const nlohmann::json json = nlohmann::json::parse(out.str());
    const std::vector<BackendInfo> infos = probeBackends();
    ASSERT_EQ(json.at("backends").size(), 3u);
    for (std::size_t i = 0; i < infos.size(); ++i) {
        const nlohmann::json& entry = json["backends"][i];
        EXPECT_EQ(entry.at("backend"), std::string(toString(infos[i].kind)));
        EXPECT_EQ(entry.at("available"), infos[i].available);
        EXPECT_EQ(entry.at("gpu"), infos[i].gpu);
        EXPECT_EQ(entry.at("device"), infos[i].device);
        EXPECT_EQ(entry.at("reason"),
                  infos[i].problem ? describe(*infos[i].problem) : std::string());
        // Available: a device and no reason; unavailable: a reason.
        EXPECT_EQ(infos[i].available, !infos[i].problem.has_value());
        EXPECT_EQ(infos[i].available, !infos[i].device.empty());
    }
    EXPECT_EQ(json["backends"][0]["backend"], "cpu");
    EXPECT_EQ(json["backends"][0]["available"], true);
    EXPECT_EQ(json["backends"][1]["backend"], "opencl");
    EXPECT_EQ(json["backends"][2]["backend"], "cuda");
}

TEST(BackendsCommand, CsvHasOneRowPerBackendWithQuotedFields) {
    std::ostringstream out, err;
    ASSERT_EQ(cli::run({"backends"}, out, err), 0) << err.str();
    std::istringstream lines(out.str());
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "backend,available,gpu,device,reason");
    std::getline(lines, line);
    // The CPU's device text holds a comma, so it is quoted.
    EXPECT_EQ(line.rfind("cpu,1,0,\"CPU, double precision", 0), 0u) << line;
    int rows = 1;
    while (std::getline(lines, line)) ++rows;
    EXPECT_EQ(rows, 3);
}

struct Outcome {
    int status;
    std::string out;
    std::string err;
};

Outcome runCli(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int status = cli::run(args, out, err);
    return {status, out.str(), err.str()};
}

// The numbers of a CSV column.
std::vector<double> column(const std::string& csv, std::size_t index) {
    std::istringstream lines(csv);
    std::string line;
    std::getline(lines, line);  // header
    std::vector<double> values;
    while (std::getline(lines, line)) {
        std::istringstream fields(line);
        std::string field;
        for (std::size_t i = 0; i <= index; ++i) std::getline(fields, field, ',');
        values.push_back(std::stod(field));
    }
    return values;
}

TEST(BackendOption, RejectsUnknownBackendsAndNamesTheAllowedOnes) {
    const Outcome r = runCli(
        {"score-curve", "--q", "ones", "--k", "ones", "--distances", "0:4", "--backend", "gpu"});
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("--backend must be one of auto, cpu, opencl, cuda"), std::string::npos)
        << r.err;
}

TEST(BackendOption, AnUnavailableBackendAskedForByNameExitsTwoWithTheReason) {
    for (const BackendInfo& info : probeBackends()) {
        if (info.available) continue;
        const Outcome r = runCli({"heatmap", "--length", "8", "--grid", "2", "--backend",
                                  std::string(toString(info.kind))});
        EXPECT_EQ(r.status, 2);
        EXPECT_EQ(r.err, "ropelab-cli heatmap: --backend " + std::string(toString(info.kind)) +
                             " is unavailable: " + describe(*info.problem) +
                             " (see `ropelab-cli backends`; use --backend auto or cpu)\n");
        EXPECT_TRUE(r.out.empty());
        return;
    }
    GTEST_SKIP() << "every backend is available on this machine";
}

TEST(BackendOption, ScoreCurveAndHeatmapOnOpenClMatchTheCpu) {
    const BackendInfo info = probeBackend(BackendKind::OpenCl);
    if (!info.available) GTEST_SKIP() << "opencl unavailable: " << describe(*info.problem);
    const std::vector<std::string> curve = {
        "score-curve", "--q", "random:1", "--k", "random:2", "--distances", "16776000:16777217:97"};
    const std::vector<std::string> heatmap = {"heatmap", "--length", "200", "--grid",
                                              "5x3",     "--pool",   "max"};
    for (const auto& [args, valueColumn] : {std::pair{curve, std::size_t{1}}, {heatmap, 2}}) {
        std::vector<std::string> onCpu = args, onOpenCl = args;
        onCpu.insert(onCpu.end(), {"--backend", "cpu"});
        onOpenCl.insert(onOpenCl.end(), {"--backend", "opencl"});
        const Outcome cpu = runCli(onCpu);
        const Outcome gpu = runCli(onOpenCl);
        ASSERT_EQ(cpu.status, 0) << cpu.err;
        ASSERT_EQ(gpu.status, 0) << gpu.err;
        EXPECT_TRUE(gpu.err.empty()) << gpu.err;
        const std::vector<double> expected = column(cpu.out, valueColumn);
        const std::vector<double> got = column(gpu.out, valueColumn);
        ASSERT_EQ(got.size(), expected.size());
        ASSERT_FALSE(got.empty());
        // |q||k| of 128 standard normals is about 128; the float kernels stay within 1e-4 of it.
        for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], expected[i], 1e-4 * 128);
    }
}

TEST(BackendOption, OtherEncodingsOnANamedGpuBackendSayTheyRanOnTheCpu) {
    const BackendInfo info = probeBackend(BackendKind::OpenCl);
    if (!info.available) GTEST_SKIP() << "opencl unavailable: " << describe(*info.problem);
    const Outcome r = runCli({"score-curve", "--encoding", "alibi", "--q", "ones", "--k", "ones",
                              "--distances", "0:4", "--backend", "opencl"});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.err.find("alibi runs on the CPU only"), std::string::npos) << r.err;
}

// The engine's typed fallback, in the CLI's English.
TEST(BackendOption, SaysInEnglishWhyTheCpuComputedIt) {
    EXPECT_EQ(
        cli::fallbackNote(
            {.reason = FallbackReason::AddressSpace, .addressSpace = std::uint64_t{3} << 30}),
        "address space limited to 3072 MiB, too little for a GPU driver: computed on the CPU");
    EXPECT_EQ(cli::fallbackNote({.reason = FallbackReason::DeviceUnavailable,
                                 .problem = DeviceProblem{DeviceIssue::NoDevice, BackendKind::Cuda,
                                                          "", "cudaErrorNoDevice"}}),
              "no CUDA device (cudaErrorNoDevice); computed on the CPU instead");
    DeviceProblem allocate{DeviceIssue::CallFailed, BackendKind::OpenCl, "failing test device",
                           "CL_MEM_OBJECT_ALLOCATION_FAILURE"};
    allocate.step = DeviceStep::Allocate;
    allocate.bytes = 1024;
    EXPECT_EQ(cli::fallbackNote({.reason = FallbackReason::DeviceFailed, .problem = allocate}),
              "opencl failed (OpenCL allocating 1024 bytes on failing test device: "
              "CL_MEM_OBJECT_ALLOCATION_FAILURE); computed on the CPU instead");
}

// In a child under `ulimit -v 3 GiB`: a score curve of autoGpuWork multiply-adds (64 pairs ×
// 2^18 distances) on --backend auto; exits with the command's status.
[[noreturn]] void scoreCurveUnderThreeGiB() {
    const rlimit limit{std::uint64_t{3} << 30, std::uint64_t{3} << 30};
    if (setrlimit(RLIMIT_AS, &limit) != 0) std::exit(3);
    std::ostringstream out;
    std::exit(
        cli::run({"score-curve", "--q", "random:1", "--k", "random:2", "--distances", "0:262144"},
                 out, std::cerr));
}

TEST(BackendOption, AutoUnderAnAddressSpaceLimitSaysSoOnStderr) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(scoreCurveUnderThreeGiB(), ::testing::ExitedWithCode(0),
                "ropelab-cli score-curve: address space limited to 3072 MiB, too little for a GPU "
                "driver: computed on the CPU");
}

}  // namespace
}  // namespace ropelab
