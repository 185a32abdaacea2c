// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/stacked_axis_rect.h"

#include <qcustomplot.h>

namespace ropelab::ui {

QCPAxisRect* addStackedAxisRect(QCustomPlot* plot) {
    QCPAxisRect* first = plot->axisRect();
    QCPMarginGroup* margins = first->marginGroup(QCP::msLeft);
    if (margins == nullptr) {
        margins = new QCPMarginGroup(plot);
        first->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    }
    auto* rect = new QCPAxisRect(plot);
    rect->axis(QCPAxis::atTop)->setVisible(false);
    rect->axis(QCPAxis::atRight)->setVisible(false);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    return rect;
}

}  // namespace ropelab::ui
