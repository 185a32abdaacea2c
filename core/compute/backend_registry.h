// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every compute backend this build knows, what the machine offers for each, and how to make one.

#include <memory>
#include <vector>

#include "compute/backend.h"

namespace ropelab {

// cpu, opencl, cuda in that order. Probing loads drivers but compiles nothing; a backend this
// build lacks is listed as unavailable with the reason ("built without OpenCL: …").
std::vector<BackendInfo> probeBackends();
BackendInfo probeBackend(BackendKind kind);

// A working backend: builds the OpenCL program, checks the CUDA kernel image. DeviceError when
// the backend is unavailable or its device fails to set up.
std::unique_ptr<ComputeBackend> makeBackend(BackendKind kind);

}  // namespace ropelab
