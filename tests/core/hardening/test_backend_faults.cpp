// SPDX-License-Identifier: GPL-3.0-or-later
// GPU backends missing or broken, through the real ropelab-cli: OpenCL made unavailable by
// pointing the ICD loader at an empty vendor folder, at a vendor file naming a missing library,
// or at one naming a library that is no OpenCL driver; CUDA hidden with CUDA_VISIBLE_DEVICES.
// Then `--backend auto` must compute large jobs on the CPU with exactly the CPU's result,
// `backends` must say why each device is missing, and a backend named on the command line must
// be a clear exit 2, never a crash.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_process.h"

namespace {

namespace fs = std::filesystem;
using ropelab::hardening::describe;
using ropelab::hardening::ProcessResult;
using ropelab::hardening::runCliProcess;
using Args = std::vector<std::string>;

struct BrokenDriver {
    std::string name;
    std::vector<std::string> environment;
};

class BackendFaults : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        root_ = fs::temp_directory_path() / ("ropelab_backend_faults_" + std::to_string(getpid()));
        for (const char* dir : {"empty", "missing_library", "not_a_driver"}) {
            fs::create_directories(root_ / dir);
        }
        std::ofstream(root_ / "missing_library/ghost.icd") << "/nonexistent/libghost_ocl.so\n";
        // A real shared library without the ICD entry points: the loader must skip it.
        std::ofstream(root_ / "not_a_driver/libm.icd") << "libm.so.6\n";
    }
    static void TearDownTestSuite() { fs::remove_all(root_); }

    static std::vector<BrokenDriver> brokenDrivers() {
        std::vector<BrokenDriver> drivers;
        for (const char* dir : {"empty", "missing_library", "not_a_driver"}) {
            drivers.push_back({dir,
                               {"OCL_ICD_VENDORS=" + (root_ / dir).string(),
                                "OCL_ICD_FILENAMES=", "CUDA_VISIBLE_DEVICES=-1"}});
        }
        return drivers;
    }

    static fs::path root_;
};

fs::path BackendFaults::root_;

// Large enough that --backend auto asks for a GPU (>= 2^24 multiply-adds), small enough to print.
const Args kScoreCurve = {"score-curve", "--q",      "random:1",  "--k", "random:2",
                          "--distances", "0:262144", "--threads", "2"};
const Args kMaxHeatmap = {"heatmap", "--length", "512", "--grid",    "16", "--pool",
                          "max",     "--seed",   "3",   "--threads", "2"};

Args with(Args args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

TEST_F(BackendFaults, AutoFallsBackToTheCpuWithTheCpuResult) {
    for (const Args& job : {kScoreCurve, kMaxHeatmap}) {
        const Args onCpu = with(job, {"--backend", "cpu"});
        const ProcessResult reference = runCliProcess(onCpu);
        ASSERT_TRUE(reference.exited && reference.status == 0) << describe(onCpu, reference);
        ASSERT_GT(reference.out.size(), 1000u);
        for (const BrokenDriver& driver : brokenDrivers()) {
            const Args automatic = with(job, {"--backend", "auto"});
            const ProcessResult result =
                runCliProcess(automatic, std::chrono::seconds(60), driver.environment);
            ASSERT_TRUE(result.exited) << driver.name << ": " << describe(automatic, result);
            EXPECT_EQ(result.status, 0) << driver.name << ": " << describe(automatic, result);
            EXPECT_EQ(result.out, reference.out) << driver.name << ": not the CPU's result";
        }
    }
}

TEST_F(BackendFaults, BackendsSaysWhyEachDeviceIsMissing) {
    for (const BrokenDriver& driver : brokenDrivers()) {
        const ProcessResult result =
            runCliProcess({"backends"}, std::chrono::seconds(30), driver.environment);
        ASSERT_TRUE(result.exited && result.status == 0)
            << driver.name << ": " << describe({"backends"}, result);
        EXPECT_NE(result.out.find("cpu,1,"), std::string::npos) << result.out;
        for (const char* device : {"opencl,0,0,,", "cuda,0,0,,"}) {
            const std::size_t row = result.out.find(device);
            ASSERT_NE(row, std::string::npos) << driver.name << ": " << result.out;
            const std::string reason =
                result.out.substr(row + std::string(device).size(),
                                  result.out.find('\n', row) - row - std::string(device).size());
            EXPECT_GT(reason.size(), 10u) << driver.name << ": no reason for " << device;
        }
    }
}

TEST_F(BackendFaults, ANamedMissingBackendIsOneClearLineAndExitTwo) {
    for (const BrokenDriver& driver : brokenDrivers()) {
        for (const char* backend : {"opencl", "cuda"}) {
            for (const Args& job : {kScoreCurve, kMaxHeatmap}) {
                const Args args = with(job, {"--backend", backend});
                const ProcessResult result =
                    runCliProcess(args, std::chrono::seconds(30), driver.environment);
                const std::string context = driver.name + ": " + describe(args, result);
                ASSERT_TRUE(result.exited) << context;
                EXPECT_EQ(result.status, 2) << context;
                EXPECT_TRUE(result.out.empty()) << context;
                EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << context;
                EXPECT_NE(result.err.find("--backend " + std::string(backend) + " is unavailable"),
                          std::string::npos)
                    << context;
            }
        }
    }
}

}  // namespace
