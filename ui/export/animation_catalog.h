// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The animations RoPE Lab exports: each moves one lesson through its public interface (the
// shared ParameterModel setters and the lesson's own restoreState keys) and paints that lesson's
// own figures, so a frame is exactly what the lesson shows at that state.

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>

#include "model/parameter_snapshot.h"

namespace ropelab::ui {

class Lesson;
class ParameterModel;

// Where an animation starts: the lesson's state and the shared parameters before the first frame.
struct AnimationStart {
    QJsonObject lessonState;
    ParameterSnapshot parameters;
};

struct Animation {
    QString id;           // --animate name and file stem, e.g. "rope-2d-rotate"
    QString lessonId;     // the lesson it moves
    QStringList figures;  // that lesson's figures, painted side by side
    // Periodic: phase u ∈ [0, 1) is one full period, so frame count steps end one step before
    // the first frame comes back. Otherwise a sweep: u is its progress from 0 to 1.
    bool periodic = false;
    const char* title = "";        // untranslated; see displayTitle()
    const char* description = "";  // untranslated; see describe()
    // Sets the lesson to phase u, starting from `start`.
    std::function<void(Lesson&, ParameterModel&, const AnimationStart&, double u)> apply;

    // A few words naming it (for a menu), in the current language.
    QString displayTitle() const;
    // The description in the current language.
    QString describe() const;
};

// Every animation, in lesson order.
const QList<Animation>& animationCatalog();
// nullptr when no animation has this id.
const Animation* findAnimation(const QString& id);
QStringList animationIds();
// The animations that move this lesson, in catalogue order (empty when it has none).
QList<const Animation*> lessonAnimations(const QString& lessonId);

}  // namespace ropelab::ui
