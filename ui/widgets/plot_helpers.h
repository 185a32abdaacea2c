// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small builders for the plot pieces lessons share: a readable plot, graphs and curves that paint
// fast, arrows and arcs, position axes, an overlay layer. Styling stays in style/plot_style;
// fitting text to a plot's size is widgets/plot_fit, heat maps widgets/heat_map, long curves
// widgets/long_curve.

#include <QLineF>
#include <QSize>
#include <QString>
#include <QVector>
#include <vector>

#include <qcustomplot.h>

#include "style/plot_style.h"

class QWidget;
class QCustomPlot;
class QCPColorMap;
class QCPColorMapData;
class QCPAxis;
class QCPCurve;
class QCPGraph;
class QCPLayer;
class QCPColorScale;
class QCPTextElement;
class QCPItemText;

namespace ropelab::ui {

// "12" → "₁₂": subscripts in plot text, which has no rich text.
QString subscriptNumber(int value);
// "−8" → "⁻⁸", for powers such as 2⁻⁸ on tick labels.
QString superscriptNumber(int value);

// Core's samples as QCustomPlot takes them.
inline QVector<double> toQVector(const std::vector<double>& values) {
    return QVector<double>(values.begin(), values.end());
}

// The least a plot gets: kPlotMinimumSize, and more if its text (titles, which wrap, tick and
// axis labels, a legend, which re-flows) leaves its data area less than kPlotMinimumDataArea.
inline constexpr QSize kPlotMinimumSize{300, 200};
inline constexpr QSize kPlotMinimumDataArea{100, 60};

// A plot with antialiasing and the least size above, so that its text stays readable.
QCustomPlot* makePlot(QWidget* parent);

// A graph or curve as QCustomPlot's addGraph() and QCPCurve make them, but quicker to paint on
// screen: its line is one drawLines call (dashed and wide pens skip Qt's path stroker, ~5× faster)
// and its scatter marks are stamped from a pixmap drawn once. Vector and PNG export draw them as
// QCustomPlot does. Null axes mean the plot's x and y axes.
QCPGraph* addGraph(QCustomPlot* plot, QCPAxis* x = nullptr, QCPAxis* y = nullptr);
QCPCurve* addCurve(QCPAxis* x, QCPAxis* y);
// A graph of scatter marks alone, no line between them, styled as `style`.
QCPGraph* addMarks(QCustomPlot* plot, QCPScatterStyle::ScatterShape shape, double size,
                   const SeriesStyle& style, const PlotTheme& theme);
// A line with a spike arrow head at its end, styled as `style`.
QCPItemLine* addArrow(QCustomPlot* plot, const SeriesStyle& style, const PlotTheme& theme);
// Sets `curve` to the arc of `radius` around the origin from angle `from` through `turn` radians,
// `points` steps; a wedge starts and ends at the origin.
void setArc(QCPCurve* curve, double radius, double from, double turn, int points,
            bool wedge = false);

// Draws `values` against x = first, first + 1, … (a pair, a rank, a distance, a step).
template <class Values>
void setIndexedData(QCPGraph* graph, const Values& values, double first = 0.0) {
    QVector<double> x(static_cast<qsizetype>(values.size()));
    QVector<double> y(x.size());
    for (qsizetype i = 0; i < x.size(); ++i) {
        x[i] = first + static_cast<double>(i);
        y[i] = values[i];
    }
    graph->setData(x, y, true);
}

// A plottable shown with its legend entry, or hidden without one.
void showWithLegendEntry(QCPAbstractPlottable* plottable, bool shown);

// A map of positions read as a table: position 0 at the top, no grid, few ticks.
void setPositionTableAxes(QCustomPlot* plot);
// Both axes of a positions × positions map show positions 0 … n − 1.
void showPositions(QCustomPlot* plot, int n);
// A linear axis with QCustomPlot's own ticks, numbers as 1.5·10⁶: what an axis that was made
// logarithmic (setLogAxis) goes back to.
void setLinearAxis(QCPAxis* axis);

// The segments those lines draw on screen for a polyline in pixels (NaN points break it): points
// that add no visible detail are left out, so that every point given lies within `tolerance`
// pixels of the segments drawn, or within a pixel of a point drawn.
QVector<QLineF> visibleSegments(const QVector<QPointF>& points, double tolerance);

// A layer above the data with its own paint buffer: items moved on it (a marker, a cursor) are
// repainted with overlay->replot() without redrawing the curves and maps beneath.
QCPLayer* addOverlayLayer(QCustomPlot* plot);

// Draws `elements` (fills, scatters, grids) of the plot without antialiasing and leaves the rest
// as they were. QCustomPlot's own setNotAntialiasedElements also forces antialiasing on for every
// element it was not given, dense lines included, which then paint ~4× slower.
void turnOffAntialiasing(QCustomPlot* plot, QCP::AntialiasedElements elements);

// Antialiases a line only while it has at most one point per pixel column: denser lines (and
// solid envelopes) look the same without it and paint about four times faster. Call after
// setData. Export draws every line antialiased whatever this chose.
void antialiasUnlessDense(QCPGraph* graph);

// Antialiases a path drawn as `pieces` (curves with one pen width, on linear axes) only while its
// ink (length on screen × pen width) covers less than its axis rect: a tangle that covers the rect
// over and over looks the same without it and paints two to three times faster. Call after
// setData. Export draws every line antialiased whatever this chose.
void antialiasUnlessTangled(const std::vector<QCPCurve*>& pieces);

}  // namespace ropelab::ui
