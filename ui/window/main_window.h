// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window: lesson list (dock), the current lesson (centre), shared parameters (dock),
// menus, a status bar for rejected values and lesson messages, and remembered window state.
// It fits the screen it is on: when the window is too narrow for both docks beside the lesson,
// the lesson list becomes a menu-bar combo box, and when it is narrower still, the shared
// parameters move into a tab of the lesson's side panel.

#include <QMainWindow>
#include <QString>
#include <functional>
#include <vector>

#include "lessons/app_shell.h"
#include "lessons/lesson.h"

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace ropelab::ui {

class AppController;
class ParameterModel;
class ParameterPanel;
class ThemeController;

class MainWindow : public QMainWindow, public AppShell {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    QMainWindow& mainWindow() override { return *this; }
    ParameterModel& parameterModel() const override { return *model_; }
    ThemeController& themeController() const { return *theme_; }
    ParameterPanel* parameterPanel() const { return panel_; }
    QWidget* parameterControls() const override;
    // The composition root that wires export, sessions, activities, help, presenter mode, themes
    // and language into this window; owned by the window.
    AppController& app() const { return *app_; }
    // Every lesson in teaching order (owned by the central stack).
    const std::vector<Lesson*>& lessons() const override { return lessons_; }
    Lesson* currentLesson() const override;
    Lesson* lesson(const QString& id) const override;
    bool showLesson(const QString& id) override;
    void showNextLesson();
    void showPreviousLesson();

    // Menus other features extend (export, sessions, themes, language).
    QMenu* fileMenu() const override { return fileMenu_; }
    QMenu* viewMenu() const override { return viewMenu_; }
    QMenu* helpMenu() const override { return helpMenu_; }

    void retranslate();

    // How much of the window's chrome fits beside the lesson (see the comment at the top).
    enum class Fit { Docks, LessonMenu, ParametersInLesson };
    Fit fit() const { return fit_; }
    // Presenter mode's chrome: no lesson list dock (the menu-bar combo box stays) and no status
    // bar, the window maximised; false puts back what was there before.
    void setPresenterChrome(bool presenter);
    // Asked before the student switches to another lesson (the list, the lesson menu, next and
    // previous); false keeps `from` (a running activity asks first). showLesson() does not ask.
    using LeaveCheck = std::function<bool(Lesson& from, Lesson& to)>;
    void setLeaveCheck(LeaveCheck check) { leaveCheck_ = std::move(check); }
    // The status bar's message; in presenter mode, where the status bar is hidden, it shows over
    // the bottom of the lesson instead (nullptr-free: tests read it).
    QLabel* presenterMessage() const { return presenterMessage_; }

protected:
    bool event(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scheduleFit();
    void applyFit();
    void createMenus();
    void onLessonRowChanged(int row);
    void showPresenterMessage(const QString& text);
    void placePresenterMessage();
    void showAbout();
    void restoreSettings();
    void saveSettings() const;

    ParameterModel* model_;
    ThemeController* theme_;
    std::vector<Lesson*> lessons_;
    QListWidget* lessonList_;
    QComboBox* lessonBox_;
    QStackedWidget* stack_;
    ParameterPanel* panel_;
    AppController* app_ = nullptr;
    LeaveCheck leaveCheck_;
    bool showingFromCode_ = false;
    QWidget* panelHolder_;
    QDockWidget* lessonDock_;
    QDockWidget* parameterDock_;
    QLabel* presenterMessage_;
    Fit fit_ = Fit::Docks;
    bool fitPending_ = false;
    bool applyingFit_ = false;
    // What the user chose (View menu, the docks' close buttons), apart from what fitting hides.
    bool lessonListWanted_ = true;
    bool parametersWanted_ = true;
    bool presenterChrome_ = false;
    bool statusBarWasVisible_ = true;
    bool windowWasMaximized_ = false;
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
