// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: which vector instruction set the hand-vectorised kernels use. They are
// compiled for each level and picked at run time, so one binary runs everywhere.

namespace ropelab {

enum class SimdLevel { Plain, Avx2, Avx512 };  // x86-64, x86-64-v3, x86-64-v4

// Whether this CPU runs kernels built for `level` (Plain always).
bool simdLevelSupported(SimdLevel level);

// The widest level this CPU supports.
SimdLevel bestSimdLevel();

}  // namespace ropelab

// Marks a kernel function as compiled for x86-64-v3 / -v4 (nothing on other architectures,
// where only SimdLevel::Plain is ever chosen).
#if defined(__x86_64__) && defined(__GNUC__)
#define ROPELAB_TARGET_AVX2 __attribute__((target("arch=x86-64-v3")))
#define ROPELAB_TARGET_AVX512 __attribute__((target("arch=x86-64-v4")))
#else
#define ROPELAB_TARGET_AVX2
#define ROPELAB_TARGET_AVX512
#endif
