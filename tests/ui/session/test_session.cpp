// SPDX-License-Identifier: GPL-3.0-or-later
// Sessions: the whole state survives a save/load round trip; files from newer or older versions
// load as far as possible and say what was kept and ignored; a corrupt or invalid file is
// refused with a clear message and changes nothing; undo/redo of parameter changes merges drags.
#include <gtest/gtest.h>

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>

#include <memory>

#include "lesson_harness.h"
#include "lessons/lesson_registry.h"
#include "lessons/session_file.h"
#include "model/parameter_history.h"
#include "model/parameter_model.h"
#include "session/session_controller.h"
#include "style/theme_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;

// Every shared parameter away from its default, including optional scaling values.
void changeEverything(ParameterModel& model) {
    RopeParams rope = model.rope();
    rope.headDim = 96;
    rope.ropeTheta = 500000.0;
    rope.ropeType = RopeType::Yarn;
    rope.factor = 4.0;
    rope.originalMaxPositionEmbeddings = 8192;
    rope.betaFast = 16.0;
    rope.mscale = 0.707;
    ASSERT_TRUE(model.setRope(rope));
    model.setLayout(RopeLayout::Interleaved);
    model.setSequenceLength(512);
    model.setPositions(17, 3);
    model.setSeed(42);
}

QByteArray withParameter(const SessionState& state, const QString& key, const QJsonValue& value) {
    QJsonObject root = QJsonDocument::fromJson(sessionToJson(state)).object();
    QJsonObject parameters = root.value(QStringLiteral("parameters")).toObject();
    if (value.isUndefined()) {
        parameters.remove(key);
    } else {
        parameters.insert(key, value);
    }
    root.insert(QStringLiteral("parameters"), parameters);
    return QJsonDocument(root).toJson();
}

TEST(Session, RoundTripRestoresEveryParameterAndLessonState) {
    AllLessons first;
    changeEverything(first.model);
    Lesson* rope2d = first.lesson(QStringLiteral("rope-2d"));
    ASSERT_NE(rope2d, nullptr);
    QJsonObject view = rope2d->saveState();
    view.insert(QStringLiteral("pair"), 5);
    rope2d->restoreState(view);
    const SessionState saved = captureSession(first.model, first.lessons(), rope2d);
    EXPECT_EQ(saved.lessonId, QStringLiteral("rope-2d"));
    EXPECT_EQ(saved.lessonStates.value(QStringLiteral("rope-2d")).value(QStringLiteral("pair")), 5);

    const SessionLoad load = sessionFromJson(sessionToJson(saved), SessionState{}, first.ids());
    ASSERT_TRUE(load.state) << load.error.toStdString();
    EXPECT_EQ(*load.state, saved);
    EXPECT_FALSE(load.report.hasNotes()) << load.report.summary().toStdString();

    AllLessons second;
    ASSERT_TRUE(applySession(*load.state, second.model, second.lessons()).isEmpty());
    EXPECT_EQ(ParameterSnapshot::of(second.model), ParameterSnapshot::of(first.model));
    EXPECT_EQ(
        captureSession(second.model, second.lessons(), second.lesson(QStringLiteral("rope-2d"))),
        saved);
}

TEST(Session, ApplyingChangesTheModelWithOneSignal) {
    AllLessons app;
    SessionState state = captureSession(app.model, app.lessons(), nullptr);
    state.parameters.rope.headDim = 32;
    state.parameters.queryPosition = 9;
    state.parameters.sequenceLength = 100;
    int changes = 0;
    QObject::connect(&app.model, &ParameterModel::changed, [&changes] { ++changes; });
    ASSERT_TRUE(applySession(state, app.model, app.lessons()).isEmpty());
    EXPECT_EQ(changes, 1);
    EXPECT_EQ(app.model.rope().headDim, 32);
    EXPECT_EQ(app.model.queryPosition(), 9);
    EXPECT_EQ(app.model.sequenceLength(), 100);
}

TEST(Session, NewerFileLoadsWhatItKnowsAndListsWhatItIgnored) {
    AllLessons app;
    const SessionState current = captureSession(app.model, app.lessons(), nullptr);
    SessionState saved = current;
    saved.parameters.rope.headDim = 128;
    QJsonObject root = QJsonDocument::fromJson(sessionToJson(saved)).object();
    root.insert(QStringLiteral("version"), kSessionFormatVersion + 1);
    root.insert(QStringLiteral("annotations"), QJsonObject{{QStringLiteral("pen"), 3}});
    QJsonObject parameters = root.value(QStringLiteral("parameters")).toObject();
    parameters.insert(QStringLiteral("rope_warp"), 2.5);
    root.insert(QStringLiteral("parameters"), parameters);
    QJsonObject lessons = root.value(QStringLiteral("lessons")).toObject();
    lessons.insert(QStringLiteral("lesson-from-the-future"), QJsonObject{});
    root.insert(QStringLiteral("lessons"), lessons);

    const SessionLoad load = sessionFromJson(QJsonDocument(root).toJson(), current, app.ids());
    ASSERT_TRUE(load.state) << load.error.toStdString();
    EXPECT_EQ(load.state->parameters.rope.headDim, 128);
    EXPECT_EQ(load.report.fileVersion, kSessionFormatVersion + 1);
    const QString ignored = load.report.ignored.join(QLatin1Char('|'));
    EXPECT_TRUE(ignored.contains(QStringLiteral("annotations"))) << ignored.toStdString();
    EXPECT_TRUE(ignored.contains(QStringLiteral("parameters.rope_warp"))) << ignored.toStdString();
    EXPECT_TRUE(ignored.contains(QStringLiteral("lesson-from-the-future")))
        << ignored.toStdString();
    EXPECT_TRUE(load.report.hasNotes());
    EXPECT_TRUE(load.report.summary().contains(QStringLiteral("newer")))
        << load.report.summary().toStdString();
}

TEST(Session, OlderFileKeepsCurrentValuesForWhatItLacks) {
    AllLessons app;
    app.model.setSeed(7);
    app.model.setSequenceLength(300);
    const SessionState current = captureSession(app.model, app.lessons(), nullptr);
    SessionState saved = current;
    saved.parameters.rope.headDim = 16;
    QJsonObject root = QJsonDocument::fromJson(sessionToJson(saved)).object();
    QJsonObject parameters = root.value(QStringLiteral("parameters")).toObject();
    parameters.remove(QStringLiteral("seed"));
    parameters.remove(QStringLiteral("sequence_length"));
    root.insert(QStringLiteral("parameters"), parameters);
    root.remove(QStringLiteral("lessons"));

    const SessionLoad load = sessionFromJson(QJsonDocument(root).toJson(), current, app.ids());
    ASSERT_TRUE(load.state) << load.error.toStdString();
    EXPECT_EQ(load.state->parameters.rope.headDim, 16);
    EXPECT_EQ(load.state->parameters.seed, 7u);
    EXPECT_EQ(load.state->parameters.sequenceLength, 300);
    EXPECT_TRUE(load.report.missing.contains(QStringLiteral("parameters.seed")));
    EXPECT_TRUE(load.report.missing.contains(QStringLiteral("parameters.sequence_length")));
    EXPECT_TRUE(load.report.missing.contains(QStringLiteral("lessons")));
    EXPECT_TRUE(load.report.summary().contains(QStringLiteral("current values were kept")));
    // In words, not the file's raw keys.
    EXPECT_TRUE(load.report.summary().contains(QStringLiteral("every lesson's own settings")));
    EXPECT_TRUE(load.report.summary().contains(QStringLiteral("the parameter seed")));
    EXPECT_FALSE(load.report.summary().contains(QStringLiteral("lessons")));
}

TEST(Session, CorruptOrInvalidFilesAreRefusedWithAClearMessage) {
    AllLessons app;
    const SessionState current = captureSession(app.model, app.lessons(), nullptr);
    const auto error = [&](const QByteArray& json) {
        const SessionLoad load = sessionFromJson(json, current, app.ids());
        EXPECT_FALSE(load.state.has_value());
        return load.error;
    };
    const QByteArray valid = sessionToJson(current);
    EXPECT_TRUE(error(valid.left(valid.size() / 2)).contains(QStringLiteral("not valid JSON")));
    EXPECT_TRUE(
        error("{\"lesson\": \"rope-2d\"}").contains(QStringLiteral("not a RoPE Lab session")));
    EXPECT_TRUE(error("[1, 2]").contains(QStringLiteral("not a RoPE Lab session")));
    EXPECT_TRUE(error(withParameter(current, QStringLiteral("head_dim"), QStringLiteral("big")))
                    .contains(QStringLiteral("Head dimension d must be a whole number.")));
    EXPECT_TRUE(error(withParameter(current, QStringLiteral("layout"), QStringLiteral("diagonal")))
                    .contains(QStringLiteral("Pair layout is not usable")));
    // The app's limits and core's validation name the parameter and the allowed values.
    EXPECT_TRUE(
        error(withParameter(current, QStringLiteral("rope_theta"), -3.0))
            .contains(QStringLiteral("Base (rope_theta) must be greater than 1 and at most")));
    EXPECT_TRUE(error(withParameter(current, QStringLiteral("head_dim"), 7))
                    .contains(QStringLiteral("Head dimension d must be even; got 7")));
}

TEST(Session, UndoRedoStepsThroughParameterChanges) {
    ParameterModel model;
    ParameterHistory history(model);
    history.setMergeWindow(0);
    const int start = model.rope().headDim;
    model.setHeadDim(32);
    history.flush();
    model.setRopeTheta(500.0);
    history.flush();
    ASSERT_EQ(history.stack()->count(), 2);
    history.stack()->undo();
    EXPECT_EQ(model.rope().ropeTheta, 10000.0);
    EXPECT_EQ(model.rope().headDim, 32);
    history.stack()->undo();
    EXPECT_EQ(model.rope().headDim, start);
    history.stack()->redo();
    history.stack()->redo();
    EXPECT_EQ(model.rope().headDim, 32);
    EXPECT_EQ(model.rope().ropeTheta, 500.0);
    // Undo and redo themselves never become steps.
    EXPECT_EQ(history.stack()->count(), 2);
}

TEST(Session, ASliderDragIsOneUndoStep) {
    ParameterModel model;
    ParameterHistory history(model);
    history.setMergeWindow(60 * 60 * 1000);
    const int start = model.rope().headDim;
    for (int d : {66, 68, 70, 72}) {
        model.setHeadDim(d);
        history.flush();
    }
    model.setLayout(RopeLayout::Interleaved);  // another parameter: a new step
    history.flush();
    ASSERT_EQ(history.stack()->count(), 2);
    history.stack()->undo();
    history.stack()->undo();
    EXPECT_EQ(model.rope().headDim, start);
    EXPECT_EQ(model.layout(), RopeLayout::HalfSplit);
}

TEST(Session, ChangesInOneEventLoopTurnAreOneStep) {
    ParameterModel model;
    ParameterHistory history(model);
    // Two changes before the event loop runs again (a script or a lesson setting several values).
    model.setPositions(3, 1);
    model.setSequenceLength(4);
    QCoreApplication::processEvents();
    ASSERT_EQ(history.stack()->count(), 1);
    history.stack()->undo();
    EXPECT_EQ(model.sequenceLength(), 256);
    EXPECT_EQ(model.queryPosition(), 5);
}

TEST(SessionController, SaveThenOpenRestoresAndRemembersTheFile) {
    QSettings().clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("class.ropelab"));
    MainWindow window;
    SessionController& sessions = window.app().sessions();
    changeEverything(window.parameterModel());
    ASSERT_TRUE(window.showLesson(QStringLiteral("rope-2d")));
    ASSERT_TRUE(sessions.saveFile(path).isEmpty());
    const ParameterSnapshot saved = ParameterSnapshot::of(window.parameterModel());
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("class.ropelab")));

    window.parameterModel().setHeadDim(8);
    window.showNextLesson();
    QString notes;
    ASSERT_TRUE(sessions.openFile(path, &notes).isEmpty());
    EXPECT_TRUE(notes.isEmpty()) << notes.toStdString();
    EXPECT_EQ(ParameterSnapshot::of(window.parameterModel()), saved);
    EXPECT_EQ(window.currentLesson()->id(), QStringLiteral("rope-2d"));
    EXPECT_EQ(sessions.recentFiles().value(0), QFileInfo(path).absoluteFilePath());
    EXPECT_FALSE(sessions.history().stack()->canUndo()) << "a loaded file is the new start";
}

TEST(SessionController, CorruptFileLeavesTheStateUntouched) {
    QSettings().clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.ropelab"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"ropelab-session\", \"version\": 1, \"parameters\": {\"head_dim\": ");
    file.close();
    MainWindow window;
    window.parameterModel().setHeadDim(24);
    const ParameterSnapshot before = ParameterSnapshot::of(window.parameterModel());
    const QString error = window.app().sessions().openFile(path);
    EXPECT_TRUE(error.contains(QStringLiteral("not valid JSON"))) << error.toStdString();
    EXPECT_EQ(ParameterSnapshot::of(window.parameterModel()), before);
    EXPECT_TRUE(window.app().sessions().recentFiles().isEmpty());
}

// A bad session value is named by its control's label in the user's language, never by a
// command-line flag: in the dialog that opening it shows, and a rejected value in the status bar
// (issue 16).
TEST(SessionController, ABadValueIsNamedByItsLabelInBothLanguages) {
    struct Case {
        const char* language;
        QString dialog;
        QString status;
    };
    const Case cases[] = {
        {"en", QStringLiteral("Head dimension d must be even; got 63"),
         QStringLiteral("Head dimension d must be even; got 7")},
        {"zh_CN", QStringLiteral("头维度 d 必须是偶数；实际为 63"),
         QStringLiteral("头维度 d 必须是偶数；实际为 7")},
    };
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.ropelab"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "ropelab-session", "version": 1, "parameters": {"head_dim": 63}})");
    file.close();
    for (const Case& c : cases) {
        SCOPED_TRACE(c.language);
        QSettings().clear();
        QSettings().setValue(QStringLiteral("ui/language"), QString::fromLatin1(c.language));
        QSettings().setValue(QStringLiteral("session/recentFiles"), QStringList{path});
        MainWindow window;
        SessionController& sessions = window.app().sessions();
        emit sessions.recentMenu()->aboutToShow();
        ASSERT_FALSE(sessions.recentMenu()->actions().isEmpty());
        QString shown;
        QTimer::singleShot(0, [&shown] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shown = box->text();
                box->accept();
            }
        });
        sessions.recentMenu()->actions().first()->trigger();  // opens it, as File → Recent does
        EXPECT_TRUE(shown.contains(c.dialog)) << shown.toStdString();
        EXPECT_FALSE(shown.contains(QStringLiteral("--"))) << shown.toStdString();
        EXPECT_EQ(window.parameterModel().rope().headDim, 64);  // nothing was changed

        EXPECT_FALSE(window.parameterModel().setHeadDim(7));
        const QString status = window.statusBar()->currentMessage();
        EXPECT_TRUE(status.contains(c.status)) << status.toStdString();
        EXPECT_FALSE(status.contains(QStringLiteral("--"))) << status.toStdString();
    }
    QSettings().clear();
}

TEST(SessionController, SavingWhereItCannotWriteSaysWhyAndWritesNothing) {
    QSettings().clear();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing/class.ropelab"));
    MainWindow window;
    const QString error = window.app().sessions().saveFile(path);
    EXPECT_TRUE(error.contains(QStringLiteral("does not exist"))) << error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(path));
}

}  // namespace
}  // namespace ropelab::ui
