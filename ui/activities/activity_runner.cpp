// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_runner.h"

#include <QEvent>
#include <QScrollArea>
#include <QSettings>
#include <QTabWidget>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cmath>

#include "activities/activity_catalog.h"
#include "activities/control_driver.h"
#include "lessons/app_shell.h"
#include "lessons/lesson.h"
#include "lessons/lesson_page.h"
#include "lessons/session_file.h"
#include "model/parameter_model.h"
#include "widgets/tab_pages.h"

namespace ropelab::ui {

namespace {

// Shows `widget`: the tab page that holds it becomes current and every scroll area around it
// scrolls it into view.
void bringIntoView(QWidget& widget) {
    for (const TabPage& page : tabPagesOf(widget)) page.tabs->setCurrentIndex(page.index);
    for (QWidget* w = widget.parentWidget(); w != nullptr; w = w->parentWidget()) {
        if (auto* area = qobject_cast<QScrollArea*>(w)) area->ensureWidgetVisible(&widget, 0, 8);
    }
}

QString progressKey(const QString& activityId, const char* what) {
    return QStringLiteral("activities/%1/%2").arg(activityId, QLatin1String(what));
}

// Shows and hides of the activity's lesson: locks follow the lesson, so another lesson is free.
class LessonVisibilityFilter : public QObject {
public:
    LessonVisibilityFilter(QObject* parent, std::function<void(bool)> onVisible)
        : QObject(parent), onVisible_(std::move(onVisible)) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Show) onVisible_(true);
        if (event->type() == QEvent::Hide) onVisible_(false);
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void(bool)> onVisible_;
};

}  // namespace

ActivityRunner::ActivityRunner(AppShell& shell, QObject* parent) : QObject(parent), shell_(shell) {}

ActivityRunner::~ActivityRunner() {
    releaseLocks();
    revealConcealed();
}

bool ActivityRunner::start(const Activity& activity, std::optional<int> step) {
    stop();
    if (activity.steps.isEmpty()) return false;
    Lesson* lesson = shell_.lesson(activity.lesson);
    if (lesson == nullptr) {
        setupProblem_ = tr("This RoPE Lab has no lesson \"%1\".").arg(activity.lesson);
        return false;
    }
    activity_ = activity;
    lesson_ = lesson;
    int first = step.value_or(finished(activity.id) ? 0 : savedStep(activity.id));
    first = std::clamp(first, 0, static_cast<int>(activity.steps.size()) - 1);
    shell_.showLesson(activity.lesson);
    readoutConnection_ =
        connect(lesson, &Lesson::readoutsChanged, this, &ActivityRunner::onReadoutsChanged);
    // A readout the lesson did not publish is then no longer "computing…".
    computationConnection_ = connect(lesson, &Lesson::computationFinished, this, [this] {
        if (running()) emit changed();
    });
    auto* filter = new LessonVisibilityFilter(this, [this](bool visible) {
        if (!running()) return;
        if (visible) {
            // After the window has set up the panel for the shown lesson.
            QTimer::singleShot(0, this, [this] {
                if (running() && lesson_ != nullptr && lesson_->isVisible()) {
                    applyLocks(lockEverything());
                }
            });
        } else {
            releaseLocks();
            // A student kept inside the activity is brought back to its lesson.
            if (keepsInside()) {
                QTimer::singleShot(0, this, [this] {
                    if (keepsInside()) shell_.showLesson(activity_.lesson);
                });
            }
        }
    });
    filter->setObjectName(QStringLiteral("activityVisibility"));
    lesson->installEventFilter(filter);
    if (!enterStep(first)) {
        stop();
        return false;
    }
    return true;
}

void ActivityRunner::stop() {
    releaseLocks();
    revealConcealed();
    disconnect(readoutConnection_);
    disconnect(computationConnection_);
    if (lesson_ != nullptr) {
        if (auto* filter = findChild<QObject*>(QStringLiteral("activityVisibility"))) {
            lesson_->removeEventFilter(filter);
            delete filter;
        }
    }
    const bool wasRunning = running();
    phase_ = Phase::Idle;
    lesson_ = nullptr;
    if (wasRunning) emit changed();
}

bool ActivityRunner::enterStep(int index) {
    const ActivityStep& s = activity_.steps[index];
    setupProblem_.clear();
    releaseLocks();
    if (!s.parameters.isEmpty()) {
        ParameterSnapshot snapshot = ParameterSnapshot::of(shell_.parameterModel());
        QString problem = readSessionParameters(s.parameters, snapshot);
        if (problem.isEmpty()) problem = shell_.parameterModel().setAll(snapshot);
        if (!problem.isEmpty()) {
            setupProblem_ = tr("Step %1 cannot start: %2").arg(index + 1).arg(problem);
            emit changed();
            return false;
        }
    }
    if (!s.view.isEmpty()) lesson_->restoreState(s.view);
    step_ = index;
    chosen_.reset();
    predictedNumber_.reset();
    predictionRight_.reset();
    wrongTries_ = 0;
    answerShown_ = false;
    solutionShown_ = false;
    revealConcealed();  // leaving a step shows what it concealed; the new step conceals its own
    switch (s.kind) {
        case ActivityStep::Kind::Predict:
            phase_ = Phase::Predicting;
            break;
        case ActivityStep::Kind::Explore:
            phase_ = Phase::Exploring;
            break;
        case ActivityStep::Kind::Explain:
            phase_ = Phase::Reading;
            break;
    }
    applyLocks(lockEverything());
    saveProgress(false);
    updateConcealment();
    // A goal that already holds (the student got there before) counts at once.
    onReadoutsChanged();
    emit changed();
    showNamedControls();
    return true;
}

void ActivityRunner::showNamedControls() {
    // Once laid out: the controls the step asks for come into view in their tab, the last one
    // surely (a solution moves them in order).
    QTimer::singleShot(0, this, [this, index = step_] {
        if (!running() || step_ != index) return;
        for (const QString& name : step().namedControls()) {
            if (QWidget* widget = control(name)) bringIntoView(*widget);
        }
    });
}

QWidget* ActivityRunner::control(const QString& name) const {
    return findControl(name, lesson_.data(), shell_.parameterControls());
}

void ActivityRunner::applyLocks(bool everything) {
    releaseLocks();
    if (!running() || lesson_ == nullptr) return;
    const ActivityStep& s = step();
    const QStringList all = ActivityCatalog::builtIn().controls(activity_.lesson);
    const bool lockAll = everything || s.locked.contains(QStringLiteral("*"));
    for (const QString& name : lockAll ? all : s.locked) {
        if (lockAll && name == QLatin1String("readouts")) continue;  // shown, not an input
        QWidget* widget = control(name);
        if (widget == nullptr || holds(lockedWas_, widget)) continue;
        lockedWas_.append({widget, widget->isEnabled()});
        widget->setEnabled(false);
    }
    const bool hideAll = s.hidden.contains(QStringLiteral("*"));
    for (const QString& name : hideAll ? all : s.hidden) {
        QWidget* widget = control(name);
        if (widget == nullptr || holds(hiddenWas_, widget)) continue;
        hiddenWas_.append({widget, !widget->isHidden()});
        widget->hide();
    }
}

void ActivityRunner::releaseLocks() {
    for (const auto& [widget, enabled] : lockedWas_) {
        if (widget != nullptr) widget->setEnabled(enabled);
    }
    for (const auto& [widget, visible] : hiddenWas_) {
        if (widget != nullptr) widget->setVisible(visible);
    }
    lockedWas_.clear();
    hiddenWas_.clear();
}

bool ActivityRunner::holds(const QList<std::pair<QPointer<QWidget>, bool>>& list,
                           const QWidget* widget) {
    return std::any_of(list.begin(), list.end(),
                       [widget](const auto& entry) { return entry.first == widget; });
}

bool ActivityRunner::lessonComputing() const {
    return lesson_ != nullptr && lesson_->computing();
}

std::optional<double> ActivityRunner::readoutValue(const QString& id) const {
    if (lesson_ == nullptr) return std::nullopt;
    return lesson_->readout(id);
}

std::optional<int> ActivityRunner::correctChoice() const {
    if (!running() || step().kind != ActivityStep::Kind::Predict) return std::nullopt;
    const auto lookup = [this](const QString& id) { return readoutValue(id); };
    const QList<Choice>& choices = step().choices;
    for (int i = 0; i < choices.size(); ++i) {
        if (choices[i].correct) return i;
        if (!choices[i].correctWhen.isEmpty() && allHold(choices[i].correctWhen, lookup)) return i;
    }
    return std::nullopt;
}

bool ActivityRunner::readyToCheck() const {
    if (phase_ != Phase::Predicting) return false;
    if (step().predictsNumber()) return readoutValue(step().numberReadout).has_value();
    for (const Choice& choice : step().choices) {
        for (const Condition& c : choice.correctWhen) {
            if (!readoutValue(c.readout)) return false;
            if (!c.valueReadout.isEmpty() && !readoutValue(c.valueReadout)) return false;
        }
    }
    return true;
}

std::optional<double> ActivityRunner::liveNumber() const {
    if (!running() || !step().predictsNumber()) return std::nullopt;
    return readoutValue(step().numberReadout);
}

bool ActivityRunner::submitChoice(int index) {
    if (!readyToCheck() || step().predictsNumber() || index < 0 || index >= step().choices.size()) {
        return false;
    }
    const std::optional<int> right = correctChoice();
    chosen_ = index;
    predictionRight_ = right && *right == index;
    judge();
    return *predictionRight_;
}

void ActivityRunner::judge() {
    // A wrong answer with tries left is told so and may be changed; the step stays concealed.
    if (!*predictionRight_ && triesLeft() > 0) {
        ++wrongTries_;
    } else {
        phase_ = Phase::Answered;
        updateConcealment();
        showNamedControls();  // the feedback made the card taller
    }
    emit predictionSubmitted();
    emit changed();
}

void ActivityRunner::revealConcealed() {
    if (!concealing_) return;
    concealing_ = false;
    if (auto* page = qobject_cast<LessonPage*>(lesson_.data())) page->revealAll();
}

int ActivityRunner::triesLeft() const {
    if (!running() || step().kind != ActivityStep::Kind::Predict) return 0;
    return std::max(0, activity_.retries(step_) - wrongTries_);
}

bool ActivityRunner::canShowAnswer() const {
    return phase_ == Phase::Predicting && wrongTries_ > 0 && showsSolution();
}

bool ActivityRunner::showAnswer() {
    if (!canShowAnswer()) return false;
    answerShown_ = true;
    predictionRight_ = false;
    phase_ = Phase::Answered;
    updateConcealment();
    emit solutionShown();
    emit changed();
    return true;
}

void ActivityRunner::updateConcealment() {
    auto* page = qobject_cast<LessonPage*>(lesson_.data());
    if (page == nullptr) return;
    const bool open = phase_ == Phase::Predicting || phase_ == Phase::Exploring;
    const bool wanted = open && !solutionShown_ && !step().conceal.isEmpty();
    if (!wanted) {
        revealConcealed();
        return;
    }
    if (concealing_) return;
    concealing_ = true;
    const Concealment& conceal = step().conceal;
    for (const QString& figure : conceal.figures) page->concealFigure(figure);
    for (const AnnotationId& annotation : conceal.annotations) {
        page->concealAnnotation(annotation.figure, annotation.id);
    }
    if (conceal.allReadouts) page->concealReadouts();
    if (!conceal.readouts.isEmpty()) page->concealReadouts(conceal.readouts);
}

bool ActivityRunner::submitNumber(double value) {
    if (!readyToCheck() || !step().predictsNumber() || !std::isfinite(value)) {
        return false;
    }
    const std::optional<double> live = liveNumber();
    predictedNumber_ = value;
    predictionRight_ = live && std::abs(*live - value) <= step().tolerance;
    judge();
    return *predictionRight_;
}

void ActivityRunner::tryIt() {
    if (phase_ != Phase::Answered) return;
    phase_ = Phase::Trying;
    applyLocks(false);
    emit changed();
}

bool ActivityRunner::goalHolds() const {
    if (!running() || step().kind != ActivityStep::Kind::Explore) return false;
    return allHold(step().goal, [this](const QString& id) { return readoutValue(id); });
}

bool ActivityRunner::readoutConcealed(const QString& id) const {
    const auto* page = qobject_cast<const LessonPage*>(lesson_.data());
    // What a prediction is judged by is its answer: none of it shows before the check.
    if (phase_ == Phase::Predicting && step().namedReadouts().contains(id)) return true;
    return concealing_ && page != nullptr && page->readoutsConcealed(id);
}

void ActivityRunner::onReadoutsChanged() {
    if (phase_ == Phase::Exploring && goalHolds()) {
        phase_ = Phase::Reached;
        updateConcealment();
        showNamedControls();  // the feedback made the card taller
    }
    if (running()) emit changed();
}

bool ActivityRunner::canGoNext() const {
    return phase_ == Phase::Answered || phase_ == Phase::Trying || phase_ == Phase::Reached ||
           phase_ == Phase::Reading;
}

void ActivityRunner::next() {
    if (!canGoNext()) return;
    if (atLastStep()) {
        saveProgress(true);
        const QString id = activity_.id;
        stop();
        emit finishedActivity(id);
        return;
    }
    enterStep(step_ + 1);
}

void ActivityRunner::back() {
    if (canGoBack()) enterStep(step_ - 1);
}

bool ActivityRunner::showSolution() {
    if (!running() || lockEverything() || !showsSolution()) return false;
    solutionShown_ = true;
    updateConcealment();
    emit solutionShown();
    bool all = true;
    for (const ControlValue& move : step().solution) {
        all = driveControl(control(move.control), move.value) && all;
    }
    return all && !step().solution.isEmpty();
}

void ActivityRunner::saveProgress(bool done) const {
    QSettings settings;
    settings.setValue(progressKey(activity_.id, "step"), done ? 0 : step_);
    if (done) settings.setValue(progressKey(activity_.id, "finished"), true);
}

int ActivityRunner::savedStep(const QString& activityId) {
    return QSettings().value(progressKey(activityId, "step"), 0).toInt();
}

bool ActivityRunner::finished(const QString& activityId) {
    return QSettings().value(progressKey(activityId, "finished"), false).toBool();
}

void ActivityRunner::forgetProgress(const QString& activityId) {
    QSettings settings;
    settings.remove(QStringLiteral("activities/%1").arg(activityId));
}

}  // namespace ropelab::ui
