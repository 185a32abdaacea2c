// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_snapshot.h"

#include <QSignalBlocker>
#include <QStringList>

#include "common/errors.h"
#include "model/app_limits.h"
#include "model/parameter_model.h"
#include "model/parameter_text.h"

namespace ropelab::ui {

ParameterSnapshot ParameterSnapshot::of(const ParameterModel& model) {
    return ParameterSnapshot{model.rope(),        model.layout(),         model.queryPosition(),
                             model.keyPosition(), model.sequenceLength(), model.seed()};
}

QString ParameterSnapshot::problem() const {
    if (QString problem = checkAppLimits(rope); !problem.isEmpty()) return problem;
    if (QString problem = checkAppLimits(queryPosition, keyPosition, sequenceLength);
        !problem.isEmpty()) {
        return problem;
    }
    try {
        validate(rope);
    } catch (const InputError& e) {
        return errorText(e);
    }
    return {};
}

QString ParameterSnapshot::applyTo(ParameterModel& model) const {
    if (QString refused = problem(); !refused.isEmpty()) return refused;
    if (*this == of(model)) return {};
    {
        // One change for the lessons instead of six recomputations.
        const QSignalBlocker block(&model);
        model.setRope(rope);
        model.setLayout(layout);
        model.setSequenceLength(sequenceLength);
        model.setPositions(queryPosition, keyPosition);
        model.setSeed(seed);
    }
    emit model.changed();
    return {};
}

QString changedParameter(const ParameterSnapshot& before, const ParameterSnapshot& after) {
    QStringList changed;
    const RopeParams& a = before.rope;
    const RopeParams& b = after.rope;
    if (a.headDim != b.headDim) changed << QStringLiteral("head_dim");
    if (a.ropeTheta != b.ropeTheta) changed << QStringLiteral("rope_theta");
    RopeParams aRest = a;
    aRest.headDim = b.headDim;
    aRest.ropeTheta = b.ropeTheta;
    if (aRest != b) changed << QStringLiteral("rope_scaling");
    if (before.layout != after.layout) changed << QStringLiteral("layout");
    if (before.queryPosition != after.queryPosition || before.keyPosition != after.keyPosition) {
        changed << QStringLiteral("positions");
    }
    if (before.sequenceLength != after.sequenceLength) changed << QStringLiteral("sequence_length");
    if (before.seed != after.seed) changed << QStringLiteral("seed");
    if (changed.size() > 1) return QStringLiteral("several");
    return changed.value(0);
}

}  // namespace ropelab::ui
