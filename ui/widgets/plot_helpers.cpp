#include "widgets/plot_helpers.h"

#include <qcustomplot.h>

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

}  // namespace ropelab::ui
