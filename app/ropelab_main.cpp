// The desktop app: a thin main around ropelab_ui's MainWindow.
#include <QApplication>

#include "window/main_window.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RopeLab"));
    QApplication::setApplicationName(QStringLiteral("RoPE Lab"));
    ropelab::ui::MainWindow window;
    window.show();
    return app.exec();
}
