// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the session loader (ui/lessons/session_file.h) and what opening a session does.
// Any bytes must either be refused with an error sentence, or give a state that validates,
// survives save → load unchanged, applies to every lesson (parameters and each lesson's own
// state) and lets every lesson render each of its shown figures, offscreen, as PNG (the CSV
// writes the same data as text: it adds time per input, not rendering).

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <exception>
#include <memory>
#include <vector>

#include "common/errors.h"
#include "encodings/rope_frequencies.h"
#include "export/figure_export.h"
#include "fuzz_entries.h"
#include "fuzz_rendering.h"
#include "lessons/lesson_registry.h"
#include "lessons/session_file.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"

namespace ropelab::fuzz {

namespace {

using namespace ropelab::ui;

// One offscreen application and one set of lessons for the whole run, as the app has.
struct App {
    App() {
        lessons = createLessons(LessonContext{&model, &theme});
        for (const auto& lesson : lessons) {
            all.push_back(lesson.get());
            ids.append(lesson->id());
        }
        defaults = captureSession(model, all, nullptr);
    }

    OffscreenApplication qt;
    ParameterModel model;
    ThemeController theme;
    std::vector<std::unique_ptr<Lesson>> lessons;
    std::vector<Lesson*> all;
    QStringList ids;
    SessionState defaults;
};

// Never destroyed (see OffscreenApplication).
App& app() {
    static App* instance = new App;
    return *instance;
}

void renderEveryLesson(App& a) {
    FigureExporter exporter(a.theme);
    for (Lesson* lesson : a.all) renderLessonAsPng(exporter, *lesson);
}

}  // namespace

int session(const std::uint8_t* data, std::size_t size) {
    App& a = app();
    const QByteArray json =
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const SessionLoad load = sessionFromJson(json, a.defaults, a.ids);
    static_cast<void>(load.report.summary());
    if (!load.state) {
        if (load.error.isEmpty()) fuzzFail("session refused without a reason", "");
        return 0;
    }
    if (!load.error.isEmpty()) fuzzFail("session loaded with an error", load.error.toStdString());
    const SessionState& state = *load.state;
    try {
        validate(state.parameters.rope);
        static_cast<void>(ropeFrequencies(state.parameters.rope));
    } catch (const InputError& error) {
        // validate() must agree with the loader; frequencies may overflow for extreme values.
        if (std::string_view(error.what()).find("inv_freq") == std::string_view::npos) {
            fuzzFail("loaded parameters do not validate", error.what());
        }
    }
    const SessionLoad again = sessionFromJson(sessionToJson(state), a.defaults, a.ids);
    if (!again.state) fuzzFail("a saved session does not load", again.error.toStdString());
    if (!(*again.state == state)) fuzzFail("save → load changed the session", "");
    if (const QString refused = applySession(state, a.model, a.all); !refused.isEmpty()) {
        fuzzFail("a loaded session does not apply", refused.toStdString());
    }
    renderEveryLesson(a);
    // The next input starts from the defaults again, as a fresh start of the app would.
    if (const QString refused = applySession(a.defaults, a.model, a.all); !refused.isEmpty()) {
        fuzzFail("the defaults do not apply", refused.toStdString());
    }
    return 0;
}

}  // namespace ropelab::fuzz
