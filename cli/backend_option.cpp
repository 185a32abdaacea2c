// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/backend_option.h"

#include "compute/backend_info.h"

namespace ropelab::cli {

std::string fallbackNote(const BackendFallback& fallback) {
    switch (fallback.reason) {
        case FallbackReason::AddressSpace:
            return "address space limited to " + std::to_string(fallback.addressSpace >> 20) +
                   " MiB, too little for a GPU driver: computed on the CPU";
        case FallbackReason::DeviceUnavailable:
            return describe(fallback.problem.value()) + "; computed on the CPU instead";
        case FallbackReason::DeviceFailed:
            return std::string(toString(fallback.problem.value().backend)) + " failed (" +
                   describe(*fallback.problem) + "); computed on the CPU instead";
    }
    return "computed on the CPU instead";
}

}  // namespace ropelab::cli
