// SPDX-License-Identifier: GPL-3.0-or-later
// Plot helpers the lessons share: dense lines skip antialiasing on screen but not in files,
// envelope bands draw one zig-zag and export their min and max, titles wrap (Chinese too) and
// legends re-flow to the width they get, an opaque background paints as QCustomPlot would, and a
// pooled grid coloured off the UI thread shows what colouring it on the UI thread shows.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <tuple>
#include <utility>

#include "export/export_options.h"
#include "export/figure_export.h"
#include "export/plot_csv.h"
#include "image_difference.h"
#include "widgets/heat_map.h"
#include "widgets/long_curve.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/score_plot_helpers.h"
#include "widgets/stepped_text_ticker.h"

namespace ropelab::ui {
namespace {

QVector<double> ramp(int n) {
    QVector<double> v(n);
    for (int i = 0; i < n; ++i) v[i] = i;
    return v;
}

// Export draws every line antialiased and gives the screen its choice back.
void expectExportKeepsTheScreensChoice(QCustomPlot& plot, QCPAbstractPlottable* antialiased,
                                       QCPAbstractPlottable* plain) {
    QString error;
    const QByteArray png = renderFigure(plot, ExportFormat::Png, ExportOptions{}, Qt::white,
                                        Qt::white, QStringLiteral("test"), &error);
    EXPECT_FALSE(png.isEmpty()) << error.toStdString();
    EXPECT_FALSE(plain->antialiased());
    EXPECT_TRUE(antialiased->antialiased());
}

TEST(PlotHelpers, DenseLinesSkipAntialiasingOnScreenAndFilesKeepIt) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(640, 400);
    plot->replot();
    QCPGraph* sparse = plot->addGraph();
    sparse->setData(ramp(100), ramp(100));
    antialiasUnlessDense(sparse);
    QCPGraph* dense = plot->addGraph();
    dense->setData(ramp(5000), ramp(5000));
    antialiasUnlessDense(dense);
    EXPECT_TRUE(sparse->antialiased());
    EXPECT_FALSE(dense->antialiased());
    expectExportKeepsTheScreensChoice(*plot, sparse, dense);
    delete plot;
}

// A pen thinner than a pixel is drawn on screen as a faint cosmetic line: it inks as much as the
// thin pen does in a file, and lies where it does.
TEST(PlotHelpers, AThinPenInksOnScreenWhatItInksInAFile) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(400, 400);
    plot->xAxis->setRange(-1.2, 1.2);
    plot->yAxis->setRange(-1.2, 1.2);
    plot->xAxis->setVisible(false);
    plot->yAxis->setVisible(false);
    plot->xAxis->grid()->setVisible(false);
    plot->yAxis->grid()->setVisible(false);
    QCPCurve* circles = addCurve(plot->xAxis, plot->yAxis);
    circles->setPen(QPen(Qt::black, 0.6));
    QVector<double> t, x, y;
    for (int c = 0; c < 5; ++c) {
        for (int k = 0; k <= 48; ++k) {
            const double phi = 2.0 * std::numbers::pi * k / 48.0;
            t.push_back(t.size());
            x.push_back(0.2 * (c + 1) * std::cos(phi));
            y.push_back(0.2 * (c + 1) * std::sin(phi));
        }
        t.push_back(t.size());
        x.push_back(std::numeric_limits<double>::quiet_NaN());
        y.push_back(std::numeric_limits<double>::quiet_NaN());
    }
    circles->setData(t, x, y, true);
    const auto ink = [](const QImage& image, QRect within) {
        double sum = 0.0;
        for (int row = within.top(); row <= within.bottom(); ++row) {
            for (int col = within.left(); col <= within.right(); ++col) {
                sum += 255 - qGray(image.pixel(col, row));
            }
        }
        return sum;
    };
    const QImage screen = shownOnScreen(plot);
    const QImage file = plot->toPixmap(400, 400).toImage();
    const QRect whole = screen.rect();
    EXPECT_NEAR(ink(screen, whole) / ink(file, whole), 1.0, 0.15);
    // The same circles: the ink of each quarter matches too.
    const QPoint centre = whole.center();
    for (const QRect& quarter :
         {QRect(whole.topLeft(), centre), QRect(centre, whole.bottomRight())}) {
        EXPECT_NEAR(ink(screen, quarter) / ink(file, quarter), 1.0, 0.15);
    }
    delete plot;
}

QVector<QPointF> circlePoints(QPointF centre, double radius, int steps) {
    QVector<QPointF> points;
    for (int k = 0; k <= steps; ++k) {
        const double phi = 2.0 * std::numbers::pi * k / steps;
        points.append(centre + radius * QPointF(std::cos(phi), std::sin(phi)));
    }
    return points;
}

// How far `point` lies from the nearest of `segments`.
double distanceToSegments(QPointF point, const QVector<QLineF>& segments) {
    double nearest = std::numeric_limits<double>::infinity();
    for (const QLineF& s : segments) {
        const QPointF d = s.p2() - s.p1();
        const double squared = QPointF::dotProduct(d, d);
        const double t =
            squared > 0.0 ? std::clamp(QPointF::dotProduct(point - s.p1(), d) / squared, 0.0, 1.0)
                          : 0.0;
        const QPointF off = point - (s.p1() + t * d);
        nearest = std::min(nearest, std::hypot(off.x(), off.y()));
    }
    return nearest;
}

// A smooth curve drawn with more points than its pixels need is drawn with fewer segments, and
// every point it was given lies within the tolerance of them; a corner is kept.
TEST(PlotHelpers, ScreenLinesLeaveOutOnlyPointsThatAddNoVisibleDetail) {
    // A chord over k steps of 2π/48 strays r(1 − cos(kπ/48)) px at most: for r = 15 px, 0.13 px
    // over two steps, 0.29 over three; for r = 7 px, 0.24 over four, 0.37 over five.
    for (const auto& [radius, segments] : {std::pair{15.0, 24}, std::pair{7.0, 12}}) {
        const QVector<QPointF> circle = circlePoints(QPointF(50.0, 50.0), radius, 48);
        const QVector<QLineF> drawn = visibleSegments(circle, 0.25);
        EXPECT_EQ(drawn.size(), segments) << radius;
        for (const QPointF& p : circle) EXPECT_LE(distanceToSegments(p, drawn), 0.25 + 1e-9);
        EXPECT_EQ(drawn.front().p1(), circle.front());
        EXPECT_EQ(drawn.back().p2(), circle.back());
    }

    // A zig-zag whose corners stand 3 px off the line keeps every corner.
    QVector<QPointF> zigzag;
    for (int i = 0; i < 20; ++i) zigzag.append(QPointF(4.0 * i, i % 2 == 0 ? 0.0 : 3.0));
    EXPECT_EQ(visibleSegments(zigzag, 0.25).size(), zigzag.size() - 1);

    // A line that turns back on itself keeps its far end.
    const QVector<QPointF> back{{0, 0}, {10, 0}, {20, 0}, {5, 0}};
    const QVector<QLineF> folded = visibleSegments(back, 0.25);
    ASSERT_EQ(folded.size(), 2);
    EXPECT_EQ(folded[0].p2(), QPointF(20, 0));

    // NaN breaks the line: no segment crosses the gap.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    QVector<QPointF> two = circlePoints(QPointF(0.0, 0.0), 15.0, 48);
    two.append(QPointF(nan, nan));
    two.append(circlePoints(QPointF(100.0, 0.0), 15.0, 48));
    for (const QLineF& s : visibleSegments(two, 0.25)) {
        EXPECT_LT(std::abs(s.p1().x() - s.p2().x()), 50.0);
    }
}

// A line with far more points than columns is filled column by column on screen, as whole-pixel
// rectangles: each column's ink is the rows whose pixel centres lie between the highest and the
// lowest point its segments reach, widened by half the pen.
TEST(PlotHelpers, ADenseLineInksTheRowsItsColumnSpansCover) {
    QVector<double> x, y;
    for (int i = 0; i < 8000; ++i) {
        x.push_back(i * 0.5);
        y.push_back(i % 2 == 0 ? 2.0 : 7.0);
    }
    for (const double pen : {1.0, 2.0, 3.0}) {
        QCustomPlot* plot = makePlot(nullptr);
        plot->resize(640, 400);
        plot->xAxis->grid()->setVisible(false);
        plot->yAxis->grid()->setVisible(false);
        QCPGraph* graph = addGraph(plot);
        graph->setData(x, y, true);
        graph->setPen(QPen(Qt::black, pen));
        graph->setAntialiased(false);
        plot->xAxis->setRange(-100.0, 4100.0);
        plot->yAxis->setRange(0.0, 10.0);
        const QImage image = shownOnScreen(plot);
        const double half = pen / 2.0;
        const int firstRow = int(std::ceil(plot->yAxis->coordToPixel(7.0) - half - 0.5));
        const int lastRow = int(std::floor(plot->yAxis->coordToPixel(2.0) + half - 0.5));
        for (const double at : {500.0, 2000.0, 3500.0}) {
            const int column = int(std::floor(plot->xAxis->coordToPixel(at)));
            const auto inked = [&](int row) { return qGray(image.pixel(column, row)) < 128; };
            for (int row = firstRow; row <= lastRow; ++row) {
                EXPECT_TRUE(inked(row)) << "pen " << pen << " column " << column << " row " << row;
            }
            EXPECT_FALSE(inked(firstRow - 1)) << "pen " << pen << " column " << column;
            EXPECT_FALSE(inked(lastRow + 1)) << "pen " << pen << " column " << column;
        }
        delete plot;
    }
}

// A smooth path keeps antialiasing; a tangle of long chords that covers the plot several times
// over (a path through fast pairs' components) drops it; export draws both antialiased.
TEST(PlotHelpers, TangledPathsSkipAntialiasingOnScreenAndFilesKeepIt) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(640, 400);
    plot->xAxis->setRange(-1.0, 1.0);
    plot->yAxis->setRange(-1.0, 1.0);
    plot->replot();
    const auto path = [&](double turnsPerPoint) {
        QCPCurve* curve = addCurve(plot->xAxis, plot->yAxis);
        curve->setPen(QPen(Qt::black, 2.0));
        QVector<double> t, x, y;
        for (int i = 0; i < 4096; ++i) {
            const double angle = 2.0 * std::numbers::pi * turnsPerPoint * i;
            t.push_back(i);
            x.push_back(std::cos(angle));
            y.push_back(std::sin(1.3 * angle));
        }
        curve->setData(t, x, y, true);
        return curve;
    };
    QCPCurve* smooth = path(1.0 / 4096.0);
    QCPCurve* tangled = path(0.37);
    antialiasUnlessTangled({smooth});
    antialiasUnlessTangled({tangled});
    EXPECT_TRUE(smooth->antialiased());
    EXPECT_FALSE(tangled->antialiased());
    expectExportKeepsTheScreensChoice(*plot, smooth, tangled);
    delete plot;
}

// Cells coloured off the UI thread draw exactly what QCPColorMap colours itself, for a small map
// (oversampled) and a tall one; another range afterwards is coloured on the UI thread.
TEST(PlotHelpers, ColouredCellsDrawWhatTheColourMapWould) {
    for (const auto& [rows, cols] : {std::pair{5, 7}, std::pair{600, 130}}) {
        Eigen::MatrixXd values(rows, cols);
        for (int r = 0; r < rows; ++r) {
            for (int c = 0; c < cols; ++c) values(r, c) = std::sin(0.37 * r + 1.3 * c);
        }
        const auto render = [&](bool coloured, const QCPRange& later) {
            QCustomPlot plot;
            plot.resize(300, 260);
            ColouredMap* map = addHeatMap(&plot, Gradient::Diverging, QString()).map;
            if (coloured) {
                map->setColouredCells(colourCells(
                    colorMapData(values), colorGradient(Gradient::Diverging), QCPRange(-1, 1)));
            } else {
                map->setData(colorMapData(values).release(), false);
                map->setDataRange(QCPRange(-1, 1));
            }
            map->setDataRange(later);
            plot.rescaleAxes();
            return plot.toPixmap(300, 260).toImage();
        };
        EXPECT_EQ(render(true, QCPRange(-1, 1)), render(false, QCPRange(-1, 1))) << rows;
        EXPECT_EQ(render(true, QCPRange(-0.5, 2)), render(false, QCPRange(-0.5, 2))) << rows;
        EXPECT_NE(render(true, QCPRange(-0.5, 2)), render(true, QCPRange(-1, 1))) << rows;
    }
    // No cells, no image.
    EXPECT_TRUE(colourCells(std::make_unique<QCPColorMapData>(0, 0, QCPRange(), QCPRange()),
                            colorGradient(Gradient::Diverging), QCPRange(-1, 1))
                    .image.isNull());
}

// A pooled grid coloured in a figure's compute step shows exactly what colouring it on the UI
// thread shows: the same cells, colour range (±max|value|, or min … max), axes and pixels.
TEST(PlotHelpers, ColouredPooledGridShowsWhatTheGridWould) {
    PooledGrid grid{37, 37, {}};
    for (int r = 0; r < grid.height; ++r) {
        for (int c = 0; c < grid.width; ++c) grid.values.push_back(0.25 * (r - c) + 1.0);
    }
    constexpr std::int64_t kPositions = 100;  // blocks of 2 and 3 positions
    for (const HeatRange range : {HeatRange::Symmetric, HeatRange::Data}) {
        const auto render = [&](bool coloured) {
            QCustomPlot plot;
            plot.resize(320, 280);
            const HeatMap heat = addHeatMap(&plot, Gradient::Diverging, QString());
            if (coloured) {
                showColouredGrid(heat,
                                 colourPooledGrid(grid, kPositions, Gradient::Diverging, range),
                                 kPositions);
            } else {
                showPooledGrid(heat, grid, kPositions, range);
            }
            const QCPRange colours = heat.map->dataRange();
            const QCPRange keys = heat.map->data()->keyRange();
            EXPECT_EQ(heat.map->valueAxis()->range(), QCPRange(-0.5, kPositions - 0.5));
            EXPECT_TRUE(heat.map->valueAxis()->rangeReversed());
            return std::tuple{plot.toPixmap(320, 280).toImage(), colours, keys};
        };
        const auto [colouredImage, colouredRange, colouredKeys] = render(true);
        const auto [image, colourRange, cellKeys] = render(false);
        EXPECT_EQ(colouredImage, image);
        EXPECT_EQ(colouredRange, colourRange);
        EXPECT_EQ(colouredKeys, cellKeys);
        EXPECT_EQ(colouredRange,
                  range == HeatRange::Symmetric ? QCPRange(-10.0, 10.0) : QCPRange(-8.0, 10.0));
        EXPECT_EQ(cellKeys, QCPRange(0.5, 98.0));  // the middles of blocks [0, 2) and [97, 100)
    }
    // An empty grid colours nothing and does not divide by its zero cells.
    EXPECT_TRUE(colourPooledGrid(PooledGrid{}, kPositions, Gradient::Diverging, HeatRange::Data)
                    .image.isNull());
}

TEST(PlotHelpers, AnOpaqueBackgroundPaintsWhatQCustomPlotWould) {
    const QColor paper(250, 240, 230);
    const auto build = [&](const QBrush& background) {
        QCustomPlot* plot = makePlot(nullptr);
        plot->resize(320, 240);
        plot->setBackground(background);
        QCPGraph* line = addGraph(plot);
        line->setData(ramp(50), ramp(50));
        line->setPen(QPen(Qt::darkBlue, 2.0));
        // A mark on a layer with a buffer of its own, blended over the bottom one.
        QCPGraph* mark = addGraph(plot);
        mark->setLayer(addOverlayLayer(plot));
        mark->setLineStyle(QCPGraph::lsNone);
        mark->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 12));
        mark->setData({20.0}, {20.0});
        plot->rescaleAxes();
        return plot;
    };
    // A texture of the same colour is not one opaque colour: QCustomPlot fills it itself.
    QPixmap texture(8, 8);
    texture.fill(paper);
    QCustomPlot* opaque = build(QBrush(paper));
    QCustomPlot* textured = build(QBrush(texture));
    const QImage expected = shownOnScreen(textured);
    EXPECT_LE(largestChannelDifference(shownOnScreen(opaque), expected), 2);
    EXPECT_EQ(expected.pixelColor(1, 1), paper);
    // A new background colour is the bottom buffer's next fill.
    opaque->setBackground(QBrush(Qt::black));
    EXPECT_EQ(shownOnScreen(opaque).pixelColor(1, 1), QColor(Qt::black));
    delete opaque;
    delete textured;
}

TEST(PlotHelpers, EnvelopeBandZigZagsAndExportsItsMinAndMax) {
    QCustomPlot* plot = makePlot(nullptr);
    const EnvelopeBand band = addEnvelopeBand(plot->xAxis, plot->yAxis, QStringLiteral("A score"));
    showEnvelopeBand(band, {0.0, 1.0, 2.0}, {-1.0, -2.0, -3.0}, {1.0, 2.0, 3.0});
    ASSERT_EQ(band.band->dataCount(), 6);
    // Column 0 downwards (max, min), column 1 upwards (min, max), column 2 downwards.
    const std::vector<double> expected{1.0, -1.0, -2.0, 2.0, 3.0, -3.0};
    for (int i = 0; i < 6; ++i) EXPECT_EQ(band.band->data()->at(i)->value, expected[i]) << i;
    EXPECT_EQ(band.low->pen().style(), Qt::NoPen);
    const QString csv = QString::fromUtf8(plotDataCsv(*plot));
    EXPECT_EQ(csv.count(QStringLiteral("A score min,")), 3);
    EXPECT_EQ(csv.count(QStringLiteral("A score max,")), 3);
    EXPECT_EQ(csv.count(QLatin1Char('\n')), 1 + 6) << "the zig-zag is drawing only";
    setEnvelopeBandVisible(band, false);
    EXPECT_FALSE(band.band->visible());
    delete plot;
}

// Every line of every title fits the width, unless it is a single unbreakable word.
void expectTitleFits(const QCPTextElement* title, int width) {
    const QFontMetricsF metrics(title->font());
    for (const QString& line : title->text().split(QLatin1Char('\n'))) {
        EXPECT_LE(metrics.horizontalAdvance(line), width) << line.toStdString();
    }
}

// A plot of that size, its viewport set: a hidden widget gets its resize event only when shown.
QCustomPlot* plotOfSize(int width, int height) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(width, height);
    plot->setViewport(plot->rect());
    return plot;
}

// `wrapped` is `text` with line breaks added, each line at most `width` wide in `font`.
void expectWrappedWithin(const QString& wrapped, const QString& text, const QFont& font,
                         double width) {
    EXPECT_GT(wrapped.count(QLatin1Char('\n')), 0);
    const QFontMetricsF metrics(font);
    for (const QString& line : wrapped.split(QLatin1Char('\n')))
        EXPECT_LE(metrics.horizontalAdvance(line), width) << line.toStdString();
    EXPECT_EQ(wrapped.simplified(), text.simplified()) << "only line breaks were added";
}

TEST(PlotHelpers, TitlesWrapToTheWidthInEnglishAndChinese) {
    QCustomPlot* plot = makePlot(nullptr);
    QCPTextElement* title = addPlotTitle(plot, QString());
    const QString english =
        QStringLiteral("Score q·k against distance, per base (min and max per pixel column)");
    title->setText(english);
    fitTextToWidth(plot, 260);
    EXPECT_GT(title->text().count(QLatin1Char('\n')), 0);
    expectTitleFits(title, 260);
    EXPECT_EQ(title->text().simplified(), english) << "only line breaks were added";
    // Chinese has no spaces: it breaks between characters.
    title->setText(QStringLiteral("正弦位置编码，加到 q 和 k 上：注意力分数与 m − n 的关系"));
    fitTextToWidth(plot, 200);
    EXPECT_GT(title->text().count(QLatin1Char('\n')), 0);
    expectTitleFits(title, 200);
    // Wide again: back to the text as set, explicit line breaks kept.
    title->setText(QStringLiteral("first line\nsecond line"));
    fitTextToWidth(plot, 2000);
    EXPECT_EQ(title->text(), QStringLiteral("first line\nsecond line"));
    delete plot;
}

// A label beside the data longer than its plot (presenter fonts on a short plot) wraps after a
// layout to the span its margin has, takes no more width than the plot's least size leaves beside
// the data (an earlier try widened a 1024x768 window), and goes whole into a file.
TEST(PlotHelpers, LabelsBesideTheDataWrapWithinThePlotWithoutRaisingItsLeastSize) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(320, 200);
    plot->setViewport(plot->rect());  // a hidden widget gets its resize event only when shown
    const QString label =
        QStringLiteral("accuracy after the separator, at every length the models were tested");
    plot->yAxis->setLabel(label);
    plot->replot();  // lays the label out whole, then wraps it
    plot->replot();  // lays the wrapped label out
    const QString wrapped = plot->yAxis->label();
    EXPECT_GT(wrapped.count(QLatin1Char('\n')), 0);
    EXPECT_EQ(wrapped.simplified(), label) << "only line breaks were added";
    const QFontMetricsF metrics(plot->yAxis->labelFont());
    for (const QString& line : wrapped.split(QLatin1Char('\n')))
        EXPECT_LE(metrics.horizontalAdvance(line), plot->height()) << line.toStdString();
    EXPECT_LE(plot->width() - plot->axisRect()->width() + kPlotMinimumDataArea.width(),
              kPlotMinimumSize.width());
    EXPECT_EQ(static_cast<QWidget*>(plot)->minimumSizeHint().width(), kPlotMinimumSize.width());
    // The same text again (a lesson's draw) is shown wrapped before the layout: no second pass.
    plot->yAxis->setLabel(label);
    fitTextToWidth(plot, plot->width());
    EXPECT_EQ(plot->yAxis->label(), wrapped);
    // A file at another width gets it whole.
    fitTextToWidth(plot, 1000);
    EXPECT_EQ(plot->yAxis->label(), label);
    delete plot;
}

// A unit never breaks: not after the slash of rad/token, nor inside 弧度/词元 or 词元.
TEST(PlotHelpers, TitlesNeverBreakInsideAUnit) {
    QCustomPlot* plot = makePlot(nullptr);
    QCPTextElement* title = addPlotTitle(plot, QString());
    const QString english =
        QStringLiteral("Pair 3 of q and k at true length (θ3 = 0.0316 rad/token)");
    const QString chinese =
        QStringLiteral("q 和 k 的第 3 对，按真实长度绘制（θ3 = 0.0316 弧度/词元）");
    for (int width = 90; width <= 420; width += 3) {
        for (const QString& text : {english, chinese}) {
            title->setText(text);
            fitTextToWidth(plot, width);
            const QStringList lines = title->text().split(QLatin1Char('\n'));
            for (const QString& line : lines) {
                for (const QString& torn : {QStringLiteral("/"), QStringLiteral("弧"),
                                            QStringLiteral("弧度"), QStringLiteral("词")}) {
                    EXPECT_FALSE(line.endsWith(torn)) << width << ": " << line.toStdString();
                }
            }
            EXPECT_EQ(QString(title->text()).remove(QLatin1Char('\n')).remove(QLatin1Char(' ')),
                      QString(text).remove(QLatin1Char(' ')))
                << "only line breaks were added, no word joiner left";
        }
    }
    delete plot;
}

// A short number never starts a line alone, away from its word ("head" / "1"), nor "=" with
// what it joins ("H =" / "8"); a CJK measure word stays with its number (第 1 个头). A long name
// before "=" may still break there.
TEST(PlotHelpers, TitlesKeepShortNumbersWithTheirWords) {
    QCustomPlot* plot = makePlot(nullptr);
    QCPTextElement* title = addPlotTitle(plot, QString());
    const QString english = QStringLiteral("ALiBi bias, head 1 of H = 8");
    const QString chinese = QStringLiteral("ALiBi 偏置，第 1 个头");
    for (int width = 60; width <= 300; width += 2) {
        for (const QString& text : {english, chinese}) {
            title->setText(text);
            fitTextToWidth(plot, width);
            const QString wrapped = title->text();
            for (const QString& line : wrapped.split(QLatin1Char('\n'))) {
                EXPECT_FALSE(line.startsWith(QLatin1Char('1')))
                    << width << ": " << line.toStdString();
                EXPECT_FALSE(line.startsWith(QLatin1Char('8')))
                    << width << ": " << line.toStdString();
                EXPECT_FALSE(line.startsWith(QLatin1Char('=')))
                    << width << ": " << line.toStdString();
                EXPECT_FALSE(line.endsWith(QLatin1Char('=')))
                    << width << ": " << line.toStdString();
                EXPECT_FALSE(line.startsWith(QStringLiteral("个头"))) << width;
            }
            EXPECT_EQ(QString(wrapped).remove(QLatin1Char('\n')).remove(QLatin1Char(' ')),
                      QString(text).remove(QLatin1Char(' ')))
                << "only line breaks were added, no word joiner left";
        }
    }
    title->setText(QStringLiteral("max_position_embeddings = 8192"));
    fitTextToWidth(plot, 120);
    EXPECT_EQ(title->text(), QStringLiteral("max_position_embeddings\n= 8192"));
    // Wide enough, nothing wraps.
    title->setText(english);
    fitTextToWidth(plot, 2000);
    EXPECT_EQ(title->text(), english);
    delete plot;
}

TEST(PlotHelpers, LabelsBelowTheDataWrapWithinThePlotAndComeBackWhenWide) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(300, 240);
    plot->setViewport(plot->rect());  // a hidden widget gets its resize event only when shown
    plot->replot();                   // lays the axis rect out
    const QRect data = plot->axisRect()->rect();
    ASSERT_GT(data.width(), 100);
    // Centred on the data, a line may take twice the room on the narrower side of its centre.
    const int room = 2 * std::min(data.center().x(), 300 - data.center().x());
    const QString label =
        QStringLiteral("256 random directions x, sorted by how much the map makes them grow");
    plot->xAxis->setLabel(label);
    plot->yAxis->setLabel(label);
    fitTextToWidth(plot, 300);
    EXPECT_GT(plot->xAxis->label().count(QLatin1Char('\n')), 0);
    const QFontMetricsF metrics(plot->xAxis->labelFont());
    for (const QString& line : plot->xAxis->label().split(QLatin1Char('\n')))
        EXPECT_LE(metrics.horizontalAdvance(line), room) << line.toStdString();
    EXPECT_EQ(plot->xAxis->label().simplified(), label) << "only line breaks were added";
    EXPECT_EQ(plot->yAxis->label(), label) << "a label beside the data is left as it is";
    // Wider: the label as set.
    fitTextToWidth(plot, 2000);
    EXPECT_EQ(plot->xAxis->label(), label);
    // A new label is the one wrapped from then on.
    plot->xAxis->setLabel(QStringLiteral("key position n"));
    fitTextToWidth(plot, 300);
    EXPECT_EQ(plot->xAxis->label(), QStringLiteral("key position n"));
    delete plot;
}

// A label inside the data wraps where it would run past the edge of the data its alignment runs
// towards, and goes whole into a file.
TEST(PlotHelpers, LabelsInsideTheDataWrapBeforeTheEdgeTheyRunTowards) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(300, 240);
    plot->setViewport(plot->rect());
    plot->replot();
    const QRect data = plot->axisRect()->rect();
    ASSERT_GT(data.width(), 100);
    const QString text = QStringLiteral("B: max_position_embeddings = 8192");
    auto* right = new PlotLabel(plot);
    wrapInsideAxisRect(right);
    right->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    right->position->setCoords(0.75, 0.5);
    right->setText(text);
    auto* left = new PlotLabel(plot);
    wrapInsideAxisRect(left);
    left->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    left->position->setCoords(0.02, 0.5);
    left->setText(QStringLiteral("L₀ = 2048"));
    fitTextToWidth(plot, 300);
    expectWrappedWithin(right->text(), text, right->font(), 0.75 * data.width());
    EXPECT_EQ(left->text(), QStringLiteral("L₀ = 2048")) << "it fits";
    fitTextToWidth(plot, 2000);
    EXPECT_EQ(right->text(), text);
    delete plot;
}

// The rect a label wraps to is the one the same replot lays out: wider tick labels that narrow
// the data leave no line running past it (lesson 13's "learned: cannot run" note in zh_CN).
TEST(PlotHelpers, LabelsInsideTheDataWrapToTheRectOfTheirOwnReplot) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(300, 240);
    plot->setViewport(plot->rect());
    plot->yAxis->setRange(0.0, 1.0);
    auto* label = new PlotLabel(plot);
    wrapInsideAxisRect(label);
    label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    label->position->setCoords(0.98, 0.1);
    label->setText(QStringLiteral("learned: cannot run at 24, 32, 64 tokens"));
    plot->replot();
    const int before = plot->axisRect()->rect().width();
    plot->yAxis->setNumberFormat(QStringLiteral("f"));  // long tick labels: a wider margin
    plot->yAxis->setNumberPrecision(0);
    plot->yAxis->setRange(0.0, 1e9);
    plot->replot();
    const QRect data = plot->axisRect()->rect();
    ASSERT_LT(data.width(), before - 20);
    const QFontMetricsF metrics(label->font());
    for (const QString& line : label->text().split(QLatin1Char('\n')))
        EXPECT_LE(metrics.horizontalAdvance(line), 0.98 * data.width()) << line.toStdString();
    delete plot;
}

// A label beside an arrow's tip stays whole inside the data: moved inwards as far as needed, and
// back to its anchor when the plot grows.
TEST(PlotHelpers, LabelsPlacedInsideStayWholeInTheirAxisRect) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(260, 220);
    plot->setViewport(plot->rect());
    plot->xAxis->setRange(-1.5, 1.5);
    plot->yAxis->setRange(-1.5, 1.5);
    auto* edge = new PlotLabel(plot);
    edge->setText(QStringLiteral("PE(p + k), shifted"));
    edge->placeInside(QPointF(-1.2, 1.2));
    auto* centre = new PlotLabel(plot);
    centre->setText(QStringLiteral("PE(p)"));
    centre->placeInside(QPointF(0.1, -0.2));
    plot->replot();
    const auto box = [](QCPItemText* label) {
        const QPointF at = label->position->pixelPosition();
        const QSizeF size = QFontMetricsF(label->font()).size(0, label->text()) +
                            QSizeF(label->padding().left() + label->padding().right(),
                                   label->padding().top() + label->padding().bottom());
        return QRectF(at - QPointF(size.width() / 2, size.height() / 2), size);
    };
    const QRectF data = QRectF(plot->axisRect()->rect()).adjusted(-1, -1, 1, 1);
    EXPECT_TRUE(data.contains(box(edge))) << "moved in";
    EXPECT_GT(edge->position->coords().x(), -1.2);
    EXPECT_LE(edge->position->coords().y(), 1.2);
    EXPECT_EQ(centre->position->coords(), QPointF(0.1, -0.2)) << "it fits where it is";
    plot->resize(1600, 1400);
    plot->setViewport(plot->rect());
    plot->replot();
    EXPECT_EQ(edge->position->coords(), QPointF(-1.2, 1.2)) << "room again at the anchor";
    delete plot;
}

TEST(PlotHelpers, LegendsBelowThePlotUseFewerColumnsWhenNarrowAndAllAgainWhenWide) {
    QCustomPlot* plot = makePlot(nullptr);
    for (int i = 0; i < 4; ++i) {
        plot->addGraph()->setName(QStringLiteral("a fairly long series name %1").arg(i));
    }
    placeLegendBelow(plot, 4);
    fitTextToWidth(plot, 3000);
    EXPECT_EQ(plot->legend->wrap(), 4);
    fitTextToWidth(plot, 400);
    EXPECT_LT(plot->legend->wrap(), 4);
    EXPECT_GE(plot->legend->wrap(), 1);
    // Wide again (presenter mode left, a file at its own width): the columns come back.
    fitTextToWidth(plot, 3000);
    EXPECT_EQ(plot->legend->wrap(), 4);
    delete plot;
}

// On screen a legend below its plot takes another column where wrapping a long name fits it and
// saves two lines or more (lesson 13's models stacked six rows in presenter mode); a file shows
// the names whole.
TEST(PlotHelpers, LegendsBelowThePlotWrapANameToFitAnotherColumn) {
    QCustomPlot* plot = makePlot(nullptr);
    const QString wide = QStringLiteral("a fairly long series name");
    for (const QString& name : {wide, QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"),
                                QStringLiteral("e"), QStringLiteral("f")}) {
        plot->addGraph()->setName(name);
    }
    placeLegendBelow(plot, 2);
    fitTextToWidth(plot, 3000);
    ASSERT_EQ(plot->legend->wrap(), 2);
    const int first = plot->legend->item(0)->minimumOuterSizeHint().width();
    const int second = plot->legend->item(1)->minimumOuterSizeHint().width();
    // Too narrow for both columns whole, or for two columns as wide as the widest entry.
    plot->resize(first + second + plot->legend->columnSpacing() + 12 - 20, 300);
    plot->setViewport(plot->rect());
    fitTextToWidth(plot, plot->width());
    EXPECT_EQ(plot->legend->wrap(), 2);
    EXPECT_GT(plot->graph(0)->name().count(QLatin1Char('\n')), 0);
    EXPECT_EQ(plot->graph(0)->name().simplified(), wide) << "only line breaks were added";
    EXPECT_EQ(plot->graph(1)->name(), QStringLiteral("b"));
    fitTextToWidth(plot, 3000);
    EXPECT_EQ(plot->graph(0)->name(), wide);
    delete plot;
}

// A label inside the data at a plot coordinate (beside a dashed line) wraps before the edge it
// runs towards, keeping the space that opens it; a file shows it whole.
TEST(PlotHelpers, LabelsAtAPlotCoordinateWrapBeforeTheEdgeOfTheData) {
    QCustomPlot* plot = plotOfSize(300, 240);
    plot->xAxis->setRange(0.0, 100.0);
    plot->replot();
    const QRect data = plot->axisRect()->rect();
    ASSERT_GT(data.width(), 100);
    auto* label = new QCPItemText(plot);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    label->position->setCoords(60.0, 0.02);
    wrapInsideData(label);
    const QString text = QStringLiteral(" training length of every model");
    label->setText(text);
    fitTextToWidth(plot, 300);
    expectWrappedWithin(label->text(), text, label->font(), 0.4 * data.width());
    EXPECT_TRUE(label->text().startsWith(QLatin1Char(' ')));
    fitTextToWidth(plot, 2000);
    EXPECT_EQ(label->text(), text);
    delete plot;
}

// A colour scale's label longer than its plot, with no width beside the data for more lines,
// shows its shorter text whole on screen, and its own in a file.
TEST(PlotHelpers, AColourScaleLabelWithNoRoomShowsItsShorterText) {
    QCustomPlot* plot = plotOfSize(320, 200);
    const HeatMap heat = addHeatMap(plot, Gradient::Sequential, QString());
    QCPAxis* axis = heat.scale->axis();
    const QString label = QStringLiteral("bias −m(i − j), one scale for all heads ").repeated(6);
    axis->setLabel(label);
    setShorterAxisLabel(axis, QStringLiteral("bias −m(i − j)"));
    plot->replot();
    plot->replot();
    EXPECT_EQ(axis->label(), QStringLiteral("bias −m(i − j)"));
    EXPECT_EQ(static_cast<QWidget*>(plot)->minimumSizeHint().width(), kPlotMinimumSize.width());
    fitTextToWidth(plot, 1000);
    EXPECT_EQ(axis->label(), label);
    delete plot;
}

TEST(PlotHelpers, AnInsetLegendWiderThanItsPlotMovesBelow) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(360, 300);
    for (int i = 0; i < 3; ++i) {
        plot->addGraph()->setName(
            QStringLiteral("a very long series name that cannot fit, number %1").arg(i));
    }
    plot->legend->setVisible(true);
    plot->show();    // a hidden widget gets its size only when shown
    plot->replot();  // lays out once; the next replot finds the legend too wide and moves it
    plot->replot();
    EXPECT_FALSE(plot->axisRect()->insetLayout()->elements(false).contains(plot->legend));
    EXPECT_TRUE(plot->plotLayout()->elements(true).contains(plot->legend));
    delete plot;
}

// The minimum gap between neighbouring tick labels of a horizontal axis, in pixels.
double tickLabelGap(const QCPAxis* axis) {
    const QFontMetrics metrics(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    double gap = std::numeric_limits<double>::infinity();
    for (qsizetype i = 1; i < ticks.size(); ++i) {
        const double between =
            std::abs(axis->coordToPixel(ticks[i]) - axis->coordToPixel(ticks[i - 1]));
        gap = std::min(gap, between - (metrics.horizontalAdvance(labels[i]) +
                                       metrics.horizontalAdvance(labels[i - 1])) /
                                          2.0);
    }
    return gap;
}

TEST(PlotHelpers, TickLabelsOfANarrowAxisAreThinnedAndComeBackWhenWide) {
    QCustomPlot* plot = makePlot(nullptr);
    QFont big = plot->xAxis->tickLabelFont();
    big.setPointSizeF(20);  // presenter-sized labels
    plot->xAxis->setTickLabelFont(big);
    plot->xAxis->setRange(0, 1024);
    plot->resize(180, 300);
    plot->show();
    plot->replot();
    for (int i = 0; i < 10; ++i) QCoreApplication::processEvents();  // the queued replots
    EXPECT_GE(plot->xAxis->tickVector().size(), 2);
    EXPECT_GT(tickLabelGap(plot->xAxis), 0.0);
    EXPECT_LT(plot->xAxis->ticker()->tickCount(), 5);
    plot->resize(1600, 300);
    plot->replot();
    for (int i = 0; i < 10; ++i) QCoreApplication::processEvents();
    EXPECT_EQ(plot->xAxis->ticker()->tickCount(), 5);  // the count asked for, with room again
    EXPECT_GT(tickLabelGap(plot->xAxis), 0.0);
    delete plot;
}

// Powers of two 1 … 1024 labelled on a log axis, as relative's bucket axis: a narrow axis shows
// every step-th label counted from the anchor, with room between them; a wide one shows all.
TEST(PlotHelpers, SteppedTickLabelsSkipTicksWhereNarrowAndShowAllWhereWide) {
    QCustomPlot* plot = makePlot(nullptr);
    QFont big = plot->xAxis->tickLabelFont();
    big.setPointSizeF(20);
    plot->xAxis->setTickLabelFont(big);
    plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    plot->xAxis->setRange(0.8, 1200.0);
    SteppedTextTicker* ticks = SteppedTextTicker::on(plot->xAxis);
    for (int d = 1; d <= 1024; d *= 2) ticks->addTick(d, QString::number(d));
    ticks->setAnchor(1.0);
    EXPECT_EQ(SteppedTextTicker::on(plot->xAxis), ticks);  // the same ticker, emptied
    EXPECT_TRUE(ticks->ticks().isEmpty());
    for (int d = 1; d <= 1024; d *= 2) ticks->addTick(d, QString::number(d));
    plot->resize(300, 300);
    plot->show();
    plot->replot();
    for (int i = 0; i < 10; ++i) QCoreApplication::processEvents();  // the queued replots
    EXPECT_GT(ticks->step(), 1);
    QVector<double> shown = plot->xAxis->tickVector();
    ASSERT_GE(shown.size(), 2);
    EXPECT_EQ(shown.front(), 1.0);  // counted from the anchor
    EXPECT_EQ(shown[1], std::pow(2.0, ticks->step()));
    EXPECT_GT(tickLabelGap(plot->xAxis), 0.0);
    plot->resize(1600, 300);
    plot->replot();
    for (int i = 0; i < 10; ++i) QCoreApplication::processEvents();
    EXPECT_EQ(ticks->step(), 1);
    EXPECT_EQ(plot->xAxis->tickVector().size(), 11);
    EXPECT_GT(tickLabelGap(plot->xAxis), 0.0);
    // A least step holds however wide the axis is.
    ticks->setLeastStep(3);
    plot->replot();
    shown = plot->xAxis->tickVector();
    EXPECT_EQ(shown, (QVector<double>{1.0, 8.0, 64.0, 512.0}));
    delete plot;
}

}  // namespace
}  // namespace ropelab::ui
