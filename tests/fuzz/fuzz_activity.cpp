// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the activity loader (ui/activities/activity.h). Any bytes must either be refused
// with one line naming the problem, or give activities that are complete (every step of a known
// kind, every readout and control known to the catalog) and survive save → load unchanged.

#include <QByteArray>
#include <QString>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "fuzz_entries.h"

namespace ropelab::fuzz {

int activity(const std::uint8_t* data, std::size_t size) {
    using namespace ropelab::ui;
    const QByteArray json =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    const ActivityLoad load = activitiesFromJson(json, catalog, QStringLiteral("fuzz"));
    if (load.activities.isEmpty()) {
        if (load.error.isEmpty()) fuzzFail("activity file refused without a reason", "");
        if (load.error.contains(QLatin1Char('\n'))) {
            fuzzFail("an activity error spans lines", load.error.toStdString());
        }
        return 0;
    }
    if (!load.error.isEmpty())
        fuzzFail("activities loaded with an error", load.error.toStdString());
    for (const Activity& activity : load.activities) {
        if (!catalog.hasLesson(activity.lesson)) fuzzFail("unknown lesson accepted", "");
        if (activity.steps.isEmpty()) fuzzFail("an activity without steps", "");
        for (const ActivityStep& step : activity.steps) {
            for (const Condition& c : step.goal) {
                if (!catalog.readout(c.readout)) fuzzFail("unknown readout accepted", "");
            }
            if (step.kind == ActivityStep::Kind::Predict && step.choices.isEmpty() &&
                step.numberReadout.isEmpty()) {
                fuzzFail("a prediction without an answer", "");
            }
        }
    }
    const ActivityLoad again = activitiesFromJson(activitiesToJson(load.activities), catalog,
                                                  QStringLiteral("fuzz (saved)"));
    if (!again.error.isEmpty()) fuzzFail("saved activities do not load", again.error.toStdString());
    if (again.activities != load.activities) fuzzFail("save → load changed the activities", "");
    return 0;
}

}  // namespace ropelab::fuzz
