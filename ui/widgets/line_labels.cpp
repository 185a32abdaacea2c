// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/line_labels.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <utility>

#include "widgets/plot_fit.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

LabelledLine addLabelledLine(QCustomPlot* plot, const SeriesStyle& style, const PlotTheme& theme) {
    auto* line = new QCPItemStraightLine(plot);
    setSeriesStyle(line, style, theme);
    auto* label = new PlotLabel(plot);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    wrapInsideAxisRect(label);
    setSeriesStyle(label, {style.series}, theme);
    return {line, label};
}

void placeLabelledLine(const LabelledLine& line, double value, double x, bool fromRight) {
    line.line->point1->setCoords(0.0, value);
    line.line->point2->setCoords(1.0, value);
    line.label->setPositionAlignment((fromRight ? Qt::AlignRight : Qt::AlignLeft) |
                                     Qt::AlignBottom);
    line.label->position->setCoords(fromRight ? 1.0 - x : x, value);
}

void separateLineLabels(const std::vector<PlotLabel*>& labels) {
    std::vector<PlotLabel*> shown;
    for (PlotLabel* label : labels) {
        const Qt::Alignment across = label->positionAlignment() & Qt::AlignHorizontal_Mask;
        label->setPositionAlignment(across | Qt::AlignBottom);
        if (label->visible()) shown.push_back(label);
    }
    // Above its line a label spans [line − height, line] in pixels (y grows downwards).
    const auto spanAbove = [](const PlotLabel* label) {
        const double line = label->position->pixelPosition().y();
        return std::pair{line - label->boxSize(label->text()).height(), line};
    };
    for (PlotLabel* upper : shown) {
        const Qt::Alignment across = upper->positionAlignment() & Qt::AlignHorizontal_Mask;
        const auto [upperTop, upperBottom] = spanAbove(upper);
        for (PlotLabel* lower : shown) {
            if ((lower->positionAlignment() & Qt::AlignHorizontal_Mask) != across ||
                lower->position->pixelPosition().y() <= upperBottom) {
                continue;
            }
            const auto [top, bottom] = spanAbove(lower);
            if (top < upperBottom && upperTop < bottom)
                lower->setPositionAlignment(across | Qt::AlignTop);
        }
    }
}

bool shortenWhereAWordOverflows(PlotLabel* label, const QString& full, const QString& shorter) {
    if (!label->visible() || full.isEmpty()) return false;
    const QCustomPlot* plot = label->parentPlot();
    const QCPAxisRect* rect = label->position->axisRect();
    // An export lays the plot out at the file's size, not the widget's.
    const bool onScreen = plot->viewport().width() == plot->width();
    const double room = roomInsideAxisRect(label);
    const QFontMetricsF metrics(label->font());
    double widest = 0.0;
    for (const QString& word : full.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        widest = std::max(widest, metrics.horizontalAdvance(word));
    const bool shorten = onScreen && rect->width() >= 50 && widest > room;
    const QString& text = shorten ? shorter : full;
    // Wrapping put line breaks where the spaces were.
    if (QString(label->text()).replace(QLatin1Char('\n'), QLatin1Char(' ')) == text) return false;
    label->setText(text);
    return true;
}

}  // namespace ropelab::ui
