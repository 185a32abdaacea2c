// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/answer_recorder.h"

#include <QAbstractButton>
#include <QFile>

#include <utility>

#include "activities/activity_runner.h"

namespace ropelab::ui {

AnswerRecorder::AnswerRecorder(ActivityRunner& runner, QString path, QObject* parent)
    : QObject(parent), runner_(runner), path_(std::move(path)) {
    record_ = loadAnswerRecord(path_, &problem_);
    // A damaged record is kept aside, not overwritten by the next answer.
    if (!problem_.isEmpty()) {
        const QString aside = path_ + QStringLiteral(".unreadable");
        QFile::remove(aside);
        if (QFile::rename(path_, aside)) {
            problem_ = tr("%1 (kept as %2; a new record starts)").arg(problem_, aside);
        }
    }
    connect(&runner_, &ActivityRunner::changed, this, &AnswerRecorder::onChanged);
    connect(&runner_, &ActivityRunner::predictionSubmitted, this, &AnswerRecorder::onSubmitted);
    connect(&runner_, &ActivityRunner::solutionShown, this, &AnswerRecorder::onSolutionShown);
    connect(&runner_, &ActivityRunner::finishedActivity, this, &AnswerRecorder::onFinished);
}

void AnswerRecorder::watchHintButton(QAbstractButton* hint) {
    connect(hint, &QAbstractButton::toggled, this, [this](bool shown) {
        StepAnswer* answer = current();
        if (!shown || answer == nullptr) return;
        ++answer->hints;
        save();
    });
}

StepAnswer* AnswerRecorder::current() {
    if (activityId_.isEmpty() || step_ < 0) return nullptr;
    for (ActivityAnswers& answers : record_.activities) {
        if (answers.activityId != activityId_) continue;
        for (StepAnswer& answer : answers.steps) {
            if (answer.step == step_) return &answer;
        }
    }
    return nullptr;
}

void AnswerRecorder::addTime() {
    StepAnswer* answer = current();
    if (answer == nullptr || !clock_.isValid()) return;
    answer->seconds += static_cast<double>(clock_.restart()) / 1000.0;
}

void AnswerRecorder::flush() {
    addTime();
}

void AnswerRecorder::onChanged() {
    const bool running = runner_.running();
    const QString id = running ? runner_.activity().id : QString();
    const int step = running ? runner_.stepIndex() : -1;
    bool changed = false;
    if (id != activityId_ || step != step_) {
        addTime();
        changed = current() != nullptr;
        activityId_ = id;
        step_ = step;
        if (running) {
            ActivityAnswers& answers = record_.entry(runner_.activity());
            answers.step(step, runner_.step().kind);
            clock_.start();
            changed = true;
        } else {
            clock_.invalidate();
        }
    }
    // An explore goal counts as reached the first time it holds.
    if (running && runner_.phase() == ActivityRunner::Phase::Reached) {
        StepAnswer* answer = current();
        if (answer != nullptr && answer->right != std::optional<bool>(true)) {
            answer->right = true;
            changed = true;
        }
    }
    if (changed) save();
}

void AnswerRecorder::onSubmitted() {
    StepAnswer* answer = current();
    if (answer == nullptr) return;
    const ActivityStep& step = runner_.step();
    ++answer->tries;
    answer->right = runner_.predictionRight();
    if (step.predictsNumber()) {
        answer->number = runner_.predicted();
        answer->computed = runner_.liveNumber();
    } else {
        answer->choice = runner_.chosen();
        answer->choiceText =
            answer->choice ? step.choices.value(*answer->choice).text : LocalText();
        answer->rightChoice = runner_.correctChoice();
        answer->rightChoiceText =
            answer->rightChoice ? step.choices.value(*answer->rightChoice).text : LocalText();
    }
    addTime();
    save();
}

void AnswerRecorder::onSolutionShown() {
    StepAnswer* answer = current();
    if (answer == nullptr) return;
    ++answer->showMe;
    save();
}

void AnswerRecorder::onFinished(const QString& activityId) {
    for (ActivityAnswers& answers : record_.activities) {
        if (answers.activityId == activityId) answers.finished = true;
    }
    save();
}

void AnswerRecorder::save() {
    problem_ = saveAnswerRecord(record_, path_);
    emit recordChanged();
}

}  // namespace ropelab::ui
