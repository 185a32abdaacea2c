// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The OpenCL backend: compiles the common kernel source at run time on the best OpenCL device
// (a GPU, else an accelerator, else a CPU device such as PoCL). Built only when CMake finds
// OpenCL and the C++ bindings (ROPELAB_HAVE_OPENCL).

#include <memory>

#include "compute/backend_info.h"
#include "compute/gpu_device.h"

namespace ropelab {

// Finds the device without compiling; "no OpenCL platform" (-1001) etc. in reason.
BackendInfo probeOpenCl();

// Builds the program on the probed device. DeviceError when there is none or the build fails
// (the message carries the first lines of the build log).
std::unique_ptr<GpuDevice> makeOpenClDevice();

}  // namespace ropelab
