// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one place that styles every plot: fonts, pens, colours and colour maps come from a PlotTheme.
// Lessons tag their series with a role (setSeriesStyle); applyPlotTheme re-pens everything tagged,
// so a theme change (dark, presenter) restyles a finished plot without the lesson redrawing it.

#include <QColor>
#include <QString>

class QCustomPlot;
class QCPGraph;
class QCPAbstractPlottable;
class QCPAbstractItem;
class QCPColorMap;
class QCPColorGradient;
class QCPLayerable;
class QCPTextElement;

namespace ropelab::ui {

struct PlotTheme {
    QString fontFamily = QStringLiteral("DejaVu Sans");
    int fontPointSize = 11;  // tick labels and legend; axis labels get +1, titles +3
    double lineWidth = 2.0;  // data series; reference lines are drawn thinner
    QColor background = QColor(0xff, 0xff, 0xff);
    QColor foreground = QColor(0x20, 0x20, 0x20);  // axes, text
    QColor grid = QColor(0xd8, 0xd8, 0xd8);
    QColor subGrid = QColor(0xee, 0xee, 0xee);
    bool dark = false;
    bool presenter = false;  // larger fonts and thicker lines for a projector

    static PlotTheme light();
    static PlotTheme darkTheme();
    // The same colours with projector-sized fonts and lines.
    PlotTheme presenterMode() const;

    bool operator==(const PlotTheme&) const = default;
};

// Okabe–Ito colour-blind-safe palette (Okabe & Ito 2008), by role so every lesson agrees:
// the query is always blue and the key always vermillion.
enum class Series {
    Query,      // blue #0072B2
    Key,        // vermillion #D55E00
    Third,      // bluish green #009E73
    Fourth,     // reddish purple #CC79A7
    Fifth,      // orange #E69F00
    Sixth,      // sky blue #56B4E9
    Seventh,    // yellow #F0E442
    Neutral,    // the theme foreground (black on light, near-white on dark)
    Reference,  // grey guide lines (unit circle, axes through 0)
};
// The i-th categorical colour (cycles through the seven Okabe–Ito hues, query blue first).
Series categorical(int index);
QColor seriesColor(Series series, const PlotTheme& theme);

struct SeriesStyle {
    Series series = Series::Neutral;
    Qt::PenStyle dash = Qt::SolidLine;
    double widthScale = 1.0;  // times theme.lineWidth
    int fillAlpha = 0;        // 0: no fill; else the brush is the series colour with this alpha
};

// Tags a plottable or item with a role and pens it now; applyPlotTheme re-pens it later.
void setSeriesStyle(QCPAbstractPlottable* plottable, const SeriesStyle& style,
                    const PlotTheme& theme);
void setSeriesStyle(QCPAbstractItem* item, const SeriesStyle& style, const PlotTheme& theme);
// The role `part` (a plottable or item) was tagged with; null for one never tagged.
const SeriesStyle* seriesStyleOf(const QCPLayerable* part);

// Thousands of square marks (size in pixels) in the graph's series colour, filled and outlined by
// a hairline: a theme-width pen would stroke every mark as a path, about six times slower to paint.
// applyPlotTheme recolours them.
void setSquareMarks(QCPGraph* graph, double size);

enum class Gradient {
    Sequential,  // viridis-like, for magnitudes (dark purple → yellow)
    Diverging,   // blue – white – orange, for signed values centred on 0
};
QCPColorGradient colorGradient(Gradient gradient);
void setColorMapGradient(QCPColorMap* map, Gradient gradient);

// Styles `title` as a subtitle (regular weight) from now on.
void styleAsSubtitle(QCPTextElement* title);

// Restyles fonts, axes, grids, legends, colour scales, titles and every tagged series and item.
// Does not replot.
void applyPlotTheme(QCustomPlot* plot, const PlotTheme& theme);

}  // namespace ropelab::ui
