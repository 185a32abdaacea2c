#include "analysis/phasor_sums.h"

#include <complex>
#include <cstring>

#include "analysis/exact_phase.h"

namespace ropelab {

// Vectors of Lanes live only inside evaluatePhasorSums and the helpers always inlined into it,
// so the ABI note -Wpsabi gives about passing them between AVX and plain code does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace {

// Four pairs per step: GCC/Clang vector extensions map this to SSE2, AVX or AVX-512 registers.
using Lanes = double __attribute__((vector_size(4 * sizeof(double))));
constexpr std::size_t kLanes = 4;

[[gnu::always_inline]] inline Lanes loadLanes(const double* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);  // unaligned load
    return v;
}

[[gnu::always_inline]] inline void storeLanes(double* p, Lanes v) {
    std::memcpy(p, &v, sizeof v);
}

}  // namespace

PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step) {
    PhasorSums s;
    const std::size_t padded = (c.a.size() + kLanes - 1) / kLanes * kLanes;
    s.aRe.assign(padded, 0.0);
    s.aIm.assign(padded, 0.0);
    s.stepRe.assign(padded, 1.0);
    s.stepIm.assign(padded, 0.0);
    s.theta.assign(padded, 0.0);
    s.constant = c.constant;
    for (std::size_t j = 0; j < c.a.size(); ++j) {
        s.aRe[j] = c.a[j].real();
        s.aIm[j] = c.a[j].imag();
        s.theta[j] = c.theta[j];
        const std::complex<double> w = exactPhasor(static_cast<double>(step), c.theta[j]);
        s.stepRe[j] = w.real();
        s.stepIm[j] = w.imag();
    }
    return s;
}

// Scores for distances first, first + step, … (count of them) into out, starting from an exact
// anchor at `first` and advancing by angle addition e^{i(Δ+step)θ} = e^{iΔθ}·e^{i·step·θ}.
// Cloned for x86-64-v3 (AVX2) with run-time dispatch; the plain build is the fallback.
__attribute__((target_clones("arch=x86-64-v3", "default"))) void evaluatePhasorSums(
    const PhasorSums& s, double first, std::int64_t count, double* out, double* zRe, double* zIm) {
    const std::size_t padded = s.theta.size();
    for (std::size_t j = 0; j < padded; ++j) {
        const std::complex<double> z = exactPhasor(first, s.theta[j]);
        zRe[j] = z.real();
        zIm[j] = z.imag();
    }
    for (std::int64_t i = 0; i < count; ++i) {
        // Per-lane partial sums in a fixed order: identical for every thread count.
        Lanes partial = {0.0, 0.0, 0.0, 0.0};
        for (std::size_t j = 0; j < padded; j += kLanes) {
            const Lanes re = loadLanes(zRe + j);
            const Lanes im = loadLanes(zIm + j);
            const Lanes wRe = loadLanes(s.stepRe.data() + j);
            const Lanes wIm = loadLanes(s.stepIm.data() + j);
            partial += loadLanes(s.aRe.data() + j) * re - loadLanes(s.aIm.data() + j) * im;
            storeLanes(zRe + j, re * wRe - im * wIm);
            storeLanes(zIm + j, re * wIm + im * wRe);
        }
        out[i] = s.constant + ((partial[0] + partial[1]) + (partial[2] + partial[3]));
    }
}

#pragma GCC diagnostic pop

}  // namespace ropelab
