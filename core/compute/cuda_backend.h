// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CUDA backend: the common kernel source compiled by nvcc at build time (runtime API only,
// so the program starts on machines without a driver). Built only when CMake finds nvcc and
// ROPELAB_WITH_CUDA is on (ROPELAB_HAVE_CUDA).

#include <memory>

#include "compute/backend_info.h"
#include "compute/gpu_device.h"

namespace ropelab {

// Device 0 and its properties; "no CUDA device (…)" for any cudaGetDeviceCount error (without a
// driver it reports cudaErrorInsufficientDriver, not zero devices).
BackendInfo probeCuda();

// DeviceError when there is no device or the binary has no kernel image for it.
std::unique_ptr<GpuDevice> makeCudaDevice();

}  // namespace ropelab
