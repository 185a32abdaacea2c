// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/simd_level.h"

namespace ropelab {

bool simdLevelSupported(SimdLevel level) {
#if defined(__x86_64__) && defined(__GNUC__)
    switch (level) {
        case SimdLevel::Plain:
            return true;
#if defined(__clang__)
        // clang (before 19) knows no level names here: test the level's features one by one.
        case SimdLevel::Avx2:
            return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
                   __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
        case SimdLevel::Avx512:
            return simdLevelSupported(SimdLevel::Avx2) && __builtin_cpu_supports("avx512f") &&
                   __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512cd") &&
                   __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
#else
        case SimdLevel::Avx2:
            return __builtin_cpu_supports("x86-64-v3");
        case SimdLevel::Avx512:
            return __builtin_cpu_supports("x86-64-v4");
#endif
    }
    return false;
#else
    return level == SimdLevel::Plain;
#endif
}

SimdLevel bestSimdLevel() {
    if (simdLevelSupported(SimdLevel::Avx512)) return SimdLevel::Avx512;
    if (simdLevelSupported(SimdLevel::Avx2)) return SimdLevel::Avx2;
    return SimdLevel::Plain;
}

}  // namespace ropelab
