// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A student's record to hand in: for every activity, each step's prediction, the value the app
// computed, right or wrong, tries, hints, "Show me" and time. One entry per activity (the latest
// run's answers; tries, hints and time add up over runs). Kept as JSON (answers.json in the app's
// data folder), written atomically after every change, so a crash or kill loses nothing.

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

#include "activities/activity.h"

namespace ropelab::ui {

struct StepAnswer {
    int step = 0;  // from 0
    ActivityStep::Kind kind = ActivityStep::Kind::Explain;
    // A choice prediction: the chosen choice and the one the readouts made right when checked
    // (from 0), with their texts; a number prediction: the number and the readout's value then.
    std::optional<int> choice;
    LocalText choiceText;
    std::optional<int> rightChoice;
    LocalText rightChoiceText;
    std::optional<double> number;
    std::optional<double> computed;
    // Predictions: judged right or wrong; explore steps: whether the goal was reached.
    std::optional<bool> right;
    int tries = 0;
    int hints = 0;
    int showMe = 0;
    double seconds = 0.0;

    bool operator==(const StepAnswer&) const = default;
};

struct ActivityAnswers {
    QString activityId;
    QString lesson;
    LocalText title;
    QDateTime started;
    bool finished = false;
    QList<StepAnswer> steps;  // the steps visited, in step order

    // The answer of step `index`, added (in order) when not there yet.
    StepAnswer& step(int index, ActivityStep::Kind kind);
    bool operator==(const ActivityAnswers&) const = default;
};

struct AnswerRecord {
    QList<ActivityAnswers> activities;  // in the order they were first started

    // The entry of `activity`, added when not there yet.
    ActivityAnswers& entry(const Activity& activity);
    bool operator==(const AnswerRecord&) const = default;
};

QJsonObject answerRecordToJson(const AnswerRecord& record);
// Empty `error` on success; a file that is not a record leaves `record` empty.
AnswerRecord answerRecordFromJson(const QJsonObject& json, QString* error);

// answers.json in QStandardPaths::AppDataLocation.
QString answerRecordPath();
// The record kept at `path`: empty when there is none yet; `error` says why a file is unusable.
AnswerRecord loadAnswerRecord(const QString& path, QString* error);
// Empty on success, else why nothing was written (the old file stays whole).
QString saveAnswerRecord(const AnswerRecord& record, const QString& path);

// The student's name, entered once and kept in the settings (empty until entered).
QString studentName();
void setStudentName(const QString& name);

}  // namespace ropelab::ui
