// SPDX-License-Identifier: GPL-3.0-or-later
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

// Vectors of N doubles: GCC/Clang vector extensions map them to AVX-512, AVX or SSE2 registers.
// (An alias template would silently drop a dependent vector_size, hence the specialisations.)
template <int N>
struct VectorOf;
template <>
struct VectorOf<2> {
    using type = double __attribute__((vector_size(2 * sizeof(double))));
};
template <>
struct VectorOf<4> {
    using type = double __attribute__((vector_size(4 * sizeof(double))));
};
template <>
struct VectorOf<8> {
    using type = double __attribute__((vector_size(8 * sizeof(double))));
};
template <int N>
using Lanes = typename VectorOf<N>::type;

template <int N>
[[gnu::always_inline]] inline Lanes<N> loadLanes(const double* p) {
    Lanes<N> v;
    std::memcpy(&v, p, sizeof v);  // unaligned load
    return v;
}

template <int N>
[[gnu::always_inline]] inline void storeLanes(double* p, const Lanes<N>& v) {
    std::memcpy(p, &v, sizeof v);
}

// Scores for distances first, first + step, … (count ≤ kAnchorInterval of them) into out. With
// u_j = a_j·e^{i·first·θ_j} anchored exactly, score = constant + Σ_j Re u_j, then u_j ← u_j·w_j
// (angle addition). A pass keeps kGroups vectors of N pairs in registers (kGroups independent
// recurrences hide the multiply latency) and runs down the block, adding into per-lane sums; the
// final sums are in a fixed order, the same for any thread count.
template <int N, int kGroups>
[[gnu::always_inline]] inline void phasorSumsKernel(const PhasorSums& s, double first,
                                                    std::int64_t count, double* out,
                                                    PhasorScratch& scratch) {
    static_assert(kPairPadding % (N * kGroups) == 0 && sizeof(Lanes<N>) == N * sizeof(double));
    const std::size_t padded = s.theta.size();
    scratch.uRe.resize(padded);
    scratch.uIm.resize(padded);
    scratch.sums.assign(static_cast<std::size_t>(count) * N, 0.0);
    for (std::size_t j = 0; j < padded; ++j) {
        const std::complex<double> u = s.a[j] * exactPhasor(first, s.theta[j]);
        scratch.uRe[j] = u.real();
        scratch.uIm[j] = u.imag();
    }
    double* sums = scratch.sums.data();
    for (std::size_t j = 0; j < padded; j += N * kGroups) {
        Lanes<N> re[kGroups], im[kGroups], wRe[kGroups], wIm[kGroups];
#pragma GCC unroll 8
        for (int g = 0; g < kGroups; ++g) {
            re[g] = loadLanes<N>(scratch.uRe.data() + j + g * N);
            im[g] = loadLanes<N>(scratch.uIm.data() + j + g * N);
            wRe[g] = loadLanes<N>(s.stepRe.data() + j + g * N);
            wIm[g] = loadLanes<N>(s.stepIm.data() + j + g * N);
        }
        for (std::int64_t i = 0; i < count; ++i) {
            Lanes<N> total = re[0];
#pragma GCC unroll 8
            for (int g = 1; g < kGroups; ++g) total += re[g];
            double* lane = sums + static_cast<std::size_t>(i) * N;
            storeLanes<N>(lane, loadLanes<N>(lane) + total);
#pragma GCC unroll 8
            for (int g = 0; g < kGroups; ++g) {
                const Lanes<N> next = re[g] * wRe[g] - im[g] * wIm[g];
                im[g] = re[g] * wIm[g] + im[g] * wRe[g];
                re[g] = next;
            }
        }
    }
    for (std::int64_t i = 0; i < count; ++i) {
        const double* lane = sums + static_cast<std::size_t>(i) * N;
        double total = 0.0;
        for (int l = 0; l < N; ++l) total += lane[l];
        out[i] = s.constant + total;
    }
}

// Register budgets: AVX-512 has 32 vector registers, AVX2 and SSE2 16.
ROPELAB_TARGET_AVX512 void phasorSumsAvx512(const PhasorSums& s, double first, std::int64_t count,
                                            double* out, PhasorScratch& scratch) {
    phasorSumsKernel<8, 4>(s, first, count, out, scratch);
}

ROPELAB_TARGET_AVX2 void phasorSumsAvx2(const PhasorSums& s, double first, std::int64_t count,
                                        double* out, PhasorScratch& scratch) {
    phasorSumsKernel<4, 4>(s, first, count, out, scratch);
}

void phasorSumsPlain(const PhasorSums& s, double first, std::int64_t count, double* out,
                     PhasorScratch& scratch) {
    phasorSumsKernel<2, 4>(s, first, count, out, scratch);
}

}  // namespace

PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step) {
    PhasorSums s;
    const std::size_t padded = (c.a.size() + kPairPadding - 1) / kPairPadding * kPairPadding;
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
