// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A plot that draws its own frame of reference (clock faces, a 3D view's axes): its x and y axes
// and their grids are not shown.

class QCustomPlot;

namespace ropelab::ui {

void hideAxes(QCustomPlot* plot);

}  // namespace ropelab::ui
