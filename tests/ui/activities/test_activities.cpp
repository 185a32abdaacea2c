// SPDX-License-Identifier: GPL-3.0-or-later
// Guided activities: the file format and its checks (every error names the file, the step and the
// field), the catalog against the running lessons, and every built-in activity completed end to
// end in the real window in both languages: predictions accepted and rejected, explore goals met
// by moving the real controls, locked controls staying locked, progress restored after a restart.
#include <gtest/gtest.h>

#include <QApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QTest>
#include <QUndoStack>

#include <cmath>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "activities/activity_library.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "activities/control_driver.h"
#include "lessons/lesson.h"
#include "model/parameter_history.h"
#include "model/parameter_model.h"
#include "session/session_controller.h"
#include "style/language_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {
namespace {

QJsonObject text(const char* en) {
    return QJsonObject{{QStringLiteral("en"), QString::fromUtf8(en)}};
}

// A valid one-activity file around `step`, for the error tests to break.
QJsonObject fileWith(const QJsonObject& step) {
    return QJsonObject{
        {QStringLiteral("format"), QStringLiteral("ropelab-activity")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("activities"),
         QJsonArray{QJsonObject{{QStringLiteral("id"), QStringLiteral("t.one")},
                                {QStringLiteral("lesson"), QStringLiteral("rope-2d")},
                                {QStringLiteral("title"), text("A test")},
                                {QStringLiteral("steps"), QJsonArray{step}}}}}};
}

QJsonObject exploreStep(const QJsonObject& condition) {
    return QJsonObject{
        {QStringLiteral("prompt"), text("Do it")},
        {QStringLiteral("task"), QJsonObject{{QStringLiteral("kind"), QStringLiteral("explore")},
                                             {QStringLiteral("goal"), QJsonArray{condition}}}}};
}

QString errorOf(const QJsonObject& file) {
    return activitiesFromJson(QJsonDocument(file).toJson(), ActivityCatalog::builtIn(),
                              QStringLiteral("teacher.ropelab-activity"))
        .error;
}

TEST(ActivityFile, ValidFileRoundTrips) {
    const QJsonObject file = fileWith(
        exploreStep(QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.angle_deg")},
                                {QStringLiteral("near"), 90},
                                {QStringLiteral("tolerance"), 5}}));
    const ActivityLoad load =
        activitiesFromJson(QJsonDocument(file).toJson(), ActivityCatalog::builtIn(), "x");
    ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
    ASSERT_EQ(load.activities.size(), 1);
    const Activity& activity = load.activities.front();
    EXPECT_EQ(activity.lesson, QStringLiteral("rope-2d"));
    ASSERT_EQ(activity.steps.size(), 1);
    EXPECT_EQ(activity.steps[0].kind, ActivityStep::Kind::Explore);
    EXPECT_EQ(activity.steps[0].goal[0].tolerance, 5.0);
    const ActivityLoad again =
        activitiesFromJson(activitiesToJson(load.activities), ActivityCatalog::builtIn(), "x");
    ASSERT_TRUE(again.error.isEmpty()) << again.error.toStdString();
    EXPECT_EQ(again.activities, load.activities);
}

TEST(ActivityFile, ErrorsNameTheFileTheStepAndTheField) {
    const QString bad = QStringLiteral("teacher.ropelab-activity");
    EXPECT_EQ(activitiesFromJson("{ not json", ActivityCatalog::builtIn(), bad).error.left(25),
              QStringLiteral("teacher.ropelab-activity:"));

    QJsonObject wrongLesson = fileWith(exploreStep({}));
    QJsonArray activities = wrongLesson[QStringLiteral("activities")].toArray();
    QJsonObject first = activities[0].toObject();
    first[QStringLiteral("lesson")] = QStringLiteral("quantum");
    activities[0] = first;
    wrongLesson[QStringLiteral("activities")] = activities;
    EXPECT_EQ(errorOf(wrongLesson), QStringLiteral("teacher.ropelab-activity: "
                                                   "activities[0].lesson names no lesson "
                                                   "(\"quantum\" is unknown)"));

    const QString unknownReadout = errorOf(fileWith(
        exploreStep(QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.spin")},
                                {QStringLiteral("near"), 1}})));
    EXPECT_EQ(unknownReadout, QStringLiteral("teacher.ropelab-activity: step 1.task.goal[0]."
                                             "readout names no readout (\"rope-2d.spin\" is "
                                             "unknown)"));

    // A number where an object is expected.
    QJsonObject step = exploreStep({});
    step[QStringLiteral("task")] = 3;
    EXPECT_EQ(errorOf(fileWith(step)),
              QStringLiteral("teacher.ropelab-activity: step 1.task must be an object"));

    // Checks that can never hold: outside the readout's range, or contradicting each other.
    EXPECT_TRUE(errorOf(fileWith(exploreStep(QJsonObject{
                            {QStringLiteral("readout"), QStringLiteral("rope-2d.angle_deg")},
                            {QStringLiteral("near"), 500}})))
                    .contains(QStringLiteral("step 1.task.goal[0] can never hold")));
    EXPECT_TRUE(errorOf(fileWith(exploreStep(
                            QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.pair")},
                                        {QStringLiteral("near"), 2.5},
                                        {QStringLiteral("tolerance"), 0.2}})))
                    .contains(QStringLiteral("can never hold")));
    QJsonObject contradiction = exploreStep({});
    contradiction[QStringLiteral("task")] = QJsonObject{
        {QStringLiteral("kind"), QStringLiteral("explore")},
        {QStringLiteral("goal"),
         QJsonArray{QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.score")},
                                {QStringLiteral("above"), 5}},
                    QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.score")},
                                {QStringLiteral("below"), 3}}}}};
    EXPECT_TRUE(errorOf(fileWith(contradiction))
                    .contains(QStringLiteral("step 1.task.goal can never hold: its conditions on "
                                             "rope-2d.score contradict each other")));

    // A typo in a field name does not pass silently; nor does a control of another lesson.
    QJsonObject typo =
        exploreStep(QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.score")},
                                {QStringLiteral("above"), 0}});
    typo[QStringLiteral("promt")] = text("x");
    EXPECT_EQ(errorOf(fileWith(typo)),
              QStringLiteral("teacher.ropelab-activity: step 1.promt is not a known field"));
    QJsonObject foreignLock =
        exploreStep(QJsonObject{{QStringLiteral("readout"), QStringLiteral("rope-2d.score")},
                                {QStringLiteral("above"), 0}});
    foreignLock[QStringLiteral("setup")] =
        QJsonObject{{QStringLiteral("lock"), QJsonArray{QStringLiteral("bucketSlider")}}};
    EXPECT_TRUE(errorOf(fileWith(foreignLock)).contains(QStringLiteral("step 1.setup.lock[0]")));
    // A hostile key with a line break still gives one line.
    QJsonObject newline = typo;
    newline.remove(QStringLiteral("promt"));
    newline[QStringLiteral("pro\nmpt")] = text("x");
    EXPECT_EQ(errorOf(fileWith(newline)),
              QStringLiteral("teacher.ropelab-activity: step 1.pro\\nmpt is not a known field"));
    // A parameter value core refuses.
    QJsonObject oddDim = foreignLock;
    oddDim[QStringLiteral("setup")] =
        QJsonObject{{QStringLiteral("parameters"), QJsonObject{{QStringLiteral("head_dim"), 7}}}};
    EXPECT_TRUE(errorOf(fileWith(oddDim)).contains(QStringLiteral("step 1.setup.parameters")));
    // A prediction whose choices can never be right.
    QJsonObject noAnswer{
        {QStringLiteral("prompt"), text("?")},
        {QStringLiteral("task"),
         QJsonObject{{QStringLiteral("kind"), QStringLiteral("predict")},
                     {QStringLiteral("choices"),
                      QJsonArray{QJsonObject{{QStringLiteral("text"), text("a")}},
                                 QJsonObject{{QStringLiteral("text"), text("b")}}}}}}};
    EXPECT_TRUE(errorOf(fileWith(noAnswer)).contains(QStringLiteral("none can be right")));
}

TEST(ActivityFile, ConditionsReadTheReadoutsAtCheckTime) {
    QHash<QString, double> values{{QStringLiteral("a"), 89.99999999999},
                                  {QStringLiteral("b"), 3.0}};
    const ReadoutLookup lookup = [&](const QString& id) -> std::optional<double> {
        const auto it = values.constFind(id);
        return it == values.constEnd() ? std::nullopt : std::optional<double>(*it);
    };
    Condition near{QStringLiteral("a"), Condition::Op::Near, 90.0, QString(), 0.0};
    EXPECT_TRUE(near.holds(lookup));
    values[QStringLiteral("a")] = 90.5;
    EXPECT_FALSE(near.holds(lookup));
    Condition sameAs{QStringLiteral("b"), Condition::Op::Near, 0.0, QStringLiteral("a"), 0.5};
    EXPECT_TRUE(sameAs.holds(lookup) == false);
    values[QStringLiteral("b")] = 90.25;
    EXPECT_TRUE(sameAs.holds(lookup));
    Condition missing{QStringLiteral("c"), Condition::Op::Above, 0.0, QString(), 0.0};
    EXPECT_FALSE(missing.holds(lookup));
}

// The app with its menus, as a student starts it.
struct App {
    MainWindow window;
    AppController& features = window.app();
    ActivityController& activities = features.activities();
    ActivityRunner& runner = activities.runner();

    App() {
        // A first start maximises on the small offscreen screen; this size docks the parameters
        // (also with the widest activity panel beside a lesson).
        window.showNormal();
        window.resize(1600, 900);
        QApplication::processEvents();
    }
    Lesson* lesson(const QString& id) const { return window.lesson(id); }
    QWidget* control(const QString& lessonId, const QString& name) const {
        if (auto* w = window.lesson(lessonId)->findChild<QWidget*>(name)) return w;
        return window.parameterPanel()->findChild<QWidget*>(name);
    }
};

// Lets background jobs finish (some lessons compute off the UI thread).
void settle(const std::function<bool()>& done) {
    static_cast<void>(QTest::qWaitFor(done, 60000));
    QApplication::processEvents();
}

TEST(ActivityCatalog, MatchesWhatTheLessonsPublishAndTheirControls) {
    App app;
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    QStringList lessonIds;
    for (Lesson* lesson : app.window.lessons()) lessonIds.append(lesson->id());
    QStringList declared = catalog.lessons();
#ifndef ROPELAB_HAVE_TRAINING_LAB
    declared.removeOne(QStringLiteral("training"));  // declared in every build, runs with libtorch
#endif
    EXPECT_EQ(declared, lessonIds);
    for (Lesson* lesson : app.window.lessons()) {
        app.window.showLesson(lesson->id());
        // A conditional readout is published only by a run that has it: not asked for here.
        QStringList expected;
        for (const ReadoutSpec& spec : catalog.readouts(lesson->id())) {
            if (!spec.conditional) expected.append(spec.id);
        }
        settle([&] { return lesson->readouts().size() >= expected.size(); });
        QStringList published;
        for (const QString& id : lesson->readouts().keys()) {
            const std::optional<ReadoutSpec> spec = catalog.readout(id);
            if (!spec || !spec->conditional) published.append(id);
        }
        published.sort();
        expected.sort();
        EXPECT_EQ(published, expected) << lesson->id().toStdString();
        for (const ReadoutSpec& spec : catalog.readouts(lesson->id())) {
            const std::optional<double> value = lesson->readout(spec.id);
            if (!value && spec.conditional) continue;
            ASSERT_TRUE(value) << spec.id.toStdString();
            if (!std::isfinite(*value)) continue;
            EXPECT_GE(*value, spec.minimum) << spec.id.toStdString();
            EXPECT_LE(*value, spec.maximum) << spec.id.toStdString();
            if (spec.whole) {
                EXPECT_EQ(*value, std::floor(*value)) << spec.id.toStdString();
            }
        }
        for (const QString& name : catalog.controls(lesson->id())) {
            EXPECT_NE(app.control(lesson->id(), name), nullptr)
                << lesson->id().toStdString() << ": " << name.toStdString();
        }
    }
}

// The training lesson's readouts are ids and ranges, not torch: listed also where no lab runs, so
// activities for it can be written and checked there.
TEST(ActivityCatalog, ListsTheTrainingReadoutsWithOrWithoutTheLab) {
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    ASSERT_TRUE(catalog.hasLesson(QStringLiteral("training")));
    QStringList ids;
    for (const ReadoutSpec& spec : catalog.readouts(QStringLiteral("training")))
        ids.append(spec.id);
    // train_length and models; accuracy and loss at 1, 1.5, 2 and 4 x L for five encodings,
    // rope with four methods and rope fine-tuned plain and with PI; learned only at 1x.
    EXPECT_EQ(ids.size(), 2 + 9 * 4 * 2 + 2 + 2 * 4 * 2);
    for (const char* id : {"training.train_length", "training.models", "training.alibi_accuracy_4x",
                           "training.rope_yarn_loss_1_5x", "training.learned_loss_1x"}) {
        EXPECT_TRUE(ids.contains(QString::fromLatin1(id))) << id;
    }
    EXPECT_FALSE(ids.contains(QStringLiteral("training.learned_loss_2x")));
    // The fine-tuned models exist only in a run with fine-tuning steps.
    const std::optional<ReadoutSpec> tuned =
        catalog.readout(QStringLiteral("training.rope_finetune_linear_accuracy_2x"));
    ASSERT_TRUE(tuned);
    EXPECT_TRUE(tuned->conditional);
    EXPECT_FALSE(catalog.readout(QStringLiteral("training.rope_accuracy_2x"))->conditional);
    const std::optional<ReadoutSpec> accuracy =
        catalog.readout(QStringLiteral("training.rope_accuracy_2x"));
    ASSERT_TRUE(accuracy);
    EXPECT_EQ(accuracy->minimum, 0.0);
    EXPECT_EQ(accuracy->maximum, 1.0);
}

TEST(ActivityLibrary, EveryLessonHasTwoActivitiesInBothLanguages) {
    const ActivityLibrary& library = ActivityLibrary::builtIn();
    ASSERT_TRUE(library.error.isEmpty()) << library.error.toStdString();
    for (const QString& lesson : ActivityCatalog::builtIn().lessons()) {
        const QList<Activity> activities = library.forLesson(lesson);
        EXPECT_GE(activities.size(), 2) << lesson.toStdString();
        for (const Activity& activity : activities) {
            EXPECT_GE(activity.steps.size(), 2) << activity.id.toStdString();
            EXPECT_EQ(activity.languages(),
                      (QStringList{QStringLiteral("en"), QStringLiteral("zh_CN")}))
                << activity.id.toStdString();
        }
    }
}

// Predictions are judged against core's values: a wrong answer is rejected, the right one taken.
void predict(App& app, const Activity& activity, int index) {
    const ActivityStep& step = activity.steps[index];
    ActivityRunner& runner = app.runner;
    settle([&] { return runner.readyToCheck(); });
    ASSERT_TRUE(runner.readyToCheck()) << activity.id.toStdString() << " step " << index + 1;
    ActivityPanel& panel = *app.activities.panel();
    if (step.predictsNumber()) {
        const double live = *runner.liveNumber();
        panel.numberEdit()->setText(QString::number(live + 10 * step.tolerance + 1.0, 'g', 12));
        QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
        EXPECT_EQ(runner.predictionRight(), false);
        ASSERT_TRUE(runner.start(activity, index));
        settle([&] { return runner.readyToCheck(); });
        panel.numberEdit()->setText(QString::number(live, 'g', 12));
        QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    } else {
        const std::optional<int> right = runner.correctChoice();
        ASSERT_TRUE(right) << activity.id.toStdString() << " step " << index + 1
                           << ": no choice is right in the setup state";
        const int wrong = *right == 0 ? 1 : 0;
        panel.choiceButtons()[wrong]->click();
        QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
        EXPECT_EQ(runner.predictionRight(), false);
        ASSERT_TRUE(runner.start(activity, index));
        settle([&] { return runner.readyToCheck(); });
        panel.choiceButtons()[*right]->click();
        QTest::mouseClick(panel.checkButton(), Qt::LeftButton);
    }
    EXPECT_EQ(runner.predictionRight(), true) << activity.id.toStdString() << " step " << index + 1;
    EXPECT_EQ(runner.phase(), ActivityRunner::Phase::Answered);
    QTest::mouseClick(panel.tryButton(), Qt::LeftButton);
    EXPECT_EQ(runner.phase(), ActivityRunner::Phase::Trying);
}

void explore(App& app, const Activity& activity, int index) {
    const ActivityStep& step = activity.steps[index];
    ActivityRunner& runner = app.runner;
    settle([&] { return !app.lesson(activity.lesson)->readouts().isEmpty(); });
    EXPECT_EQ(runner.phase(), ActivityRunner::Phase::Exploring)
        << activity.id.toStdString() << " step " << index + 1 << ": the goal holds before the "
        << "student did anything";
    ASSERT_FALSE(step.solution.isEmpty()) << activity.id.toStdString() << " step " << index + 1;
    for (const ControlValue& move : step.solution) {
        EXPECT_TRUE(driveControl(app.control(activity.lesson, move.control), move.value))
            << activity.id.toStdString() << " step " << index + 1 << ": "
            << move.control.toStdString();
    }
    settle([&] { return runner.phase() == ActivityRunner::Phase::Reached; });
    EXPECT_EQ(runner.phase(), ActivityRunner::Phase::Reached)
        << activity.id.toStdString() << " step " << index + 1 << ": the solution misses the goal";
}

// A locked control refuses the student and keeps its value.
void expectLocked(App& app, const Activity& activity, const ActivityStep& step) {
    QStringList names = step.locked;
    if (names.contains(QStringLiteral("*"))) {
        names = ActivityCatalog::builtIn().controls(activity.lesson);
        names.removeAll(QStringLiteral("readouts"));
    }
    for (const QString& name : names) {
        QWidget* widget = app.control(activity.lesson, name);
        ASSERT_NE(widget, nullptr);
        EXPECT_FALSE(widget->isEnabled())
            << activity.id.toStdString() << ": " << name.toStdString();
        EXPECT_FALSE(driveControl(widget, QJsonValue(1))) << name.toStdString();
    }
}

void completeEveryActivity(const QString& language) {
    QSettings().clear();
    App app;
    ASSERT_TRUE(app.features.language().setLanguage(language));
    EXPECT_EQ(app.activities.menu()->title(), language == QLatin1String("zh_CN")
                                                  ? QStringLiteral("活动(&A)")
                                                  : QStringLiteral("&Activities"));
    for (const Activity& activity : ActivityLibrary::builtIn().activities) {
        SCOPED_TRACE(activity.id.toStdString() + " in " + language.toStdString());
        ASSERT_TRUE(app.activities.startActivity(activity.id))
            << app.runner.setupProblem().toStdString();
        EXPECT_EQ(app.window.currentLesson()->id(), activity.lesson);
        EXPECT_TRUE(app.activities.panel()->isVisible());
        for (int i = 0; i < activity.steps.size(); ++i) {
            const ActivityStep& step = activity.steps[i];
            ASSERT_EQ(app.runner.stepIndex(), i);
            EXPECT_EQ(app.activities.panel()->promptText(), step.prompt.in(language));
            if (step.kind == ActivityStep::Kind::Predict) {
                // Nothing moves before the prediction is in.
                for (const QString& name : ActivityCatalog::builtIn().controls(activity.lesson)) {
                    if (name == QLatin1String("readouts")) continue;
                    EXPECT_FALSE(app.control(activity.lesson, name)->isEnabled())
                        << name.toStdString();
                }
                predict(app, activity, i);
            } else if (step.kind == ActivityStep::Kind::Explore) {
                explore(app, activity, i);
            }
            expectLocked(app, activity, step);
            EXPECT_TRUE(app.runner.canGoNext());
            if (i == 0) {
                // A restart resumes where the student was.
                app.activities.panel()->nextButton()->click();
                if (activity.steps.size() > 1) {
                    EXPECT_EQ(ActivityRunner::savedStep(activity.id), 1);
                    App restarted;
                    ASSERT_TRUE(restarted.activities.startActivity(activity.id));
                    EXPECT_EQ(restarted.runner.stepIndex(), 1);
                    restarted.runner.stop();
                    ASSERT_TRUE(app.activities.startActivity(activity.id));
                    EXPECT_EQ(app.runner.stepIndex(), 1);
                }
            } else {
                app.activities.panel()->nextButton()->click();
            }
        }
        EXPECT_FALSE(app.runner.running());
        EXPECT_TRUE(ActivityRunner::finished(activity.id));
        // Every control the activity locked is free again.
        for (const QString& name : ActivityCatalog::builtIn().sharedControls()) {
            if (name == QLatin1String("readouts")) continue;
            EXPECT_TRUE(app.control(activity.lesson, name)->isVisible()) << name.toStdString();
        }
    }
}

TEST(Activities, EveryBuiltInCanBeCompletedInEnglish) {
    completeEveryActivity(QStringLiteral("en"));
}

TEST(Activities, EveryBuiltInCanBeCompletedInChinese) {
    completeEveryActivity(QStringLiteral("zh_CN"));
}

TEST(Activities, ResetIsOneUndoableStep) {
    App app;
    app.window.showLesson(QStringLiteral("rope-2d"));
    Lesson* lesson = app.lesson(QStringLiteral("rope-2d"));
    QJsonObject view = lesson->saveState();
    view[QStringLiteral("pair")] = 7;
    lesson->restoreState(view);
    app.window.parameterModel().setPositions(40, 9);
    app.features.sessions().history().flush();
    app.activities.resetLesson();
    EXPECT_EQ(lesson->saveState().value(QStringLiteral("pair")).toInt(), 0);
    EXPECT_EQ(app.window.parameterModel().queryPosition(), ParameterModel().queryPosition());
    app.features.sessions().history().stack()->undo();
    EXPECT_EQ(lesson->saveState().value(QStringLiteral("pair")).toInt(), 7);
    EXPECT_EQ(app.window.parameterModel().queryPosition(), 40);
    EXPECT_EQ(app.window.parameterModel().keyPosition(), 9);
}

TEST(Activities, SavedStateStepsMakeAValidTeacherFile) {
    App app;
    app.window.showLesson(QStringLiteral("rope-2d"));
    app.window.parameterModel().setPositions(12, 3);
    app.activities.addStateAsStep(QStringLiteral("Look at the angle now."));
    app.window.parameterModel().setPositions(20, 11);
    app.activities.addStateAsStep(QStringLiteral("And now: the same angle."));
    ASSERT_EQ(app.activities.draft().size(), 1);
    const QByteArray json = activitiesToJson(app.activities.draft());
    const ActivityLoad load = activitiesFromJson(json, ActivityCatalog::builtIn(), "draft");
    ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
    ASSERT_EQ(load.activities.front().steps.size(), 2);
    // Opening it restores the state of its first step.
    app.window.parameterModel().setPositions(0, 0);
    ASSERT_TRUE(app.runner.start(load.activities.front(), 0));
    EXPECT_EQ(app.window.parameterModel().queryPosition(), 12);
    EXPECT_EQ(app.window.parameterModel().keyPosition(), 3);
}

TEST(Activities, ABrokenFileChangesNothing) {
    App app;
    app.window.showLesson(QStringLiteral("order"));
    app.window.parameterModel().setPositions(7, 1);
    const QString problem =
        app.activities.openActivityFile(QStringLiteral("/nonexistent/x.ropelab-activity"));
    EXPECT_TRUE(
        problem.startsWith(QStringLiteral("/nonexistent/x.ropelab-activity: cannot be opened")))
        << problem.toStdString();
    EXPECT_EQ(app.window.currentLesson()->id(), QStringLiteral("order"));
    EXPECT_EQ(app.window.parameterModel().queryPosition(), 7);
    EXPECT_FALSE(app.runner.running());
}

}  // namespace
}  // namespace ropelab::ui
