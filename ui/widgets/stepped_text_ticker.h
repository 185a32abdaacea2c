// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ticks at chosen places with labels of their own (powers of two written 2⁻ᵏ or 1, 2, 4 …), of
// which every step-th is shown, counted from an anchor tick: fitTicksToLength widens the step
// where the labels would run into each other at the axis's laid-out length.

#include <qcustomplot.h>

namespace ropelab::ui {

class SteppedTextTicker : public QCPAxisTickerText {
public:
    // The axis's ticker if it is one (the step it was fitted to stays), else a new one set on it;
    // either way with no ticks yet.
    static SteppedTextTicker* on(QCPAxis* axis);

    // Labels are never shown closer than every `step`-th tick; the default shows every tick.
    void setLeastStep(int step) { leastStep_ = std::max(1, step); }
    int leastStep() const { return leastStep_; }
    // The tick counted from: the one at `key`, or the first where it has none.
    void setAnchor(double key) { anchor_ = key; }

    int step() const { return std::max(step_, leastStep_); }
    void setStep(int step) { step_ = step; }
    // Ticks at the powers of two from ⌊log₂ low⌋ to ⌈log₂ high⌉ written plainly (0.5, 1, 2, 4 …),
    // labelled no closer than every (ticks − 1) / labels-th, counted from 1, which keeps its label.
    void addPowersOfTwo(double low, double high, int labels);

protected:
    QVector<double> createTickVector(double tickStep, const QCPRange& range) override;

private:
    int leastStep_ = 1;
    int step_ = 1;
    double anchor_ = std::numeric_limits<double>::quiet_NaN();
};

}  // namespace ropelab::ui
