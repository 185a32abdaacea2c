// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every value of the shared ParameterModel as one comparable value: what sessions save and what
// undo/redo steps between.

#include <QString>

#include "encodings/rope_params.h"

namespace ropelab::ui {

class ParameterModel;

struct ParameterSnapshot {
    RopeParams rope;
    RopeLayout layout = RopeLayout::HalfSplit;
    int queryPosition = 0;
    int keyPosition = 0;
    int sequenceLength = 1;
    unsigned seed = 1;

    static ParameterSnapshot of(const ParameterModel& model);

    // Empty when every value is inside the app's limits (model/app_limits.h) and core accepts
    // the configuration; otherwise the first reason, in one line.
    QString problem() const;

    bool operator==(const ParameterSnapshot&) const = default;
};

}  // namespace ropelab::ui
