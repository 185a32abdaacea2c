// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What an activity step refers to must be on screen beside its card: every control the step asks
// the student to move (its solution) and the readouts its checks read are shown, inside the
// window and the screen, not scrolled out of view, and in the same tab of the side panel as the
// card; the card itself is in view. Before the student checks a prediction, readouts the step
// conceals may be out of sight, but only behind the lesson's "hidden until you check" note.
// The readouts are the lesson's readout panel as a whole (rows are not tied to readout ids).

#include <QList>
#include <QRect>
#include <QString>
#include <QStringList>

#include "window/layout_audit.h"

class QWidget;

namespace ropelab::ui {

struct ActivityStep;
class MainWindow;

// The control names a step asks the student to move, and the readout ids its checks read.
QStringList stepControls(const ActivityStep& step);
QStringList stepReadouts(const ActivityStep& step);

// Audits the running activity's current step in `window` (shown on `screen`, global
// coordinates). `answered`: the prediction was checked or the goal reached, so nothing the step
// names may be concealed any more.
QList<LayoutFinding> auditActivityStep(MainWindow& window, const QRect& screen, bool answered);

}  // namespace ropelab::ui
