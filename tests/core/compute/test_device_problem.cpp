// SPDX-License-Identifier: GPL-3.0-or-later
// tests compute/device_problem.h and the backends that report it: why a backend is unavailable,
// or how a device failed, is a typed reason with the driver's own words as detail.
#include <gtest/gtest.h>

#include <set>

#include "compute/backend_registry.h"

namespace ropelab {
namespace {

TEST(DeviceProblem, EveryUnavailableBackendHasATypedReason) {
    for (const BackendInfo& info : probeBackends()) {
        EXPECT_EQ(info.available, !info.problem.has_value()) << toString(info.kind);
        if (!info.problem) continue;
        EXPECT_EQ(info.problem->backend, info.kind);
        const std::set<DeviceIssue> possible =
            info.kind == BackendKind::Cuda
                ? std::set{DeviceIssue::NotBuilt, DeviceIssue::NoDevice,
                           DeviceIssue::DeviceUnreadable, DeviceIssue::NoKernelImage}
                : std::set{DeviceIssue::NotBuilt, DeviceIssue::NoPlatform,
                           DeviceIssue::NoOpenClDevice, DeviceIssue::NoUsableDevice,
                           DeviceIssue::QueryFailed};
        EXPECT_TRUE(possible.contains(info.problem->issue)) << describe(*info.problem);
        // Asking for the backend anyway fails with the same reason.
        try {
            makeBackend(info.kind);
            ADD_FAILURE() << toString(info.kind) << " made though unavailable";
        } catch (const DeviceError& error) {
            EXPECT_EQ(error.problem(), *info.problem);
            EXPECT_EQ(error.what(), describe(*info.problem));
        }
    }
}

TEST(DeviceProblem, TheEnglishKeepsTheDriversWords) {
    DeviceProblem noDevice{DeviceIssue::NoDevice, BackendKind::Cuda, "",
                           "cudaErrorNoDevice: no CUDA-capable device is detected"};
    EXPECT_EQ(describe(noDevice),
              "no CUDA device (cudaErrorNoDevice: no CUDA-capable device is detected)");
    DeviceProblem off{DeviceIssue::NotBuilt, BackendKind::OpenCl};
    off.switchedOff = true;
    EXPECT_EQ(describe(off), "built without OpenCL (ROPELAB_WITH_OPENCL=OFF)");
    DeviceProblem embedded{DeviceIssue::NoUsableDevice, BackendKind::OpenCl, "cpu-haswell"};
    embedded.unsuitable = Unsuitable::EmbeddedProfile;
    EXPECT_EQ(describe(embedded),
              "no usable OpenCL device (cpu-haswell: embedded profile (no 64-bit integers))");
    DeviceProblem small{DeviceIssue::NoUsableDevice, BackendKind::OpenCl, "tiny"};
    small.unsuitable = Unsuitable::SmallLocalMemory;
    small.limit = 16384;
    EXPECT_EQ(describe(small),
              "no usable OpenCL device (tiny: less than 16384 bytes of local memory)");
    DeviceProblem allocate{DeviceIssue::CallFailed, BackendKind::Cuda, "H100",
                           "cudaErrorMemoryAllocation: out of memory"};
    allocate.step = DeviceStep::Allocate;
    allocate.bytes = 1 << 30;
    EXPECT_EQ(describe(allocate),
              "CUDA allocating 1073741824 bytes on H100: cudaErrorMemoryAllocation: out of memory");
    DeviceProblem buffer{DeviceIssue::BufferTooLarge, BackendKind::OpenCl, "pocl"};
    buffer.buffer = BufferUse::Heatmap;
    buffer.bytes = 3.0 * (1 << 30);
    buffer.limit = 1.0 * (1 << 30);
    EXPECT_EQ(describe(buffer),
              "a heatmap needs a 3072 MiB device buffer, more than the 1024 MiB allowed");
    DeviceProblem build{DeviceIssue::BuildFailed, BackendKind::OpenCl, "pocl",
                        "clBuildProgram: CL_BUILD_PROGRAM_FAILURE: <source>:3: error: x"};
    EXPECT_EQ(DeviceError(build).problem(), build);
    EXPECT_EQ(std::string(DeviceError(build).what()),
              "OpenCL program build failed on pocl: clBuildProgram: CL_BUILD_PROGRAM_FAILURE: "
              "<source>:3: error: x");
}

}  // namespace
}  // namespace ropelab
