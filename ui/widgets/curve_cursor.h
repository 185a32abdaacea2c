// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A cursor on a curve plot: a dashed vertical line at x and a ring at (x, y), on an overlay layer
// of their own, so that moving them repaints that layer alone and the curves stay painted. A
// handle: copies move the same items, which the plot owns.

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemTracer;
class QCPLayer;

namespace ropelab::ui {

struct PlotTheme;

class CurveCursor {
public:
    CurveCursor(QCustomPlot* plot, const PlotTheme& theme);

    QCPLayer* layer() const { return layer_; }
    void moveTo(double x, double y) const;

private:
    QCPItemStraightLine* line_;
    QCPItemTracer* ring_;
    QCPLayer* layer_;
};

}  // namespace ropelab::ui
