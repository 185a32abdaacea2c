// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs the sweeps on the backend the user chose (auto, cpu, opencl or cuda) and falls back
// to the CPU when a device fails; every result says which backend computed it, and why.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/parameter_error.h"
#include "compute/backend.h"
#include "compute/backend_fallback.h"
#include "compute/cpu_backend.h"

namespace ropelab {

// Auto: a GPU (CUDA, else an OpenCL GPU) for jobs of at least autoGpuWork multiply-adds, the
// CPU otherwise. An OpenCL CPU device (PoCL) is used only when asked for by name.
enum class BackendChoice { Auto, Cpu, OpenCl, Cuda };

std::string_view toString(BackendChoice choice);
// "auto" | "cpu" | "opencl" | "cuda"; ParameterError for `backend` otherwise.
BackendChoice parseBackendChoice(std::string_view text);

// Below this many multiply-adds the CPU finishes before a GPU has its inputs (Auto only).
inline constexpr double autoGpuWork = 1 << 24;

// GPU drivers reserve address space beyond their data (PoCL maps LLVM's 200 MB, CUDA many GiB):
// under a smaller RLIMIT_AS (`ulimit -v`) Auto stays on the CPU without loading one.
inline constexpr std::uint64_t autoGpuAddressSpace = std::uint64_t{4} << 30;

// The soft RLIMIT_AS of this process in bytes; nullopt when unlimited.
std::optional<std::uint64_t> addressSpaceLimit();

// A result and the backend that computed it; fallback says why the CPU computed it instead of
// the backend planned (none when the plan held).
template <class T>
struct Computed {
    T value;
    BackendKind backend = BackendKind::Cpu;
    std::string device;
    std::optional<BackendFallback> fallback{};
};

// A backend named but unavailable on this machine: the parameter problem (backend, Unavailable,
// its reason in English) and the typed reason, for a front end to word.
class BackendUnavailable : public ParameterError {
public:
    BackendUnavailable(ParameterProblem problem, DeviceProblem device)
        : ParameterError(std::move(problem)), device_(std::move(device)) {}
    const DeviceProblem& device() const { return device_; }

private:
    DeviceProblem device_;
};

// Not thread-safe: one call at a time. The device backend is created on first use (OpenCL
// compiles its program then, ~1 s on PoCL) and kept.
class ComputeEngine {
public:
    // A backend named but unavailable on this machine is a BackendUnavailable that says why
    // (probing only; nothing is compiled here).
    explicit ComputeEngine(BackendChoice choice = BackendChoice::Auto);
    // Uses this backend for every job (as if chosen by name), falling back to the CPU when it
    // throws DeviceError: for a backend the caller already holds, and for tests.
    explicit ComputeEngine(std::unique_ptr<ComputeBackend> device);

    BackendChoice choice() const { return choice_; }

    Computed<std::vector<std::vector<double>>> ropeScoreCurves(
        const std::vector<RopeCurveInput>& curves, const DistanceRange& distances,
        const Execution& exec);
    Computed<PooledGrid> ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                          const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                          const RopeFrequencies& freqs, RopeLayout layout,
                                          int width, int height, Pooling pooling,
                                          const Execution& exec);
    Computed<Eigen::MatrixXd> applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>& rows,
                                            const std::vector<double>& positions,
                                            const RopeFrequencies& freqs, RopeLayout layout,
                                            const Execution& exec);

private:
    // The backend for a job of `work` multiply-adds; fallback says why it is not the one chosen.
    ComputeBackend& pick(double work, std::optional<BackendFallback>& fallback);
    template <class T, class Compute>
    Computed<T> run(double work, Compute&& compute);

    BackendChoice choice_;
    CpuBackend cpu_;
    std::unique_ptr<ComputeBackend> device_;
    bool deviceTried_ = false;
    std::optional<DeviceProblem> deviceProblem_;  // why device_ is missing after trying
};

}  // namespace ropelab
