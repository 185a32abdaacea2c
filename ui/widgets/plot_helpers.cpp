#include "widgets/plot_helpers.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ropelab::ui {

QCustomPlot* makePlot(QWidget* parent) {
    auto* plot = new QCustomPlot(parent);
    plot->setAntialiasedElements(QCP::aeAll);
    plot->setNotAntialiasedElements(QCP::aeGrid | QCP::aeSubGrid);
    plot->setMinimumSize(320, 240);
    plot->setInteractions({});
    return plot;
}

QCPTextElement* addPlotTitle(QCustomPlot* plot, const QString& text) {
    plot->plotLayout()->insertRow(0);
    auto* title = new QCPTextElement(plot, text);
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const QString& scaleLabel) {
    HeatMap heat;
    QCPAxisRect* rect = plot->axisRect();
    heat.map = new QCPColorMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    heat.scale = new QCPColorScale(plot);
    const int row = plot->plotLayout()->rowCount() - 1;
    plot->plotLayout()->addElement(row, 1, heat.scale);
    heat.scale->setType(QCPAxis::atRight);
    heat.scale->axis()->setLabel(scaleLabel);
    heat.scale->setBarWidth(14);
    heat.map->setColorScale(heat.scale);
    setColorMapGradient(heat.map, gradient);
    auto* margins = new QCPMarginGroup(plot);
    rect->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    heat.scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    return heat;
}

void keepEqualAspect(QCustomPlot* plot, const QRectF& box) {
    plot->setProperty("ropelabAspectBox", box);
    plot->xAxis->setRange(box.left(), box.right());
    plot->yAxis->setRange(box.top(), box.bottom());
    if (plot->property("ropelabAspectConnected").toBool()) {
        plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    plot->setProperty("ropelabAspectConnected", true);
    // Ranges set after layout apply from the next replot on, so re-queue only when they changed;
    // the second pass finds them equal and stops.
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] {
        const QRectF want = plot->property("ropelabAspectBox").toRectF();
        const QRect rect = plot->axisRect()->rect();
        if (rect.width() <= 0 || rect.height() <= 0 || want.isEmpty()) return;
        const double pixelsPerUnit =
            std::min(rect.width() / want.width(), rect.height() / want.height());
        const double xHalf = rect.width() / pixelsPerUnit / 2.0;
        const double yHalf = rect.height() / pixelsPerUnit / 2.0;
        const QPointF c = want.center();
        const QCPRange x(c.x() - xHalf, c.x() + xHalf);
        const QCPRange y(c.y() - yHalf, c.y() + yHalf);
        const auto differs = [](const QCPRange& a, const QCPRange& b) {
            return std::abs(a.lower - b.lower) + std::abs(a.upper - b.upper) > 1e-9 * b.size();
        };
        if (differs(plot->xAxis->range(), x) || differs(plot->yAxis->range(), y)) {
            plot->xAxis->setRange(x);
            plot->yAxis->setRange(y);
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
    });
}

}  // namespace ropelab::ui
