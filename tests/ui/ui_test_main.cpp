// SPDX-License-Identifier: GPL-3.0-or-later
// GoogleTest main for widget tests: a QApplication on the offscreen platform when no display is set
// (gtest discovery may run the binary without the test environment).
#include <gtest/gtest.h>

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("RopeLabTests"));
    QApplication::setApplicationName(QStringLiteral("ropelab-ui-tests"));
    // Settings go to a folder of this process alone: never the user's, and ctest -j runs each
    // test in its own process, which must not see another one's window state.
    const QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
