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

std::string describe(cudaError_t error) {
    return std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error);
}

void check(cudaError_t error, const std::string& what) {
    if (error != cudaSuccess) throw DeviceError("CUDA " + what + ": " + describe(error));
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
        check(cudaSetDevice(device_), "cudaSetDevice");
        check(cudaMalloc(&pointer, bytes),
              "allocating " + std::to_string(bytes) + " bytes on " + name_);
        return DeviceBuffer{std::shared_ptr<void>(pointer, [](void* p) { cudaFree(p); }), bytes};
    }

    void upload(const DeviceBuffer& buffer, const void* data, std::size_t bytes) override {
        check(cudaMemcpy(buffer.handle.get(), data, bytes, cudaMemcpyHostToDevice),
              "upload to " + name_);
    }

    void download(const DeviceBuffer& buffer, void* data, std::size_t bytes) override {
        check(cudaMemcpy(data, buffer.handle.get(), bytes, cudaMemcpyDeviceToHost),
              "download from " + name_);
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
              "launching " + name + " on " + name_);
        check(cudaGetLastError(), "launching " + name + " on " + name_);
    }

    void finish() override { check(cudaDeviceSynchronize(), "running kernels on " + name_); }

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
        info.reason = "no CUDA device (cudaGetDeviceCount: " + describe(error) + ")";
        return info;
    }
    if (count == 0) {
        info.reason = "no CUDA device";
        return info;
    }
    cudaDeviceProp props{};
    if (const cudaError_t e = cudaGetDeviceProperties(&props, 0); e != cudaSuccess) {
        info.reason = "CUDA device 0 unreadable (" + describe(e) + ")";
        return info;
    }
    // A device newer than every architecture compiled in has no kernel image (nor PTX to JIT).
    cudaFuncAttributes attributes{};
    if (const cudaError_t e = cudaFuncGetAttributes(&attributes, &scoreCurves1); e != cudaSuccess) {
        info.reason = describeDevice(props) + " cannot run this build's kernels (" + describe(e) +
                      "); rebuild with CMAKE_CUDA_ARCHITECTURES=" + std::to_string(props.major) +
                      std::to_string(props.minor);
        return info;
    }
    info.available = true;
    info.gpu = true;
    info.device = describeDevice(props);
    return info;
}

std::unique_ptr<GpuDevice> makeCudaDevice() {
    const BackendInfo info = probeCuda();
    if (!info.available) throw DeviceError("CUDA unavailable: " + info.reason);
    cudaDeviceProp props{};
    check(cudaGetDeviceProperties(&props, 0), "reading device 0");
    return std::make_unique<CudaDevice>(0, props);
}

}  // namespace ropelab
