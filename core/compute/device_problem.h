// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Why a compute backend cannot be used, or how a device failed, as data. The driver's own words (an
// OpenCL error name, a build log's line, a CUDA error string) stay as `detail`: they are not ours
// to word. Front ends word the rest; describe() is the English for logs and the command line.
// Inline and free of Eigen: the CUDA translation unit throws these too.

#include <string>

namespace ropelab {

enum class BackendKind { Cpu, OpenCl, Cuda };

enum class DeviceIssue {
    NotBuilt,          // this build has no such backend; switchedOff: by its CMake option
    NoDevice,          // no CUDA device; detail: the driver's error, if any
    DeviceUnreadable,  // CUDA device 0 cannot be read; detail
    NoKernelImage,     // `device` cannot run this build's kernels; detail; architecture: "90"
    NoPlatform,        // no OpenCL platform; detail: the driver's error, if any
    NoOpenClDevice,    // an OpenCL platform without any device
    NoUsableDevice,    // no OpenCL device can run our kernels; `device`: the last one refused
    QueryFailed,       // asking the driver which devices exist failed; detail
    BuildFailed,       // the OpenCL program did not build on `device`; detail: the driver's words
    CallFailed,        // a driver call (`step`) failed on `device`; detail: the driver's error
    BufferTooLarge,    // `buffer` needs `bytes` on the device, more than `limit`
};

// Why an OpenCL device cannot run our kernels (DeviceIssue::NoUsableDevice).
enum class Unsuitable {
    NotAvailable,      // the driver says the device is not available
    EmbeddedProfile,   // an embedded profile: no 64-bit integers
    SmallWorkGroups,   // work groups smaller than `limit`
    SmallLocalMemory,  // less than `limit` bytes of local memory
};

// Which driver call failed (DeviceIssue::CallFailed).
enum class DeviceStep {
    Setup,     // creating the context, queue, program or kernels, or reading the device
    Allocate,  // allocating `bytes`
    Upload,
    Download,
    Launch,  // launching the kernel `kernel`
    Finish,  // waiting for the launched kernels
};

// What a device buffer would hold (DeviceIssue::BufferTooLarge).
enum class BufferUse { RopeRows, Heatmap, PooledGrid };

struct DeviceProblem {
    DeviceIssue issue;
    BackendKind backend = BackendKind::OpenCl;
    std::string device{};  // the device as the driver names it
    std::string detail{};  // the driver's own text
    Unsuitable unsuitable = Unsuitable::NotAvailable;
    DeviceStep step = DeviceStep::Setup;
    std::string kernel{};
    BufferUse buffer = BufferUse::RopeRows;
    double bytes = 0;
    double limit = 0;
    std::string architecture{};  // NoKernelImage: the CUDA architecture to build for, "90"
    bool switchedOff = false;    // NotBuilt: ROPELAB_WITH_OPENCL / ROPELAB_WITH_CUDA=OFF

    bool operator==(const DeviceProblem&) const = default;
};

// The English sentence: "no usable OpenCL device (pthread-cpu: embedded profile (no 64-bit
// integers))".
inline std::string describe(const DeviceProblem& p) {
    const std::string api = p.backend == BackendKind::Cuda ? "CUDA" : "OpenCL";
    const std::string said = p.detail.empty() ? std::string() : " (" + p.detail + ")";
    const auto mib = [](double bytes) {
        return std::to_string(static_cast<long long>(bytes / (1 << 20)));
    };
    switch (p.issue) {
        case DeviceIssue::NotBuilt:
            if (p.switchedOff)
                return "built without " + api + " (ROPELAB_WITH_" +
                       (p.backend == BackendKind::Cuda ? "CUDA" : "OPENCL") + "=OFF)";
            return p.backend == BackendKind::Cuda
                       ? "built without CUDA: CMake found no nvcc (set CUDACXX or put nvcc on PATH)"
                       : "built without OpenCL: CMake found no OpenCL loader or no CL/opencl.hpp "
                         "(install ocl-icd-opencl-dev opencl-clhpp-headers)";
        case DeviceIssue::NoDevice:
            return "no CUDA device" + said;
        case DeviceIssue::DeviceUnreadable:
            return "CUDA device 0 unreadable" + said;
        case DeviceIssue::NoKernelImage:
            return p.device + " cannot run this build's kernels" + said +
                   "; rebuild with CMAKE_CUDA_ARCHITECTURES=" + p.architecture;
        case DeviceIssue::NoPlatform:
            return "no OpenCL platform" + said;
        case DeviceIssue::NoOpenClDevice:
            return "OpenCL platform found but no OpenCL device";
        case DeviceIssue::NoUsableDevice: {
            const std::string limit = std::to_string(static_cast<long long>(p.limit));
            const std::string why = p.unsuitable == Unsuitable::NotAvailable
                                        ? "device not available"
                                    : p.unsuitable == Unsuitable::EmbeddedProfile
                                        ? "embedded profile (no 64-bit integers)"
                                    : p.unsuitable == Unsuitable::SmallWorkGroups
                                        ? "work groups smaller than " + limit
                                        : "less than " + limit + " bytes of local memory";
            return "no usable OpenCL device (" + p.device + ": " + why + ")";
        }
        case DeviceIssue::QueryFailed:
            return api + " query failed: " + p.detail;
        case DeviceIssue::BuildFailed:
            return "OpenCL program build failed on " + p.device + ": " + p.detail;
        case DeviceIssue::CallFailed: {
            static constexpr const char* steps[] = {"setting up",  "allocating", "uploading",
                                                    "downloading", "launching",  "finishing"};
            std::string what = steps[static_cast<int>(p.step)];
            if (p.step == DeviceStep::Allocate)
                what += " " + std::to_string(static_cast<long long>(p.bytes)) + " bytes";
            if (p.step == DeviceStep::Launch) what += " " + p.kernel;
            return api + " " + what + " on " + p.device + ": " + p.detail;
        }
        case DeviceIssue::BufferTooLarge: {
            static constexpr const char* buffers[] = {"applying RoPE", "a heatmap",
                                                      "a pooled grid"};
            return std::string(buffers[static_cast<int>(p.buffer)]) + " needs a " + mib(p.bytes) +
                   " MiB device buffer, more than the " + mib(p.limit) + " MiB allowed";
        }
    }
    return api + " failed" + said;
}

}  // namespace ropelab
