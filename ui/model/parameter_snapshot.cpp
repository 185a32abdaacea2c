// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_snapshot.h"

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

}  // namespace ropelab::ui
