// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Two 2D vectors turned about the origin, drawn at their true lengths on an equal-aspect plot:
// each with the circle its tip runs on, its earlier tips as dots, its start as a dashed arrow,
// its turned arrow named just beyond the tip; the angle from the second to the first as a wedge
// at the centre, its text in the top-left corner. The caller gives the vectors and the texts.

#include <QPointF>
#include <QVector>
#include <array>

#include "style/plot_style.h"

class QCustomPlot;
class QCPCurve;
class QCPGraph;
class QCPItemLine;

namespace ropelab::ui {

class PlotLabel;

// Vectors [0] and [1] before and after turning.
struct TurnedPair {
    std::array<QPointF, 2> starts, tips;
    std::array<QVector<double>, 2> trailX, trailY;  // the tips at earlier turns
    double angle = 0.0;                             // from tip [1] to tip [0], radians
};

class VectorPairView {
public:
    // Vector s in series[s], the angle in `angleSeries`.
    VectorPairView(QCustomPlot* plot, std::array<Series, 2> series, Series angleSeries,
                   const PlotTheme& theme);

    void setNames(const QString& first, const QString& second);
    QCPCurve* angleArc() const { return angleArc_; }
    PlotLabel* angleLabel() const { return angleLabel_; }

    // Draws `pair` and fits the view to its longest vector.
    void show(const TurnedPair& pair);

private:
    struct Side {
        QCPCurve* circle;
        QCPGraph* trail;
        QCPItemLine* start;
        QCPItemLine* arrow;
        PlotLabel* label;
    };
    QCustomPlot* plot_;
    std::array<Side, 2> sides_{};
    QCPCurve* angleArc_;
    PlotLabel* angleLabel_;
};

}  // namespace ropelab::ui
