// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `ropelab activity`: tools for teachers, without a window.
//   ropelab activity list [--format text|json] [--lang en|zh_CN]   every built-in activity
//   ropelab activity check FILE... [--lang en|zh_CN]               exit 0 when every file is valid;
//                                  else exit 2 and one line naming the file, the step and the field

#include <QStringList>

namespace ropelab::ui {

bool isActivityCommand(int argc, char** argv);
// Creates its own QCoreApplication; call it instead of the GUI main.
int runActivityCommand(int argc, char** argv);

}  // namespace ropelab::ui
