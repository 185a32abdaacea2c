// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The application controller, the composition root: it creates the features (export of figures
// and animations with a context menu on every plot, sessions with undo/redo, activities, help)
// and wires them to each other and to the main window's menus, with presenter mode, light and
// dark themes, plot text size and the UI language. Settings persist in QSettings.

#include <QFont>
#include <QObject>
#include <QString>
#include <QStringList>

class QAction;
class QActionGroup;
class QMenu;
class QCustomPlot;

namespace ropelab::ui {

class ActivityController;
class AppearanceController;
class LanguageController;
class MainWindow;
class Lesson;
class SessionController;
struct Figure;

class AppController : public QObject {
    Q_OBJECT
public:
    // Adds its menus to `window` and becomes its child.
    explicit AppController(MainWindow& window);

    AppearanceController& appearance() const { return *appearance_; }
    LanguageController& language() const { return *language_; }
    SessionController& sessions() const { return *sessions_; }
    ActivityController& activities() const { return *activities_; }

    QAction* presenterAction() const { return presenter_; }
    QAction* exportAction() const { return export_; }
    QAction* exportAnimationAction() const { return exportAnimation_; }

    // `ropelab [FILE.ropelab] [--lang en|zh_CN] [--presenter] [--theme light|dark]
    // [--check-layout[=DIR]]` (see window/layout_check.h)
    // (arguments after the program name). Empty when fine; else one line for stderr.
    QString applyArguments(const QStringList& arguments);

    // The language the user picked in the menu, or "" to follow the system.
    void setLanguagePreference(const QString& code);

protected:
    bool event(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void retranslate();
    void applyPresenterChrome(bool presenter);
    void exportWithDialog(const QCustomPlot* figurePlot);
    // figurePlot: preselect an animation that paints it.
    void exportAnimationWithDialog(const QCustomPlot* figurePlot);
    void installPlotMenus();
    void showPlotMenu(QCustomPlot* plot, const QPoint& position);
    // True, with a status message, while an activity step conceals part of the lesson.
    bool refuseWhileConcealed();
    void loadSettings();
    // The side panels' and the activity card's font: the interface font at the chosen percent.
    void applyPanelText();
    // Whether the student may leave `from` for another lesson: asks while an activity runs there.
    bool mayLeave(Lesson& from);

    MainWindow& window_;
    AppearanceController* appearance_;
    LanguageController* language_;
    SessionController* sessions_;
    ActivityController* activities_;

    QMenu* editMenu_ = nullptr;
    QMenu* themeMenu_ = nullptr;
    QMenu* textMenu_ = nullptr;
    QMenu* languageMenu_ = nullptr;
    QAction* export_ = nullptr;
    QAction* exportAnimation_ = nullptr;
    QAction* presenter_ = nullptr;
    QAction* light_ = nullptr;
    QAction* dark_ = nullptr;
    QAction* larger_ = nullptr;
    QAction* smaller_ = nullptr;
    QAction* resetText_ = nullptr;
    QMenu* panelTextMenu_ = nullptr;
    QAction* panelLarger_ = nullptr;
    QAction* panelSmaller_ = nullptr;
    QAction* panelReset_ = nullptr;
    QAction* systemLanguage_ = nullptr;
    QList<QAction*> languageActions_;

    bool exporting_ = false;
    // The font presenter mode enlarged, to put back when it ends (the window keeps its chrome).
    QFont normalFont_;
};

// The GUI's command line (see applyArguments) for the app's main; empty or one line for stderr.
// `opensModel`: the main opens a model file given on the command line too.
QString applyStartupArguments(MainWindow& window, const QStringList& arguments,
                              bool opensModel = false);

}  // namespace ropelab::ui
