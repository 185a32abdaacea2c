// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A colour scale right of a plot's axis rect (in the layout's last row), its top and bottom
// margins tied to the rect's so that it stands exactly as tall as the data area.

class QCustomPlot;
class QCPColorScale;

namespace ropelab::ui {

QCPColorScale* addColorScale(QCustomPlot* plot, int barWidth);

}  // namespace ropelab::ui
