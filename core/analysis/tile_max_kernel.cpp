// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/tile_max_kernel.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace ropelab {

// Vectors of Lanes stay inside the kernels below and the helpers always inlined into them, so
// the ABI note -Wpsabi gives about passing them between AVX and plain code does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace {

// One panel of keys per vector: GCC/Clang map it to one AVX-512, two AVX or four SSE2 registers.
using Lanes = double __attribute__((vector_size(kKeyPanel * sizeof(double))));

[[gnu::always_inline]] inline Lanes loadLanes(const double* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

[[gnu::always_inline]] inline Lanes maxLanes(const Lanes& a, const Lanes& b) {
    return a > b ? a : b;
}

// Register blocking: kRows query rows × kPanels key panels of accumulators per step, sized to
// the register file of each instruction set (AVX-512 has 32 vector registers, AVX2 16).
template <int kRows, int kPanels>
[[gnu::always_inline]] inline void columnMax(const double* queries, std::int64_t rows,
                                             const PackedKeys& keys, std::int64_t panelBegin,
                                             std::int64_t panelEnd, double* colMax) {
    const int dim = keys.dim;
    const std::size_t panelSize = static_cast<std::size_t>(dim) * kKeyPanel;
    Lanes lowest;
    for (std::int64_t l = 0; l < kKeyPanel; ++l)
        lowest[l] = -std::numeric_limits<double>::infinity();
    for (std::int64_t p0 = panelBegin; p0 < panelEnd; p0 += kPanels) {
        const int panels = static_cast<int>(std::min<std::int64_t>(kPanels, panelEnd - p0));
        Lanes best[kPanels];
        for (int p = 0; p < kPanels; ++p) best[p] = lowest;
        const double* panel = keys.panels.data() + static_cast<std::size_t>(p0) * panelSize;
        for (std::int64_t i0 = 0; i0 < rows; i0 += kRows) {
            const int live = static_cast<int>(std::min<std::int64_t>(kRows, rows - i0));
            Lanes acc[kRows][kPanels] = {};
            // A partial row group repeats its last row: the maximum is unchanged.
            const double* q[kRows];
            for (int r = 0; r < kRows; ++r) {
                q[r] = queries + static_cast<std::size_t>(i0 + std::min(r, live - 1)) * dim;
            }
            for (int c = 0; c < dim; ++c) {
                Lanes k[kPanels];
#pragma GCC unroll 8
                for (int p = 0; p < kPanels; ++p) {
                    // Past the last panel, reload the last one: never read beyond the keys.
                    const int source = std::min(p, panels - 1);
                    k[p] = loadLanes(panel + source * panelSize +
                                     static_cast<std::size_t>(c) * kKeyPanel);
                }
                // Fully unrolled so the accumulators live in registers.
#pragma GCC unroll 16
                for (int r = 0; r < kRows; ++r) {
                    const double qc = q[r][c];
#pragma GCC unroll 8
                    for (int p = 0; p < kPanels; ++p) acc[r][p] += qc * k[p];
                }
            }
#pragma GCC unroll 16
            for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 8
                for (int p = 0; p < kPanels; ++p) best[p] = maxLanes(best[p], acc[r][p]);
            }
        }
        for (int p = 0; p < panels; ++p) {
            std::memcpy(colMax + (p0 - panelBegin + p) * kKeyPanel, &best[p], sizeof(Lanes));
        }
    }
}

ROPELAB_TARGET_AVX512 void columnMaxAvx512(const double* queries, std::int64_t rows,
                                           const PackedKeys& keys, std::int64_t panelBegin,
                                           std::int64_t panelEnd, double* colMax) {
    columnMax<8, 2>(queries, rows, keys, panelBegin, panelEnd, colMax);
}

ROPELAB_TARGET_AVX2 void columnMaxAvx2(const double* queries, std::int64_t rows,
                                       const PackedKeys& keys, std::int64_t panelBegin,
                                       std::int64_t panelEnd, double* colMax) {
    columnMax<4, 1>(queries, rows, keys, panelBegin, panelEnd, colMax);
}

void columnMaxPlain(const double* queries, std::int64_t rows, const PackedKeys& keys,
                    std::int64_t panelBegin, std::int64_t panelEnd, double* colMax) {
    columnMax<2, 1>(queries, rows, keys, panelBegin, panelEnd, colMax);
}

}  // namespace

PackedKeys packKeys(const RowMatrix& keys) {
    PackedKeys packed;
    packed.dim = static_cast<int>(keys.cols());
    packed.count = keys.rows();
    packed.panels.assign(static_cast<std::size_t>(packed.panelCount() * kKeyPanel * packed.dim),
                         0.0);
    for (std::int64_t j = 0; j < packed.count; ++j) {
        double* panel =
            packed.panels.data() + static_cast<std::size_t>(j / kKeyPanel * kKeyPanel * packed.dim);
        for (int c = 0; c < packed.dim; ++c) {
            panel[static_cast<std::size_t>(c * kKeyPanel + j % kKeyPanel)] = keys(j, c);
        }
    }
    return packed;
}

void tileColumnMax(const double* queries, std::int64_t rows, const PackedKeys& keys,
                   std::int64_t panelBegin, std::int64_t panelEnd, double* colMax,
                   SimdLevel level) {
    switch (level) {
        case SimdLevel::Avx512:
            columnMaxAvx512(queries, rows, keys, panelBegin, panelEnd, colMax);
            return;
        case SimdLevel::Avx2:
            columnMaxAvx2(queries, rows, keys, panelBegin, panelEnd, colMax);
            return;
        case SimdLevel::Plain:
            columnMaxPlain(queries, rows, keys, panelBegin, panelEnd, colMax);
            return;
    }
}

}  // namespace ropelab
