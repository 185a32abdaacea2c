// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/compute_engine.h"

#include <sys/resource.h>

#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "compute/backend_registry.h"

namespace ropelab {

std::string_view toString(BackendChoice choice) {
    switch (choice) {
        case BackendChoice::Auto:
            return "auto";
        case BackendChoice::Cpu:
            return "cpu";
        case BackendChoice::OpenCl:
            return "opencl";
        case BackendChoice::Cuda:
            return "cuda";
    }
    return "auto";
}

BackendChoice parseBackendChoice(std::string_view text) {
    for (BackendChoice choice :
         {BackendChoice::Auto, BackendChoice::Cpu, BackendChoice::OpenCl, BackendChoice::Cuda}) {
        if (text == toString(choice)) return choice;
    }
    ParameterProblem problem("backend", Rule::OneOf);
    problem.valueText = std::string(text);
    problem.allowed = "auto, cpu, opencl, cuda";
    throw ParameterError(problem);
}

ComputeEngine::ComputeEngine(BackendChoice choice) : choice_(choice) {
    if (choice_ == BackendChoice::OpenCl || choice_ == BackendChoice::Cuda) {
        const BackendInfo info = probeBackend(choice_ == BackendChoice::OpenCl ? BackendKind::OpenCl
                                                                               : BackendKind::Cuda);
        if (!info.available) {
            ParameterProblem problem("backend", Rule::Unavailable);
            problem.valueText = std::string(toString(choice_));
            problem.reason = describe(*info.problem);
            throw BackendUnavailable(problem, *info.problem);
        }
    }
}

ComputeEngine::ComputeEngine(std::unique_ptr<ComputeBackend> device)
    : choice_(device->kind() == BackendKind::Cpu      ? BackendChoice::Cpu
              : device->kind() == BackendKind::OpenCl ? BackendChoice::OpenCl
                                                      : BackendChoice::Cuda),
      device_(std::move(device)),
      deviceTried_(true) {}

std::optional<std::uint64_t> addressSpaceLimit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
    return static_cast<std::uint64_t>(limit.rlim_cur);
}

ComputeBackend& ComputeEngine::pick(double work, std::optional<BackendFallback>& fallback) {
    if (choice_ == BackendChoice::Auto && work < autoGpuWork) return cpu_;
    if (choice_ == BackendChoice::Auto) {
        const std::optional<std::uint64_t> limit = addressSpaceLimit();
        if (limit && *limit < autoGpuAddressSpace) {
            fallback =
                BackendFallback{.reason = FallbackReason::AddressSpace, .addressSpace = *limit};
            return cpu_;
        }
    }
    if (choice_ == BackendChoice::Cpu && !device_) return cpu_;
    if (!deviceTried_) {
        deviceTried_ = true;
        try {
            if (choice_ == BackendChoice::Auto) {
                // The fastest device first; an OpenCL CPU device is no faster than our CPU code.
                for (BackendKind kind : {BackendKind::Cuda, BackendKind::OpenCl}) {
                    const BackendInfo info = probeBackend(kind);
                    if (info.available && info.gpu) {
                        device_ = makeBackend(kind);
                        break;
                    }
                }
            } else {
                device_ = makeBackend(choice_ == BackendChoice::OpenCl ? BackendKind::OpenCl
                                                                       : BackendKind::Cuda);
            }
        } catch (const DeviceError& e) {
            deviceProblem_ = e.problem();
        }
    }
    if (device_) return *device_;
    if (deviceProblem_)
        fallback =
            BackendFallback{.reason = FallbackReason::DeviceUnavailable, .problem = deviceProblem_};
    return cpu_;
}

template <class T, class Compute>
Computed<T> ComputeEngine::run(double work, Compute&& compute) {
    std::optional<BackendFallback> fallback;
    ComputeBackend& backend = pick(work, fallback);
    if (&backend != &cpu_) {
        try {
            return Computed<T>{compute(backend), backend.kind(), backend.device(), fallback};
        } catch (const DeviceError& e) {
            fallback =
                BackendFallback{.reason = FallbackReason::DeviceFailed, .problem = e.problem()};
        }
    }
    return Computed<T>{compute(cpu_), BackendKind::Cpu, cpu_.device(), fallback};
}

Computed<std::vector<std::vector<double>>> ComputeEngine::ropeScoreCurves(
    const std::vector<RopeCurveInput>& curves, const DistanceRange& distances,
    const Execution& exec) {
    double work = 0.0;
    for (const RopeCurveInput& c : curves) work += c.freqs.pairs();
    work *= static_cast<double>(distances.count());
    return run<std::vector<std::vector<double>>>(work, [&](ComputeBackend& backend) {
        return backend.ropeScoreCurves(curves, distances, exec);
    });
}

Computed<PooledGrid> ComputeEngine::ropeScoreHeatmap(
    const Eigen::Ref<const Eigen::MatrixXd>& queries, const Eigen::Ref<const Eigen::MatrixXd>& keys,
    const RopeFrequencies& freqs, RopeLayout layout, int width, int height, Pooling pooling,
    const Execution& exec) {
    const double n = static_cast<double>(queries.rows());
    const double d = static_cast<double>(queries.cols());
    // Mean pooling is O(N·d) on the CPU already; max pooling multiplies every pair.
    const double work = pooling == Pooling::Max ? n * n * d : n * d;
    return run<PooledGrid>(work, [&](ComputeBackend& backend) {
        return backend.ropeScoreHeatmap(queries, keys, freqs, layout, width, height, pooling, exec);
    });
}

Computed<Eigen::MatrixXd> ComputeEngine::applyRopeRows(
    const Eigen::Ref<const Eigen::MatrixXd>& rows, const std::vector<double>& positions,
    const RopeFrequencies& freqs, RopeLayout layout, const Execution& exec) {
    const double work = static_cast<double>(rows.size());
    return run<Eigen::MatrixXd>(work, [&](ComputeBackend& backend) {
        return backend.applyRopeRows(rows, positions, freqs, layout, exec);
    });
}

}  // namespace ropelab
