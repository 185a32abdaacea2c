// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/highlighted_bars.h"

#include <qcustomplot.h>

namespace ropelab::ui {

HighlightedBars::HighlightedBars(QCPAxis* keyAxis, QCPAxis* valueAxis, const SeriesStyle& all,
                                 const SeriesStyle& chosen, double width, double base,
                                 const PlotTheme& theme)
    : bars_(new QCPBars(keyAxis, valueAxis)), chosen_(new QCPBars(keyAxis, valueAxis)) {
    setSeriesStyle(bars_, all, theme);
    setSeriesStyle(chosen_, chosen, theme);
    for (QCPBars* bars : {bars_, chosen_}) {
        bars->setWidth(width);
        bars->setBaseValue(base);
    }
}

void HighlightedBars::setData(const QVector<double>& keys, const QVector<double>& values,
                              int chosen) const {
    bars_->setData(keys, values, true);
    chosen_->setData({keys[chosen]}, {values[chosen]});
}

}  // namespace ropelab::ui
