// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window: lesson list (dock), the current lesson (centre), shared parameters (dock),
// menus, a status bar for rejected values and lesson messages, and remembered window state.

#include <QMainWindow>
#include <QString>
#include <vector>

#include "lessons/lesson.h"

class QAction;
class QDockWidget;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace ropelab::ui {

class ParameterModel;
class ParameterPanel;
class ThemeController;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ParameterModel& parameterModel() const { return *model_; }
    ThemeController& themeController() const { return *theme_; }
    ParameterPanel* parameterPanel() const { return panel_; }
    // Every lesson in teaching order (owned by the central stack).
    const std::vector<Lesson*>& lessons() const { return lessons_; }
    Lesson* currentLesson() const;
    Lesson* lesson(const QString& id) const;
    // Shows the lesson with this id; false when there is none.
    bool showLesson(const QString& id);
    void showNextLesson();
    void showPreviousLesson();

    // Menus other features extend (export, sessions, themes, language).
    QMenu* fileMenu() const { return fileMenu_; }
    QMenu* viewMenu() const { return viewMenu_; }
    QMenu* helpMenu() const { return helpMenu_; }

    void retranslate();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createMenus();
    void onLessonRowChanged(int row);
    void showAbout();
    void restoreSettings();
    void saveSettings() const;

    ParameterModel* model_;
    ThemeController* theme_;
    std::vector<Lesson*> lessons_;
    QListWidget* lessonList_;
    QStackedWidget* stack_;
    ParameterPanel* panel_;
    QDockWidget* lessonDock_;
    QDockWidget* parameterDock_;
    QMenu* fileMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* helpMenu_ = nullptr;
    QAction* quitAction_ = nullptr;
    QAction* nextAction_ = nullptr;
    QAction* previousAction_ = nullptr;
    QAction* aboutAction_ = nullptr;
    QAction* aboutQtAction_ = nullptr;
};

}  // namespace ropelab::ui
