// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/clock_grid.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "style/plot_style.h"
#include "widgets/axisless_plot.h"
#include "widgets/curve_pieces.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

namespace {

constexpr int kCirclePoints = 48;      // per clock face
constexpr double kClockSpacing = 2.6;  // clock centres, in clock radii
constexpr double kHandLength = 0.9;    // in clock radii

int clockColumns(int clocks) {
    return std::max(1, static_cast<int>(std::ceil(std::sqrt(double(clocks)))));
}

QPointF clockCentre(int clock, int columns) {
    return {(clock % columns) * kClockSpacing, -(clock / columns) * kClockSpacing};
}

}  // namespace

ClockGrid::ClockGrid(QCustomPlot* plot, const PlotTheme& theme)
    : plot_(plot),
      faces_(addCurve(plot->xAxis, plot->yAxis)),
      hands_(addCurve(plot->xAxis, plot->yAxis)),
      chosenHand_(addCurve(plot->xAxis, plot->yAxis)),
      handsLayer_(nullptr) {
    hideAxes(plot);
    setSeriesStyle(faces_, {Series::Reference, Qt::SolidLine, 0.4}, theme);
    setSeriesStyle(hands_, {Series::Query, Qt::SolidLine, 0.9}, theme);
    setSeriesStyle(chosenHand_, {Series::Key, Qt::SolidLine, 1.3}, theme);
    handsLayer_ = addOverlayLayer(plot);
    hands_->setLayer(handsLayer_);
    chosenHand_->setLayer(handsLayer_);
}

void ClockGrid::drawFaces(int count, const PlotTheme& theme) {
    const int columns = clockColumns(count);
    const int rows = (count + columns - 1) / columns;
    CurvePieces faces;
    for (int i = 0; i < count; ++i) {
        const QPointF c = clockCentre(i, columns);
        for (int k = 0; k <= kCirclePoints; ++k) {
            const double phi = 2.0 * std::numbers::pi * k / kCirclePoints;
            faces.add(c.x() + std::cos(phi), c.y() + std::sin(phi));
        }
        faces.end();
    }
    faces.drawOn(faces_);

    // Every clock numbered while they are few; then every 2nd or 4th, so numbers in the theme's
    // font (large in presenter mode) never run into the next row.
    const int step =
        count <= 16 ? 1 : (count <= 36 && !theme.presenter ? 1 : (count <= 64 ? 4 : 8));
    const int labelled = (count + step - 1) / step;
    while (static_cast<int>(labels_.size()) > labelled) {
        plot_->removeItem(labels_.back());
        labels_.pop_back();
    }
    while (static_cast<int>(labels_.size()) < labelled) {
        auto* label = new PlotLabel(plot_);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        setSeriesStyle(label, {Series::Neutral, Qt::SolidLine, 0.8}, theme);
        labels_.push_back(label);
    }
    for (int l = 0; l < labelled; ++l) {
        const int i = l * step;
        QCPItemText* label = labels_[std::size_t(l)];
        label->position->setCoords(clockCentre(i, columns) + QPointF(0.0, -1.02));
        label->setText(QString::number(i));
    }
    keepEqualAspect(
        plot_, QRectF(-1.3, -(rows - 1) * kClockSpacing - 1.6, (columns - 1) * kClockSpacing + 2.6,
                      (rows - 1) * kClockSpacing + 2.9));
}

void ClockGrid::drawHands(const std::vector<QPointF>& directions, int chosen) {
    const int count = static_cast<int>(directions.size());
    const int columns = clockColumns(count);
    // Every hand but the chosen one, which is a curve of its own.
    CurvePieces hands;
    for (int i = 0; i < count; ++i) {
        if (i == chosen) continue;
        const QPointF c = clockCentre(i, columns);
        hands.add(c);
        hands.add(c + kHandLength * directions[std::size_t(i)]);
        hands.end();
    }
    hands.drawOn(hands_);
    const QPointF c = clockCentre(chosen, columns);
    const QPointF tip = c + kHandLength * directions[std::size_t(chosen)];
    chosenHand_->setData({0, 1}, {c.x(), tip.x()}, {c.y(), tip.y()});
}

}  // namespace ropelab::ui
