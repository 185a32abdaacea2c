// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/envelope_stack.h"

#include <qcustomplot.h>

#include <algorithm>

#include "analysis/curve_envelope.h"
#include "widgets/stacked_axis_rect.h"

namespace ropelab::ui {

EnvelopeStack::EnvelopeStack(QCustomPlot* plot, int capacity,
                             const std::function<QString(int)>& name) {
    for (int i = 0; i < capacity; ++i) {
        QCPAxisRect* rect = i == 0 ? plot->axisRect() : addStackedAxisRect(plot);
        rects_.push_back(rect);
        bands_.push_back(
            addEnvelopeBand(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft), name(i)));
    }
    show(1);
}

void EnvelopeStack::show(int count) {
    showStackedAxisRects(rects_, count);
    for (int i = 0; i < capacity(); ++i) {
        // Out of the layout a rect keeps its last geometry; hidden, its axes are not drawn.
        rect(i)->setVisible(i < count);
        setEnvelopeBandVisible(band(i), i < count);
    }
}

double EnvelopeStack::draw(const std::vector<CurveEnvelope>& envelopes, double firstX,
                           bool logCentres) {
    double span = 0.0;
    for (std::size_t i = 0; i < bands_.size(); ++i) {
        if (i < envelopes.size()) {
            span = std::max(span, showEnvelopeBand(bands_[i], envelopes[i], firstX, logCentres));
        } else {
            showEnvelopeBand(bands_[i], {}, {}, {});
        }
    }
    return span;
}

void EnvelopeStack::setSpan(double span, double margin) {
    if (span <= 0.0) return;
    for (QCPAxisRect* r : rects_) r->axis(QCPAxis::atLeft)->setRange(-margin * span, margin * span);
}

}  // namespace ropelab::ui
