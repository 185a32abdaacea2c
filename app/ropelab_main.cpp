// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop app: a thin main around ropelab_ui's MainWindow.
#include <QApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "activities/activity_command.h"
#include "common/build_info.h"
#include "export/export_command.h"
#include "lessons/real_model_lesson.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/model_file_opener.h"
#include "window/recovery_copy.h"

namespace {

// Also the source of the ropelab(1) man page (help2man), so it lists every option.
const char* const kUsage =
    "Usage: ropelab [FILE.ropelab | FILE.ropelab-activity | MODEL] [--activity ID] [options]\n"
    "  or:  ropelab export --out DIR [options]\n"
    "  or:  ropelab activity list|check|readouts|controls|figures|report|summary ...\n"
    "\n"
    "RoPE Lab teaches how transformers know word order, from learned and sinusoidal\n"
    "position encodings to rotary position embeddings (RoPE), lesson by lesson.\n"
    "\n"
    "Options:\n"
    "  FILE.ropelab           open a saved session\n"
    "  FILE.ropelab-activity  open an activity file\n"
    "  MODEL                  a .safetensors or .gguf file or a model folder: show which\n"
    "                         RoPE pairs its q and k weights use (lesson 12)\n"
    "  --activity ID          open the app at a built-in activity\n"
    "  --lang en|zh_CN        interface language (default: the system's)\n"
    "  --presenter            start in presenter mode (large text, thick lines)\n"
    "  --theme light|dark     colour theme\n"
    "  --check-layout[=DIR]   show every lesson, list each control that does not fit this\n"
    "                         screen (exit 1 if any) and save screenshots of each in DIR\n"
    "  --activities           with --check-layout: also walk every step of every built-in\n"
    "                         activity and list each readout or control a step names that\n"
    "                         is hidden, off screen or concealed without saying so\n"
    "  --activity-file FILE   with --check-layout: walk the steps of a teacher's activity\n"
    "                         file instead\n"
    "  --recovery=ask|restore|discard\n"
    "                         after a crash or kill, what to do with the recovery copy of\n"
    "                         the last state (default ask: a message box offers it)\n"
    "  --help                 show this help\n"
    "  --version              show the version\n"
    "\n"
    "'ropelab export' renders figures without a display (PNG, SVG, PDF, CSV);\n"
    "'ropelab activity' lists and checks activities, prints the ids a step can name\n"
    "and writes the answer report and the class summary for teachers; run either\n"
    "with --help for its options.\n";

// Without a display Qt aborts with a plugin error; say what to do instead.
bool hasDisplay() {
    return std::getenv("DISPLAY") != nullptr || std::getenv("WAYLAND_DISPLAY") != nullptr ||
           std::getenv("QT_QPA_PLATFORM") != nullptr;
}

}  // namespace

int main(int argc, char** argv) {
    if (ropelab::ui::isExportCommand(argc, argv)) return ropelab::ui::runExportCommand(argc, argv);
    if (ropelab::ui::isActivityCommand(argc, argv)) {
        return ropelab::ui::runActivityCommand(argc, argv);
    }
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
            std::fputs(kUsage, stdout);
            return 0;
        }
        if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("%s\n", ropelab::versionLine().c_str());
            return 0;
        }
    }
    if (!hasDisplay()) {
        std::fputs(
            "ropelab: no display (DISPLAY and WAYLAND_DISPLAY are unset); run it on a "
            "desktop, or render figures headless with 'ropelab export --out DIR'\n",
            stderr);
        return 2;
    }
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RopeLab"));
    QApplication::setApplicationName(QStringLiteral("RoPE Lab"));
    ropelab::ui::MainWindow window;
    QStringList arguments = app.arguments().mid(1);
    // A model's weights open in lesson 12; the other arguments go to the window as before.
    QStringList models;
    for (qsizetype i = 0; i < arguments.size();) {
        // Not the value of an option that takes one (--lang zh_CN, --activity ID).
        static const QStringList withValue{"--lang", "--theme", "--activity", "--activity-file"};
        const bool value = i > 0 && withValue.contains(arguments[i - 1]);
        if (!value && !arguments[i].startsWith(QLatin1Char('-')) &&
            ropelab::ui::RealModelLesson::isModelPath(arguments[i])) {
            models.append(arguments.takeAt(i));
        } else {
            ++i;
        }
    }
    ropelab::ui::RecoveryCopy recovery(window);
    QString problem = ropelab::ui::startRecovery(recovery, arguments);
    if (problem.isEmpty()) {
        problem = ropelab::ui::applyStartupArguments(window, arguments, !models.isEmpty());
    }
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "ropelab: %s\n", qPrintable(problem));
        return 2;
    }
    if (!models.isEmpty()) ropelab::ui::ModelFileOpener::open(window, models.last());
    window.show();
    return app.exec();
}
