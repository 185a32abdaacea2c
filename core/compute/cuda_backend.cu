// SPDX-License-Identifier: GPL-3.0-or-later
// The CUDA device: the common kernels (compiled here by nvcc after the CUDA prelude) and the
// runtime-API calls GpuDevice needs. No Eigen in this translation unit.

#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "compute/cuda_backend.h"
#include "compute/kernels/kernel_constants.h"
#include "compute/kernels/prelude_cuda.h"
#include "compute/kernels/rope_kernels.common"

namespace ropelab {

namespace {

// The driver's words: "cudaErrorNoDevice: no CUDA-capable device is detected".
std::string driverText(cudaError_t error) {
    return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

DeviceProblem cudaProblem(DeviceIssue issue, std::string detail = {}) {
    DeviceProblem problem{issue, BackendKind::Cuda};
    problem.detail = std::move(detail);
    return problem;
}

void check(cudaError_t error, DeviceStep step, const std::string& device, double bytes = 0,
           const std::string& kernel = {}) {
    if (error == cudaSuccess) return;
    DeviceProblem problem{DeviceIssue::CallFailed, BackendKind::Cuda, device, driverText(error)};
    problem.step = step;
    problem.bytes = bytes;
    problem.kernel = kernel;
    throw DeviceError(problem);
}

const void* kernelFunction(Kernel kernel) {
    switch (kernel) {
        case Kernel::ScoreCurves1:
            return reinterpret_cast<const void*>(&scoreCurves1);
        case Kernel::ScoreCurves4:
            return reinterpret_cast<const void*>(&scoreCurves4);
        case Kernel::ApplyRopeRows:
            return reinterpret_cast<const void*>(&applyRopeRows);
        case Kernel::PoolBlockSums:
            return reinterpret_cast<const void*>(&poolBlockSums);
        case Kernel::MeanPoolDots:
            return reinterpret_cast<const void*>(&meanPoolDots);
        case Kernel::MaxPoolScores:
            return reinterpret_cast<const void*>(&maxPoolScores);
    }
    return nullptr;
}

std::string describeDevice(const cudaDeviceProp& props) {
    return std::string(props.name) + " (sm_" + std::to_string(props.major) +
           std::to_string(props.minor) + ", " + std::to_string(props.totalGlobalMem >> 20) +
           " MiB)";
}

class CudaDevice final : public GpuDevice {
public:
    CudaDevice(int device, const cudaDeviceProp& props)
        : device_(device), name_(describeDevice(props)), maxBuffer_(props.totalGlobalMem / 4) {}

    BackendKind kind() const override { return BackendKind::Cuda; }
    std::string name() const override { return name_; }
    std::size_t maxBufferBytes() const override { return maxBuffer_; }

    DeviceBuffer allocate(std::size_t bytes) override {
        void* pointer = nullptr;
        check(cudaSetDevice(device_), DeviceStep::Setup, name_);
        check(cudaMalloc(&pointer, bytes), DeviceStep::Allocate, name_, static_cast<double>(bytes));
        return DeviceBuffer{std::shared_ptr<void>(pointer, [](void* p) { cudaFree(p); }), bytes};
    }

    void upload(const DeviceBuffer& buffer, const void* data, std::size_t bytes) override {
        check(cudaMemcpy(buffer.handle.get(), data, bytes, cudaMemcpyHostToDevice),
              DeviceStep::Upload, name_);
    }

    void download(const DeviceBuffer& buffer, void* data, std::size_t bytes) override {
        check(cudaMemcpy(data, buffer.handle.get(), bytes, cudaMemcpyDeviceToHost),
              DeviceStep::Download, name_);
    }

    void launch(Kernel kernel, const LaunchShape& shape, std::span<const KernelArg> args) override {
        // cudaLaunchKernel takes a pointer to each argument's value.
        std::vector<void*> pointers(args.size());
        std::vector<void*> devicePointers(args.size());
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (const auto* buffer = std::get_if<const DeviceBuffer*>(&args[i])) {
                devicePointers[i] = (*buffer)->handle.get();
                pointers[i] = &devicePointers[i];
            } else {
                pointers[i] = std::visit(
                    [](const auto& value) {
                        return const_cast<void*>(static_cast<const void*>(&value));
                    },
                    args[i]);
            }
        }
        const dim3 grid(static_cast<unsigned>(shape.groups[0]),
                        static_cast<unsigned>(shape.groups[1]));
        const dim3 block(static_cast<unsigned>(shape.groupSize[0]),
                         static_cast<unsigned>(shape.groupSize[1]));
        const std::string name(kernelNames[static_cast<std::size_t>(kernel)]);
        check(cudaLaunchKernel(kernelFunction(kernel), grid, block, pointers.data(), 0, nullptr),
              DeviceStep::Launch, name_, 0, name);
        check(cudaGetLastError(), DeviceStep::Launch, name_, 0, name);
    }

    void finish() override { check(cudaDeviceSynchronize(), DeviceStep::Finish, name_); }

private:
    int device_;
    std::string name_;
    std::size_t maxBuffer_;
};

}  // namespace

BackendInfo probeCuda() {
    BackendInfo info;
    info.kind = BackendKind::Cuda;
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess) {
        info.problem = cudaProblem(DeviceIssue::NoDevice, driverText(error));
        return info;
    }
    if (count == 0) {
        info.problem = cudaProblem(DeviceIssue::NoDevice);
        return info;
    }
    cudaDeviceProp props{};
    if (const cudaError_t e = cudaGetDeviceProperties(&props, 0); e != cudaSuccess) {
        info.problem = cudaProblem(DeviceIssue::DeviceUnreadable, driverText(e));
        return info;
    }
    // A device newer than every architecture compiled in has no kernel image (nor PTX to JIT).
    cudaFuncAttributes attributes{};
    if (const cudaError_t e = cudaFuncGetAttributes(&attributes, &scoreCurves1); e != cudaSuccess) {
        info.problem = cudaProblem(DeviceIssue::NoKernelImage, driverText(e));
        info.problem->device = describeDevice(props);
        info.problem->architecture = std::to_string(props.major) + std::to_string(props.minor);
        return info;
    }
    info.available = true;
    info.gpu = true;
    info.device = describeDevice(props);
    return info;
}

std::unique_ptr<GpuDevice> makeCudaDevice() {
    const BackendInfo info = probeCuda();
    if (!info.available) throw DeviceError(*info.problem);
    cudaDeviceProp props{};
    check(cudaGetDeviceProperties(&props, 0), DeviceStep::Setup, info.device);
    return std::make_unique<CudaDevice>(0, props);
}

}  // namespace ropelab
