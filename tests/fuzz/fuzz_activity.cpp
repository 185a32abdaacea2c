// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the activity loader (ui/activities/activity.h) and what running an activity does.
// Any bytes must either be refused with one line naming the problem, or give activities that are
// complete (every step of a known kind, every readout and control known to the catalog), survive
// save → load unchanged, and run in the main window: every step is entered by the app's own
// ActivityRunner (or refused with one line), and then the activity's lesson renders each of its
// shown figures, offscreen, as PNG.

#include <QByteArray>
#include <QStandardPaths>
#include <QString>
#include <memory>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "activities/activity_runner.h"
#include "export/figure_export.h"
#include "fuzz_entries.h"
#include "fuzz_rendering.h"
#include "lessons/session_file.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace ropelab::fuzz {

namespace {

using namespace ropelab::ui;

// One offscreen application and one main window (never shown: a lesson computes only when it
// renders) for the whole run, as the app has.
struct App {
    App() {
        // Progress an activity remembers goes to a scratch settings file, not the user's.
        QStandardPaths::setTestModeEnabled(true);
        window = std::make_unique<MainWindow>();
        defaults = captureSession(window->parameterModel(), window->lessons(), nullptr);
    }

    OffscreenApplication qt;
    std::unique_ptr<MainWindow> window;
    SessionState defaults;
};

// Never destroyed (see OffscreenApplication).
App& app() {
    static App* instance = new App;
    return *instance;
}

void runInTheWindow(App& a, const Activity& activity) {
    ActivityRunner& runner = a.window->app().activities().runner();
    for (int step = 0; step < activity.steps.size(); ++step) {
        if (!runner.start(activity, step)) {
            const QString problem = runner.setupProblem();
            if (problem.isEmpty()) fuzzFail("a step did not start and said nothing", "");
            if (problem.contains(QLatin1Char('\n'))) {
                fuzzFail("a step's setup problem spans lines", problem.toStdString());
            }
            continue;
        }
        if (runner.stepIndex() != step) fuzzFail("the runner entered another step", "");
    }
    Lesson* lesson = a.window->lesson(activity.lesson);
    if (lesson == nullptr) fuzzFail("an accepted activity's lesson is missing", "");
    FigureExporter exporter(a.window->themeController());
    renderLessonAsPng(exporter, *lesson);
    runner.stop();
    ActivityRunner::forgetProgress(activity.id);
}

}  // namespace

int activity(const std::uint8_t* data, std::size_t size) {
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
    App& a = app();
    for (const Activity& activity : load.activities) runInTheWindow(a, activity);
    // The next input starts from the defaults again, as a fresh start of the app would.
    if (const QString refused =
            applySession(a.defaults, a.window->parameterModel(), a.window->lessons());
        !refused.isEmpty()) {
        fuzzFail("the defaults do not apply", refused.toStdString());
    }
    return 0;
}

}  // namespace ropelab::fuzz
