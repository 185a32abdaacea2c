// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/stepped_text_ticker.h"

#include <cmath>

namespace ropelab::ui {

SteppedTextTicker* SteppedTextTicker::on(QCPAxis* axis) {
    auto* ticker = dynamic_cast<SteppedTextTicker*>(axis->ticker().data());
    if (ticker == nullptr) {
        auto made = QSharedPointer<SteppedTextTicker>::create();
        axis->setTicker(made);
        ticker = made.data();
    }
    ticker->clear();
    return ticker;
}

void SteppedTextTicker::addPowersOfTwo(double low, double high, int labels) {
    const int from = static_cast<int>(std::floor(std::log2(low)));
    const int to = static_cast<int>(std::ceil(std::log2(high)));
    for (int k = from; k <= to; ++k)
        addTick(std::ldexp(1.0, k), QString::number(std::ldexp(1.0, k), 'g', 6));
    setLeastStep((to - from) / labels);
    setAnchor(1.0);
}

QVector<double> SteppedTextTicker::createTickVector(double tickStep, const QCPRange& range) {
    const QVector<double> all = QCPAxisTickerText::createTickVector(tickStep, range);
    const int shown = step();
    if (shown == 1 || mTicks.isEmpty()) return all;
    // Indices count in the whole table, so a tick keeps its place when the range moves.
    const auto anchor = mTicks.constFind(anchor_);
    const auto first = anchor == mTicks.constEnd() ? mTicks.constBegin() : anchor;
    const auto firstIndex = std::distance(mTicks.constBegin(), first);
    QVector<double> kept;
    for (double key : all) {
        const auto index = std::distance(mTicks.constBegin(), mTicks.constFind(key));
        if ((index - firstIndex) % shown == 0) kept.append(key);
    }
    return kept;
}

}  // namespace ropelab::ui
