// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_model.h"

#include <algorithm>

#include "common/errors.h"
#include "model/app_limits.h"
#include "model/parameter_text.h"

namespace ropelab::ui {

ParameterModel::ParameterModel(QObject* parent) : QObject(parent) {
    values_.rope.headDim = 64;
    values_.layout = RopeLayout::HalfSplit;
    values_.queryPosition = 5;
    values_.keyPosition = 2;
    values_.sequenceLength = 256;
    values_.seed = 1;
}

bool ParameterModel::setRope(const RopeParams& params) {
    if (params == values_.rope) return true;
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
    ParameterSnapshot next = values_;
    next.rope = params;
    commit(next);
    return true;
}

bool ParameterModel::setHeadDim(int headDim) {
    RopeParams p = values_.rope;
    p.headDim = headDim;
    return setRope(p);
}

bool ParameterModel::setRopeTheta(double base) {
    RopeParams p = values_.rope;
    p.ropeTheta = base;
    return setRope(p);
}

void ParameterModel::setLayout(RopeLayout layout) {
    ParameterSnapshot next = values_;
    next.layout = layout;
    commit(next);
}

bool ParameterModel::setPositions(int queryPosition, int keyPosition) {
    if (queryPosition == values_.queryPosition && keyPosition == values_.keyPosition) return true;
    if (const QString problem = checkAppLimits(queryPosition, keyPosition, values_.sequenceLength);
        !problem.isEmpty()) {
        emit rejected(problem);
        return false;
    }
    ParameterSnapshot next = values_;
    next.queryPosition = queryPosition;
    next.keyPosition = keyPosition;
    commit(next);
    return true;
}

bool ParameterModel::setSequenceLength(int length) {
    if (length == values_.sequenceLength) return true;
    if (const QString problem = checkAppLimit("sequence_length", length); !problem.isEmpty()) {
        emit rejected(problem);
        return false;
    }
    ParameterSnapshot next = values_;
    next.sequenceLength = length;
    next.queryPosition = std::min(next.queryPosition, length - 1);
    next.keyPosition = std::min(next.keyPosition, length - 1);
    commit(next);
    return true;
}

void ParameterModel::setSeed(unsigned seed) {
    ParameterSnapshot next = values_;
    next.seed = seed;
    commit(next);
}

QString ParameterModel::setAll(const ParameterSnapshot& values) {
    if (QString refused = values.problem(); !refused.isEmpty()) return refused;
    commit(values);
    return {};
}

void ParameterModel::commit(const ParameterSnapshot& next) {
    const Parameters what = differingParameters(values_, next);
    if (!what) return;
    values_ = next;
    emit changed(what);
}

ParameterModel::Parameters differingParameters(const ParameterSnapshot& before,
                                               const ParameterSnapshot& after) {
    using P = ParameterModel::Parameter;
    ParameterModel::Parameters what;
    const RopeParams& a = before.rope;
    const RopeParams& b = after.rope;
    what.setFlag(P::HeadDim, a.headDim != b.headDim);
    what.setFlag(P::RopeTheta, a.ropeTheta != b.ropeTheta);
    RopeParams aRest = a;
    aRest.headDim = b.headDim;
    aRest.ropeTheta = b.ropeTheta;
    what.setFlag(P::RopeScaling, aRest != b);
    what.setFlag(P::Layout, before.layout != after.layout);
    what.setFlag(P::Positions, before.queryPosition != after.queryPosition ||
                                   before.keyPosition != after.keyPosition);
    what.setFlag(P::SequenceLength, before.sequenceLength != after.sequenceLength);
    what.setFlag(P::Seed, before.seed != after.seed);
    return what;
}

}  // namespace ropelab::ui
