// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Activities in the main window: the Activities menu (this lesson's activities, the lesson map,
// opening a teacher's .ropelab-activity file, saving the current state as a step of a draft),
// Reset lesson / Reset all (undoable), and the activity panel placed in the running activity's
// lesson page.

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <optional>

#include "activities/activity.h"

class QAction;
class QMainWindow;
class QMenu;

namespace ropelab::ui {

class ActivityEditor;
class ActivityPanel;
class ActivityRunner;
class AppShell;
class LanguageController;
class LessonMap;
class LessonPage;
class ParameterHistory;

class ActivityController : public QObject {
    Q_OBJECT
public:
    // `history`: undo and redo of parameter changes, shared with sessions.
    ActivityController(AppShell& shell, ParameterHistory& history, LanguageController& language,
                       QObject* parent = nullptr);

    ActivityRunner& runner() const { return *runner_; }
    ActivityPanel* panel() const { return panel_; }
    // The built-ins followed by the activities of opened files.
    const QList<Activity>& activities() const { return activities_; }

    // Starts an activity by id, at its remembered step or at `step`; false (status bar says why)
    // when it cannot start.
    bool startActivity(const QString& id, std::optional<int> step = std::nullopt);
    // Loads a .ropelab-activity file and starts its first activity. Empty on success, else the
    // one-line reason; a file that fails changes nothing.
    QString openActivityFile(const QString& path);
    // Every parameter and view of the current lesson (or of all lessons) back to its default, as
    // one undoable step.
    void resetLesson();
    void resetAll();
    // Appends the current parameters and lesson view as an explanation step of the draft.
    void addStateAsStep(const QString& prompt);
    const QList<Activity>& draft() const { return draft_; }
    QString saveDraft(const QString& path) const;
    // Puts a draft back that was never saved (the recovery copy's), ready to be saved again.
    void restoreDraft(const QList<Activity>& draft);
    // Opens the draft in the activity editor: OK puts the edits into the draft, and "Run from
    // this step" then starts the edited activity at that step.
    ActivityEditor* editDraft();
    // Adds the activities of a .ropelab-activity file to the draft (replacing one with the same
    // id), to edit them there. Empty on success, else the one-line reason; a file that fails
    // changes nothing.
    QString openIntoDraft(const QString& path);
    // The activity in progress (its panel shown), or nullptr.
    const Activity* runningActivity() const;
    // Runs `activity` again at its remembered step, as after opening its file; empty on success,
    // else why it could not start.
    QString resumeActivity(const Activity& activity);

    LessonMap* showLessonMap();
    // On the very first start: the lesson map, once the window is shown (View → Lesson map
    // later).
    void offerLessonMapOnce();
    QMenu* menu() const { return menu_; }
    // Puts the keyboard in the activity card (the first answer, else the way on) and the card in
    // view: on start, and after a step change took the focus away.
    void focusCard();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createMenu();
    void addActivities(const QList<Activity>& activities);
    void retranslate();
    void rebuildLessonActivities();
    void placePanel();
    // While the running step keeps the student inside: nothing that leaves it is enabled.
    void keepInside();
    void reset(bool everyLesson);
    // Opens a .ropelab-activity file to run it, or into the draft to edit it there.
    void openWithDialog(bool intoDraft);
    void addStepWithDialog();
    void saveDraftWithDialog();
    // Save and Edit need a draft with steps.
    void updateDraftActions();

    AppShell& shell_;
    QMainWindow& window_;
    ParameterHistory& history_;
    LanguageController& language_;
    ActivityRunner* runner_;
    ActivityPanel* panel_;
    QList<Activity> activities_;
    QList<Activity> draft_;
    QMenu* menu_ = nullptr;
    QMenu* lessonActivities_ = nullptr;
    QAction* map_ = nullptr;
    QAction* open_ = nullptr;
    QAction* addStep_ = nullptr;
    QAction* saveDraft_ = nullptr;
    QAction* editDraft_ = nullptr;
    QAction* openIntoDraft_ = nullptr;
    QAction* resetLesson_ = nullptr;
    QAction* resetAll_ = nullptr;
    bool keptInside_ = false;
    int focusedStep_ = -1;
    QPointer<LessonPage> foldedPage_;  // the running activity's page, its explanation folded
};

}  // namespace ropelab::ui
