// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `ropelab --check-layout[=DIR] [--activities | --activity-file FILE]`: shows every lesson in turn,
// as it is on this screen, and prints each control that does not fit (auditLayout), one line
// each; with DIR it also saves a picture of the whole screen per lesson (DIR/<lesson>.png). With
// --activities it then runs every step of every built-in activity (with --activity-file, of
// FILE's), before and after its task is done, and prints what a step names that is not on screen
// beside its card (auditActivityStep). Then the window closes and
// the app exits with 0 when everything fits, 1 when something does not. For checking a classroom's
// projector or display scaling before a lesson, and for the screen-size tests.

#include <QList>
#include <QString>

#include "activities/activity.h"

namespace ropelab::ui {

class MainWindow;

// Starts once the event loop runs and the window is on screen; ends the app when done.
void startLayoutCheck(MainWindow& window, const QString& screenshotDir,
                      const QList<Activity>& activities);

}  // namespace ropelab::ui
