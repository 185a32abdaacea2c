// The desktop app: a thin main around ropelab_ui's MainWindow.
#include <QApplication>

#include <cstdio>

#include "classroom/classroom_features.h"
#include "export/export_command.h"
#include "window/main_window.h"

int main(int argc, char** argv) {
    if (ropelab::ui::isExportCommand(argc, argv)) return ropelab::ui::runExportCommand(argc, argv);
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
