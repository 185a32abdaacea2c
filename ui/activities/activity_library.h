// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The built-in activities: every resources/activities/*.ropelab-activity file, embedded as
// :/activities/, in teaching order of their lessons.

#include <QList>
#include <QString>

#include "activities/activity.h"

namespace ropelab::ui {

struct ActivityLibrary {
    QList<Activity> activities;
    QString error;  // the first file that failed to load, empty when all loaded

    static const ActivityLibrary& builtIn();
    QList<Activity> forLesson(const QString& lesson) const;
    const Activity* find(const QString& id) const;
};

}  // namespace ropelab::ui
