// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checks a shown window the way a student at a small screen meets it: every visible control lies
// inside the window and the screen (inside a scroll area only the up-and-down direction may
// scroll), and no control got less room than its text or size hint needs.

#include <QList>
#include <QRect>
#include <QString>

class QWidget;

namespace ropelab::ui {

struct LayoutFinding {
    QString widget;   // class, object name and text, to find it
    QString problem;  // what does not fit, with the sizes in logical pixels
};

// Class, object name and shown text of a widget, to find it ("QPushButton#activityNext \"Next\"").
QString describeWidget(const QWidget& widget);

// `screen` is the screen's geometry in global coordinates; `frame` the window's frame (with its
// decorations) in the same coordinates.
QList<LayoutFinding> auditLayout(const QWidget& window, const QRect& frame, const QRect& screen);

}  // namespace ropelab::ui
