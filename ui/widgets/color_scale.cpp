// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/color_scale.h"

#include <qcustomplot.h>

#include <cmath>

namespace ropelab::ui {

QCPColorScale* addColorScale(QCustomPlot* plot, int barWidth) {
    auto* scale = new QCPColorScale(plot);
    plot->plotLayout()->addElement(plot->plotLayout()->rowCount() - 1, 1, scale);
    scale->setBarWidth(barWidth);
    auto* margins = new QCPMarginGroup(plot);
    plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    return scale;
}

QString colourRangeText(const QCPColorScale* scale) {
    const double top = scale->dataRange().upper;
    return top >= 100.0 ? QString::number(std::lround(top)) : QString::number(top, 'g', 3);
}

}  // namespace ropelab::ui
