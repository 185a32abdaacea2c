// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Undo/redo of shared-parameter changes. It watches the ParameterModel, so every change (panel,
// lesson buttons, animation, loading a preset) is undoable without the caller doing anything.
// Changes in one event-loop turn make one step, and consecutive changes of the same parameter
// within the merge window make one step, so a slider drag undoes in one go.

#include <QElapsedTimer>
#include <QObject>

#include "model/parameter_snapshot.h"

class QUndoStack;

namespace ropelab::ui {

class ParameterModel;

class ParameterHistory : public QObject {
    Q_OBJECT
public:
    explicit ParameterHistory(ParameterModel& model, QObject* parent = nullptr);

    QUndoStack* stack() const { return stack_; }
    // Changes of one parameter closer together than this merge into one step.
    void setMergeWindow(int milliseconds) { mergeWindowMs_ = milliseconds; }
    int mergeWindow() const { return mergeWindowMs_; }
    // Records a pending change now instead of at the end of the event-loop turn.
    void flush();
    // Forgets all steps and takes the model's current values as the start (after loading a file).
    void resetBaseline();

private:
    friend class ParameterChangeCommand;
    void onModelChanged();
    void restore(const ParameterSnapshot& snapshot);

    ParameterModel& model_;
    QUndoStack* stack_;
    ParameterSnapshot recorded_;  // what the model held after the last recorded step
    QElapsedTimer clock_;
    bool restoring_ = false;
    bool pending_ = false;
    int mergeWindowMs_ = 700;
};

}  // namespace ropelab::ui
