// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/vector_pair_view.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

namespace {

constexpr int kArcPoints = 64;
constexpr int kCirclePoints = 256;
constexpr double kCircleExtent = 1.38;  // the square shown, in units of the longer arrow

double length(QPointF v) {
    return std::hypot(v.x(), v.y());
}

QPointF unitDirection(QPointF v) {
    const double l = length(v);
    if (l == 0.0) return {0.0, 0.0};
    return v / l;
}

void placeArrow(QCPItemLine* arrow, QPointF tip) {
    arrow->start->setCoords(0.0, 0.0);
    arrow->end->setCoords(tip);
}

}  // namespace

VectorPairView::VectorPairView(QCustomPlot* plot, std::array<Series, 2> series, Series angleSeries,
                               const PlotTheme& theme)
    : plot_(plot) {
    // Each part for vector [0], then for [1], in drawing order.
    for (int s : {0, 1}) {
        sides_[s].circle = addCurve(plot->xAxis, plot->yAxis);
        setSeriesStyle(sides_[s].circle, {series[s], Qt::DotLine, 0.6}, theme);
    }
    angleArc_ = addCurve(plot->xAxis, plot->yAxis);
    setSeriesStyle(angleArc_, {angleSeries, Qt::SolidLine, 0.9, 50}, theme);
    for (int s : {0, 1}) {
        sides_[s].trail =
            addMarks(plot, QCPScatterStyle::ssDisc, 7, {series[s], Qt::SolidLine, 0.6}, theme);
    }
    for (int s : {0, 1}) sides_[s].start = addArrow(plot, {series[s], Qt::DashLine, 0.6}, theme);
    for (int s : {0, 1}) sides_[s].arrow = addArrow(plot, {series[s], Qt::SolidLine, 1.4}, theme);
    const auto makeLabel = [plot, &theme](Series labelSeries) {
        auto* label = new PlotLabel(plot);
        label->setPositionAlignment(Qt::AlignCenter);
        label->setPadding(QMargins(3, 1, 3, 1));
        setSeriesStyle(label, {labelSeries, Qt::SolidLine, 1.2}, theme);
        return label;
    };
    for (int s : {0, 1}) sides_[s].label = makeLabel(series[s]);
    angleLabel_ = makeLabel(angleSeries);
    // In a corner, so it never sits on an arrow however small the angle is.
    angleLabel_->position->setType(QCPItemPosition::ptAxisRectRatio);
    angleLabel_->position->setCoords(0.02, 0.03);
    angleLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    plot->legend->setVisible(false);
}

void VectorPairView::setNames(const QString& first, const QString& second) {
    sides_[0].label->setText(first);
    sides_[1].label->setText(second);
}

void VectorPairView::show(const TurnedPair& pair) {
    const std::array<double, 2> radii{length(pair.tips[0]), length(pair.tips[1])};
    const double longest =
        std::max({length(pair.starts[0]), length(pair.starts[1]), radii[0], radii[1], 1e-9});
    const double extent = kCircleExtent * longest;  // half the side of the square shown
    keepEqualAspect(plot_, QRectF(-extent, -extent, 2 * extent, 2 * extent));
    // Labels just beyond the tips, a fixed share of the view away.
    const double labelGap = 0.12 * extent;
    for (int s : {0, 1}) {
        const QPointF tip = pair.tips[s];
        setArc(sides_[s].circle, radii[s], 0.0, 2.0 * std::numbers::pi, kCirclePoints);
        placeArrow(sides_[s].start, pair.starts[s]);
        placeArrow(sides_[s].arrow, tip);
        sides_[s].trail->setData(pair.trailX[s], pair.trailY[s]);
        sides_[s].label->placeInside(tip + labelGap * unitDirection(tip));
    }

    // The angle from the second to the first, drawn as a wedge at the centre.
    const double secondAngle = std::atan2(pair.tips[1].y(), pair.tips[1].x());
    setArc(angleArc_, 0.5 * std::min(radii[0], radii[1]), secondAngle, pair.angle, kArcPoints,
           true);
}

}  // namespace ropelab::ui
