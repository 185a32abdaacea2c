// SPDX-License-Identifier: GPL-3.0-or-later
#include "activities/activity_library.h"

#include <QDir>

#include <algorithm>

#include "activities/activity_catalog.h"

namespace ropelab::ui {

const ActivityLibrary& ActivityLibrary::builtIn() {
    static const ActivityLibrary library = [] {
        ActivityLibrary loaded;
        const ActivityCatalog& catalog = ActivityCatalog::builtIn();
        const QDir folder(QStringLiteral(":/activities"));
        for (const QString& name :
             folder.entryList({QStringLiteral("*.ropelab-activity")}, QDir::Files, QDir::Name)) {
            const ActivityLoad load = loadActivityFile(folder.filePath(name), catalog);
            if (!load.error.isEmpty() && loaded.error.isEmpty()) loaded.error = load.error;
            loaded.activities += load.activities;
        }
        const QStringList order = catalog.lessons();
        std::stable_sort(loaded.activities.begin(), loaded.activities.end(),
                         [&](const Activity& a, const Activity& b) {
                             return order.indexOf(a.lesson) < order.indexOf(b.lesson);
                         });
        return loaded;
    }();
    return library;
}

QList<Activity> ActivityLibrary::forLesson(const QString& lesson) const {
    QList<Activity> out;
    for (const Activity& activity : activities) {
        if (activity.lesson == lesson) out.append(activity);
    }
    return out;
}

const Activity* ActivityLibrary::find(const QString& id) const {
    for (const Activity& activity : activities) {
        if (activity.id == id) return &activity;
    }
    return nullptr;
}

}  // namespace ropelab::ui
