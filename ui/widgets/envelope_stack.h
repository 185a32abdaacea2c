// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Long curves one under another, each an envelope band (long_curve) on axes of its own, since
// noisy curves on one axis hide each other; one symmetric y range for all, so that their sizes
// compare at a glance.

#include <QString>
#include <functional>
#include <vector>

#include "widgets/long_curve.h"

class QCustomPlot;
class QCPAxisRect;

namespace ropelab {
class CurveEnvelope;
}

namespace ropelab::ui {

class EnvelopeStack {
public:
    // `capacity` bands: the first on the plot's own axis rect, each other on a rect stacked under
    // it (addStackedAxisRect), band i named name(i) in exported data. Shows one.
    EnvelopeStack(QCustomPlot* plot, int capacity, const std::function<QString(int)>& name);

    // Shows the first `count` rects one under another; the others leave the layout and are
    // hidden, with their bands.
    void show(int count);
    // Draws envelopes[i] in band i (sample s at x = firstX + s, see showEnvelopeBand) and empties
    // the bands after them. Returns the largest |value| drawn.
    double draw(const std::vector<CurveEnvelope>& envelopes, double firstX, bool logCentres);
    // Every rect's y range ±margin·span; nothing for a span of 0 (no data).
    void setSpan(double span, double margin);

    int capacity() const { return static_cast<int>(rects_.size()); }
    QCPAxisRect* rect(int index) const { return rects_[static_cast<std::size_t>(index)]; }
    const EnvelopeBand& band(int index) const { return bands_[static_cast<std::size_t>(index)]; }

private:
    std::vector<QCPAxisRect*> rects_;
    std::vector<EnvelopeBand> bands_;
};

}  // namespace ropelab::ui
