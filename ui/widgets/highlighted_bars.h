// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bars of one value per key, one of them drawn over in a second style: the item chosen among
// many. A handle: copies set the same bars, which the plot owns.

#include <QVector>

#include "style/plot_style.h"

class QCPAxis;
class QCPBars;

namespace ropelab::ui {

class HighlightedBars {
public:
    // `base`: where the bars start (above 0 on a logarithmic value axis).
    HighlightedBars(QCPAxis* keyAxis, QCPAxis* valueAxis, const SeriesStyle& all,
                    const SeriesStyle& chosen, double width, double base, const PlotTheme& theme);

    QCPBars* bars() const { return bars_; }
    // Every bar, and the one at index `chosen` drawn over.
    void setData(const QVector<double>& keys, const QVector<double>& values, int chosen) const;

private:
    QCPBars* bars_;
    QCPBars* chosen_;
};

}  // namespace ropelab::ui
