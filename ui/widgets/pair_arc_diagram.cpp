// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/pair_arc_diagram.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "style/plot_style.h"
#include "widgets/curve_pieces.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

PairArcDiagram::PairArcDiagram(QCustomPlot* plot, const PlotTheme& theme) : plot_(plot) {
    plot->yAxis->setVisible(false);
    plot->yAxis->grid()->setVisible(false);
    plot->xAxis->grid()->setVisible(false);
    plot->yAxis->setRange(-0.35, 1.45);
    elements_ = addMarks(plot, QCPScatterStyle::ssSquare, 7, {Series::Reference}, theme);
    arcs_ = addCurve(plot->xAxis, plot->yAxis);
    arcs_->removeFromLegend();
    setSeriesStyle(arcs_, {Series::Reference, Qt::SolidLine, 0.6}, theme);
    // The chosen pair on a layer above the other arcs.
    plot->addLayer(QStringLiteral("highlight"));
    chosenArc_ = addCurve(plot->xAxis, plot->yAxis);
    chosenArc_->setLayer(QStringLiteral("highlight"));
    setSeriesStyle(chosenArc_, {Series::Key, Qt::SolidLine, 1.3}, theme);
    chosenElements_ = addMarks(plot, QCPScatterStyle::ssSquare, 11, {Series::Key}, theme);
    chosenElements_->setLayer(QStringLiteral("highlight"));
}

void PairArcDiagram::show(int count, const std::vector<std::pair<int, int>>& pairs,
                          std::pair<int, int> chosen) {
    QVector<double> cx(count), cy(count, 0.0);
    for (int j = 0; j < count; ++j) cx[j] = j;
    elements_->setData(cx, cy, true);

    const auto addArc = [count](int a, int b, CurvePieces& arcs) {
        const double span = b - a;
        const double height = 0.35 + 0.9 * std::sqrt(span / std::max(count - 1, 1));
        constexpr int kArcSteps = 24;
        for (int k = 0; k <= kArcSteps; ++k) {
            const double phi = std::numbers::pi * k / kArcSteps;
            arcs.add(a + span * (1.0 - std::cos(phi)) / 2.0, height * std::sin(phi));
        }
    };
    CurvePieces arcs;
    for (const auto& [a, b] : pairs) {
        addArc(a, b, arcs);
        arcs.end();
    }
    arcs.drawOn(arcs_);
    CurvePieces chosenArc;
    addArc(chosen.first, chosen.second, chosenArc);
    chosenArc.drawOn(chosenArc_);
    chosenElements_->setData({double(chosen.first), double(chosen.second)}, {0.0, 0.0});
    plot_->xAxis->setRange(-1.0, count);
}

}  // namespace ropelab::ui
