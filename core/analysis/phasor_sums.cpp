// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/phasor_sums.h"

#include <complex>

#include "analysis/exact_phase.h"
#include "analysis/simd_targets.h"

// Highway compiles the kernel below once per SIMD target (foreach_target re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "analysis/phasor_sums.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace ropelab {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;

// Scores for distances first, first + step, … (count ≤ kAnchorInterval of them) into out. With
// u_j = a_j·e^{i·first·θ_j} anchored exactly, score = constant + Σ_j Re u_j, then u_j ← u_j·w_j
// (angle addition). A pass keeps four vectors of pairs in registers (four independent recurrences
// hide the multiply latency) and runs down the block, adding into per-lane sums; the final sums
// are in a fixed order, the same for any thread count. (Four named vectors, not an array: SVE
// vectors are sizeless and cannot be array elements.)
void PhasorSumsKernel(const PhasorSums& s, double first, std::int64_t count, double* out,
                      PhasorScratch& scratch) {
    const hn::CappedTag<double, kPairPadding / 4> d;
    const std::size_t lanes = hn::Lanes(d);
    const std::size_t padded = s.theta.size();
    scratch.uRe.resize(padded);
    scratch.uIm.resize(padded);
    scratch.sums.assign(static_cast<std::size_t>(count) * lanes, 0.0);
    for (std::size_t j = 0; j < padded; ++j) {
        const std::complex<double> u = s.a[j] * exactPhasor(first, s.theta[j]);
        scratch.uRe[j] = u.real();
        scratch.uIm[j] = u.imag();
    }
    const double* uRe = scratch.uRe.data();
    const double* uIm = scratch.uIm.data();
    const double* wRe = s.stepRe.data();
    const double* wIm = s.stepIm.data();
    double* sums = scratch.sums.data();
    for (std::size_t j = 0; j < padded; j += 4 * lanes) {
        auto re0 = hn::LoadU(d, uRe + j), re1 = hn::LoadU(d, uRe + j + lanes);
        auto re2 = hn::LoadU(d, uRe + j + 2 * lanes), re3 = hn::LoadU(d, uRe + j + 3 * lanes);
        auto im0 = hn::LoadU(d, uIm + j), im1 = hn::LoadU(d, uIm + j + lanes);
        auto im2 = hn::LoadU(d, uIm + j + 2 * lanes), im3 = hn::LoadU(d, uIm + j + 3 * lanes);
        const auto c0 = hn::LoadU(d, wRe + j), c1 = hn::LoadU(d, wRe + j + lanes);
        const auto c2 = hn::LoadU(d, wRe + j + 2 * lanes), c3 = hn::LoadU(d, wRe + j + 3 * lanes);
        const auto s0 = hn::LoadU(d, wIm + j), s1 = hn::LoadU(d, wIm + j + lanes);
        const auto s2 = hn::LoadU(d, wIm + j + 2 * lanes), s3 = hn::LoadU(d, wIm + j + 3 * lanes);
        for (std::int64_t i = 0; i < count; ++i) {
            double* lane = sums + static_cast<std::size_t>(i) * lanes;
            const auto total = hn::Add(hn::Add(re0, re1), hn::Add(re2, re3));
            hn::StoreU(hn::Add(hn::LoadU(d, lane), total), d, lane);
            // (re + i·im)·(c + i·s), written out per group.
            const auto next0 = hn::MulSub(re0, c0, hn::Mul(im0, s0));
            const auto next1 = hn::MulSub(re1, c1, hn::Mul(im1, s1));
            const auto next2 = hn::MulSub(re2, c2, hn::Mul(im2, s2));
            const auto next3 = hn::MulSub(re3, c3, hn::Mul(im3, s3));
            im0 = hn::MulAdd(re0, s0, hn::Mul(im0, c0));
            im1 = hn::MulAdd(re1, s1, hn::Mul(im1, c1));
            im2 = hn::MulAdd(re2, s2, hn::Mul(im2, c2));
            im3 = hn::MulAdd(re3, s3, hn::Mul(im3, c3));
            re0 = next0;
            re1 = next1;
            re2 = next2;
            re3 = next3;
        }
    }
    for (std::int64_t i = 0; i < count; ++i) {
        const double* lane = sums + static_cast<std::size_t>(i) * lanes;
        double total = 0.0;
        for (std::size_t l = 0; l < lanes; ++l) total += lane[l];
        out[i] = s.constant + total;
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace ropelab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ropelab {

HWY_EXPORT(PhasorSumsKernel);

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
                        PhasorScratch& scratch) {
    prepareSimdTargets();
    HWY_DYNAMIC_DISPATCH(PhasorSumsKernel)(s, first, count, out, scratch);
}

}  // namespace ropelab
#endif  // HWY_ONCE
