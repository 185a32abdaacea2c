// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Curves with far more samples than pixel columns (score against distance), drawn as each
// column's extremes.

#include <QString>
#include <QVector>
#include <vector>

class QCPAbstractPlottable;
class QCPAxis;
class QCPGraph;

namespace ropelab {
class CurveEnvelope;
}

namespace ropelab::ui {

// A long sampled curve, sample i at x = firstX + i·stepX: the samples themselves when there are at
// most two per column, else each column's max and min (every peak survives) as one zig-zag line
// that paints the envelope solid — a few thousand segments instead of one per sample.
void showLongCurve(QCPGraph* graph, double firstX, double stepX, const std::vector<double>& samples,
                   int columns);

// Column minima and maxima of a long curve, drawn as one solid band: a zig-zag through every
// column's max and min (a channel fill between the two lines paints about ten times slower). The
// low and high graphs hold the data for CSV export (named `name` min / max) and draw nothing; the
// zig-zag is for drawing only. Style the band graph with setSeriesStyle.
struct EnvelopeBand {
    QCPGraph* low = nullptr;
    QCPGraph* high = nullptr;
    QCPGraph* band = nullptr;
};
EnvelopeBand addEnvelopeBand(QCPAxis* x, QCPAxis* y, const QString& name);
void showEnvelopeBand(const EnvelopeBand& band, const QVector<double>& x,
                      const QVector<double>& low, const QVector<double>& high);
// The band of `envelope`, whose sample s stands at x = firstX + s: each column at the centre of its
// samples (the geometric centre for columns made for a logarithmic axis). Returns the largest
// |value| drawn, for a y range shared between plots.
double showEnvelopeBand(const EnvelopeBand& band, const CurveEnvelope& envelope, double firstX,
                        bool logCentres = false);
void setEnvelopeBandVisible(const EnvelopeBand& band, bool visible);
// Whether `plottable` only draws (a band's zig-zag), holding no data of its own: CSV export skips
// it.
bool drawsOnly(const QCPAbstractPlottable* plottable);

}  // namespace ropelab::ui
