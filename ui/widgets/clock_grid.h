// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A grid of numbered clock faces on a plot: unit circles in rows, each with one hand, and one
// chosen hand drawn apart. The hands sit on a layer of their own above the faces, so new angles
// repaint that layer alone; the plot shows no axes. The caller gives the number of clocks and the
// hands' directions.

#include <QPointF>
#include <vector>

class QCustomPlot;
class QCPCurve;
class QCPItemText;
class QCPLayer;

namespace ropelab::ui {

struct PlotTheme;

class ClockGrid {
public:
    ClockGrid(QCustomPlot* plot, const PlotTheme& theme);

    QCPLayer* handsLayer() const { return handsLayer_; }
    QCPCurve* hands() const { return hands_; }
    QCPCurve* chosenHand() const { return chosenHand_; }

    // `count` faces in a near-square grid, numbered as far as the theme's font leaves room,
    // and the view fitted to them.
    void drawFaces(int count, const PlotTheme& theme);
    // Hand i along `directions[i]` (unit length), the chosen one on a curve of its own.
    void drawHands(const std::vector<QPointF>& directions, int chosen);

private:
    QCustomPlot* plot_;
    QCPCurve* faces_;
    QCPCurve* hands_;
    QCPCurve* chosenHand_;
    QCPLayer* handsLayer_;
    std::vector<QCPItemText*> labels_;
};

}  // namespace ropelab::ui
