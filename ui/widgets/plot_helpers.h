// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small builders for the plot pieces lessons share (a titled plot, a heat map with a colour
// scale). Styling stays in style/plot_style; these only assemble layout elements.

#include <QImage>
#include <QLineF>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QVector>
#include <memory>
#include <vector>

#include <qcustomplot.h>
#include <Eigen/Core>

#include "analysis/score_heatmap.h"

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

namespace ropelab {
class CurveEnvelope;
}

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

// A map of positions read as a table: position 0 at the top, no grid, few ticks.
void setPositionTableAxes(QCustomPlot* plot);
// Both axes of a positions × positions map show positions 0 … n − 1.
void showPositions(QCustomPlot* plot, int n);

// The segments those lines draw on screen for a polyline in pixels (NaN points break it): points
// that add no visible detail are left out, so that every point given lies within `tolerance`
// pixels of the segments drawn, or within a pixel of a point drawn.
QVector<QLineF> visibleSegments(const QVector<QPointF>& points, double tolerance);

// Titles and subtitles wrap at word boundaries and legends placed below re-flow to fit `width`
// pixels (large presenter fonts, narrow plots); labels below or above the data wrap where they
// would run off the plot (on screen; a file at another width shows them whole). Runs before every
// replot at the widget's width; export calls it with the figure's width.
void fitTextToWidth(QCustomPlot* plot, int width);

// Places `label` at a fraction of its axis rect's width (ptAxisRectRatio) and lets it wrap on
// screen where it would run past the edge of the rect (fitTextToWidth; files show it whole).
void wrapInsideAxisRect(QCPItemText* label);

// An axis whose tick labels run into each other at its laid-out length (a narrow heat map,
// presenter fonts) asks its ticker for one tick fewer; one with room for twice its labels at a
// new length asks for one more, up to the count first asked for. True when a count changed and
// the plot needs laying out again.
bool fitTicksToLength(QCustomPlot* plot);

// A bold title row above the axis rect.
QCPTextElement* addPlotTitle(QCustomPlot* plot, const QString& text);

// A regular-weight line under the title (a caption or a live remark); the row below the titles.
QCPTextElement* addPlotSubtitle(QCustomPlot* plot, const QString& text);

// Gives a wrapping title new text; false when it already says that (wrapped or not), so the
// caller replots its plot only for a real change.
bool setTitleText(QCPTextElement* title, const QString& text);

// Moves the legend out of the axis rect into its own row under the plot, laid out horizontally,
// so it never covers data; `columns` items per row (1 stacks them, for narrow plots).
void placeLegendBelow(QCustomPlot* plot, int columns = 4);

// Colour-map cells with the image they colour into, made off the UI thread for a ColouredMap.
struct ColouredCells {
    std::unique_ptr<QCPColorMapData> data;
    QImage image;  // as QCPColorMap makes it: value rows bottom up, small maps oversampled
    QCPColorGradient gradient;
    QCPRange range;
};
// Colours `data` (keys across, linear scale) as a heat map without interpolation draws it.
ColouredCells colourCells(std::unique_ptr<QCPColorMapData> data, const QCPColorGradient& gradient,
                          const QCPRange& range);

// A colour map that can take cells already coloured: colouring half a million cells costs the UI
// thread a millisecond, scaling their image does not. Given another gradient or range, it colours
// on the UI thread as QCPColorMap does. A map takes its data only through setColouredCells or
// only through setData, and its cells are not changed in place: it could not tell.
class ColouredMap : public QCPColorMap {
    Q_OBJECT
public:
    using QCPColorMap::QCPColorMap;
    // Takes the data, gradient and range the image was coloured with.
    void setColouredCells(ColouredCells cells);

protected:
    void updateMapImage() override;

private:
    // What image_ was coloured from, with and into.
    QImage image_;
    const QCPColorMapData* imageData_ = nullptr;
    QCPColorGradient gradient_;
    QCPRange range_;
};

struct HeatMap {
    ColouredMap* map = nullptr;
    QCPColorScale* scale = nullptr;
};
// A colour map on the plot's axis rect with a labelled colour scale on the right, their margins
// aligned so the scale is as tall as the map.
HeatMap addHeatMap(QCustomPlot* plot, Gradient gradient, const QString& scaleLabel);

// Colour-map cells for a matrix (row r drawn at y = r, column c at x = c), or for a pooled grid
// over n positions (cell centres at the middle of their blocks). Built off the UI thread, then
// handed to QCPColorMap::setData(data.release(), false).
std::unique_ptr<QCPColorMapData> colorMapData(const Eigen::Ref<const Eigen::MatrixXd>& values);
std::unique_ptr<QCPColorMapData> colorMapData(const PooledGrid& grid, std::int64_t keyCount,
                                              std::int64_t queryCount);

// A layer above the data with its own paint buffer: items moved on it (a marker, a cursor) are
// repainted with overlay->replot() without redrawing the curves and maps beneath.
QCPLayer* addOverlayLayer(QCustomPlot* plot);

// A long sampled curve, sample i at x = firstX + i·stepX: the samples themselves when there are at
// most two per column, else each column's max and min (every peak survives) as one zig-zag line
// that paints the envelope solid — a few thousand segments instead of one per sample.
void showLongCurve(QCPGraph* graph, double firstX, double stepX, const std::vector<double>& samples,
                   int columns);

// Column minima and maxima of a long curve, drawn as one solid band: a zig-zag through every
// column's max and min (a channel fill between the two lines paints about ten times slower). The
// low and high graphs hold the data for CSV export (named `name` min / max) and draw nothing; the
// zig-zag is for drawing only. Style the band graph with setSeriesStyle.
struct EnvelopeBand {
    QCPGraph* low = nullptr;
    QCPGraph* high = nullptr;
    QCPGraph* band = nullptr;
};
EnvelopeBand addEnvelopeBand(QCPAxis* x, QCPAxis* y, const QString& name);
void showEnvelopeBand(const EnvelopeBand& band, const QVector<double>& x,
                      const QVector<double>& low, const QVector<double>& high);
// The band of `envelope`, whose sample s stands at x = firstX + s: each column at the centre of its
// samples (the geometric centre for columns made for a logarithmic axis). Returns the largest
// |value| drawn, for a y range shared between plots.
double showEnvelopeBand(const EnvelopeBand& band, const CurveEnvelope& envelope, double firstX,
                        bool logCentres = false);
void setEnvelopeBandVisible(const EnvelopeBand& band, bool visible);
// Set on a plottable that only draws (a band's zig-zag): CSV export skips it.
inline constexpr const char* kDrawingOnlyProperty = "ropelabDrawingOnly";

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

// Keeps one data unit equally long on both axes, showing at least the box (x, y, width, height
// in plot coordinates) centred, whatever the widget's shape: circles stay circles.
// Call again with a new box when the content changes size.
void keepEqualAspect(QCustomPlot* plot, const QRectF& box);

}  // namespace ropelab::ui
