// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a feature (export, sessions, activities, help) may ask of the main window. Features sit
// below ui/window, so they see the window only through this interface; MainWindow implements it.

#include <QString>
#include <vector>

class QMainWindow;
class QMenu;
class QWidget;

namespace ropelab::ui {

class Lesson;
class ParameterModel;

class AppShell {
public:
    // The window itself: parent of dialogs, its menu bar, status bar, title and shortcuts.
    virtual QMainWindow& mainWindow() = 0;
    virtual ParameterModel& parameterModel() const = 0;
    // Every lesson in teaching order.
    virtual const std::vector<Lesson*>& lessons() const = 0;
    virtual Lesson* currentLesson() const = 0;
    virtual Lesson* lesson(const QString& id) const = 0;
    // Shows the lesson with this id; false when there is none.
    virtual bool showLesson(const QString& id) = 0;
    // Menus features extend.
    virtual QMenu* fileMenu() const = 0;
    virtual QMenu* viewMenu() const = 0;
    virtual QMenu* helpMenu() const = 0;
    // The shared parameters' controls (activities find a control there by its object name).
    virtual QWidget* parameterControls() const = 0;

protected:
    ~AppShell() = default;
};

}  // namespace ropelab::ui
