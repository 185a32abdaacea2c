// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: the inner loop of max-pooled heatmaps. For a tile of query rows and a
// run of keys it returns, per key, the largest dot product over the rows, without storing the
// tile of scores. Vectorised for AVX-512 / AVX2 / plain x86-64 (chosen by the caller).

#include <cstdint>
#include <vector>

#include "analysis/position_encoder.h"
#include "analysis/simd_level.h"

namespace ropelab {

// Keys in panels of kKeyPanel: panel p holds dim × kKeyPanel values, element (c, l) the c-th
// component of key p·kKeyPanel + l (zeros past the last key).
inline constexpr std::int64_t kKeyPanel = 8;

struct PackedKeys {
    int dim = 0;
    std::int64_t count = 0;
    std::vector<double> panels;
    std::int64_t panelCount() const { return (count + kKeyPanel - 1) / kKeyPanel; }
};

PackedKeys packKeys(const RowMatrix& keys);

// colMax[(p − panelBegin)·kKeyPanel + l] = max over the rows i of ⟨query i, key⟩ for every key
// of panels [panelBegin, panelEnd). queries: rows ≥ 1 rows of keys.dim values, row-major.
// level must be supported by this CPU (simdLevelSupported).
void tileColumnMax(const double* queries, std::int64_t rows, const PackedKeys& keys,
                   std::int64_t panelBegin, std::int64_t panelEnd, double* colMax, SimdLevel level);

}  // namespace ropelab
