// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_model.h"

#include "common/errors.h"
#include "model/app_limits.h"
#include "model/parameter_text.h"

namespace ropelab::ui {

ParameterModel::ParameterModel(QObject* parent) : QObject(parent) {
    rope_.headDim = 64;
}

bool ParameterModel::setRope(const RopeParams& params) {
    if (params == rope_) return true;
    if (const QString problem = checkAppLimits(params); !problem.isEmpty()) {
        emit rejected(problem);
        return false;
    }
    try {
        validate(params);
    } catch (const InputError& e) {
        emit rejected(errorText(e));
        return false;
    }
    rope_ = params;
    emit changed();
    return true;
}

bool ParameterModel::setHeadDim(int headDim) {
    RopeParams p = rope_;
    p.headDim = headDim;
    return setRope(p);
}

bool ParameterModel::setRopeTheta(double base) {
    RopeParams p = rope_;
    p.ropeTheta = base;
    return setRope(p);
}

void ParameterModel::setLayout(RopeLayout layout) {
    if (layout == layout_) return;
    layout_ = layout;
    emit changed();
}

bool ParameterModel::setPositions(int queryPosition, int keyPosition) {
    if (queryPosition == queryPosition_ && keyPosition == keyPosition_) return true;
    if (const QString problem = checkAppLimits(queryPosition, keyPosition, sequenceLength_);
        !problem.isEmpty()) {
        emit rejected(problem);
        return false;
    }
    queryPosition_ = queryPosition;
    keyPosition_ = keyPosition;
    emit changed();
    return true;
}

bool ParameterModel::setSequenceLength(int length) {
    if (length == sequenceLength_) return true;
    if (const QString problem = checkAppLimit("sequence_length", length); !problem.isEmpty()) {
        emit rejected(problem);
        return false;
    }
    sequenceLength_ = length;
    emit changed();
    return true;
}

void ParameterModel::setSeed(unsigned seed) {
    if (seed == seed_) return;
    seed_ = seed;
    emit changed();
}

}  // namespace ropelab::ui
