// SPDX-License-Identifier: GPL-3.0-or-later
// Axis labels, titles, legend entries and labels drawn from kept pixmaps land where QCustomPlot
// draws them, are rasterised again only when their text, look or size changes, and files still get
// real text.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QBuffer>
#include <QImage>
#include <QSvgGenerator>
#include <vector>

#include "image_difference.h"
#include "widgets/heat_map.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {
namespace {

// A plain QCustomPlot drawing as makePlot's does, antialiased alike and with the same line joins.
QCustomPlot* plainPlot() {
    auto* plot = new QCustomPlot;
    plot->setNotAntialiasedElements(QCP::aeGrid | QCP::aeSubGrid);
    plot->setAntialiasedElements(QCP::aeAxes | QCP::aeLegend | QCP::aeLegendItems |
                                 QCP::aeZeroLine | QCP::aeOther | QCP::aeItems | QCP::aeFills);
    plot->setPlottingHint(QCP::phFastPolylines, true);
    return plot;
}

// A plot with a label on each of its four axes (two lines on the left one), a colour scale with
// its own label, and a title and subtitle: one made by makePlot, or a plain QCustomPlot as
// QCustomPlot draws it, antialiased alike.
struct LabelledPlot {
    QCustomPlot* plot = nullptr;
    QCPTextElement* title = nullptr;
    HeatMap heat;
};

LabelledPlot labelledPlot(bool plain = false) {
    LabelledPlot made;
    made.plot = plain ? plainPlot() : makePlot(nullptr);
    QCustomPlot* plot = made.plot;
    plot->resize(420, 320);
    const auto addText = [&](int row, const QString& text) {
        plot->plotLayout()->insertRow(row);
        auto* element = plain ? new QCPTextElement(plot, text) : new PlotText(plot, text);
        plot->plotLayout()->addElement(row, 0, element);
        return element;
    };
    made.title = addText(0, QStringLiteral("q·k against m − n"));
    addText(1, QStringLiteral("pair 3, base 10 000"));
    made.heat = addHeatMap(plot, Gradient::Diverging, QStringLiteral("score"));
    plot->xAxis->setLabel(QStringLiteral("relative distance m − n"));
    plot->yAxis->setLabel(QStringLiteral("score\nper pair"));
    plot->xAxis2->setVisible(true);
    plot->xAxis2->setLabel(QStringLiteral("wavelength (tokens)"));
    plot->yAxis2->setVisible(true);
    plot->yAxis2->setLabel(QStringLiteral("angle θ (rad)"));
    plot->xAxis->setRange(-100, 100);
    plot->yAxis->setRange(-3, 3);
    return made;
}

struct Rasterisations {
    std::vector<int> axes;
    int title = 0;
    bool operator==(const Rasterisations&) const = default;
};

Rasterisations rasterisations(const LabelledPlot& made) {
    Rasterisations counts;
    QCustomPlot* plot = made.plot;
    for (QCPAxis* axis :
         {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2, made.heat.scale->axis()}) {
        counts.axes.push_back(axisLabelRasterisations(axis));
    }
    counts.title = static_cast<PlotText*>(made.title)->rasterisations();
    return counts;
}

TEST(PlotText, LabelsAndTitlesFromPixmapsLandWhereQCustomPlotDrawsThem) {
    LabelledPlot made = labelledPlot();
    LabelledPlot plain = labelledPlot(true);
    // The last is so low that the vertical labels run past the axis rect's ends.
    for (const QSize size : {QSize(420, 320), QSize(600, 240), QSize(601, 185)}) {
        made.plot->resize(size);
        plain.plot->resize(size);
        const QImage screen = shownOnScreen(made.plot);
        for (int drawn : rasterisations(made).axes) EXPECT_GE(drawn, 1);
        // Glyphs rasterised into a pixmap and blended later may differ by a rounding step.
        const QImage other = shownOnScreen(plain.plot);
        EXPECT_LE(largestChannelDifference(screen, other), 2);
    }
    for (QCPAxis* axis : plain.plot->axisRect()->axes())
        EXPECT_EQ(axisLabelRasterisations(axis), -1);
    delete made.plot;
    delete plain.plot;
}

TEST(PlotText, TextIsRasterisedAgainOnlyWhenItChanges) {
    LabelledPlot made = labelledPlot();
    QCustomPlot* plot = made.plot;
    shownOnScreen(plot);
    const Rasterisations first = rasterisations(made);
    // A new range, the same text: from the same pixmaps.
    plot->xAxis->setRange(-50, 50);
    plot->yAxis->setRange(-1, 1);
    shownOnScreen(plot);
    EXPECT_EQ(rasterisations(made), first);
    // New text and a new colour that leave the layout as it was: those are drawn again, the
    // others are not.
    plot->yAxis->setLabel(QStringLiteral("score\nof pair"));
    plot->xAxis->setLabelColor(Qt::darkRed);
    made.title->setText(QStringLiteral("q·k against n − m"));
    shownOnScreen(plot);
    const Rasterisations second = rasterisations(made);
    EXPECT_EQ(second.axes[0], first.axes[0] + 1);  // x
    EXPECT_EQ(second.axes[1], first.axes[1] + 1);  // y
    EXPECT_EQ(second.axes[2], first.axes[2]);      // x2
    EXPECT_EQ(second.axes[3], first.axes[3]);      // y2
    EXPECT_EQ(second.axes[4], first.axes[4]);      // colour scale
    EXPECT_EQ(second.title, first.title + 1);
    delete plot;
}

TEST(PlotText, TitleSizeHintsFollowTheTextAndFont) {
    LabelledPlot made = labelledPlot();
    auto* title = static_cast<PlotText*>(made.title);
    const QSize before = title->minimumOuterSizeHint();
    title->setText(title->text() + QStringLiteral(" and a good deal more text"));
    const QSize longer = title->minimumOuterSizeHint();
    EXPECT_GT(longer.width(), before.width());
    QFont bigger = title->font();
    bigger.setPointSizeF(bigger.pointSizeF() * 2.0);
    title->setFont(bigger);
    EXPECT_GT(title->minimumOuterSizeHint().height(), longer.height());
    EXPECT_EQ(title->maximumOuterSizeHint().height(), title->minimumOuterSizeHint().height());
    delete made.plot;
}

// A plot with a legend of three entries (a line, marks, Chinese text), from makePlot or plain.
QCustomPlot* legendPlot(bool plain) {
    QCustomPlot* plot = plain ? plainPlot() : makePlot(nullptr);
    plot->resize(420, 320);
    const QStringList names{QStringLiteral("A: kept (θᵢ unchanged)"), QStringLiteral("B: ÷ factor"),
                            QStringLiteral("键位于 n = 64")};
    for (int i = 0; i < names.size(); ++i) {
        QCPGraph* graph = plot->addGraph();
        graph->setName(names[i]);
        graph->setData({0.0, 1.0, 2.0}, {double(i), i + 0.5, i + 0.2});
        graph->setPen(QPen(QColor::fromHsv(120 * i, 200, 180), 1.5 + i));
        if (i == 1) graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, 8));
    }
    plot->legend->setVisible(true);
    plot->rescaleAxes();
    return plot;
}

TEST(PlotText, LegendEntriesFromPixmapsLandWhereQCustomPlotDrawsThem) {
    QCustomPlot* made = legendPlot(false);
    QCustomPlot* plain = legendPlot(true);
    for (const QSize size : {QSize(420, 320), QSize(560, 260)}) {
        made->resize(size);
        plain->resize(size);
        const QImage screen = shownOnScreen(made);
        EXPECT_LE(largestChannelDifference(screen, shownOnScreen(plain)), 2);
        for (int i = 0; i < made->legend->itemCount(); ++i) {
            EXPECT_GE(legendTextRasterisations(made->legend->item(i)), 1);
            EXPECT_EQ(made->legend->item(i)->minimumOuterSizeHint(),
                      plain->legend->item(i)->minimumOuterSizeHint());
            EXPECT_EQ(legendTextRasterisations(plain->legend->item(i)), -1);
        }
    }
    delete made;
    delete plain;
}

TEST(PlotText, LegendTextIsRasterisedAgainOnlyWhenItChanges) {
    QCustomPlot* plot = legendPlot(false);
    shownOnScreen(plot);
    const auto counts = [plot] {
        std::vector<int> drawn;
        for (int i = 0; i < plot->legend->itemCount(); ++i)
            drawn.push_back(legendTextRasterisations(plot->legend->item(i)));
        return drawn;
    };
    const std::vector<int> first = counts();
    plot->xAxis->setRange(-1, 5);
    plot->graph(0)->setPen(QPen(Qt::red, 3.0));  // the icon changes, the text does not
    shownOnScreen(plot);
    EXPECT_EQ(counts(), first);
    plot->graph(1)->setName(QStringLiteral("B: blended"));
    shownOnScreen(plot);
    const std::vector<int> second = counts();
    EXPECT_EQ(second[0], first[0]);
    EXPECT_EQ(second[1], first[1] + 1);
    EXPECT_EQ(second[2], first[2]);
    // An entry added later is drawn from a pixmap from its first replot on.
    QCPGraph* added = plot->addGraph();
    added->setName(QStringLiteral("original"));
    shownOnScreen(plot);
    EXPECT_EQ(legendTextRasterisations(plot->legend->itemWithPlottable(added)), 1);
    delete plot;
}

// Labels at plot coordinates, as the lessons use them: centred over a point, left of one, under
// one with padding, and in a framed box (or two-line labels, centred and left-aligned); at
// `shift` pixels past whole pixel positions.
std::vector<QCPItemText*> placeLabels(QCustomPlot* plot, bool plain, double shift,
                                      bool twoLines = false) {
    const auto label = [&](double x, double y, Qt::Alignment alignment, const QString& text) {
        QCPItemText* item = plain ? new QCPItemText(plot) : new PlotLabel(plot);
        item->position->setType(QCPItemPosition::ptAbsolute);
        item->position->setCoords(x + shift, y + shift);
        item->setPositionAlignment(alignment);
        item->setText(text);
        return item;
    };
    if (twoLines) {
        QCPItemText* centred =
            label(150, 60, Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("第 12 对\npair 12"));
        QCPItemText* left =
            label(150, 200, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("dynamic NTK\nθ = 1e4"));
        left->setTextAlignment(Qt::AlignLeft);
        return {centred, left};
    }
    std::vector<QCPItemText*> labels{
        label(60, 40, Qt::AlignHCenter | Qt::AlignBottom, QStringLiteral("x[0]")),
        label(300, 90, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("PC1 (43%)")),
        label(150, 200, Qt::AlignHCenter | Qt::AlignTop, QStringLiteral("第 12 对")),
        label(250, 250, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("positions ≥ L")),
    };
    labels[0]->setPadding(QMargins(2, 2, 2, 6));
    labels[3]->setPen(QPen(Qt::darkGray));
    labels[3]->setBrush(QBrush(QColor(255, 250, 220)));
    labels[3]->setPadding(QMargins(4, 3, 4, 3));
    labels[3]->setColor(Qt::darkRed);
    return labels;
}

// The smallest rectangle holding every pixel that differs from the top-left one.
QRect inkBounds(const QImage& image) {
    QRect bounds;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixel(x, y) != image.pixel(0, 0)) bounds |= QRect(x, y, 1, 1);
        }
    }
    return bounds;
}

// Drawn on the whole pixel nearest its position, a label shows what QCustomPlot shows from that
// pixel. Lines after the first of a label can differ by a glyph's antialiasing (Qt rasterises
// them a fraction of a pixel apart in a pixmap), never in place.
TEST(PlotText, LabelsFromPixmapsLandWhereQCustomPlotDrawsThem) {
    for (const bool twoLines : {false, true}) {
        for (const double shift : {0.0, 0.25, 0.5, 0.75}) {
            const auto shown = [&](bool plain) {
                QCustomPlot* plot = plain ? plainPlot() : makePlot(nullptr);
                plot->resize(400, 320);
                // Nothing but the labels: their ink is all that differs from the background.
                for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
                    axis->setVisible(false);
                    axis->grid()->setVisible(false);
                }
                placeLabels(plot, plain, plain ? std::floor(shift + 0.5) : shift, twoLines);
                const QImage image = shownOnScreen(plot);
                delete plot;
                return image;
            };
            const QImage fromPixmaps = shown(false);
            const QImage asQCustomPlot = shown(true);
            if (twoLines) {
                const QRect ink = inkBounds(asQCustomPlot);
                EXPECT_EQ(inkBounds(fromPixmaps), ink) << shift;
                EXPECT_GT(ink.width(), 40);  // both labels, and little else
                EXPECT_LT(ink.width(), 160);
            } else {
                EXPECT_LE(largestChannelDifference(fromPixmaps, asQCustomPlot), 2) << shift;
            }
        }
    }
}

TEST(PlotText, LabelTextIsRasterisedAgainOnlyWhenItChanges) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(400, 320);
    auto* label = static_cast<PlotLabel*>(placeLabels(plot, false, 0.0)[1]);
    shownOnScreen(plot);
    EXPECT_EQ(label->rasterisations(), 1);
    // Moved: blitted elsewhere, not rasterised.
    label->position->setCoords(120.3, 140.6);
    const QImage moved = shownOnScreen(plot);
    EXPECT_EQ(label->rasterisations(), 1);
    label->setText(QStringLiteral("PC1 (44%)"));
    shownOnScreen(plot);
    EXPECT_EQ(label->rasterisations(), 2);
    label->setColor(Qt::blue);
    shownOnScreen(plot);
    EXPECT_EQ(label->rasterisations(), 3);
    // Turned, it is drawn as QCustomPlot draws it (the pixmap is kept for later).
    label->setRotation(90);
    const QImage turned = shownOnScreen(plot);
    EXPECT_EQ(label->rasterisations(), 3);
    EXPECT_NE(turned, moved);
    delete plot;
}

TEST(PlotText, VectorFilesGetTheTextItself) {
    LabelledPlot made = labelledPlot();
    placeLabels(made.plot, false, 0.0);
    shownOnScreen(made.plot);
    QByteArray svg;
    QBuffer buffer(&svg);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(made.plot->size());
    QCPPainter painter(&generator);
    painter.setMode(QCPPainter::pmVectorized);
    made.plot->toPainter(&painter, made.plot->width(), made.plot->height());
    painter.end();
    // Text, not images of it: the SVG holds the words.
    for (const char* words :
         {"relative distance", "wavelength", "angle", "score", "against", "PC1", "positions"})
        EXPECT_TRUE(svg.contains(words)) << words;
    delete made.plot;
}

// A label fitted inside a region shows the longest of its texts that lies in it, none when none
// does, and its first again when the region grows.
TEST(PlotText, ALabelFittedInsideShowsTheLongestTextThatLiesInItsRoom) {
    QCustomPlot* plot = makePlot(nullptr);
    plot->resize(400, 300);
    plot->setViewport(plot->rect());
    plot->xAxis->setRange(0.0, 10.0);
    plot->yAxis->setRange(0.0, 10.0);
    auto* label = new PlotLabel(plot);
    label->setPositionAlignment(Qt::AlignCenter);
    label->position->setCoords(5.0, 5.0);
    const QString longer = QStringLiteral("a label much wider than its room");
    const QStringList texts{longer, QStringLiteral("short")};
    const QPolygonF room({{4.0, 4.0}, {6.0, 4.0}, {6.0, 6.0}, {4.0, 6.0}});
    label->fitInside(texts, room);
    plot->replot();
    EXPECT_EQ(label->text(), QStringLiteral("short"));
    EXPECT_TRUE(label->visible());
    label->fitInside(texts, QPolygonF({{4.9, 4.9}, {5.1, 4.9}, {5.1, 5.1}}));
    plot->replot();
    EXPECT_FALSE(label->visible()) << "a cut text would say something else";
    label->fitInside(texts, QPolygonF({{0.0, 0.0}, {10.0, 0.0}, {10.0, 10.0}, {0.0, 10.0}}));
    plot->replot();
    EXPECT_EQ(label->text(), longer);
    EXPECT_TRUE(label->visible());
    delete plot;
}

}  // namespace
}  // namespace ropelab::ui
