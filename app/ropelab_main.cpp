// The desktop app: a thin main around ropelab_ui's MainWindow.
#include <QApplication>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "activities/activity_command.h"
#include "classroom/classroom_features.h"
#include "export/export_command.h"
#include "window/main_window.h"

namespace {

const char* const kUsage =
    "usage: ropelab [FILE.ropelab | FILE.ropelab-activity] [--activity ID] [--lang en|zh_CN]\n"
    "               [--presenter] [--theme light|dark]\n"
    "       ropelab export --out DIR [options]   (renders figures headless; see --help there)\n"
    "       ropelab activity list|check ...      (activities for teachers; see --help there)\n";

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
    const QString problem = ropelab::ui::applyStartupArguments(window, app.arguments().mid(1));
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "ropelab: %s\n", qPrintable(problem));
        return 2;
    }
    window.show();
    return app.exec();
}
