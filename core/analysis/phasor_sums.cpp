#include "analysis/phasor_sums.h"

#include <complex>
#include <cstring>

#include "analysis/exact_phase.h"
#include "analysis/simd_level.h"

namespace ropelab {

// Vectors of Lanes live only inside evaluatePhasorSums and the helpers always inlined into it,
// so the ABI note -Wpsabi gives about passing them between AVX and plain code does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace {

// Eight pairs per vector: GCC/Clang vector extensions map this to AVX-512, AVX or SSE2 registers.
using Lanes = double __attribute__((vector_size(8 * sizeof(double))));
constexpr std::size_t kLanes = 8;
// Pairs kept in registers while one pass runs down the whole block of distances.
constexpr std::size_t kPairsPerPass = 2 * kLanes;

[[gnu::always_inline]] inline Lanes loadLanes(const double* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);  // unaligned load
    return v;
}

[[gnu::always_inline]] inline void storeLanes(double* p, const Lanes& v) {
    std::memcpy(p, &v, sizeof v);
}

// (re, im) ← (re, im)·(wRe, wIm), lane by lane.
[[gnu::always_inline]] inline void rotate(Lanes& re, Lanes& im, const Lanes& wRe,
                                          const Lanes& wIm) {
    const Lanes next = re * wRe - im * wIm;
    im = re * wIm + im * wRe;
    re = next;
}

// Scores for distances first, first + step, … (count ≤ kAnchorInterval of them) into out. With
// u_j = a_j·e^{i·first·θ_j} anchored exactly, score = constant + Σ_j Re u_j, then u_j ← u_j·w_j
// (angle addition). Each pass keeps 16 pairs in registers and runs down the block, adding into
// per-lane sums; the final sums are in a fixed order, the same for any thread count.
[[gnu::always_inline]] inline void phasorSumsKernel(const PhasorSums& s, double first,
                                                    std::int64_t count, double* out,
                                                    PhasorScratch& scratch) {
    const std::size_t padded = s.theta.size();
    scratch.uRe.resize(padded);
    scratch.uIm.resize(padded);
    scratch.sums.assign(static_cast<std::size_t>(count) * kLanes, 0.0);
    for (std::size_t j = 0; j < padded; ++j) {
        const std::complex<double> u = s.a[j] * exactPhasor(first, s.theta[j]);
        scratch.uRe[j] = u.real();
        scratch.uIm[j] = u.imag();
    }
    double* sums = scratch.sums.data();
    for (std::size_t j = 0; j < padded; j += kPairsPerPass) {
        Lanes re0 = loadLanes(scratch.uRe.data() + j);
        Lanes im0 = loadLanes(scratch.uIm.data() + j);
        Lanes re1 = loadLanes(scratch.uRe.data() + j + kLanes);
        Lanes im1 = loadLanes(scratch.uIm.data() + j + kLanes);
        const Lanes wRe0 = loadLanes(s.stepRe.data() + j);
        const Lanes wIm0 = loadLanes(s.stepIm.data() + j);
        const Lanes wRe1 = loadLanes(s.stepRe.data() + j + kLanes);
        const Lanes wIm1 = loadLanes(s.stepIm.data() + j + kLanes);
        for (std::int64_t i = 0; i < count; ++i) {
            double* lane = sums + static_cast<std::size_t>(i) * kLanes;
            storeLanes(lane, loadLanes(lane) + (re0 + re1));
            rotate(re0, im0, wRe0, wIm0);
            rotate(re1, im1, wRe1, wIm1);
        }
    }
    for (std::int64_t i = 0; i < count; ++i) {
        const double* l = sums + static_cast<std::size_t>(i) * kLanes;
        out[i] = s.constant + (((l[0] + l[1]) + (l[2] + l[3])) + ((l[4] + l[5]) + (l[6] + l[7])));
    }
}

ROPELAB_TARGET_AVX512 void phasorSumsAvx512(const PhasorSums& s, double first, std::int64_t count,
                                            double* out, PhasorScratch& scratch) {
    phasorSumsKernel(s, first, count, out, scratch);
}

ROPELAB_TARGET_AVX2 void phasorSumsAvx2(const PhasorSums& s, double first, std::int64_t count,
                                        double* out, PhasorScratch& scratch) {
    phasorSumsKernel(s, first, count, out, scratch);
}

void phasorSumsPlain(const PhasorSums& s, double first, std::int64_t count, double* out,
                     PhasorScratch& scratch) {
    phasorSumsKernel(s, first, count, out, scratch);
}

}  // namespace

PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step) {
    PhasorSums s;
    const std::size_t padded = (c.a.size() + kPairsPerPass - 1) / kPairsPerPass * kPairsPerPass;
    s.a.assign(padded, 0.0);
    s.stepRe.assign(padded, 1.0);
    s.stepIm.assign(padded, 0.0);
    s.theta.assign(padded, 0.0);
    s.constant = c.constant;
    for (std::size_t j = 0; j < c.a.size(); ++j) {
        s.a[j] = c.a[j];
        s.theta[j] = c.theta[j];
        const std::complex<double> w = exactPhasor(static_cast<double>(step), c.theta[j]);
        s.stepRe[j] = w.real();
        s.stepIm[j] = w.imag();
    }
    return s;
}

void evaluatePhasorSums(const PhasorSums& s, double first, std::int64_t count, double* out,
                        PhasorScratch& scratch, SimdLevel level) {
    switch (level) {
        case SimdLevel::Avx512:
            phasorSumsAvx512(s, first, count, out, scratch);
            return;
        case SimdLevel::Avx2:
            phasorSumsAvx2(s, first, count, out, scratch);
            return;
        case SimdLevel::Plain:
            phasorSumsPlain(s, first, count, out, scratch);
            return;
    }
}

}  // namespace ropelab
