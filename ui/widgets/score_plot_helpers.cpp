// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/score_plot_helpers.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace ropelab::ui {

namespace {

// The middle position of block `cell`, as core's pooling splits the positions.
double blockCentre(std::int64_t positions, int cells, int cell) {
    const std::int64_t first = poolBlockStart(positions, cells, cell);
    const std::int64_t end = poolBlockStart(positions, cells, cell + 1);
    return 0.5 * static_cast<double>(first + end - 1);
}

}  // namespace

void showPooledGrid(const HeatMap& heat, const PooledGrid& grid, std::int64_t positions,
                    HeatRange range) {
    QCPColorMapData* data = heat.map->data();
    data->setSize(grid.width, grid.height);
    if (grid.width < 1 || grid.height < 1) return;
    data->setRange(QCPRange(blockCentre(positions, grid.width, 0),
                            blockCentre(positions, grid.width, grid.width - 1)),
                   QCPRange(blockCentre(positions, grid.height, 0),
                            blockCentre(positions, grid.height, grid.height - 1)));
    double lo = INFINITY;
    double hi = -INFINITY;
    for (int row = 0; row < grid.height; ++row) {
        for (int col = 0; col < grid.width; ++col) {
            const double v = grid.at(row, col);
            data->setCell(col, row, v);
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    if (!(lo <= hi)) return;
    if (range == HeatRange::Symmetric) {
        const double span = std::max({std::abs(lo), std::abs(hi), 1e-300});
        heat.map->setDataRange(QCPRange(-span, span));
    } else {
        heat.map->setDataRange(lo < hi ? QCPRange(lo, hi) : QCPRange(lo - 0.5, hi + 0.5));
    }
    QCPAxis* x = heat.map->keyAxis();
    QCPAxis* y = heat.map->valueAxis();
    x->setRange(-0.5, static_cast<double>(positions) - 0.5);
    y->setRange(-0.5, static_cast<double>(positions) - 0.5);
    y->setRangeReversed(true);
}

void setLogAxis(QCPAxis* axis) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
    axis->setNumberFormat(QStringLiteral("eb"));
    axis->setNumberPrecision(0);
}

}  // namespace ropelab::ui
