// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/gapped_curve.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "widgets/plot_helpers.h"

namespace ropelab::ui {

double setIndexedDataWithGaps(QCPGraph* graph, const std::vector<double>& values, double first) {
    std::vector<double> shown = values;
    double largest = 0.0;
    for (double& v : shown) {
        if (std::isfinite(v)) {
            largest = std::max(largest, std::abs(v));
        } else {
            v = std::numeric_limits<double>::quiet_NaN();  // QCustomPlot breaks the line there
        }
    }
    setIndexedData(graph, shown, first);
    return largest;
}

}  // namespace ropelab::ui
