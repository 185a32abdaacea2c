// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/parameter_model.h"

#include "common/errors.h"

namespace ropelab::ui {

ParameterModel::ParameterModel(QObject* parent) : QObject(parent) {
    rope_.headDim = 64;
}

bool ParameterModel::setRope(const RopeParams& params) {
    if (params == rope_) return true;
    try {
        validate(params);
    } catch (const InputError& e) {
        emit rejected(QString::fromStdString(e.what()));
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

void ParameterModel::setPositions(int queryPosition, int keyPosition) {
    if (queryPosition == queryPosition_ && keyPosition == keyPosition_) return;
    queryPosition_ = queryPosition;
    keyPosition_ = keyPosition;
    emit changed();
}

void ParameterModel::setSequenceLength(int length) {
    if (length == sequenceLength_ || length < 1) return;
    sequenceLength_ = length;
    emit changed();
}

void ParameterModel::setSeed(unsigned seed) {
    if (seed == seed_) return;
    seed_ = seed;
    emit changed();
}

}  // namespace ropelab::ui
