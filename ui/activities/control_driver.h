// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Moves a real control the way a student would (a slider's spin box, a combo box, a button), so
// "Show me" and the activity tests go through the same signals as a hand on the mouse. A
// disabled or hidden control refuses, as it would refuse the student.

#include <QJsonValue>

class QWidget;

namespace ropelab::ui {

// True when the control took the value (numbers for sliders and spin boxes, an index or an item
// text for combo boxes, true/false for checkable buttons, true to click a push button).
bool driveControl(QWidget* control, const QJsonValue& value);

}  // namespace ropelab::ui
