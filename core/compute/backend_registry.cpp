// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/backend_registry.h"

#include <string>

#include "common/errors.h"
#include "compute/cpu_backend.h"
#include "compute/device_backend.h"
#if ROPELAB_HAVE_OPENCL
#include "compute/opencl_backend.h"
#endif
#if ROPELAB_HAVE_CUDA
#include "compute/cuda_backend.h"
#endif

namespace ropelab {

// Whether a backend that is not compiled in was switched off (its CMake option), set by
// core/compute/CMakeLists.txt; otherwise CMake did not find its SDK.
#ifndef ROPELAB_OPENCL_OFF
#define ROPELAB_OPENCL_OFF 0
#endif
#ifndef ROPELAB_CUDA_OFF
#define ROPELAB_CUDA_OFF 0
#endif

namespace {

[[maybe_unused]] DeviceProblem notBuilt(BackendKind kind, bool switchedOff) {
    DeviceProblem problem{DeviceIssue::NotBuilt, kind};
    problem.switchedOff = switchedOff;
    return problem;
}

[[maybe_unused]] BackendInfo unavailable(BackendKind kind, bool switchedOff) {
    BackendInfo info;
    info.kind = kind;
    info.problem = notBuilt(kind, switchedOff);
    return info;
}

}  // namespace

std::string_view toString(BackendKind kind) {
    switch (kind) {
        case BackendKind::Cpu:
            return "cpu";
        case BackendKind::OpenCl:
            return "opencl";
        case BackendKind::Cuda:
            return "cuda";
    }
    return "cpu";
}

BackendInfo probeBackend(BackendKind kind) {
    switch (kind) {
        case BackendKind::Cpu:
            return probeCpu();
        case BackendKind::OpenCl:
#if ROPELAB_HAVE_OPENCL
            return probeOpenCl();
#else
            return unavailable(kind, ROPELAB_OPENCL_OFF);
#endif
        case BackendKind::Cuda:
#if ROPELAB_HAVE_CUDA
            return probeCuda();
#else
            return unavailable(kind, ROPELAB_CUDA_OFF);
#endif
    }
    return probeCpu();
}

std::vector<BackendInfo> probeBackends() {
    return {probeBackend(BackendKind::Cpu), probeBackend(BackendKind::OpenCl),
            probeBackend(BackendKind::Cuda)};
}

std::unique_ptr<ComputeBackend> makeBackend(BackendKind kind) {
    switch (kind) {
        case BackendKind::Cpu:
            return std::make_unique<CpuBackend>();
        case BackendKind::OpenCl:
#if ROPELAB_HAVE_OPENCL
            return std::make_unique<DeviceBackend>(makeOpenClDevice());
#else
            throw DeviceError(notBuilt(kind, ROPELAB_OPENCL_OFF));
#endif
        case BackendKind::Cuda:
#if ROPELAB_HAVE_CUDA
            return std::make_unique<DeviceBackend>(makeCudaDevice());
#else
            throw DeviceError(notBuilt(kind, ROPELAB_CUDA_OFF));
#endif
    }
    return std::make_unique<CpuBackend>();
}

}  // namespace ropelab
