// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which compute backends exist and what a machine offers for each; light enough for the CUDA
// translation unit (no Eigen).

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "compute/device_problem.h"

namespace ropelab {

std::string_view toString(BackendKind kind);  // "cpu" | "opencl" | "cuda"

// What a machine offers for one backend, found without compiling anything.
struct BackendInfo {
    BackendKind kind = BackendKind::Cpu;
    bool available = false;
    bool gpu = false;    // a GPU or accelerator (an OpenCL CPU device such as PoCL is not)
    std::string device;  // e.g. "NVIDIA H200 (sm_90, 140 GiB)"; empty when unavailable
    std::optional<DeviceProblem> problem;  // why unavailable: not built, no platform, no device
};

// A device failed while it was being used: the program did not build, memory ran out, a launch
// failed. ComputeEngine catches it and computes on the CPU instead. what(): the problem in English.
class DeviceError : public std::runtime_error {
public:
    explicit DeviceError(DeviceProblem problem)
        : std::runtime_error(describe(problem)), problem_(std::move(problem)) {}
    const DeviceProblem& problem() const { return problem_; }

private:
    DeviceProblem problem_;
};

}  // namespace ropelab
