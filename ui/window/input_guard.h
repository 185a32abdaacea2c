// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the mouse wheel and the undo keys do, app-wide (installed on the QApplication):
// - a slider, spin box, combo box or tab bar changes with the wheel only while it has keyboard
// focus; the
//   wheel over one without focus scrolls the panel it sits in (students scroll the side panel and
//   changed values they never meant to touch), and the wheel no longer gives them focus;
// - Ctrl+Z / Ctrl+Shift+Z reach Edit → Undo / Redo (the parameter history) even while a spin box
//   has focus, instead of undoing the spin box's own typing.

#include <QObject>

namespace ropelab::ui {

class InputGuard : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    // Installs one guard on the application (later calls do nothing).
    static void install();
    // Whether the wheel over `widget` may change its value (it has focus or is no value widget).
    static bool wheelMayChange(const QWidget& widget);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
};

}  // namespace ropelab::ui
