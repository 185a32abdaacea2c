// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/curve_cursor.h"

#include <qcustomplot.h>

#include "style/plot_style.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

CurveCursor::CurveCursor(QCustomPlot* plot, const PlotTheme& theme)
    : line_(new QCPItemStraightLine(plot)), ring_(new QCPItemTracer(plot)), layer_(nullptr) {
    setSeriesStyle(line_, {Series::Reference, Qt::DashLine, 0.6}, theme);
    ring_->setStyle(QCPItemTracer::tsCircle);
    ring_->setSize(11);
    setSeriesStyle(ring_, {Series::Key, Qt::SolidLine, 0.8}, theme);
    layer_ = addOverlayLayer(plot);
    line_->setLayer(layer_);
    ring_->setLayer(layer_);
}

void CurveCursor::moveTo(double x, double y) const {
    line_->point1->setCoords(x, 0.0);
    line_->point2->setCoords(x, 1.0);
    ring_->position->setCoords(x, y);
}

}  // namespace ropelab::ui
