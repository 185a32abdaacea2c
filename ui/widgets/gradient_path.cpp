// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/gradient_path.h"

#include <qcustomplot.h>

#include <cstdint>

#include "style/plot_style.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

GradientPath::GradientPath(QCustomPlot* plot) {
    QCPColorGradient gradient = colorGradient(Gradient::Sequential);
    for (int s = 0; s < kSegments; ++s) {
        auto* curve = addCurve(plot->xAxis, plot->yAxis);
        curve->setPen(QPen(QColor::fromRgb(gradient.color(s + 0.5, QCPRange(0, kSegments))), 2.0));
        curve->removeFromLegend();
        segments_.push_back(curve);
    }
}

void GradientPath::setPoints(const std::vector<QPointF>& points) {
    const int n = static_cast<int>(points.size());
    for (int s = 0; s < kSegments; ++s) {
        const int begin = static_cast<int>(std::int64_t(s) * (n - 1) / kSegments);
        const int end = static_cast<int>(std::int64_t(s + 1) * (n - 1) / kSegments);
        QVector<double> t, x, y;
        for (int i = begin; i <= end && i < n; ++i) {
            t.push_back(i);
            x.push_back(points[std::size_t(i)].x());
            y.push_back(points[std::size_t(i)].y());
        }
        segments_[std::size_t(s)]->setData(t, x, y, true);
    }
}

}  // namespace ropelab::ui
