// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/build_info.h"

namespace ropelab {

const char* version() {
    return ROPELAB_VERSION;
}

std::string versionLine() {
    return std::string("RoPE Lab ") + version();
}

std::vector<ThirdPartyComponent> coreThirdPartyComponents() {
    std::vector<ThirdPartyComponent> components{{"Eigen", "MPL-2.0"},
                                                {"nlohmann/json", "MIT"},
                                                {"Google Highway", "Apache-2.0"},
                                                {"OpenBLAS", "BSD-3-Clause"}};
#ifdef ROPELAB_HAVE_OPENCL
    components.push_back({"Khronos OpenCL headers", "Apache-2.0"});
    components.push_back({"OpenCL ICD loader (ocl-icd)", "BSD-2-Clause"});
#endif
#ifdef ROPELAB_HAVE_CUDA
    components.push_back({"NVIDIA CUDA runtime", "LicenseRef-NVIDIA-CUDA"});
#endif
    return components;
}

}  // namespace ropelab
