// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/stacked_axis_rect.h"

#include <qcustomplot.h>

namespace ropelab::ui {

QCPAxisRect* addStackedAxisRect(QCustomPlot* plot) {
    QCPAxisRect* first = plot->axisRect();
    QCPMarginGroup* margins = first->marginGroup(QCP::msLeft);
    if (margins == nullptr) {
        margins = new QCPMarginGroup(plot);
        first->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    }
    auto* rect = new QCPAxisRect(plot);
    rect->axis(QCPAxis::atTop)->setVisible(false);
    rect->axis(QCPAxis::atRight)->setVisible(false);
    rect->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
    return rect;
}

void showStackedAxisRects(const std::vector<QCPAxisRect*>& rects, int count) {
    QCPLayoutGrid* layout = rects.front()->parentPlot()->plotLayout();
    const QList<QCPLayoutElement*> present = layout->elements(false);
    bool taken = false;
    for (std::size_t b = static_cast<std::size_t>(count); b < rects.size(); ++b) {
        if (!present.contains(rects[b])) continue;
        layout->take(rects[b]);
        taken = true;
    }
    if (taken) layout->simplify();
    int first = 0;
    while (layout->element(first, 0) != rects.front()) ++first;
    for (int b = 1; b < count; ++b) {
        QCPAxisRect* rect = rects[static_cast<std::size_t>(b)];
        if (!present.contains(rect)) layout->addElement(first + b, 0, rect);
    }
}

}  // namespace ropelab::ui
