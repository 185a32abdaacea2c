// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Keeps the record to hand in (answer_record.h) while activities run: it watches the runner
// (steps, predictions, "Show me") and the card's Hint button, and writes the record atomically
// after every change, so nothing is lost in a crash.

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>

#include "activities/answer_record.h"

class QAbstractButton;

namespace ropelab::ui {

class ActivityRunner;

class AnswerRecorder : public QObject {
    Q_OBJECT
public:
    // Starts from the record at `path` (answerRecordPath() in the app).
    AnswerRecorder(ActivityRunner& runner, QString path, QObject* parent = nullptr);

    // Counts the times `hint` is switched on as hints of the running step.
    void watchHintButton(QAbstractButton* hint);

    const AnswerRecord& record() const { return record_; }
    // Why the record could not be read or written last, or empty.
    QString problem() const { return problem_; }
    const QString& path() const { return path_; }
    // Adds the running step's time so far (the dialog shows it up to date).
    void flush();

signals:
    void recordChanged();

private:
    void onChanged();
    void onSubmitted();
    void onSolutionShown();
    void onFinished(const QString& activityId);
    StepAnswer* current();
    void addTime();
    void save();

    ActivityRunner& runner_;
    QString path_;
    AnswerRecord record_;
    QString problem_;
    QString activityId_;
    int step_ = -1;
    QElapsedTimer clock_;
};

}  // namespace ropelab::ui
