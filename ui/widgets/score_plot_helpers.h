// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Filling plots from core results: a pooled score grid on a heat map (cells centred on the
// positions they pool), log axes. Lessons 6–10 share these; styling stays in style/plot_style.

#include <cstdint>

#include "analysis/score_heatmap.h"
#include "widgets/heat_map.h"

class QCPAxis;

namespace ropelab::ui {

enum class HeatRange {
    Symmetric,  // ±max|value|, for signed scores on a diverging map (0 is white)
    Data,       // [min, max], for magnitudes on a sequential map
};

// Shows grid (rows = queries m, columns = keys n, over positions 0 … positions − 1) on the heat
// map: each cell centred on the positions its block pools, query axis running downwards like a
// matrix. Empty or NaN-only grids leave the map empty.
void showPooledGrid(const HeatMap& heat, const PooledGrid& grid, std::int64_t positions,
                    HeatRange range);

// The grid's cells coloured for showColouredGrid, off the UI thread (in a figure's compute step):
// over positions 0 … positions − 1, in `gradient`, over the range `range` asks for.
ColouredCells colourPooledGrid(const PooledGrid& grid, std::int64_t positions, Gradient gradient,
                               HeatRange range);

// Shows cells from colourPooledGrid as showPooledGrid shows their grid; the UI thread only scales
// their image.
void showColouredGrid(const HeatMap& heat, ColouredCells cells, std::int64_t positions);

// A base-10 logarithmic axis with 10^k tick labels.
void setLogAxis(QCPAxis* axis);

}  // namespace ropelab::ui
