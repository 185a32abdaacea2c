// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A cursor on a curve plot: a vertical line at x and, if asked for, a ring at (x, y), on an
// overlay layer of their own, so that moving them repaints that layer alone and the curves stay
// painted. A handle: copies move the same items, which the plot owns.

#include "style/plot_style.h"

class QCustomPlot;
class QCPItemStraightLine;
class QCPItemTracer;
class QCPLayer;

namespace ropelab::ui {

struct CursorStyle {
    SeriesStyle line{Series::Reference, Qt::DashLine, 0.6};
    bool ring = true;
};

class CurveCursor {
public:
    CurveCursor(QCustomPlot* plot, const PlotTheme& theme, const CursorStyle& style = {});

    QCPLayer* layer() const { return layer_; }
    // The line to x.
    void moveTo(double x) const;
    // The line to x and the ring, if there is one, to (x, y).
    void moveTo(double x, double y) const;

private:
    QCPItemStraightLine* line_;
    QCPItemTracer* ring_ = nullptr;
    QCPLayer* layer_;
};

}  // namespace ropelab::ui
