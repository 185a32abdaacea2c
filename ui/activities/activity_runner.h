// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs one activity in the main window: shows its lesson, applies each step's setup (parameters,
// the lesson's view state, locked and hidden controls), takes predictions, watches the lesson's
// named readouts for explore goals, and remembers progress per activity in QSettings. It does no
// math: every expected value is a readout the lesson computed through core.

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <optional>
#include <utility>

#include "activities/activity.h"
#include "lessons/lesson.h"

class QWidget;

namespace ropelab::ui {

class AppShell;

class ActivityRunner : public QObject {
    Q_OBJECT
public:
    enum class Phase {
        Idle,        // no activity running
        Predicting,  // a prediction is asked for; every control is locked
        Answered,    // the prediction is in and judged; controls still locked until tryIt()
        Trying,      // "Now try it": the controls are free and the live value shows
        Exploring,   // an explore goal is not reached yet
        Reached,     // the explore goal was reached
        Reading,     // an explanation step
    };

    explicit ActivityRunner(AppShell& shell, QObject* parent = nullptr);
    ~ActivityRunner() override;

    // Starts `activity` at its remembered step (or at `step` when given). False, with
    // setupProblem() saying why, when the first step's setup cannot be applied.
    bool start(const Activity& activity, std::optional<int> step = std::nullopt);
    void stop();

    bool running() const { return phase_ != Phase::Idle; }
    const Activity& activity() const { return activity_; }
    int stepIndex() const { return step_; }
    const ActivityStep& step() const { return activity_.steps[step_]; }
    Phase phase() const { return phase_; }
    Lesson* lesson() const { return lesson_; }
    QString setupProblem() const { return setupProblem_; }

    // Predictions (Predicting phase). They return whether the answer was right; any answer moves
    // on to Answered, and tryIt() then frees the controls. The right choice is the one whose
    // conditions hold on the readouts now.
    bool submitChoice(int index);
    bool submitNumber(double value);
    std::optional<int> correctChoice() const;
    // Whether every readout the prediction is judged by has been computed (a background job may
    // still be running after the setup).
    bool readyToCheck() const;
    std::optional<double> liveNumber() const;  // the predicted readout's current value
    std::optional<int> chosen() const { return chosen_; }
    std::optional<double> predicted() const { return predictedNumber_; }
    std::optional<bool> predictionRight() const { return predictionRight_; }
    void tryIt();

    bool goalHolds() const;
    bool canGoNext() const;
    bool canGoBack() const { return running() && step_ > 0; }
    bool atLastStep() const { return running() && step_ == activity_.steps.size() - 1; }
    void next();
    void back();
    // Moves the step's solution through the real controls ("Show me"); false when a control
    // refused the value.
    bool showSolution();

    // The teacher's options at this step (Activity::retries …).
    int triesLeft() const;
    bool showsSolution() const { return running() && activity_.showsSolution(step_); }
    bool keepsInside() const { return running() && activity_.keepsInside(step_); }
    int wrongTries() const { return wrongTries_; }
    // "Show me" on a prediction, once the student has tried: ends it and names the answer.
    bool canShowAnswer() const;
    bool showAnswer();
    bool answerShown() const { return answerShown_; }
    // Whether the step's concealment is in force now (before the check).
    bool concealing() const { return concealing_; }
    // Whether readout `id` is out of sight until the check: the step conceals it, or it is one a
    // prediction not yet checked is judged by.
    bool readoutConcealed(const QString& id) const;
    // True while the lesson computes figures in the background (its readouts are on the way).
    bool lessonComputing() const;

    // Remembered progress: the step to resume at, and whether the activity was finished.
    static int savedStep(const QString& activityId);
    static bool finished(const QString& activityId);
    static void forgetProgress(const QString& activityId);

signals:
    // Phase, step, answers or a readout the step checks changed.
    void changed();
    void finishedActivity(const QString& activityId);
    // For the record to hand in: a prediction was checked (each try), "Show me" was used.
    void predictionSubmitted();
    void solutionShown();

private:
    bool enterStep(int index);
    // Until a prediction is tried out, the student may move nothing.
    bool lockEverything() const { return phase_ == Phase::Predicting || phase_ == Phase::Answered; }
    void applyLocks(bool everything);
    void showNamedControls();
    void releaseLocks();
    static bool holds(const QList<std::pair<QPointer<QWidget>, bool>>& list, const QWidget* widget);
    void onReadoutsChanged();
    // Conceals the step's figures, annotations and readouts until it is checked; reveals them
    // once it is, and when the step or the activity ends.
    void updateConcealment();
    void revealConcealed();
    // After a prediction: Answered, or Predicting again while tries are left.
    void judge();
    void saveProgress(bool done) const;
    QWidget* control(const QString& name) const;
    std::optional<double> readoutValue(const QString& id) const;

    AppShell& shell_;
    Activity activity_;
    int step_ = 0;
    Phase phase_ = Phase::Idle;
    QPointer<Lesson> lesson_;
    QString setupProblem_;
    std::optional<int> chosen_;
    std::optional<double> predictedNumber_;
    std::optional<bool> predictionRight_;
    int wrongTries_ = 0;
    bool answerShown_ = false;
    bool solutionShown_ = false;
    bool concealing_ = false;
    // Controls this runner disabled or hid, with whether they were enabled / visible before.
    // (QPointer: the window may delete its lessons before this runner.)
    QList<std::pair<QPointer<QWidget>, bool>> lockedWas_;
    QList<std::pair<QPointer<QWidget>, bool>> hiddenWas_;
    QMetaObject::Connection readoutConnection_;
    QMetaObject::Connection computationConnection_;
};

}  // namespace ropelab::ui
