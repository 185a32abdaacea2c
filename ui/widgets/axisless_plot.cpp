// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/axisless_plot.h"

#include <qcustomplot.h>

namespace ropelab::ui {

void hideAxes(QCustomPlot* plot) {
    plot->xAxis->setVisible(false);
    plot->yAxis->setVisible(false);
    plot->xAxis->grid()->setVisible(false);
    plot->yAxis->grid()->setVisible(false);
}

}  // namespace ropelab::ui
