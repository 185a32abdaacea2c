#pragma once
// Small builders for the plot pieces lessons share (a titled plot, a heat map with a colour
// scale). Styling stays in style/plot_style; these only assemble layout elements.

#include <QRectF>
#include <QString>

#include "style/plot_style.h"

class QWidget;
class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;

namespace ropelab::ui {

// A plot with antialiasing and a minimum size that keeps tick labels readable.
QCustomPlot* makePlot(QWidget* parent);

// A bold title row above the axis rect.
QCPTextElement* addPlotTitle(QCustomPlot* plot, const QString& text);

// A regular-weight line under the title (a caption or a live remark); the row below the titles.
QCPTextElement* addPlotSubtitle(QCustomPlot* plot, const QString& text);

// Moves the legend out of the axis rect into its own row under the plot, laid out horizontally,
// so it never covers data.
void placeLegendBelow(QCustomPlot* plot);

struct HeatMap {
    QCPColorMap* map = nullptr;
    QCPColorScale* scale = nullptr;
};
// A colour map on the plot's axis rect with a labelled colour scale on the right, their margins
// aligned so the scale is as tall as the map.
HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const QString& scaleLabel);

// Keeps one data unit equally long on both axes, showing at least the box (x, y, width, height
// in plot coordinates) centred, whatever the widget's shape: circles stay circles.
// Call again with a new box when the content changes size.
void keepEqualAspect(QCustomPlot* plot, const QRectF& box);

}  // namespace ropelab::ui
