// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/long_curve.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "analysis/curve_envelope.h"
#include "style/plot_part_state.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

namespace {

// A plottable that only draws.
struct DrawingOnly {};

}  // namespace

bool drawsOnly(const QCPAbstractPlottable* plottable) {
    return PlotPartState<DrawingOnly>::of(plottable->parentPlot()).find(plottable) != nullptr;
}

namespace {

// One column of a zig-zag band; the order alternates so consecutive columns join at the near end.
void appendZigZag(QVector<double>& x, QVector<double>& y, int column, double centre, double low,
                  double high) {
    const bool downwards = column % 2 == 0;
    x << centre << centre;
    y << (downwards ? high : low) << (downwards ? low : high);
}

}  // namespace

EnvelopeBand addEnvelopeBand(QCPAxis* x, QCPAxis* y, const QString& name) {
    QCustomPlot* plot = x->parentPlot();
    EnvelopeBand band{addGraph(plot, x, y), addGraph(plot, x, y), addGraph(plot, x, y)};
    band.low->setName(name + QStringLiteral(" min"));
    band.high->setName(name + QStringLiteral(" max"));
    for (QCPGraph* line : {band.low, band.high}) {
        line->setPen(Qt::NoPen);
        line->removeFromLegend();
    }
    PlotPartState<DrawingOnly>::of(band.band->parentPlot())[band.band] = {};
    band.band->removeFromLegend();
    return band;
}

void showEnvelopeBand(const EnvelopeBand& band, const QVector<double>& x,
                      const QVector<double>& low, const QVector<double>& high) {
    band.low->setData(x, low, true);
    band.high->setData(x, high, true);
    QVector<double> zx, zy;
    zx.reserve(2 * x.size());
    zy.reserve(2 * x.size());
    for (qsizetype c = 0; c < x.size(); ++c) {
        appendZigZag(zx, zy, static_cast<int>(c), x[c], low[c], high[c]);
    }
    band.band->setData(zx, zy, true);
    antialiasUnlessDense(band.band);
}

double showEnvelopeBand(const EnvelopeBand& band, const CurveEnvelope& envelope, double firstX,
                        bool logCentres) {
    QVector<double> x, low, high;
    double largest = 0.0;
    for (int c = 0; c < envelope.columns(); ++c) {
        const double first = firstX + static_cast<double>(envelope.columnStart(c));
        const double last = firstX + static_cast<double>(envelope.columnStart(c + 1) - 1);
        x.append(logCentres ? std::sqrt(first * last) : 0.5 * (first + last));
        low.append(envelope.minimum(c));
        high.append(envelope.maximum(c));
        largest = std::max({largest, std::abs(envelope.minimum(c)), std::abs(envelope.maximum(c))});
    }
    showEnvelopeBand(band, x, low, high);
    return largest;
}

void setEnvelopeBandVisible(const EnvelopeBand& band, bool visible) {
    for (QCPGraph* graph : {band.low, band.high, band.band}) graph->setVisible(visible);
}

void showLongCurve(QCPGraph* graph, double firstX, double stepX, const std::vector<double>& samples,
                   int columns) {
    const auto n = static_cast<std::int64_t>(samples.size());
    QVector<double> x, y;
    if (n <= 2 * std::int64_t(columns)) {
        x.resize(n);
        for (std::int64_t i = 0; i < n; ++i) x[i] = firstX + double(i) * stepX;
        y = toQVector(samples);
    } else {
        CurveEnvelope envelope(n, columns);
        envelope.add(0, samples);
        x.reserve(2 * envelope.columns());
        y.reserve(2 * envelope.columns());
        for (int c = 0; c < envelope.columns(); ++c) {
            const double centre =
                firstX +
                0.5 * double(envelope.columnStart(c) + envelope.columnStart(c + 1) - 1) * stepX;
            appendZigZag(x, y, c, centre, envelope.minimum(c), envelope.maximum(c));
        }
    }
    graph->setData(x, y, true);
    antialiasUnlessDense(graph);
}

}  // namespace ropelab::ui
