// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Heat maps side by side in a row under a plot's title, sharing one colour scale to their right:
// one colour is one value in every map, so the maps compare directly.

#include <vector>

#include "style/plot_style.h"
#include "widgets/heat_map.h"

class QCustomPlot;
class QCPAxisRect;
class QCPColorScale;
class QCPLayoutGrid;
class QCPRange;

namespace ropelab::ui {

class HeatMapRow {
public:
    // Moves the plot's axis rect into a row under its title (row 0) and adds axis rects beside it,
    // `capacity` in all, each with a map of `gradient` on its bottom and left axes (the top and
    // right ones hidden); the maps and the scale share their top and bottom margins, so the
    // scale is as tall as the maps. Shows one map.
    HeatMapRow(QCustomPlot* plot, int capacity, Gradient gradient);

    // Shows the first `count` maps, then the scale; the others leave the row and are hidden.
    void show(int count);
    // One data range for every map and the scale.
    void setDataRange(const QCPRange& range);

    QCPColorScale* scale() const { return scale_; }
    QCPAxisRect* rect(int index) const { return rects_[static_cast<std::size_t>(index)]; }
    HeatMap heatMap(int index) const { return {maps_[static_cast<std::size_t>(index)], scale_}; }

private:
    QCPLayoutGrid* row_;
    QCPColorScale* scale_;
    std::vector<QCPAxisRect*> rects_;
    std::vector<ColouredMap*> maps_;
};

}  // namespace ropelab::ui
