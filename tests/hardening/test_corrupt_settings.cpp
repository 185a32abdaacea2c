// SPDX-License-Identifier: GPL-3.0-or-later
// The app's settings file damaged on disk: the main window must start, reset the settings to the
// defaults and say so; settings that parse but hold nonsense (garbage geometry, unknown lesson,
// impossible sizes) must be ignored quietly. Neither may crash or make Qt warn.

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSettings>
#include <QStatusBar>

#include "lessons/lesson.h"
#include "qt_warning_recorder.h"
#include "window/main_window.h"

namespace {

using ropelab::hardening::QtWarningRecorder;
using ropelab::ui::MainWindow;

// Replaces the settings file with these bytes. No QSettings may be created between this and the
// window: only the first QSettings that parses a changed file is told it is damaged (status()).
void writeSettingsFile(const QString& path, const QByteArray& bytes) {
    ASSERT_TRUE(QDir().mkpath(QFileInfo(path).absolutePath())) << path.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate)) << path.toStdString();
    file.write(bytes);
}

QByteArray randomBytes(int count, quint32 seed) {
    QRandomGenerator generator(seed);
    QByteArray bytes(count, '\0');
    for (char& byte : bytes) byte = static_cast<char>(generator.bounded(256));
    return bytes;
}

class CorruptSettings : public ::testing::Test {
protected:
    void SetUp() override { path_ = QSettings().fileName(); }
    void TearDown() override {
        QSettings settings;
        settings.clear();
        settings.sync();
    }

    QString path_;
};

TEST_F(CorruptSettings, AnUnreadableFileIsResetToDefaultsWithAMessage) {
    for (quint32 seed : {1u, 2u, 3u}) {
        const QtWarningRecorder recorder;
        writeSettingsFile(path_, randomBytes(4096 + static_cast<int>(seed), seed));
        {
            MainWindow window;
            EXPECT_TRUE(window.statusBar()->currentMessage().contains(QLatin1String("damaged")))
                << window.statusBar()->currentMessage().toStdString();
            ASSERT_NE(window.currentLesson(), nullptr);
        }
        const QSettings after;
        EXPECT_EQ(after.status(), QSettings::NoError);
        // Only what the app itself wrote back on the way (none of the garbage keys).
        for (const QString& key : after.allKeys()) {
            EXPECT_TRUE(key.startsWith(QLatin1String("mainWindow/")) ||
                        key.startsWith(QLatin1String("ui/")) ||
                        key.startsWith(QLatin1String("session/")) ||
                        key.startsWith(QLatin1String("export/")))
                << key.toStdString();
        }
        EXPECT_TRUE(recorder.warnings().isEmpty())
            << recorder.warnings().join(QLatin1Char('\n')).toStdString();
    }
}

TEST_F(CorruptSettings, NonsenseValuesAreIgnoredQuietly) {
    const QByteArray nonsense[] = {
        "[mainWindow]\ngeometry=@ByteArray(\\x1\\x2\\x3)\nstate=@ByteArray(garbage)\n"
        "lesson=no-such-lesson\n[ui]\ntheme=42\nplotFontSize=-7\nlanguage=xx_YY\n",
        "[mainWindow]\ngeometry=12\nstate=true\nlesson=\n[ui]\nplotFontSize=99999999999\n"
        "language=\n[session]\nrecentFiles=3\nlastFolder=/nonexistent/\x01\n",
        "[ui]\nplotFontSize=abc\ntheme=\n[export]\ndpi=abc\nwidth=-1\nheight=1e308\n"
        "background=999\nformats=png,,xyz\n",
    };
    for (const QByteArray& bytes : nonsense) {
        const QtWarningRecorder recorder;
        writeSettingsFile(path_, bytes);
        {
            MainWindow window;
            ASSERT_NE(window.currentLesson(), nullptr) << bytes.toStdString();
            EXPECT_FALSE(window.statusBar()->currentMessage().contains(QLatin1String("damaged")));
        }
        EXPECT_TRUE(recorder.warnings().isEmpty())
            << bytes.toStdString() << " → "
            << recorder.warnings().join(QLatin1Char('\n')).toStdString();
    }
}

}  // namespace
