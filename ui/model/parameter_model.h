// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The parameters shared by every lesson (head dim, base, layout, positions, rope scaling).
// Views observe changed(); setters check the app's limits (model/app_limits.h) and core's rules
// and reject bad values with a message.

#include <QObject>
#include <QString>

#include "encodings/rope_params.h"

namespace ropelab::ui {

class ParameterModel : public QObject {
    Q_OBJECT
public:
    explicit ParameterModel(QObject* parent = nullptr);

    const RopeParams& rope() const { return rope_; }
    RopeLayout layout() const { return layout_; }
    int queryPosition() const { return queryPosition_; }  // m
    int keyPosition() const { return keyPosition_; }      // n
    int sequenceLength() const { return sequenceLength_; }
    unsigned seed() const { return seed_; }

    // Each setter returns false (and emits rejected) when a value is outside the app's limits or
    // core's validation refuses it; the previous value stays.
    bool setRope(const RopeParams& params);
    bool setHeadDim(int headDim);
    bool setRopeTheta(double base);
    void setLayout(RopeLayout layout);
    bool setPositions(int queryPosition, int keyPosition);
    bool setSequenceLength(int length);
    void setSeed(unsigned seed);

signals:
    void changed();
    void rejected(const QString& reason);

private:
    RopeParams rope_;
    RopeLayout layout_ = RopeLayout::HalfSplit;
    int queryPosition_ = 5;
    int keyPosition_ = 2;
    int sequenceLength_ = 256;
    unsigned seed_ = 1;
};

}  // namespace ropelab::ui
