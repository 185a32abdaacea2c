#include "analysis/simd_level.h"

namespace ropelab {

bool simdLevelSupported(SimdLevel level) {
#if defined(__x86_64__) && defined(__GNUC__)
    switch (level) {
        case SimdLevel::Plain:
            return true;
        case SimdLevel::Avx2:
            return __builtin_cpu_supports("x86-64-v3");
        case SimdLevel::Avx512:
            return __builtin_cpu_supports("x86-64-v4");
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
