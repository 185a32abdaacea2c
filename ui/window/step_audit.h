// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an activity step refers to must be on screen beside its card: every control the step asks
// the student to move (its solution) and the readouts its checks read are shown, inside the
// window and the screen, not scrolled out of view, and in the same tab of the side panel as the
// card; the card itself is in view. The card shows the named readouts live; before the student
// checks a prediction, those the step conceals say "hidden until you check" there instead.

#include <QList>
#include <QRect>
#include <QString>
#include <QStringList>

#include "window/layout_audit.h"

class QWidget;

namespace ropelab::ui {

class ActivityRunner;
struct ActivityStep;
class MainWindow;

// Audits the running activity's current step in `window` (shown on `screen`, global
// coordinates). `answered`: the prediction was checked or the goal reached, so nothing the step
// names may be concealed any more.
QList<LayoutFinding> auditActivityStep(MainWindow& window, const QRect& screen, bool answered);

// Does the running step's task the way a student who knows the answer would: the right choice,
// the computed number, the solution's moves. False when it cannot be done within `timeoutMs`.
bool completeStepAsStudent(ActivityRunner& runner, int timeoutMs);

}  // namespace ropelab::ui
