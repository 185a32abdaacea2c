// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Activities → Edit activity draft…: the teacher's draft without its JSON. The steps in a list
// (reorder, duplicate, delete, undo), and a form for the selected step: its prompt and feedback
// in English and Chinese, its task (an explanation, a prediction of a number read from one of the
// lesson's readouts, a choice with one right answer, or an exploration's goal: conditions on the
// readouts), what it conceals until checked, the parameters it starts from, the controls it locks
// or hides, the lesson's view it starts in and the controls "Show me" moves (both taken from the
// lesson as it is now), and its options. Every edit is checked at once by the checker
// `ropelab activity check` uses; OK is refused while a problem is left.

#include <QDialog>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

#include "activities/activity.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTreeWidget;
class QWidget;

namespace ropelab::ui {

class AppShell;
class Lesson;

class ActivityEditor : public QDialog {
    Q_OBJECT
public:
    // `draft`: the activities to edit (a copy; the caller takes draft() on accept);
    // `language`: the interface's, for the texts the list shows; `shell`: the lessons whose
    // current view a step can take (none: the views are only kept).
    ActivityEditor(QList<Activity> draft, QString language, AppShell* shell = nullptr,
                   QWidget* parent = nullptr);

    // The edited draft; an activity whose steps were all deleted is left out.
    QList<Activity> draft() const;
    // Every problem of the edited draft, one line each, in the interface language; empty when OK
    // may close.
    const QStringList& problems() const { return problems_; }
    // After "Run from this step": the activity (index into draft()) and the step to start at.
    struct RunRequest {
        int activity = 0;
        int step = 0;
    };
    std::optional<RunRequest> runRequest() const { return runRequest_; }

    int currentActivity() const { return activity_; }
    int currentStep() const;
    void selectStep(int activity, int step);
    void moveStep(int by);
    void duplicateStep();
    void deleteStep();
    void undo();
    void runFromStep();

    void accept() override;

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class TaskKind { Explain, Number, Choices, Explore };

    void build();
    void retranslate();
    // The list of the current activity's steps, the selection kept at `select`.
    void refreshList(int select);
    // The form shows the selected step (signals blocked, so nothing is written back).
    void showStep();
    void fillReadouts();
    void fillChoices();
    // The goal's conditions in their list, the selection kept at `select`.
    void fillGoal(int select);
    void showCondition();
    void fillConceal();
    void readConceal();
    void fillParameters();
    void fillControls();
    void fillView();
    void fillSolution();
    // A control ticked or unticked in the Show me column: its current value joins the moves, or
    // its move goes.
    void pickMove(const QString& control, bool picked);
    // The current value of the lesson's (or the shared panel's) control `name`, as Show me sets it.
    std::optional<QJsonValue> currentValue(const QString& name) const;
    // The running lesson the current activity belongs to, or nullptr.
    Lesson* lesson() const;
    // The meaning and unit of readout `id` of the lesson, or that it is none of its readouts.
    QString readoutMeaning(const QString& id) const;
    ActivityStep* step();
    // Applies one field's edit to the selected step (not while the form is being filled), then
    // checks the draft again.
    void edit(const std::function<void(ActivityStep&)>& change);
    // The same for the goal's selected condition.
    void editCondition(const std::function<void(Condition&)>& change);
    void setTaskKind(TaskKind kind);
    void readChoices();
    void check();
    void remember();
    QString stepLabel(int index) const;
    QString activityName(int index) const;

    QList<Activity> draft_;
    QString language_;
    AppShell* shell_;
    int activity_ = 0;
    // The draft and the selection before each move, duplicate, delete and change of task.
    struct Snapshot {
        QList<Activity> draft;
        int activity = 0;
        int step = 0;
    };
    QList<Snapshot> undo_;
    QStringList problems_;
    QList<bool> stepBroken_;  // per step of the current activity: its own check failed
    std::optional<RunRequest> runRequest_;
    bool showing_ = false;  // the form is being filled from the model

    QLabel* activityLabel_;
    QComboBox* activities_;
    QLabel* titleLabel_;
    QLineEdit* titleEn_;
    QLineEdit* titleZh_;
    QLabel* stepsLabel_;
    QListWidget* steps_;
    QPushButton* up_;
    QPushButton* down_;
    QPushButton* duplicate_;
    QPushButton* delete_;
    QPushButton* undoButton_;
    QPushButton* run_;
    QWidget* form_;
    QLabel* stepHeading_;
    QLabel* englishHead_;
    QLabel* chineseHead_;
    QLabel* promptLabel_;
    QPlainTextEdit* promptEn_;
    QPlainTextEdit* promptZh_;
    QLabel* kindLabel_;
    QComboBox* kind_;
    QWidget* task_;  // a page for each TaskKind
    QLabel* readoutLabel_;
    QComboBox* readout_;
    QLabel* readoutMeaning_;
    QLabel* toleranceLabel_;
    QDoubleSpinBox* tolerance_;
    QLabel* choicesLabel_;
    QTableWidget* choices_;
    QPushButton* addChoice_;
    QPushButton* removeChoice_;
    QLabel* goalLabel_;
    QListWidget* goal_;
    QPushButton* addCondition_;
    QPushButton* removeCondition_;
    QLabel* conditionReadoutLabel_;
    QComboBox* conditionReadout_;
    QLabel* conditionMeaning_;
    QLabel* comparisonLabel_;
    QComboBox* comparison_;
    QLabel* targetLabel_;
    QComboBox* target_;
    QLabel* valueLabel_;
    QDoubleSpinBox* value_;
    QLabel* conditionToleranceLabel_;
    QDoubleSpinBox* conditionTolerance_;
    QLabel* concealLabel_;
    QTreeWidget* conceal_;
    QLabel* retriesLabel_;
    QSpinBox* retries_;
    QLabel* showSolutionLabel_;
    QComboBox* showSolution_;
    QLabel* keepInsideLabel_;
    QComboBox* keepInside_;
    QList<QLabel*> feedbackLabels_;
    QList<QLineEdit*> feedbackEn_;
    QList<QLineEdit*> feedbackZh_;
    QLabel* parametersLabel_;
    QTableWidget* parameters_;
    QComboBox* newParameter_;
    QPushButton* addParameter_;
    QPushButton* removeParameter_;
    QLabel* controlsLabel_;
    QTableWidget* controls_;
    QLabel* viewLabel_;
    QLabel* viewSummary_;
    QPushButton* useView_;
    QPushButton* clearView_;
    QLabel* solutionLabel_;
    QListWidget* solution_;
    QPushButton* recordSolution_;
    QPushButton* clearSolution_;
    QLabel* problemsView_;
    QPushButton* ok_;
    QPushButton* cancel_;
};

}  // namespace ropelab::ui
