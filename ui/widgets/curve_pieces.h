// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pieces of a polyline (clock faces, hands, arcs) gathered as one curve, NaN between them: one
// plottable draws them all in one batch.

#include <QPointF>
#include <QVector>
#include <limits>

#include <qcustomplot.h>

namespace ropelab::ui {

struct CurvePieces {
    QVector<double> t, x, y;
    void add(double px, double py) {
        t.push_back(t.size());
        x.push_back(px);
        y.push_back(py);
    }
    void add(QPointF p) { add(p.x(), p.y()); }
    // Ends the piece added last: the next point starts a new one.
    void end() {
        add(std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN());
    }
    void drawOn(QCPCurve* curve) const { curve->setData(t, x, y, true); }
};

}  // namespace ropelab::ui
