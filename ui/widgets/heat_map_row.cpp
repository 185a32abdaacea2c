// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/heat_map_row.h"

#include <qcustomplot.h>

namespace ropelab::ui {

HeatMapRow::HeatMapRow(QCustomPlot* plot, int capacity, Gradient gradient)
    : row_(new QCPLayoutGrid) {
    QCPLayoutGrid* layout = plot->plotLayout();
    QCPAxisRect* first = plot->axisRect();
    layout->take(first);
    layout->simplify();
    layout->addElement(1, 0, row_);
    scale_ = new QCPColorScale(plot);
    scale_->setBarWidth(14);
    auto* margins = new QCPMarginGroup(plot);
    scale_->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    for (int b = 0; b < capacity; ++b) {
        QCPAxisRect* rect = b == 0 ? first : new QCPAxisRect(plot);
        rect->axis(QCPAxis::atTop)->setVisible(false);
        rect->axis(QCPAxis::atRight)->setVisible(false);
        rect->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
        auto* map = new ColouredMap(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        map->setColorScale(scale_);
        setColorMapGradient(map, gradient);
        rects_.push_back(rect);
        maps_.push_back(map);
    }
    show(1);
}

void HeatMapRow::show(int count) {
    const QList<QCPLayoutElement*> present = row_->elements(false);
    for (QCPAxisRect* rect : rects_) {
        if (present.contains(rect)) row_->take(rect);
    }
    if (present.contains(scale_)) row_->take(scale_);
    row_->simplify();
    for (int b = 0; b < count; ++b) row_->addElement(0, b, rects_[static_cast<std::size_t>(b)]);
    row_->addElement(0, count, scale_);
    for (std::size_t b = 0; b < maps_.size(); ++b)
        maps_[b]->setVisible(static_cast<int>(b) < count);
}

void HeatMapRow::setDataRange(const QCPRange& range) {
    for (ColouredMap* map : maps_) map->setDataRange(range);
    scale_->setDataRange(range);
}

}  // namespace ropelab::ui
