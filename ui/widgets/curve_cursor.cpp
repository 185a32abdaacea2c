// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/curve_cursor.h"

#include <qcustomplot.h>

#include "widgets/plot_helpers.h"

namespace ropelab::ui {

CurveCursor::CurveCursor(QCustomPlot* plot, const PlotTheme& theme, const CursorStyle& style)
    : line_(new QCPItemStraightLine(plot)), layer_(addOverlayLayer(plot)) {
    setSeriesStyle(line_, style.line, theme);
    line_->setLayer(layer_);
    if (style.ring) {
        ring_ = new QCPItemTracer(plot);
        ring_->setStyle(QCPItemTracer::tsCircle);
        ring_->setSize(11);
        setSeriesStyle(ring_, {Series::Key, Qt::SolidLine, 0.8}, theme);
        ring_->setLayer(layer_);
    }
}

void CurveCursor::moveTo(double x) const {
    // Any two heights make the line vertical: 1 and 2 lie on a logarithmic axis too.
    line_->point1->setCoords(x, 1.0);
    line_->point2->setCoords(x, 2.0);
}

void CurveCursor::moveTo(double x, double y) const {
    moveTo(x);
    if (ring_) ring_->position->setCoords(x, y);
}

}  // namespace ropelab::ui
