// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Sessions: the whole teaching state (current lesson, every shared parameter, each lesson's own
// state such as view angles and compared configurations) as versioned JSON in a .ropelab file.
//
//   { "format": "ropelab-session", "version": 1, "savedBy": "RoPE Lab 0.1.0",
//     "lesson": "rope-2d",
//     "parameters": { "head_dim": 64, "rope_theta": 10000, "rope_type": "default", ...,
//                     "layout": "half", "query_position": 5, "key_position": 2,
//                     "sequence_length": 256, "seed": 1 },
//     "lessons": { "rope-2d": { ...Lesson::saveState()... }, ... } }
//
// Reading never half-applies: a file is parsed and checked completely into a SessionState first.
// Keys this version does not know are ignored and listed; keys a file lacks keep their current
// value and are listed too, so opening an older or newer file says what was kept and ignored.

#include <QByteArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "model/atomic_write.h"
#include "model/parameter_snapshot.h"

namespace ropelab::ui {

class Lesson;
class ParameterModel;

inline constexpr int kSessionFormatVersion = 1;
inline constexpr auto kSessionSuffix = "ropelab";

struct SessionState {
    QString lessonId;
    ParameterSnapshot parameters;
    QMap<QString, QJsonObject> lessonStates;  // by lesson id

    bool operator==(const SessionState&) const = default;
};

// What a load kept and ignored; empty lists for a file from this very version.
struct SessionReport {
    int fileVersion = kSessionFormatVersion;
    QString savedBy;
    QStringList ignored;  // e.g. "parameters.rope_foo (unknown to this version)"
    QStringList missing;  // e.g. "parameters.seed (not in the file; current value kept)"

    bool hasNotes() const;
    // A few translated sentences for a message box or stderr.
    QString summary() const;
};

struct SessionLoad {
    std::optional<SessionState> state;  // empty when the file cannot be used
    QString error;                      // why, in one sentence
    SessionReport report;
};

QByteArray sessionToJson(const SessionState& state);

// A session's "parameters" object (also a step's setup in activity files).
QJsonObject sessionParametersToJson(const ParameterSnapshot& parameters);
// Reads a session's "parameters" object over `parameters` (keys it lacks keep their value), as
// activity files set them. Empty on success, else why (a wrong type, an unknown key, a value core
// rejects); then `parameters` is unchanged.
QString readSessionParameters(const QJsonObject& json, ParameterSnapshot& parameters);

// `current` fills anything the file lacks; `knownLessons` are this build's lesson ids.
SessionLoad sessionFromJson(const QByteArray& json, const SessionState& current,
                            const QStringList& knownLessons);

SessionLoad loadSessionFile(const QString& path, const SessionState& current,
                            const QStringList& knownLessons);
WriteResult saveSessionFile(const QString& path, const SessionState& state);

// The state of a running app: the model, every lesson's saveState() and the shown lesson.
SessionState captureSession(const ParameterModel& model, const std::vector<Lesson*>& lessons,
                            const Lesson* current);
// Sets the model and restores each lesson named in the state. Empty on success, else why
// (then nothing was changed). Showing state.lessonId is the caller's job.
QString applySession(const SessionState& state, ParameterModel& model,
                     const std::vector<Lesson*>& lessons);

}  // namespace ropelab::ui
