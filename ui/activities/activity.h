// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Guided activities: an ordered list of steps attached to a lesson, read from JSON (the built-ins
// and a teacher's .ropelab-activity files share one schema). A step states a task (predict,
// explore, explain) whose checks read the lesson's named readouts; expected values come from the
// readouts at check time, never from numbers in the prose. Parsing checks everything against the
// ActivityCatalog, so a loaded activity can always run.
//
//   { "format": "ropelab-activity", "version": 1,
//     "activities": [ { "id": "rope-2d.shift-both", "lesson": "rope-2d",
//       "title": {"en": "…", "zh_CN": "…"}, "summary": {…},
//       "steps": [ { "prompt": {…},
//                    "setup": {"parameters": {session keys}, "view": {lesson state},
//                              "lock": ["*" | control…], "hide": [control…]},
//                    "conceal": {"figures": [figure…], "annotations": [{"figure": f, "id": a}…],
//                                "readouts": "all" | [readout id…]},
//                    "options": {…},
//                    "task": {"kind": "predict", "choices": [{"text": {…}, "correct_when": [c…],
//                                                              "feedback": {…}}]}
//                          | {"kind": "predict", "choices": [{"text": {…}, "correct": true}, …]}
//                          | {"kind": "predict", "number": {"readout": id, "tolerance": t}}
//                          | {"kind": "explore", "goal": [condition…]}
//                          | {"kind": "explain"},
//                    "hint": {…}, "correct": {…}, "wrong": {…}, "reveal": {…},
//                    "solution": [{"control": name, "value": v}…] } ] } ] }
//
// A condition: {"readout": id, "near": x | {"readout": id}, "tolerance": t}, or "below"/"above".
//
// "conceal" keeps what would give a predict or explore step away out of sight until the student
// has checked (right, wrong with no tries left, or "Show me") or reached the goal: whole figures
// (the file-name stems export uses), a figure's annotation (ActivityCatalog::figures lists the
// ids) and the readouts ("all", or readout ids; an id the panel does not show on a row of its own
// conceals them all). Leaving the step shows everything again.
// "options" (per activity, and per step over the activity's): "retries" (wrong answers allowed
// before the answer is judged, default 0), "show_solution" (false: no "Show me", and a wrong
// answer is told neither the right choice nor the step's "wrong" text, which explains it;
// default true), "keep_inside" (true: the lesson list, the lesson map and Close are disabled
// until the activity ends; default false).
// A conceptual choice is marked "correct": true (exactly one per step, and then no correct_when
// in that step); any choice may carry "feedback" shown when it is picked.

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

#include "lessons/lesson.h"

namespace ropelab::ui {

class ActivityCatalog;

inline constexpr auto kActivityFormat = "ropelab-activity";
inline constexpr int kActivityFormatVersion = 1;
inline constexpr auto kActivitySuffix = "ropelab-activity";

// A text in the languages the file gives (at least one).
struct LocalText {
    QMap<QString, QString> byLanguage;  // "en", "zh_CN"

    bool isEmpty() const { return byLanguage.isEmpty(); }
    // The text in `language` ("zh_CN", or "zh" for any Chinese), else English, else any.
    QString in(const QString& language) const;
    bool operator==(const LocalText&) const = default;
};

// The current value of a named readout, or nothing while the lesson has not computed it.
using ReadoutLookup = std::function<std::optional<double>(const QString& id)>;

struct Condition {
    enum class Op { Near, Below, Above };
    QString readout;
    Op op = Op::Near;
    double value = 0.0;
    QString valueReadout;  // when set, the value is this readout's current value
    double tolerance = 0.0;

    // Whether it holds now; false while a readout it needs is missing.
    bool holds(const ReadoutLookup& readouts) const;
    bool operator==(const Condition&) const = default;
};

bool allHold(const QList<Condition>& conditions, const ReadoutLookup& readouts);

struct Choice {
    LocalText text;
    QList<Condition> correctWhen;  // the right choice is the one whose conditions hold
    bool correct = false;          // right by the author's word (a conceptual question)
    LocalText feedback;            // shown when this choice is picked
    bool operator==(const Choice&) const = default;
};

struct ControlValue {
    QString control;  // a control name of the catalog
    QJsonValue value;
    bool operator==(const ControlValue&) const = default;
};

// What a step keeps out of sight until the student has checked.
struct Concealment {
    QStringList figures;
    QList<AnnotationId> annotations;
    bool allReadouts = false;
    QStringList readouts;  // readout ids, when not all

    bool isEmpty() const {
        return figures.isEmpty() && annotations.isEmpty() && !allReadouts && readouts.isEmpty();
    }
    bool operator==(const Concealment&) const = default;
};

// A teacher's options; unset fields fall back to the activity's, then to the defaults.
struct ActivityOptions {
    std::optional<int> retries;
    std::optional<bool> showSolution;
    std::optional<bool> keepInside;

    // These options where set, else `fallback`'s.
    ActivityOptions over(const ActivityOptions& fallback) const {
        return {retries ? retries : fallback.retries,
                showSolution ? showSolution : fallback.showSolution,
                keepInside ? keepInside : fallback.keepInside};
    }
    bool isEmpty() const { return !retries && !showSolution && !keepInside; }
    bool operator==(const ActivityOptions&) const = default;
};

struct ActivityStep {
    enum class Kind { Predict, Explore, Explain };
    Kind kind = Kind::Explain;
    LocalText prompt;
    // Setup applied when the step starts: parameter values (session keys), the lesson's own view
    // state, and the controls that stay locked or hidden during the step ("*": every control).
    QJsonObject parameters;
    QJsonObject view;
    QStringList locked;
    QStringList hidden;
    // Predict: either choices or a number read from `numberReadout` within `tolerance`.
    QList<Choice> choices;
    QString numberReadout;
    double tolerance = 0.0;
    // Explore: what must hold before the student may go on.
    QList<Condition> goal;
    LocalText hint;
    LocalText correct;             // feedback when right (or when the goal is reached)
    LocalText wrong;               // feedback when a prediction is wrong
    LocalText reveal;              // the explanation shown once the task is done
    QList<ControlValue> solution;  // control moves that complete the task ("Show me", tests)
    Concealment conceal;
    ActivityOptions options;

    bool predictsNumber() const { return kind == Kind::Predict && !numberReadout.isEmpty(); }
    // The readout ids the step's checks read and the controls it asks the student to move: what
    // must be in view beside its card.
    QStringList namedReadouts() const;
    QStringList namedControls() const;
    bool operator==(const ActivityStep&) const = default;
};

struct Activity {
    QString id;
    QString lesson;
    LocalText title;
    LocalText summary;
    QList<ActivityStep> steps;
    ActivityOptions options;

    // The options in force at step `index`, defaults filled in.
    int retries(int index) const;
    bool showsSolution(int index) const;
    bool keepsInside(int index) const;
    QStringList languages() const;  // the languages every text of the activity has
    bool operator==(const Activity&) const = default;
};

struct ActivityLoad {
    QList<Activity> activities;  // empty when the file cannot be used
    QString error;               // one line naming the step and the field, when not usable
    QStringList problems;        // every problem found, one line each (error is the first)
};

// Parses and checks a whole file; `source` names it in messages (a path or ":/activities/x").
ActivityLoad activitiesFromJson(const QByteArray& json, const ActivityCatalog& catalog,
                                const QString& source);
ActivityLoad loadActivityFile(const QString& path, const ActivityCatalog& catalog);

QJsonObject activityToJson(const Activity& activity);
QByteArray activitiesToJson(const QList<Activity>& activities);

}  // namespace ropelab::ui
