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

// Why a backend is not compiled in, set by core/compute/CMakeLists.txt.
#ifndef ROPELAB_OPENCL_MISSING
#define ROPELAB_OPENCL_MISSING "built without OpenCL"
#endif
#ifndef ROPELAB_CUDA_MISSING
#define ROPELAB_CUDA_MISSING "built without CUDA"
#endif

namespace {

[[maybe_unused]] BackendInfo unavailable(BackendKind kind, const char* reason) {
    BackendInfo info;
    info.kind = kind;
    info.reason = reason;
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
            return unavailable(kind, ROPELAB_OPENCL_MISSING);
#endif
        case BackendKind::Cuda:
#if ROPELAB_HAVE_CUDA
            return probeCuda();
#else
            return unavailable(kind, ROPELAB_CUDA_MISSING);
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
            throw DeviceError(ROPELAB_OPENCL_MISSING);
#endif
        case BackendKind::Cuda:
#if ROPELAB_HAVE_CUDA
            return std::make_unique<DeviceBackend>(makeCudaDevice());
#else
            throw DeviceError(ROPELAB_CUDA_MISSING);
#endif
    }
    return std::make_unique<CpuBackend>();
}

}  // namespace ropelab
