// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which elements of a vector are joined in pairs: a square per element on a line, an arc over
// each pair (taller the further apart its ends), and one chosen pair highlighted on a layer
// above the others. The caller says which elements pair up.

#include <utility>
#include <vector>

class QCustomPlot;
class QCPCurve;
class QCPGraph;

namespace ropelab::ui {

struct PlotTheme;

class PairArcDiagram {
public:
    // Hides the plot's y axis and grids; the x axis counts the elements.
    PairArcDiagram(QCustomPlot* plot, const PlotTheme& theme);

    // Elements 0 … count − 1, an arc over each of `pairs`, and `chosen` highlighted.
    void show(int count, const std::vector<std::pair<int, int>>& pairs, std::pair<int, int> chosen);

private:
    QCustomPlot* plot_;
    QCPGraph* elements_;
    QCPCurve* arcs_;
    QCPCurve* chosenArc_;
    QCPGraph* chosenElements_;
};

}  // namespace ropelab::ui
