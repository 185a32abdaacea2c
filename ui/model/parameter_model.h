// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The parameters shared by every lesson (head dim, base, layout, positions, rope scaling).
// Views observe changed(), which says which values one change touched; setters check the app's
// limits (model/app_limits.h) and core's rules and reject bad values with a message.

#include <QObject>
#include <QString>

#include "encodings/rope_params.h"
#include "model/parameter_snapshot.h"

namespace ropelab::ui {

class ParameterModel : public QObject {
    Q_OBJECT
public:
    // One flag per shared value, so an observer can skip a change it does not read.
    enum class Parameter {
        HeadDim = 0x1,
        RopeTheta = 0x2,
        RopeScaling = 0x4,  // every other RopeParams field: type, factors, lengths
        Layout = 0x8,
        Positions = 0x10,
        SequenceLength = 0x20,
        Seed = 0x40,
    };
    Q_DECLARE_FLAGS(Parameters, Parameter)
    Q_FLAG(Parameters)
    static constexpr Parameters kAll = Parameters(0x7f);

    explicit ParameterModel(QObject* parent = nullptr);

    const RopeParams& rope() const { return values_.rope; }
    RopeLayout layout() const { return values_.layout; }
    int queryPosition() const { return values_.queryPosition; }  // m
    int keyPosition() const { return values_.keyPosition; }      // n
    int sequenceLength() const { return values_.sequenceLength; }
    unsigned seed() const { return values_.seed; }

    // Each setter returns false (and emits rejected) when a value is outside the app's limits or
    // core's validation refuses it; the previous value stays.
    bool setRope(const RopeParams& params);
    bool setHeadDim(int headDim);
    bool setRopeTheta(double base);
    void setLayout(RopeLayout layout);
    // Positions may lie past the sequence (lesson 4's shift buttons walk on).
    bool setPositions(int queryPosition, int keyPosition);
    // A sequence shorter than a position pulls that position in to its last token, in the same
    // change.
    bool setSequenceLength(int length);
    void setSeed(unsigned seed);
    // Sets every value exactly as given, with one changed() (a session, an undo step). Empty on
    // success; otherwise the snapshot's problem(), and nothing changes (rejected is not emitted:
    // the caller words it).
    QString setAll(const ParameterSnapshot& values);

signals:
    // Once per accepted change that altered something, with every value it altered.
    void changed(ropelab::ui::ParameterModel::Parameters what);
    void rejected(const QString& reason);

private:
    void commit(const ParameterSnapshot& next);

    ParameterSnapshot values_;
};

// Which values differ between two snapshots (none when equal).
ParameterModel::Parameters differingParameters(const ParameterSnapshot& before,
                                               const ParameterSnapshot& after);

}  // namespace ropelab::ui

Q_DECLARE_OPERATORS_FOR_FLAGS(ropelab::ui::ParameterModel::Parameters)
