// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Moves a real control the way a student would (a slider's spin box, a combo box, a button), so
// "Show me" and the activity tests go through the same signals as a hand on the mouse. A
// disabled or hidden control refuses, as it would refuse the student.

#include <QJsonValue>
#include <optional>

class QObject;
class QString;
class QWidget;

namespace ropelab::ui {

// True when the control took the value (numbers for sliders and spin boxes, an index or an item
// text for combo boxes, true/false for checkable buttons, true to click a push button).
bool driveControl(QWidget* control, const QJsonValue& value);
// The value driveControl would set `control` back to (an index for a combo box); nothing for one
// that holds no value (a push button, a table) or none at all.
std::optional<QJsonValue> controlValue(const QWidget* control);
// The control named `name`: the lesson's own, else the shared parameters' (either may be null).
QWidget* findControl(const QString& name, const QObject* lesson, const QWidget* sharedControls);

}  // namespace ropelab::ui
