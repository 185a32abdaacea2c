// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What this build is made of: RoPE Lab's version (CMake's project(VERSION)) and the third-party
// code the core library compiles in or links, for --version, Help → About and saved sessions.

#include <string>
#include <vector>

namespace ropelab {

// "0.1.0"
const char* version();
// "RoPE Lab 0.1.0": the one version line of both programs.
std::string versionLine();

struct ThirdPartyComponent {
    std::string name;     // as its authors call it
    std::string licence;  // SPDX identifier
};

// Eigen, nlohmann-json, Google Highway and OpenBLAS always; the OpenCL headers and ICD loader when
// the OpenCL backend is built, and NVIDIA's CUDA runtime when the CUDA backend is (never in the
// package: tools/setup.sh).
std::vector<ThirdPartyComponent> coreThirdPartyComponents();

}  // namespace ropelab
