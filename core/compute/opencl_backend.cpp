// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/opencl_backend.h"

// OpenCL 1.2 everywhere: PoCL, Intel, AMD and NVIDIA all offer it (300/120 does not compile).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>

#include <array>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "compute/kernels/kernel_constants.h"
#include "compute/opencl_kernel_source.h"

namespace ropelab {

namespace {

// Local memory maxPoolScores declares (two transposed chunks plus the cell maxima).
constexpr std::size_t kLocalBytesNeeded = (2 * ROPELAB_HEAT_CHUNK * (ROPELAB_HEAT_TILE + 1) +
                                           ROPELAB_HEAT_LOCAL_CELLS * ROPELAB_HEAT_LOCAL_CELLS) *
                                          4;
constexpr std::size_t kGroupSizeNeeded = ROPELAB_HEAT_THREADS * ROPELAB_HEAT_THREADS;

std::string errorName(cl_int code) {
    switch (code) {
        case CL_DEVICE_NOT_FOUND:
            return "CL_DEVICE_NOT_FOUND";
        case CL_DEVICE_NOT_AVAILABLE:
            return "CL_DEVICE_NOT_AVAILABLE";
        case CL_MEM_OBJECT_ALLOCATION_FAILURE:
            return "CL_MEM_OBJECT_ALLOCATION_FAILURE: out of device memory";
        case CL_OUT_OF_RESOURCES:
            return "CL_OUT_OF_RESOURCES";
        case CL_OUT_OF_HOST_MEMORY:
            return "CL_OUT_OF_HOST_MEMORY";
        case CL_BUILD_PROGRAM_FAILURE:
            return "CL_BUILD_PROGRAM_FAILURE";
        case CL_INVALID_BUFFER_SIZE:
            return "CL_INVALID_BUFFER_SIZE";
        case CL_INVALID_WORK_GROUP_SIZE:
            return "CL_INVALID_WORK_GROUP_SIZE";
        case -1001:
            return "CL_PLATFORM_NOT_FOUND_KHR";
        default:
            return "error " + std::to_string(code);
    }
}

// The driver's words: the call and its error's name, "clBuildProgram: CL_BUILD_PROGRAM_FAILURE".
std::string driverText(const cl::Error& e) {
    return std::string(e.what()) + ": " + errorName(e.err());
}

std::string deviceType(cl_device_type type) {
    if (type & CL_DEVICE_TYPE_GPU) return "GPU";
    if (type & CL_DEVICE_TYPE_ACCELERATOR) return "accelerator";
    if (type & CL_DEVICE_TYPE_CPU) return "CPU";
    return "other";
}

struct DeviceChoice {
    std::optional<cl::Device> device;
    std::optional<DeviceProblem> problem;  // when no device
};

DeviceProblem openClProblem(DeviceIssue issue, std::string detail = {}) {
    DeviceProblem problem{issue, BackendKind::OpenCl};
    problem.detail = std::move(detail);
    return problem;
}

// Why a device cannot run our kernels (NoUsableDevice), or nothing.
std::optional<DeviceProblem> unsuitable(const cl::Device& device) {
    DeviceProblem problem{DeviceIssue::NoUsableDevice, BackendKind::OpenCl,
                          device.getInfo<CL_DEVICE_NAME>()};
    if (!device.getInfo<CL_DEVICE_AVAILABLE>()) {
        problem.unsuitable = Unsuitable::NotAvailable;
    } else if (device.getInfo<CL_DEVICE_PROFILE>().find("FULL_PROFILE") == std::string::npos) {
        problem.unsuitable = Unsuitable::EmbeddedProfile;
    } else if (device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>() < kGroupSizeNeeded) {
        problem.unsuitable = Unsuitable::SmallWorkGroups;
        problem.limit = static_cast<double>(kGroupSizeNeeded);
    } else if (device.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>() < kLocalBytesNeeded) {
        problem.unsuitable = Unsuitable::SmallLocalMemory;
        problem.limit = static_cast<double>(kLocalBytesNeeded);
    } else {
        return std::nullopt;
    }
    return problem;
}

// A GPU first, then an accelerator, then any device (a CPU device such as PoCL).
DeviceChoice chooseDevice() {
    // PoCL 3.1 crashes when two threads enumerate its devices at once (a probe for the menu
    // beside a sweep's own), so enumeration is one thread at a time.
    static std::mutex enumerating;
    std::lock_guard lock(enumerating);
    std::vector<cl::Platform> platforms;
    try {
        cl::Platform::get(&platforms);
    } catch (const cl::Error& e) {
        return {std::nullopt, openClProblem(DeviceIssue::NoPlatform, driverText(e))};
    }
    if (platforms.empty()) return {std::nullopt, openClProblem(DeviceIssue::NoPlatform)};
    std::optional<DeviceProblem> rejected;
    for (const cl_device_type type : std::array<cl_device_type, 3>{
             CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_ALL}) {
        for (const cl::Platform& platform : platforms) {
            std::vector<cl::Device> devices;
            try {
                platform.getDevices(type, &devices);
            } catch (const cl::Error&) {
                continue;  // CL_DEVICE_NOT_FOUND for this type
            }
            for (const cl::Device& device : devices) {
                std::optional<DeviceProblem> why = unsuitable(device);
                if (!why) return {device, std::nullopt};
                rejected = std::move(why);
            }
        }
    }
    if (rejected) return {std::nullopt, rejected};
    return {std::nullopt, openClProblem(DeviceIssue::NoOpenClDevice)};
}

std::string deviceDescription(const cl::Device& device) {
    const cl::Platform platform(device.getInfo<CL_DEVICE_PLATFORM>());
    const auto mib = device.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>() >> 20;
    return device.getInfo<CL_DEVICE_NAME>() + " (" + platform.getInfo<CL_PLATFORM_NAME>() + ", " +
           deviceType(device.getInfo<CL_DEVICE_TYPE>()) + ", " + std::to_string(mib) + " MiB)";
}

cl::Buffer& clBuffer(const DeviceBuffer& buffer) {
    return *static_cast<cl::Buffer*>(buffer.handle.get());
}

class OpenClDevice final : public GpuDevice {
public:
    explicit OpenClDevice(const cl::Device& device)
        : device_(device), name_(deviceDescription(device)) {
        try {
            context_ = cl::Context(device_);
            queue_ = cl::CommandQueue(context_, device_);
            program_ = cl::Program(context_, std::string(openClKernelSource));
        } catch (const cl::Error& e) {
            throw DeviceError(failed(DeviceStep::Setup, e));
        }
        try {
            program_.build(std::vector<cl::Device>{device_});
        } catch (const cl::Error& e) {
            std::string log;
            try {
                log = program_.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device_);
            } catch (const cl::Error&) {
            }
            // The first error line says most; the whole log would not fit one message line.
            std::istringstream lines(log);
            std::string line;
            std::string firstError;
            while (std::getline(lines, line)) {
                if (line.find("error") != std::string::npos) {
                    firstError = line;
                    break;
                }
            }
            DeviceProblem problem{DeviceIssue::BuildFailed, BackendKind::OpenCl, name_};
            problem.detail = driverText(e) + (firstError.empty() ? "" : ": " + firstError);
            throw DeviceError(problem);
        }
        try {
            for (std::size_t k = 0; k < kernelNames.size(); ++k) {
                kernels_[k] = cl::Kernel(program_, std::string(kernelNames[k]).c_str());
            }
            maxBuffer_ = device_.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
        } catch (const cl::Error& e) {
            throw DeviceError(failed(DeviceStep::Setup, e));
        }
    }

    BackendKind kind() const override { return BackendKind::OpenCl; }
    std::string name() const override { return name_; }
    std::size_t maxBufferBytes() const override { return maxBuffer_; }

    DeviceBuffer allocate(std::size_t bytes) override {
        return guarded(
            DeviceStep::Allocate,
            [&] {
                return DeviceBuffer{
                    std::make_shared<cl::Buffer>(context_, CL_MEM_READ_WRITE, bytes), bytes};
            },
            static_cast<double>(bytes));
    }

    void upload(const DeviceBuffer& buffer, const void* data, std::size_t bytes) override {
        guarded(DeviceStep::Upload, [&] {
            queue_.enqueueWriteBuffer(clBuffer(buffer), CL_TRUE, 0, bytes, data);
            return 0;
        });
    }

    void download(const DeviceBuffer& buffer, void* data, std::size_t bytes) override {
        guarded(DeviceStep::Download, [&] {
            queue_.enqueueReadBuffer(clBuffer(buffer), CL_TRUE, 0, bytes, data);
            return 0;
        });
    }

    void launch(Kernel kernel, const LaunchShape& shape, std::span<const KernelArg> args) override {
        const auto index = static_cast<std::size_t>(kernel);
        guarded(
            DeviceStep::Launch,
            [&] {
                cl::Kernel& k = kernels_[index];
                for (std::size_t i = 0; i < args.size(); ++i) {
                    const auto slot = static_cast<cl_uint>(i);
                    std::visit(
                        [&](const auto& value) {
                            using T = std::decay_t<decltype(value)>;
                            if constexpr (std::is_same_v<T, const DeviceBuffer*>) {
                                k.setArg(slot, clBuffer(*value));
                            } else {
                                k.setArg(slot, value);
                            }
                        },
                        args[i]);
                }
                const cl::NDRange local(shape.groupSize[0], shape.groupSize[1]);
                const cl::NDRange global(shape.groups[0] * shape.groupSize[0],
                                         shape.groups[1] * shape.groupSize[1]);
                queue_.enqueueNDRangeKernel(k, cl::NullRange, global, local);
                return 0;
            },
            0, std::string(kernelNames[index]));
    }

    void finish() override {
        guarded(DeviceStep::Finish, [&] {
            queue_.finish();
            return 0;
        });
    }

private:
    DeviceProblem failed(DeviceStep step, const cl::Error& e, double bytes = 0,
                         std::string kernel = {}) const {
        DeviceProblem problem{DeviceIssue::CallFailed, BackendKind::OpenCl, name_, driverText(e)};
        problem.step = step;
        problem.bytes = bytes;
        problem.kernel = std::move(kernel);
        return problem;
    }

    template <class F>
    auto guarded(DeviceStep step, F&& body, double bytes = 0, std::string kernel = {})
        -> decltype(body()) {
        try {
            return body();
        } catch (const cl::Error& e) {
            throw DeviceError(failed(step, e, bytes, std::move(kernel)));
        }
    }

    cl::Device device_;
    std::string name_;
    cl::Context context_;
    cl::CommandQueue queue_;
    cl::Program program_;
    std::array<cl::Kernel, kernelNames.size()> kernels_;
    std::size_t maxBuffer_ = 0;
};

}  // namespace

BackendInfo probeOpenCl() {
    BackendInfo info;
    info.kind = BackendKind::OpenCl;
    try {
        const DeviceChoice choice = chooseDevice();
        if (!choice.device) {
            info.problem = choice.problem;
            return info;
        }
        info.available = true;
        info.gpu = (choice.device->getInfo<CL_DEVICE_TYPE>() &
                    (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR)) != 0;
        info.device = deviceDescription(*choice.device);
    } catch (const cl::Error& e) {
        info.available = false;
        info.problem = openClProblem(DeviceIssue::QueryFailed, driverText(e));
    }
    return info;
}

std::unique_ptr<GpuDevice> makeOpenClDevice() {
    DeviceChoice choice;
    try {
        choice = chooseDevice();
    } catch (const cl::Error& e) {
        throw DeviceError(openClProblem(DeviceIssue::QueryFailed, driverText(e)));
    }
    if (!choice.device) throw DeviceError(*choice.problem);
    return std::make_unique<OpenClDevice>(*choice.device);
}

}  // namespace ropelab
