// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Why the compute engine computed a job on the CPU instead of a device, as data: the CLI words it
// in English, the app in the user's language.

#include <cstdint>
#include <optional>

#include "compute/device_problem.h"

namespace ropelab {

enum class FallbackReason {
    AddressSpace,       // Auto: the soft RLIMIT_AS, `addressSpace` bytes, is too small for a driver
    DeviceUnavailable,  // no device backend could be created: `problem` (its backend) says why
    DeviceFailed,       // the device backend failed on this job: `problem` (its backend) says how
};

struct BackendFallback {
    FallbackReason reason = FallbackReason::AddressSpace;
    std::uint64_t addressSpace = 0;          // AddressSpace
    std::optional<DeviceProblem> problem{};  // DeviceUnavailable, DeviceFailed

    bool operator==(const BackendFallback&) const = default;
};

}  // namespace ropelab
