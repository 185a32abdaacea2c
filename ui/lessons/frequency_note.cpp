// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/frequency_note.h"

#include <QCoreApplication>

#include "encodings/rope_frequencies.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

namespace {

// The translation context of this file's sentences (nothing here is a QObject).
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::FrequencyNote)
};

QString number(double value) {
    return QString::number(value, 'g', 4);
}

}  // namespace

QString frequencyNote(const RopeParams& params) {
    const RopeFrequencies freqs = ropeFrequencies(params);
    const int last = freqs.pairs() - 1;
    QString text;
    if (hasDefaultFrequencies(freqs, params.ropeTheta)) {
        text = Tr::tr(
                   "Here θᵢ = base^(−2i/d) = %1^(−2i/%2): θ₀ = %3 rad/token, the slowest pair "
                   "θ%4 = %5 rad/token.")
                   .arg(QString::number(params.ropeTheta, 'g', 12))
                   .arg(freqs.rotaryDim)
                   .arg(number(freqs.invFreq.front()))
                   .arg(subscriptNumber(last))
                   .arg(number(freqs.invFreq.back()));
    } else {
        text = Tr::tr(
                   "Here rope_type %1 slows pairs down (lesson 7), so θᵢ = base^(−2i/d) no "
                   "longer holds for every pair: θ₀ = %2 rad/token, the slowest pair θ%3 = %4 "
                   "rad/token.")
                   .arg(QString::fromUtf8(toString(params.ropeType).data()))
                   .arg(number(freqs.invFreq.front()))
                   .arg(subscriptNumber(last))
                   .arg(number(freqs.invFreq.back()));
    }
    if (freqs.rotaryDim < freqs.headDim) {
        text += QLatin1Char(' ') + Tr::tr(
                                       "Only the first %1 of the %2 components are turned "
                                       "(partial_rotary_factor); d in the formula is %1.")
                                       .arg(freqs.rotaryDim)
                                       .arg(freqs.headDim);
    }
    if (freqs.attentionFactor != 1.0) {
        text += QLatin1Char(' ') +
                Tr::tr(
                    "cos and sin are also multiplied by the attention factor a = %1: every "
                    "turned pair is %1 times as long, the turned part of q·k is a² = %2 times "
                    "larger, and on the turned components R(p) is a rotation times %1, so its "
                    "singular values there are %1, not 1.")
                    .arg(number(freqs.attentionFactor))
                    .arg(number(freqs.attentionFactor * freqs.attentionFactor));
        if (freqs.rotaryDim < freqs.headDim) {
            text += QLatin1Char(' ') +
                    Tr::tr(
                        "The %1 components that are not turned are not scaled: their "
                        "singular values stay 1.")
                        .arg(freqs.headDim - freqs.rotaryDim);
        }
    }
    return text;
}

}  // namespace ropelab::ui
