// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing lost (ui/window/recovery_copy.h): the real app, killed with SIGKILL a few seconds after
// opening a session, leaves a recovery copy of what it showed; the next start restores it (the
// prompt answered by --recovery=restore, as the app's main passes it) or discards it; a clean
// exit removes it; a second window keeps none.

#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "lessons/lesson.h"
#include "lessons/session_file.h"
#include "model/parameter_model.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/recovery_copy.h"

namespace ropelab::ui {
namespace {

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// The real app offscreen, in its own home and data folders under `home`.
QProcessEnvironment appEnvironment(const QTemporaryDir& home) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("HOME"), home.path());
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    return environment;
}

// The app's own data folder: $XDG_DATA_HOME/<organisation>/<application>.
QString appDataFile(const QTemporaryDir& home, const QString& name) {
    return home.filePath(QStringLiteral("data/RopeLab/RoPE Lab/") + name);
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
        QDir folder = QFileInfo(RecoveryCopy::path()).dir();
        for (const char* name : {"recovery.ropelab", "recovery-draft.ropelab-activity",
                                 "recovery-running.ropelab-activity", "recovery-unusable.ropelab",
                                 "recovery-draft-unusable.ropelab-activity",
                                 "recovery-running-unusable.ropelab-activity"}) {
            folder.remove(QLatin1String(name));
        }
    }
    // A copy as a killed app leaves it: the pitfall lesson shown, head_dim 16.
    static bool leaveCopyOfPitfallWithHeadDim16() {
        ParameterSnapshot parameters = ParameterSnapshot::of(ParameterModel());
        parameters.rope.headDim = 16;
        QDir().mkpath(QFileInfo(RecoveryCopy::path()).path());
        return saveSessionFile(RecoveryCopy::path(),
                               SessionState{QStringLiteral("pitfall"), parameters, {}})
            .ok();
    }

    void TearDown() override {
        for (const QString& file :
             {RecoveryCopy::path(), RecoveryCopy::draftPath(), RecoveryCopy::activityPath()}) {
            QFile::remove(file);
        }
    }
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
    app.setProcessEnvironment(appEnvironment(home));
    app.start(QStringLiteral(ROPELAB_APP_PATH), {session});
    ASSERT_TRUE(app.waitForStarted(10000));
    const QString copy = appDataFile(home, QStringLiteral("recovery.ropelab"));
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

TEST_F(Recovery, AKilledAppLeavesTheActivityInProgressAndTheNextStartResumesIt) {
    QTemporaryDir home;
    QProcess app;
    app.setProcessEnvironment(appEnvironment(home));
    app.start(QStringLiteral(ROPELAB_APP_PATH),
              {QStringLiteral("--activity"), QStringLiteral("rope-nd.clock-hands")});
    ASSERT_TRUE(app.waitForStarted(10000));
    const QString running = appDataFile(home, QStringLiteral("recovery-running.ropelab-activity"));
    const bool written = waitForFile(running, 60000);
    ::kill(static_cast<pid_t>(app.processId()), SIGKILL);
    ASSERT_TRUE(app.waitForFinished(10000));
    ASSERT_TRUE(written) << "no copy of the running activity within 60 s: "
                         << app.readAllStandardError().toStdString();
    const QJsonArray activities = readJson(running).value(QStringLiteral("activities")).toArray();
    ASSERT_EQ(activities.size(), 1);
    EXPECT_EQ(activities[0].toObject().value(QStringLiteral("id")).toString(),
              QStringLiteral("rope-nd.clock-hands"));
    // No draft was made, so none is kept.
    EXPECT_FALSE(
        QFile::exists(appDataFile(home, QStringLiteral("recovery-draft.ropelab-activity"))));

    QDir().mkpath(QFileInfo(RecoveryCopy::path()).path());
    ASSERT_TRUE(
        QFile::copy(appDataFile(home, QStringLiteral("recovery.ropelab")), RecoveryCopy::path()));
    ASSERT_TRUE(QFile::copy(running, RecoveryCopy::activityPath()));
    MainWindow window;
    RecoveryCopy recovery(window);
    QStringList arguments = {QStringLiteral("--recovery=restore")};
    EXPECT_EQ(startRecovery(recovery, arguments), QString());
    const Activity* resumed = window.app().activities().runningActivity();
    ASSERT_NE(resumed, nullptr);
    EXPECT_EQ(resumed->id, QStringLiteral("rope-nd.clock-hands"));
    ASSERT_NE(window.currentLesson(), nullptr);
    EXPECT_EQ(window.currentLesson()->id(), QStringLiteral("rope-nd"));
    recovery.finish();
    EXPECT_FALSE(QFile::exists(RecoveryCopy::activityPath()));
}

TEST_F(Recovery, AnUnsavedActivityDraftIsKeptAndRestored) {
    QList<Activity> draft;
    {
        MainWindow window;
        RecoveryCopy recovery(window);
        recovery.start();
        ASSERT_TRUE(window.showLesson(QStringLiteral("rope-2d")));
        ASSERT_TRUE(window.parameterModel().setHeadDim(24));
        ActivityController& activities = window.app().activities();
        activities.addStateAsStep(QStringLiteral("Which pair turns fastest?"));
        ASSERT_TRUE(window.parameterModel().setPositions(9, window.parameterModel().keyPosition()));
        activities.addStateAsStep(QStringLiteral("Now move m to 9."));
        draft = activities.draft();
        recovery.writeIfChanged();
        EXPECT_TRUE(QFile::exists(RecoveryCopy::draftPath()));
        EXPECT_FALSE(QFile::exists(RecoveryCopy::activityPath()));
        // Destroyed without finish(): as a crash leaves it (the lock goes with the process).
    }
    ASSERT_EQ(draft.size(), 1);
    ASSERT_EQ(draft.front().steps.size(), 2);

    MainWindow window;
    RecoveryCopy recovery(window);
    ASSERT_TRUE(recovery.pending());
    EXPECT_EQ(recovery.offer([](MainWindow&) { return RecoveryCopy::Answer::Restore; }), QString());
    ActivityController& activities = window.app().activities();
    EXPECT_EQ(activities.draft(), draft);
    EXPECT_EQ(activities.runningActivity(), nullptr);
    EXPECT_EQ(window.parameterModel().rope().headDim, 24);
    EXPECT_EQ(window.parameterModel().queryPosition(), 9);
    // Restored, the draft saves as if it had never been lost.
    QTemporaryDir folder;
    const QString saved = folder.filePath(QStringLiteral("mine.ropelab-activity"));
    EXPECT_EQ(activities.saveDraft(saved), QString());
    const ActivityLoad load = loadActivityFile(saved, ActivityCatalog::builtIn());
    EXPECT_EQ(load.error, QString());
    EXPECT_EQ(load.activities, draft);
    recovery.finish();
    EXPECT_FALSE(QFile::exists(RecoveryCopy::draftPath()));
}

TEST_F(Recovery, ADamagedActivityCopyChangesNothingAndIsKeptAside) {
    ParameterModel defaults;
    ASSERT_TRUE(leaveCopyOfPitfallWithHeadDim16());
    {
        QFile damaged(RecoveryCopy::draftPath());
        ASSERT_TRUE(damaged.open(QIODevice::WriteOnly));
        damaged.write("{\"format\": \"ropelab-activity\", \"version\": 1, \"activities\": [");
    }
    MainWindow window;
    RecoveryCopy recovery(window);
    const QString problem =
        recovery.offer([](MainWindow&) { return RecoveryCopy::Answer::Restore; });
    EXPECT_TRUE(problem.startsWith(QStringLiteral("The recovery copy could not be restored: ")))
        << problem.toStdString();
    EXPECT_TRUE(problem.endsWith(QStringLiteral("recovery-draft-unusable.ropelab-activity.")))
        << problem.toStdString();
    EXPECT_EQ(window.parameterModel().rope().headDim, defaults.rope().headDim);
    EXPECT_TRUE(window.app().activities().draft().isEmpty());
    const QDir folder = QFileInfo(RecoveryCopy::path()).dir();
    EXPECT_TRUE(folder.exists(QStringLiteral("recovery-unusable.ropelab")));
    EXPECT_TRUE(folder.exists(QStringLiteral("recovery-draft-unusable.ropelab-activity")));
    EXPECT_FALSE(QFile::exists(RecoveryCopy::draftPath()));
    recovery.finish();
}

TEST_F(Recovery, DiscardRemovesTheCopyAndChangesNothing) {
    ParameterModel defaults;
    ASSERT_TRUE(leaveCopyOfPitfallWithHeadDim16());
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

TEST_F(Recovery, TheQuestionIsAskedInTheLanguageOfThisStart) {
    ASSERT_TRUE(leaveCopyOfPitfallWithHeadDim16());
    MainWindow window;
    RecoveryCopy recovery(window);
    QString title;
    QTimer answer;
    answer.setInterval(20);
    QObject::connect(&answer, &QTimer::timeout, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (box == nullptr) return;
        title = box->windowTitle();
        for (QAbstractButton* button : box->buttons()) {
            if (box->buttonRole(button) == QMessageBox::DestructiveRole) button->click();
        }
    });
    answer.start();
    QStringList arguments = {QStringLiteral("--lang"), QStringLiteral("zh_CN")};
    EXPECT_EQ(startRecovery(recovery, arguments), QString());
    EXPECT_EQ(title, QStringLiteral("恢复上次的会话吗？"));
    EXPECT_EQ(arguments.size(), 2);                     // left for applyStartupArguments
    EXPECT_FALSE(QFile::exists(RecoveryCopy::path()));  // discarded
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
