// SPDX-License-Identifier: GPL-3.0-or-later
#include "style/plot_style.h"

#include <qcustomplot.h>

#include <array>

#include "style/plot_part_state.h"

namespace ropelab::ui {

namespace {

// Marks drawn as squares of this size (setSquareMarks), recoloured with the graph's pen.
struct SquareMarks {
    double size = 0.0;
};
// A title styled as a subtitle.
struct Subtitle {};

QFont themeFont(const PlotTheme& theme, int extraPoints, bool bold = false) {
    QFont font;
    // CJK fallbacks: without one, Chinese labels silently become boxes.
    font.setFamilies({theme.fontFamily, QStringLiteral("WenQuanYi Micro Hei"),
                      QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Source Han Sans SC"),
                      QStringLiteral("Microsoft YaHei"), QStringLiteral("PingFang SC")});
    font.setPointSize(theme.fontPointSize + extraPoints);
    font.setBold(bold);
    return font;
}

void styleAxis(QCPAxis* axis, const PlotTheme& theme) {
    const QPen axisPen(theme.foreground, theme.presenter ? 1.5 : 1.0);
    axis->setBasePen(axisPen);
    axis->setTickPen(axisPen);
    axis->setSubTickPen(axisPen);
    axis->setTickLabelColor(theme.foreground);
    axis->setLabelColor(theme.foreground);
    axis->setTickLabelFont(themeFont(theme, 0));
    axis->setLabelFont(themeFont(theme, 1));
    axis->grid()->setPen(QPen(theme.grid, 1.0, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(theme.subGrid, 1.0, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(theme.grid.darker(theme.dark ? 70 : 130), 1.0));
}

QPen seriesPen(const SeriesStyle& style, const PlotTheme& theme) {
    QPen pen(seriesColor(style.series, theme), theme.lineWidth * style.widthScale);
    pen.setStyle(style.dash);
    // Flat caps: fast polylines are drawn segment by segment, and round caps cost two arcs each.
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::RoundJoin);
    return pen;
}

QBrush seriesBrush(const SeriesStyle& style, const PlotTheme& theme) {
    if (style.fillAlpha <= 0) return Qt::NoBrush;
    QColor color = seriesColor(style.series, theme);
    color.setAlpha(style.fillAlpha);
    return color;
}

// Square marks in the graph's pen colour: filled, outlined by a hairline.
void recolourSquareMarks(QCPGraph* graph) {
    const SquareMarks* square = PlotPartState<SquareMarks>::of(graph->parentPlot()).find(graph);
    if (square == nullptr) return;
    const QColor colour = graph->pen().color();
    QCPScatterStyle marks(QCPScatterStyle::ssSquare, colour, colour, square->size);
    marks.setPen(QPen(colour, 0.0));
    graph->setScatterStyle(marks);
}

void storeStyle(QCPLayerable* part, const SeriesStyle& style) {
    PlotPartState<SeriesStyle>::of(part->parentPlot())[part] = style;
}

void penItem(QCPAbstractItem* item, const SeriesStyle& style, const PlotTheme& theme) {
    const QPen pen = seriesPen(style, theme);
    const QBrush brush = seriesBrush(style, theme);
    if (auto* line = qobject_cast<QCPItemLine*>(item)) {
        line->setPen(pen);
        // Arrow heads grow with the line so they stay visible in presenter mode.
        if (line->head().style() != QCPLineEnding::esNone) {
            line->setHead(QCPLineEnding(line->head().style(), 5.0 * pen.widthF() + 4.0,
                                        6.0 * pen.widthF() + 6.0));
        }
    } else if (auto* curve = qobject_cast<QCPItemCurve*>(item)) {
        curve->setPen(pen);
    } else if (auto* straight = qobject_cast<QCPItemStraightLine*>(item)) {
        straight->setPen(pen);
    } else if (auto* ellipse = qobject_cast<QCPItemEllipse*>(item)) {
        ellipse->setPen(pen);
        ellipse->setBrush(brush);
    } else if (auto* rect = qobject_cast<QCPItemRect*>(item)) {
        rect->setPen(pen);
        rect->setBrush(brush);
    } else if (auto* text = qobject_cast<QCPItemText*>(item)) {
        // Text takes the colour, never the line width; an emphasised label (width > 1) is larger.
        text->setColor(pen.color());
        text->setFont(style.widthScale > 1.0 ? themeFont(theme, 3, true) : themeFont(theme, 0));
        text->setBrush(brush);
    } else if (auto* tracer = qobject_cast<QCPItemTracer*>(item)) {
        tracer->setPen(pen);
        tracer->setBrush(pen.color());
    }
}

}  // namespace

PlotTheme PlotTheme::light() {
    return PlotTheme{};
}

PlotTheme PlotTheme::darkTheme() {
    PlotTheme theme;
    theme.background = QColor(0x1e, 0x1f, 0x22);
    theme.foreground = QColor(0xe6, 0xe6, 0xe6);
    theme.grid = QColor(0x4a, 0x4b, 0x50);
    theme.subGrid = QColor(0x33, 0x34, 0x38);
    theme.dark = true;
    return theme;
}

PlotTheme PlotTheme::presenterMode() const {
    PlotTheme theme = *this;
    theme.fontPointSize = fontPointSize + 5;
    theme.lineWidth = lineWidth * 1.75;
    // High contrast for a projector: pure black or white text and axes, stronger grid lines.
    theme.foreground = dark ? QColor(Qt::white) : QColor(Qt::black);
    theme.grid = dark ? grid.lighter(140) : grid.darker(125);
    theme.presenter = true;
    return theme;
}

Series categorical(int index) {
    static constexpr std::array<Series, 7> order{Series::Query,  Series::Key,   Series::Third,
                                                 Series::Fourth, Series::Fifth, Series::Sixth,
                                                 Series::Seventh};
    const int n = static_cast<int>(order.size());
    return order[static_cast<std::size_t>(((index % n) + n) % n)];
}

QColor seriesColor(Series series, const PlotTheme& theme) {
    switch (series) {
        case Series::Query:
            // Okabe–Ito blue is too dark on a dark background; sky blue keeps the hue family.
            return theme.dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2);
        case Series::Key:
            return QColor(0xd5, 0x5e, 0x00);
        case Series::Third:
            return QColor(0x00, 0x9e, 0x73);
        case Series::Fourth:
            return QColor(0xcc, 0x79, 0xa7);
        case Series::Fifth:
            return QColor(0xe6, 0x9f, 0x00);
        case Series::Sixth:
            return theme.dark ? QColor(0x00, 0x72, 0xb2).lighter(150) : QColor(0x56, 0xb4, 0xe9);
        case Series::Seventh:
            return theme.dark ? QColor(0xf0, 0xe4, 0x42) : QColor(0xb8, 0xa9, 0x00);
        case Series::Neutral:
            return theme.foreground;
        case Series::Reference:
            return theme.dark ? QColor(0x8a, 0x8a, 0x8a) : QColor(0x9a, 0x9a, 0x9a);
    }
    return theme.foreground;
}

void setSeriesStyle(QCPAbstractPlottable* plottable, const SeriesStyle& style,
                    const PlotTheme& theme) {
    storeStyle(plottable, style);
    plottable->setPen(seriesPen(style, theme));
    plottable->setBrush(seriesBrush(style, theme));
}

const SeriesStyle* seriesStyleOf(const QCPLayerable* part) {
    return PlotPartState<SeriesStyle>::of(part->parentPlot()).find(part);
}

void styleAsSubtitle(QCPTextElement* title) {
    PlotPartState<Subtitle>::of(title->parentPlot())[title] = {};
}

void setSquareMarks(QCPGraph* graph, double size) {
    PlotPartState<SquareMarks>::of(graph->parentPlot())[graph] = {size};
    recolourSquareMarks(graph);
}

void setSeriesStyle(QCPAbstractItem* item, const SeriesStyle& style, const PlotTheme& theme) {
    storeStyle(item, style);
    penItem(item, style, theme);
}

QCPColorGradient colorGradient(Gradient gradient) {
    QCPColorGradient result;
    result.setColorInterpolation(QCPColorGradient::ciRGB);
    result.setLevelCount(256);
    result.setNanHandling(QCPColorGradient::nhTransparent);
    switch (gradient) {
        case Gradient::Sequential:
            // Viridis (van der Walt & Smith) sampled at nine stops: perceptually uniform,
            // readable in grey and with every common colour-vision deficiency.
            result.setColorStops({{0.000, QColor(0x44, 0x01, 0x54)},
                                  {0.125, QColor(0x48, 0x28, 0x78)},
                                  {0.250, QColor(0x3b, 0x52, 0x8b)},
                                  {0.375, QColor(0x2c, 0x72, 0x8e)},
                                  {0.500, QColor(0x21, 0x91, 0x8c)},
                                  {0.625, QColor(0x28, 0xae, 0x80)},
                                  {0.750, QColor(0x5e, 0xc9, 0x62)},
                                  {0.875, QColor(0xad, 0xdc, 0x30)},
                                  {1.000, QColor(0xfd, 0xe7, 0x25)}});
            break;
        case Gradient::Diverging:
            // Blue – white – orange (ColorBrewer PuOr/RdBu family): sign is hue, size is depth.
            result.setColorStops({{0.00, QColor(0x05, 0x30, 0x61)},
                                  {0.20, QColor(0x21, 0x66, 0xac)},
                                  {0.40, QColor(0x92, 0xc5, 0xde)},
                                  {0.50, QColor(0xf7, 0xf7, 0xf7)},
                                  {0.60, QColor(0xfd, 0xb8, 0x63)},
                                  {0.80, QColor(0xe0, 0x82, 0x14)},
                                  {1.00, QColor(0x7f, 0x3b, 0x08)}});
            break;
    }
    return result;
}

void setColorMapGradient(QCPColorMap* map, Gradient gradient) {
    map->setGradient(colorGradient(gradient));
    map->setInterpolate(false);
}

void applyPlotTheme(QCustomPlot* plot, const PlotTheme& theme) {
    plot->setBackground(theme.background);
    plot->setFont(themeFont(theme, 0));
    // elements(true) also walks each axis rect's inset layout, where legends usually live.
    const QList<QCPLayoutElement*> elements = plot->plotLayout()->elements(true);
    for (QCPLayoutElement* element : elements) {
        if (auto* rect = qobject_cast<QCPAxisRect*>(element)) {
            for (QCPAxis* axis : rect->axes()) styleAxis(axis, theme);
            rect->setBackground(Qt::NoBrush);
        } else if (auto* scale = qobject_cast<QCPColorScale*>(element)) {
            styleAxis(scale->axis(), theme);
        } else if (auto* legend = qobject_cast<QCPLegend*>(element)) {
            legend->setFont(themeFont(theme, 0));
            legend->setTextColor(theme.foreground);
            QColor fill = theme.background;
            fill.setAlpha(225);
            legend->setBrush(fill);
            legend->setBorderPen(QPen(theme.grid, 1.0));
            legend->setIconSize(theme.presenter ? QSize(40, 22) : QSize(28, 16));
        } else if (auto* title = qobject_cast<QCPTextElement*>(element)) {
            const bool subtitle = PlotPartState<Subtitle>::of(plot).find(title) != nullptr;
            title->setFont(subtitle ? themeFont(theme, 1) : themeFont(theme, 2, true));
            title->setTextColor(theme.foreground);
        }
    }
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* plottable = plot->plottable(i);
        if (const SeriesStyle* style = seriesStyleOf(plottable)) {
            plottable->setPen(seriesPen(*style, theme));
            plottable->setBrush(seriesBrush(*style, theme));
        }
        if (auto* graph = qobject_cast<QCPGraph*>(plottable)) recolourSquareMarks(graph);
    }
    for (int i = 0; i < plot->itemCount(); ++i) {
        QCPAbstractItem* item = plot->item(i);
        if (const SeriesStyle* style = seriesStyleOf(item)) {
            penItem(item, *style, theme);
        } else if (auto* text = qobject_cast<QCPItemText*>(item)) {
            text->setColor(theme.foreground);
            text->setFont(themeFont(theme, 0));
        }
    }
}

}  // namespace ropelab::ui
