// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A colour scale right of a plot's axis rect (in the layout's last row), its top and bottom
// margins tied to the rect's so that it stands exactly as tall as the data area; the top of its
// range as text.

class QCustomPlot;
class QCPColorScale;
class QString;

namespace ropelab::ui {

QCPColorScale* addColorScale(QCustomPlot* plot, int barWidth);
// The top of the scale's range as a plain number (15065, 14.4), never 1.51e+04.
QString colourRangeText(const QCPColorScale* scale);

}  // namespace ropelab::ui
