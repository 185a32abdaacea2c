// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which compute backends exist and what a machine offers for each; light enough for the CUDA
// translation unit (no Eigen).

#include <stdexcept>
#include <string>
#include <string_view>

namespace ropelab {

enum class BackendKind { Cpu, OpenCl, Cuda };

std::string_view toString(BackendKind kind);  // "cpu" | "opencl" | "cuda"

// What a machine offers for one backend, found without compiling anything.
struct BackendInfo {
    BackendKind kind = BackendKind::Cpu;
    bool available = false;
    bool gpu = false;    // a GPU or accelerator (an OpenCL CPU device such as PoCL is not)
    std::string device;  // e.g. "NVIDIA H200 (sm_90, 140 GiB)"; empty when unavailable
    std::string reason;  // why unavailable: no platform, no device, no driver, not built
};

// A device failed while it was being used: the program did not build, memory ran out, a launch
// failed. ComputeEngine catches it and computes on the CPU instead.
class DeviceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ropelab
