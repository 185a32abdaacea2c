// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/pooling_kernels.h"

#include <algorithm>

#include "analysis/exact_phase.h"
#include "analysis/simd_targets.h"

// Highway compiles the kernels below once per SIMD target (foreach_target re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "analysis/pooling_kernels.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace ropelab {
namespace HWY_NAMESPACE {

namespace hn = hwy::HWY_NAMESPACE;
// At most kLaneSpan / 2 lanes: two vectors of rows span at most kLaneSpan positions.
using Tag = hn::CappedTag<double, RopeBlockTables::kLaneSpan / 2>;

// Rows of one pair (a, b) = Σ_m (x_a + i·x_b)·p_m with p_m = af·e^{i(first+m)θ}: lanes hold
// consecutive rows; two vectors of rows per step give two independent phasor recurrences.
// Pairs outside, blocks inside: each column is read as one stream over the consecutive blocks.
void RopeBlockSumsKernel(const RopeBlockTables& tables, const double* x, std::int64_t columnStride,
                         std::int64_t firstPosition, const std::int64_t* starts,
                         std::int64_t blocks, double* out) {
    const Tag d;
    const auto lanes = static_cast<std::int64_t>(hn::Lanes(d));
    const int span = RopeBlockTables::kLaneSpan + 1;
    HWY_ALIGN double offsetRe[RopeBlockTables::kLaneSpan];
    HWY_ALIGN double offsetIm[RopeBlockTables::kLaneSpan];
    HWY_ALIGN double lastRe[RopeBlockTables::kLaneSpan];
    HWY_ALIGN double lastIm[RopeBlockTables::kLaneSpan];
    const std::size_t pairs = tables.pairs.size();
    for (std::size_t j = 0; j < pairs; ++j) {
        const std::complex<double>* lanePhasor = tables.lanePhasor.data() + j * span;
        for (std::int64_t l = 0; l < 2 * lanes; ++l) {
            offsetRe[l] = lanePhasor[l].real();
            offsetIm[l] = lanePhasor[l].imag();
        }
        const auto stepRe = hn::Set(d, lanePhasor[2 * lanes].real());
        const auto stepIm = hn::Set(d, lanePhasor[2 * lanes].imag());
        for (std::int64_t block = 0; block < blocks; ++block) {
            const std::int64_t first = firstPosition + starts[block];
            const std::int64_t rows = starts[block + 1] - starts[block];
            const double* xa = x + tables.pairs[j].a * columnStride + starts[block];
            const double* xb = x + tables.pairs[j].b * columnStride + starts[block];
            // Σ x_a·Re p, Σ x_b·Im p, Σ x_b·Re p, Σ x_a·Im p: four independent accumulators.
            auto aRe = hn::Zero(d), bIm = hn::Zero(d), bRe = hn::Zero(d), aIm = hn::Zero(d);
            auto p0Re = hn::Zero(d), p0Im = hn::Zero(d), p1Re = hn::Zero(d), p1Im = hn::Zero(d);
            std::int64_t m = 0;
            for (; m + 2 * lanes <= rows; m += 2 * lanes) {
                if (m % RopeBlockTables::kRowAnchor == 0) {
                    const std::complex<double> anchor =
                        tables.attentionFactor *
                        exactPhasor(static_cast<double>(first + m), tables.theta[j]);
                    const auto re = hn::Set(d, anchor.real());
                    const auto im = hn::Set(d, anchor.imag());
                    const auto o0Re = hn::Load(d, offsetRe), o0Im = hn::Load(d, offsetIm);
                    const auto o1Re = hn::Load(d, offsetRe + lanes),
                               o1Im = hn::Load(d, offsetIm + lanes);
                    p0Re = hn::MulSub(re, o0Re, hn::Mul(im, o0Im));
                    p0Im = hn::MulAdd(re, o0Im, hn::Mul(im, o0Re));
                    p1Re = hn::MulSub(re, o1Re, hn::Mul(im, o1Im));
                    p1Im = hn::MulAdd(re, o1Im, hn::Mul(im, o1Re));
                }
                const auto a0 = hn::LoadU(d, xa + m), b0 = hn::LoadU(d, xb + m);
                const auto a1 = hn::LoadU(d, xa + m + lanes), b1 = hn::LoadU(d, xb + m + lanes);
                aRe = hn::MulAdd(a1, p1Re, hn::MulAdd(a0, p0Re, aRe));
                bIm = hn::MulAdd(b1, p1Im, hn::MulAdd(b0, p0Im, bIm));
                bRe = hn::MulAdd(b1, p1Re, hn::MulAdd(b0, p0Re, bRe));
                aIm = hn::MulAdd(a1, p1Im, hn::MulAdd(a0, p0Im, aIm));
                const auto n0Re = hn::MulSub(p0Re, stepRe, hn::Mul(p0Im, stepIm));
                p0Im = hn::MulAdd(p0Re, stepIm, hn::Mul(p0Im, stepRe));
                p0Re = n0Re;
                const auto n1Re = hn::MulSub(p1Re, stepRe, hn::Mul(p1Im, stepIm));
                p1Im = hn::MulAdd(p1Re, stepIm, hn::Mul(p1Im, stepRe));
                p1Re = n1Re;
            }
            // Fewer than 2·lanes rows left: their phasors, one by one.
            double sumA = hn::GetLane(hn::SumOfLanes(d, hn::Sub(aRe, bIm)));
            double sumB = hn::GetLane(hn::SumOfLanes(d, hn::Add(bRe, aIm)));
            if (m < rows) {
                if (m % RopeBlockTables::kRowAnchor == 0) {
                    const std::complex<double> anchor =
                        tables.attentionFactor *
                        exactPhasor(static_cast<double>(first + m), tables.theta[j]);
                    for (std::int64_t l = 0; l < 2 * lanes; ++l) {
                        const std::complex<double> p = anchor * lanePhasor[l];
                        lastRe[l] = p.real();
                        lastIm[l] = p.imag();
                    }
                } else {
                    hn::Store(p0Re, d, lastRe);
                    hn::Store(p0Im, d, lastIm);
                    hn::Store(p1Re, d, lastRe + lanes);
                    hn::Store(p1Im, d, lastIm + lanes);
                }
                for (std::int64_t l = 0; m + l < rows; ++l) {
                    const double a = xa[m + l];
                    const double b = xb[m + l];
                    sumA += a * lastRe[l] - b * lastIm[l];
                    sumB += b * lastRe[l] + a * lastIm[l];
                }
            }
            out[block * tables.headDim + tables.pairs[j].a] = sumA;
            out[block * tables.headDim + tables.pairs[j].b] = sumB;
        }
    }
    // Components past the rotary part pass through unrotated.
    for (int c = tables.rotaryDim; c < tables.headDim; ++c) {
        for (std::int64_t block = 0; block < blocks; ++block) {
            const double* column = x + c * columnStride + starts[block];
            const std::int64_t rows = starts[block + 1] - starts[block];
            auto sum = hn::Zero(d);
            std::int64_t m = 0;
            for (; m + lanes <= rows; m += lanes) sum = hn::Add(sum, hn::LoadU(d, column + m));
            double total = hn::GetLane(hn::SumOfLanes(d, sum));
            for (; m < rows; ++m) total += column[m];
            out[block * tables.headDim + c] = total;
        }
    }
}

template <typename T>
void ColumnMaxOf(const T* tile, std::int64_t rows, std::int64_t cols, std::int64_t rowStride,
                 T* colMax) {
    const hn::ScalableTag<T> d;
    const auto lanes = static_cast<std::int64_t>(hn::Lanes(d));
    std::int64_t j = 0;
    // Four vectors of columns at a time: independent max chains.
    for (; j + 4 * lanes <= cols; j += 4 * lanes) {
        const T* p = tile + j;
        auto m0 = hn::LoadU(d, p), m1 = hn::LoadU(d, p + lanes);
        auto m2 = hn::LoadU(d, p + 2 * lanes), m3 = hn::LoadU(d, p + 3 * lanes);
        for (std::int64_t i = 1; i < rows; ++i) {
            p += rowStride;
            m0 = hn::Max(m0, hn::LoadU(d, p));
            m1 = hn::Max(m1, hn::LoadU(d, p + lanes));
            m2 = hn::Max(m2, hn::LoadU(d, p + 2 * lanes));
            m3 = hn::Max(m3, hn::LoadU(d, p + 3 * lanes));
        }
        hn::StoreU(m0, d, colMax + j);
        hn::StoreU(m1, d, colMax + j + lanes);
        hn::StoreU(m2, d, colMax + j + 2 * lanes);
        hn::StoreU(m3, d, colMax + j + 3 * lanes);
    }
    for (; j + lanes <= cols; j += lanes) {
        auto best = hn::LoadU(d, tile + j);
        for (std::int64_t i = 1; i < rows; ++i)
            best = hn::Max(best, hn::LoadU(d, tile + i * rowStride + j));
        hn::StoreU(best, d, colMax + j);
    }
    for (; j < cols; ++j) {
        T best = tile[j];
        for (std::int64_t i = 1; i < rows; ++i) best = std::max(best, tile[i * rowStride + j]);
        colMax[j] = best;
    }
}

void ColumnMaxKernel(const double* tile, std::int64_t rows, std::int64_t cols,
                     std::int64_t rowStride, double* colMax) {
    ColumnMaxOf(tile, rows, cols, rowStride, colMax);
}

void ColumnMaxFloatKernel(const float* tile, std::int64_t rows, std::int64_t cols,
                          std::int64_t rowStride, float* colMax) {
    ColumnMaxOf(tile, rows, cols, rowStride, colMax);
}

// Whole vectors compared at once; only a vector with a hit is looked at lane by lane.
std::int64_t AtLeastKernel(const float* tile, std::int64_t rows, std::int64_t cols,
                           std::int64_t rowStride, const float* threshold, std::int64_t capacity,
                           std::int32_t* hits) {
    const hn::ScalableTag<float> d;
    const auto lanes = static_cast<std::int64_t>(hn::Lanes(d));
    std::int64_t count = 0;
    const auto hit = [&](std::int64_t i, std::int64_t j) {
        if (count < capacity) hits[count] = static_cast<std::int32_t>(i * cols + j);
        ++count;
    };
    for (std::int64_t i = 0; i < rows && count <= capacity; ++i) {
        const float* row = tile + i * rowStride;
        std::int64_t j = 0;
        for (; j + lanes <= cols; j += lanes) {
            if (hn::AllFalse(d, hn::Ge(hn::LoadU(d, row + j), hn::LoadU(d, threshold + j)))) {
                continue;
            }
            for (std::int64_t l = j; l < j + lanes; ++l) {
                if (row[l] >= threshold[l]) hit(i, l);
            }
        }
        for (; j < cols; ++j) {
            if (row[j] >= threshold[j]) hit(i, j);
        }
    }
    return count;
}

}  // namespace HWY_NAMESPACE
}  // namespace ropelab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ropelab {

HWY_EXPORT(RopeBlockSumsKernel);
HWY_EXPORT(ColumnMaxKernel);
HWY_EXPORT(ColumnMaxFloatKernel);
HWY_EXPORT(AtLeastKernel);

RopeBlockTables ropeBlockTables(const RopeFrequencies& freqs, RopeLayout layout) {
    RopeBlockTables tables;
    tables.headDim = freqs.headDim;
    tables.rotaryDim = freqs.rotaryDim;
    tables.attentionFactor = freqs.attentionFactor;
    tables.theta = freqs.invFreq;
    const int span = RopeBlockTables::kLaneSpan + 1;
    for (int j = 0; j < freqs.pairs(); ++j) {
        tables.pairs.push_back(ropePair(j, freqs.rotaryDim, layout));
        for (int l = 0; l < span; ++l) {
            tables.lanePhasor.push_back(
                exactPhasor(static_cast<double>(l), freqs.invFreq[static_cast<std::size_t>(j)]));
        }
    }
    return tables;
}

void ropeBlockSums(const RopeBlockTables& tables, const double* x, std::int64_t columnStride,
                   std::int64_t firstPosition, const std::int64_t* starts, std::int64_t blocks,
                   double* out) {
    prepareSimdTargets();
    HWY_DYNAMIC_DISPATCH(RopeBlockSumsKernel)
    (tables, x, columnStride, firstPosition, starts, blocks, out);
}

void columnMax(const double* tile, std::int64_t rows, std::int64_t cols, std::int64_t rowStride,
               double* colMax) {
    prepareSimdTargets();
    HWY_DYNAMIC_DISPATCH(ColumnMaxKernel)(tile, rows, cols, rowStride, colMax);
}

void columnMax(const float* tile, std::int64_t rows, std::int64_t cols, std::int64_t rowStride,
               float* colMax) {
    prepareSimdTargets();
    HWY_DYNAMIC_DISPATCH(ColumnMaxFloatKernel)(tile, rows, cols, rowStride, colMax);
}

std::int64_t findAtLeast(const float* tile, std::int64_t rows, std::int64_t cols,
                         std::int64_t rowStride, const float* threshold, std::int64_t capacity,
                         std::int32_t* hits) {
    prepareSimdTargets();
    return HWY_DYNAMIC_DISPATCH(AtLeastKernel)(tile, rows, cols, rowStride, threshold, capacity,
                                               hits);
}

}  // namespace ropelab
#endif  // HWY_ONCE
