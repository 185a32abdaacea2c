// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/score_plot_helpers.h"

#include "widgets/heat_map.h"
#include "widgets/plot_helpers.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace ropelab::ui {

namespace {

// The colour range `range` asks for over the grid's finite values; none when none is finite.
std::optional<QCPRange> gridRange(const PooledGrid& grid, HeatRange range) {
    double lo = INFINITY;
    double hi = -INFINITY;
    for (int row = 0; row < grid.height; ++row) {
        for (int col = 0; col < grid.width; ++col) {
            const double v = grid.at(row, col);
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
    }
    if (!(lo <= hi)) return std::nullopt;
    if (range == HeatRange::Symmetric) {
        const double span = std::max({std::abs(lo), std::abs(hi), 1e-300});
        return QCPRange(-span, span);
    }
    return lo < hi ? QCPRange(lo, hi) : QCPRange(lo - 0.5, hi + 0.5);
}

// Both axes over positions 0 … positions − 1, the query axis running downwards like a matrix.
void showPositionAxes(const HeatMap& heat, std::int64_t positions) {
    QCPAxis* x = heat.map->keyAxis();
    QCPAxis* y = heat.map->valueAxis();
    x->setRange(-0.5, static_cast<double>(positions) - 0.5);
    y->setRange(-0.5, static_cast<double>(positions) - 0.5);
    y->setRangeReversed(true);
}

}  // namespace

void showPooledGrid(const HeatMap& heat, const PooledGrid& grid, std::int64_t positions,
                    HeatRange range) {
    heat.map->setData(colorMapData(grid, positions, positions).release(), false);
    const std::optional<QCPRange> span = gridRange(grid, range);
    if (!span) return;
    heat.map->setDataRange(*span);
    showPositionAxes(heat, positions);
}

ColouredCells colourPooledGrid(const PooledGrid& grid, std::int64_t positions, Gradient gradient,
                               HeatRange range) {
    // No finite value: every cell is transparent whatever the range.
    return colourCells(colorMapData(grid, positions, positions), colorGradient(gradient),
                       gridRange(grid, range).value_or(QCPRange(-1.0, 1.0)));
}

void showColouredGrid(const HeatMap& heat, ColouredCells cells, std::int64_t positions) {
    heat.map->setColouredCells(std::move(cells));
    showPositionAxes(heat, positions);
}

namespace {

// Ticks at powers of ten written 10⁵, 10⁻³ (1 and 10 as they are): QCustomPlot's "eb" format is
// drawn as 1E+05 wherever its beautiful powers are not painted (exports, narrow labels).
class PowerOfTenTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar,
                         int precision) override {
        if (!(tick > 0.0))
            return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
        const int exponent = static_cast<int>(std::lround(std::log10(tick)));
        if (exponent == 0) return QStringLiteral("1");
        if (exponent == 1) return QStringLiteral("10");
        return QStringLiteral("10") + superscriptNumber(exponent);
    }
};

}  // namespace

void setLogAxis(QCPAxis* axis) {
    axis->setScaleType(QCPAxis::stLogarithmic);
    QSharedPointer<QCPAxisTickerLog> ticker(new PowerOfTenTicker);
    ticker->setLogBase(10);
    ticker->setSubTickCount(8);
    axis->setTicker(ticker);
}

}  // namespace ropelab::ui
