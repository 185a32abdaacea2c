// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The little a GPU API must offer for DeviceBackend to run the common kernels: buffers, copies
// and launches by kernel name. OpenCL and CUDA implement it (opencl_backend.cpp,
// cuda_backend.cu); everything above it is written once.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "compute/backend_info.h"

namespace ropelab {

// The kernels of rope_kernels.common.
enum class Kernel {
    ScoreCurves1,
    ScoreCurves4,
    ApplyRopeRows,
    PoolBlockSums,
    MeanPoolDots,
    MaxPoolScores
};
inline constexpr std::array<std::string_view, 6> kernelNames = {"scoreCurves1",  "scoreCurves4",
                                                                "applyRopeRows", "poolBlockSums",
                                                                "meanPoolDots",  "maxPoolScores"};

// Device memory; the handle's deleter frees it (a cl_mem or a CUDA device pointer).
struct DeviceBuffer {
    std::shared_ptr<void> handle;
    std::size_t bytes = 0;
};

// A kernel argument: a buffer or a scalar of the kernel parameter's exact type.
using KernelArg = std::variant<const DeviceBuffer*, std::int32_t, std::int64_t, float>;

// groups × groupSize work-items per dimension (CUDA grid × block; OpenCL global = product).
struct LaunchShape {
    std::array<std::size_t, 2> groups{1, 1};
    std::array<std::size_t, 2> groupSize{1, 1};
};

// All calls throw DeviceError with the API's error name on failure.
class GpuDevice {
public:
    virtual ~GpuDevice() = default;
    virtual BackendKind kind() const = 0;
    virtual std::string name() const = 0;
    // The largest single buffer worth allocating (bytes).
    virtual std::size_t maxBufferBytes() const = 0;
    virtual DeviceBuffer allocate(std::size_t bytes) = 0;
    virtual void upload(const DeviceBuffer& buffer, const void* data, std::size_t bytes) = 0;
    virtual void download(const DeviceBuffer& buffer, void* data, std::size_t bytes) = 0;
    virtual void launch(Kernel kernel, const LaunchShape& shape,
                        std::span<const KernelArg> args) = 0;
    // Waits for every launch; throws DeviceError if one failed.
    virtual void finish() = 0;

    template <class T>
    DeviceBuffer uploadVector(const std::vector<T>& values) {
        DeviceBuffer buffer = allocate(std::max<std::size_t>(1, values.size()) * sizeof(T));
        if (!values.empty()) upload(buffer, values.data(), values.size() * sizeof(T));
        return buffer;
    }
};

}  // namespace ropelab
