// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The GPU algorithms, written once over GpuDevice: packing inputs into float arrays, chunking to
// fit device memory, launching the common kernels and reading back only the results.

#include <memory>

#include "compute/backend.h"
#include "compute/gpu_device.h"

namespace ropelab {

// Where the last call's time went, for benchmarks: kernels from first launch to finish, and
// copies between host and device (packing and unpacking on the host are neither).
struct DeviceTimings {
    double kernelSeconds = 0.0;
    double transferSeconds = 0.0;
};

class DeviceBackend final : public ComputeBackend {
public:
    explicit DeviceBackend(std::unique_ptr<GpuDevice> device);

    BackendKind kind() const override { return device_->kind(); }
    std::string device() const override { return device_->name(); }

    std::vector<std::vector<double>> ropeScoreCurves(const std::vector<RopeCurveInput>& curves,
                                                     const DistanceRange& distances,
                                                     const Execution& exec) override;
    PooledGrid ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                const RopeFrequencies& freqs, RopeLayout layout, int width,
                                int height, Pooling pooling, const Execution& exec) override;
    Eigen::MatrixXd applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>& rows,
                                  const std::vector<double>& positions,
                                  const RopeFrequencies& freqs, RopeLayout layout,
                                  const Execution& exec) override;

    const DeviceTimings& lastTimings() const { return timings_; }

private:
    // Rotates the rows already on the device (row-major floats) into a new buffer.
    DeviceBuffer rotateOnDevice(const DeviceBuffer& rows, std::int64_t count,
                                const std::vector<std::int64_t>& positions,
                                const std::vector<float>& fractions, const RopeFrequencies& freqs,
                                RopeLayout layout);

    std::unique_ptr<GpuDevice> device_;
    DeviceTimings timings_;
};

}  // namespace ropelab
