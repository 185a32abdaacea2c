// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing lost (ui/session/recovery_copy.h): the real app, killed with SIGKILL a few seconds after
// opening a session, leaves a recovery copy of what it showed; the next start restores it (the
// prompt answered by --recovery=restore, as the app's main passes it) or discards it; a clean
// exit removes it; a second window keeps none.

#include <gtest/gtest.h>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

#include "lessons/lesson.h"
#include "model/parameter_model.h"
#include "session/recovery_copy.h"
#include "session/session_file.h"
#include "window/main_window.h"

namespace ropelab::ui {
namespace {

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

bool waitForFile(const QString& path, int milliseconds) {
    QElapsedTimer clock;
    clock.start();
    while (!QFile::exists(path)) {
        if (clock.elapsed() > milliseconds) return false;
        QTest::qWait(100);
    }
    return true;
}

class Recovery : public ::testing::Test {
protected:
    // ctest -j runs each test in its own process: each gets its own data folder (test mode puts
    // it under $HOME/.qttest), so their copies and locks never meet.
    static void SetUpTestSuite() {
        home_ = new QTemporaryDir;
        qputenv("HOME", home_->path().toUtf8());
    }
    static void TearDownTestSuite() { delete home_; }
    static inline QTemporaryDir* home_ = nullptr;

    void SetUp() override {
        QFile::remove(RecoveryCopy::path());
        QFile::remove(QDir(QFileInfo(RecoveryCopy::path()).path())
                          .filePath(QStringLiteral("recovery-unusable.ropelab")));
    }
    void TearDown() override { QFile::remove(RecoveryCopy::path()); }
};

TEST_F(Recovery, AKilledAppLeavesACopyThatTheNextStartRestores) {
    QTemporaryDir home;
    const QString session = home.filePath(QStringLiteral("lesson.ropelab"));
    {
        ParameterModel model;
        ParameterSnapshot parameters = ParameterSnapshot::of(model);
        parameters.rope.headDim = 32;
        parameters.rope.ropeTheta = 500.0;
        parameters.queryPosition = 17;
        ASSERT_TRUE(
            saveSessionFile(session, SessionState{QStringLiteral("rope-nd"), parameters, {}}).ok());
    }
    QProcess app;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("HOME"), home.path());
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    app.setProcessEnvironment(environment);
    app.start(QStringLiteral(ROPELAB_APP_PATH), {session});
    ASSERT_TRUE(app.waitForStarted(10000));
    // The app's own data folder: $XDG_DATA_HOME/<organisation>/<application>.
    const QString copy = home.filePath(QStringLiteral("data/RopeLab/RoPE Lab/recovery.ropelab"));
    const bool written = waitForFile(copy, 60000);
    ::kill(static_cast<pid_t>(app.processId()), SIGKILL);
    ASSERT_TRUE(app.waitForFinished(10000));
    ASSERT_TRUE(written) << "no recovery copy within 60 s: "
                         << app.readAllStandardError().toStdString();
    EXPECT_EQ(app.exitStatus(), QProcess::CrashExit);

    // What the killed app showed.
    const QJsonObject saved = readJson(copy);
    EXPECT_EQ(saved.value(QStringLiteral("lesson")).toString(), QStringLiteral("rope-nd"));
    const QJsonObject parameters = saved.value(QStringLiteral("parameters")).toObject();
    EXPECT_EQ(parameters.value(QStringLiteral("head_dim")).toInt(), 32);
    EXPECT_EQ(parameters.value(QStringLiteral("rope_theta")).toDouble(), 500.0);
    EXPECT_TRUE(
        saved.value(QStringLiteral("lessons")).toObject().contains(QStringLiteral("rope-nd")));

    // The next start, in this process's data folder, through the app main's hook.
    QDir().mkpath(QFileInfo(RecoveryCopy::path()).path());
    ASSERT_TRUE(QFile::copy(copy, RecoveryCopy::path()));
    MainWindow window;
    RecoveryCopy recovery(window);
    EXPECT_TRUE(recovery.pending());
    QStringList arguments = {QStringLiteral("--recovery=restore"), QStringLiteral("--presenter")};
    EXPECT_EQ(startRecovery(recovery, arguments), QString());
    EXPECT_EQ(arguments, QStringList{QStringLiteral("--presenter")});
    EXPECT_EQ(window.parameterModel().rope().headDim, 32);
    EXPECT_EQ(window.parameterModel().rope().ropeTheta, 500.0);
    EXPECT_EQ(window.parameterModel().queryPosition(), 17);
    ASSERT_NE(window.currentLesson(), nullptr);
    EXPECT_EQ(window.currentLesson()->id(), QStringLiteral("rope-nd"));
    recovery.finish();
    EXPECT_FALSE(QFile::exists(RecoveryCopy::path()));
}

TEST_F(Recovery, DiscardRemovesTheCopyAndChangesNothing) {
    ParameterModel defaults;
    ParameterSnapshot parameters = ParameterSnapshot::of(defaults);
    parameters.rope.headDim = 16;
    QDir().mkpath(QFileInfo(RecoveryCopy::path()).path());
    ASSERT_TRUE(saveSessionFile(RecoveryCopy::path(),
                                SessionState{QStringLiteral("pitfall"), parameters, {}})
                    .ok());
    MainWindow window;
    RecoveryCopy recovery(window);
    int asked = 0;
    EXPECT_EQ(recovery.offer([&asked](MainWindow&) {
        ++asked;
        return RecoveryCopy::Answer::Discard;
    }),
              QString());
    EXPECT_EQ(asked, 1);
    EXPECT_FALSE(QFile::exists(RecoveryCopy::path()));
    EXPECT_EQ(window.parameterModel().rope().headDim, defaults.rope().headDim);
    // Nothing pending: no question.
    RecoveryCopy again(window);
    EXPECT_FALSE(again.pending());
}

TEST_F(Recovery, ACopyFollowsEachChangeAndACleanExitRemovesIt) {
    MainWindow window;
    RecoveryCopy recovery(window);
    QStringList none;
    ASSERT_EQ(startRecovery(recovery, none), QString());
    // Unchanged state: nothing to keep.
    QTest::qWait(RecoveryCopy::kIntervalMs + 500);
    EXPECT_FALSE(QFile::exists(RecoveryCopy::path()));
    ASSERT_TRUE(window.parameterModel().setHeadDim(48));
    EXPECT_TRUE(waitForFile(RecoveryCopy::path(), 3 * RecoveryCopy::kIntervalMs));
    EXPECT_EQ(readJson(RecoveryCopy::path())
                  .value(QStringLiteral("parameters"))
                  .toObject()
                  .value(QStringLiteral("head_dim"))
                  .toInt(),
              48);
    ASSERT_TRUE(window.showLesson(QStringLiteral("precision")));
    QTest::qWait(2 * RecoveryCopy::kIntervalMs);
    EXPECT_EQ(readJson(RecoveryCopy::path()).value(QStringLiteral("lesson")).toString(),
              QStringLiteral("precision"));
    // A clean exit: the event loop quits, as when the last window closes.
    QTimer::singleShot(0, qApp, &QCoreApplication::quit);
    qApp->exec();
    EXPECT_FALSE(QFile::exists(RecoveryCopy::path()));
}

TEST_F(Recovery, ASecondWindowKeepsNoCopyAndABadAnswerIsRefused) {
    MainWindow first;
    RecoveryCopy kept(first);
    kept.start();
    MainWindow second;
    RecoveryCopy other(second);
    other.start();
    ASSERT_TRUE(second.parameterModel().setHeadDim(24));
    other.writeIfChanged();
    EXPECT_FALSE(QFile::exists(RecoveryCopy::path()));
    QStringList arguments = {QStringLiteral("--recovery=maybe")};
    EXPECT_EQ(startRecovery(other, arguments),
              QStringLiteral("--recovery: use ask, restore or discard, not 'maybe'"));
}

}  // namespace
}  // namespace ropelab::ui
