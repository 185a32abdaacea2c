// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/answer_record.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>

#include "model/atomic_write.h"

namespace ropelab::ui {

namespace {

struct Tr {
    Q_DECLARE_TR_FUNCTIONS(ropelab::ui::AnswerRecord)
};

constexpr auto kFormat = "ropelab-answers";
constexpr int kVersion = 1;
constexpr auto kStudentKey = "student/name";
// A record holds a few hundred steps; anything far larger is not one.
constexpr qint64 kMaxFileBytes = 16 * 1024 * 1024;

QString kindName(ActivityStep::Kind kind) {
    switch (kind) {
        case ActivityStep::Kind::Predict:
            return QStringLiteral("predict");
        case ActivityStep::Kind::Explore:
            return QStringLiteral("explore");
        case ActivityStep::Kind::Explain:
            break;
    }
    return QStringLiteral("explain");
}

std::optional<ActivityStep::Kind> kindFromName(const QString& name) {
    if (name == QLatin1String("predict")) return ActivityStep::Kind::Predict;
    if (name == QLatin1String("explore")) return ActivityStep::Kind::Explore;
    if (name == QLatin1String("explain")) return ActivityStep::Kind::Explain;
    return std::nullopt;
}

QJsonObject textToJson(const LocalText& text) {
    QJsonObject json;
    for (auto it = text.byLanguage.constBegin(); it != text.byLanguage.constEnd(); ++it) {
        json.insert(it.key(), it.value());
    }
    return json;
}

LocalText textFromJson(const QJsonValue& value) {
    LocalText text;
    const QJsonObject json = value.toObject();
    for (auto it = json.constBegin(); it != json.constEnd(); ++it) {
        if (it.value().isString()) text.byLanguage.insert(it.key(), it.value().toString());
    }
    return text;
}

template <class T>
void insertOptional(QJsonObject& json, const char* key, const std::optional<T>& value) {
    if (value) json.insert(QLatin1String(key), *value);
}

std::optional<double> numberFrom(const QJsonObject& json, const char* key) {
    const QJsonValue value = json.value(QLatin1String(key));
    if (!value.isDouble() || !std::isfinite(value.toDouble())) return std::nullopt;
    return value.toDouble();
}

std::optional<int> indexFrom(const QJsonObject& json, const char* key) {
    const std::optional<double> value = numberFrom(json, key);
    if (!value || *value < 0 || *value != std::floor(*value) || *value > 1000) return std::nullopt;
    return static_cast<int>(*value);
}

int countFrom(const QJsonObject& json, const char* key) {
    return indexFrom(json, key).value_or(0);
}

}  // namespace

StepAnswer& ActivityAnswers::step(int index, ActivityStep::Kind kind) {
    auto it = std::find_if(steps.begin(), steps.end(),
                           [index](const StepAnswer& answer) { return answer.step >= index; });
    if (it != steps.end() && it->step == index) return *it;
    StepAnswer answer;
    answer.step = index;
    answer.kind = kind;
    return *steps.insert(it, answer);
}

ActivityAnswers& AnswerRecord::entry(const Activity& activity) {
    for (ActivityAnswers& answers : activities) {
        if (answers.activityId == activity.id) return answers;
    }
    ActivityAnswers answers;
    answers.activityId = activity.id;
    answers.lesson = activity.lesson;
    answers.title = activity.title;
    answers.started = QDateTime::currentDateTimeUtc();
    activities.append(answers);
    return activities.back();
}

QJsonObject answerRecordToJson(const AnswerRecord& record) {
    QJsonArray activities;
    for (const ActivityAnswers& answers : record.activities) {
        QJsonArray steps;
        for (const StepAnswer& s : answers.steps) {
            QJsonObject step{
                {QStringLiteral("step"), s.step},      {QStringLiteral("kind"), kindName(s.kind)},
                {QStringLiteral("tries"), s.tries},    {QStringLiteral("hints"), s.hints},
                {QStringLiteral("show_me"), s.showMe}, {QStringLiteral("seconds"), s.seconds}};
            insertOptional(step, "choice", s.choice);
            if (!s.choiceText.isEmpty())
                step.insert(QStringLiteral("choice_text"), textToJson(s.choiceText));
            insertOptional(step, "right_choice", s.rightChoice);
            if (!s.rightChoiceText.isEmpty())
                step.insert(QStringLiteral("right_choice_text"), textToJson(s.rightChoiceText));
            insertOptional(step, "number", s.number);
            insertOptional(step, "computed", s.computed);
            insertOptional(step, "right", s.right);
            steps.append(step);
        }
        activities.append(QJsonObject{
            {QStringLiteral("id"), answers.activityId},
            {QStringLiteral("lesson"), answers.lesson},
            {QStringLiteral("title"), textToJson(answers.title)},
            {QStringLiteral("started"), answers.started.toString(Qt::ISODateWithMs)},
            {QStringLiteral("finished"), answers.finished},
            {QStringLiteral("steps"), steps},
        });
    }
    return {{QStringLiteral("format"), QLatin1String(kFormat)},
            {QStringLiteral("version"), kVersion},
            {QStringLiteral("activities"), activities}};
}

AnswerRecord answerRecordFromJson(const QJsonObject& json, QString* error) {
    AnswerRecord record;
    if (json.value(QStringLiteral("format")).toString() != QLatin1String(kFormat) ||
        json.value(QStringLiteral("version")).toInt() != kVersion) {
        *error = Tr::tr("not a RoPE Lab answer record (format %1, version %2)")
                     .arg(QLatin1String(kFormat))
                     .arg(kVersion);
        return record;
    }
    for (const QJsonValue& value : json.value(QStringLiteral("activities")).toArray()) {
        const QJsonObject a = value.toObject();
        ActivityAnswers answers;
        answers.activityId = a.value(QStringLiteral("id")).toString();
        answers.lesson = a.value(QStringLiteral("lesson")).toString();
        answers.title = textFromJson(a.value(QStringLiteral("title")));
        answers.started =
            QDateTime::fromString(a.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs);
        answers.finished = a.value(QStringLiteral("finished")).toBool();
        if (answers.activityId.isEmpty()) continue;
        for (const QJsonValue& stepValue : a.value(QStringLiteral("steps")).toArray()) {
            const QJsonObject s = stepValue.toObject();
            const std::optional<int> index = indexFrom(s, "step");
            const auto kind = kindFromName(s.value(QStringLiteral("kind")).toString());
            if (!index || !kind) continue;
            StepAnswer& step = answers.step(*index, *kind);
            step.choice = indexFrom(s, "choice");
            step.choiceText = textFromJson(s.value(QStringLiteral("choice_text")));
            step.rightChoice = indexFrom(s, "right_choice");
            step.rightChoiceText = textFromJson(s.value(QStringLiteral("right_choice_text")));
            step.number = numberFrom(s, "number");
            step.computed = numberFrom(s, "computed");
            if (s.value(QStringLiteral("right")).isBool()) {
                step.right = s.value(QStringLiteral("right")).toBool();
            }
            step.tries = countFrom(s, "tries");
            step.hints = countFrom(s, "hints");
            step.showMe = countFrom(s, "show_me");
            step.seconds = std::max(0.0, numberFrom(s, "seconds").value_or(0.0));
        }
        record.activities.append(answers);
    }
    return record;
}

QString answerRecordPath() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("answers.json"));
}

AnswerRecord loadAnswerRecord(const QString& path, QString* error) {
    QFile file(path);
    if (!file.exists()) return {};
    if (!file.open(QIODevice::ReadOnly)) {
        *error = Tr::tr("%1: cannot be opened (%2)").arg(path, file.errorString());
        return {};
    }
    if (file.size() > kMaxFileBytes) {
        *error = Tr::tr("%1: too large for an answer record").arg(path);
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = Tr::tr("%1: not valid JSON").arg(path);
        return {};
    }
    QString problem;
    AnswerRecord record = answerRecordFromJson(document.object(), &problem);
    if (!problem.isEmpty()) *error = QStringLiteral("%1: %2").arg(path, problem);
    return record;
}

QString saveAnswerRecord(const AnswerRecord& record, const QString& path) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    return writeFileAtomically(path, QJsonDocument(answerRecordToJson(record)).toJson()).error;
}

QString studentName() {
    return QSettings().value(QLatin1String(kStudentKey)).toString();
}

void setStudentName(const QString& name) {
    QSettings().setValue(QLatin1String(kStudentKey), name.trimmed());
}

}  // namespace ropelab::ui
