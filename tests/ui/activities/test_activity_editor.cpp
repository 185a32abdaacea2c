// SPDX-License-Identifier: GPL-3.0-or-later
// Activities → Edit activity draft…: a teacher reorders, duplicates, deletes and edits the steps
// of a draft without its JSON; OK puts exactly those edits into the draft (and so into the saved
// file, which opens into the draft again), Cancel changes nothing, a problem the checker finds
// keeps OK refused, and Run from this step starts the edited activity there. The editor fits
// 1024 × 768 with unique accelerators in English and Chinese.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <utility>

#include "activities/activity.h"
#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "activities/activity_editor.h"
#include "activities/activity_reference.h"
#include "activities/activity_runner.h"
#include "activities/control_driver.h"
#include "help/help_menu.h"
#include "lesson_screenshot.h"
#include "lessons/lesson.h"
#include "style/language_controller.h"
#include "window/app_controller.h"
#include "window/layout_audit.h"
#include "window/main_window.h"
#include "window/mnemonics.h"

namespace ropelab::ui {
namespace {

constexpr QSize kProjector(1024, 768);

// The app with a draft of three explanation steps of lesson rope-2d.
struct App {
    MainWindow window;
    ActivityController& activities = window.app().activities();

    explicit App(const QString& language = QStringLiteral("en")) {
        EXPECT_TRUE(window.app().language().setLanguage(language));
        window.showNormal();
        window.resize(1600, 900);
        window.showLesson(QStringLiteral("rope-2d"));
        QApplication::processEvents();
        for (const char* prompt : {"First step.", "Second step.", "Third step."}) {
            activities.addStateAsStep(QString::fromUtf8(prompt));
        }
    }
    QAction* editAction() const {
        return activities.menu()->findChild<QAction*>(QStringLiteral("editDraftAction"));
    }
};

template <class T>
T* part(const ActivityEditor& editor, const char* name) {
    T* widget = editor.findChild<T*>(QLatin1String(name));
    EXPECT_NE(widget, nullptr) << name;
    return widget;
}

void click(const ActivityEditor& editor, const char* button) {
    QTest::mouseClick(part<QPushButton>(editor, button), Qt::LeftButton);
}

QPushButton* dialogButton(const ActivityEditor& editor, QDialogButtonBox::StandardButton which) {
    return editor.findChild<QDialogButtonBox*>()->button(which);
}

TEST(ActivityEditor, EditsReachTheDraftAndTheSavedFile) {
    App app;
    ASSERT_NE(app.editAction(), nullptr);
    EXPECT_TRUE(app.editAction()->isEnabled());
    const QList<Activity> before = app.activities.draft();
    ASSERT_EQ(before.size(), 1);
    ASSERT_EQ(before[0].steps.size(), 3);
    const QList<ActivityStep> original = before[0].steps;

    ActivityEditor* editor = app.activities.editDraft();
    ASSERT_TRUE(editor->isVisible());
    auto* steps = part<QListWidget>(*editor, "editorSteps");
    ASSERT_EQ(steps->count(), 3);
    EXPECT_TRUE(steps->item(0)->text().contains(QStringLiteral("First step.")));

    // Second before First, by the keyboard: Alt+U is "Move up".
    // The offscreen platform activates no window by itself.
    QApplication::setActiveWindow(editor);
    steps->setFocus();
    steps->setCurrentRow(1);
    QTest::keyClick(steps, Qt::Key_U, Qt::AltModifier);
    // An accelerator animates the click: the button is released a moment later.
    EXPECT_TRUE(QTest::qWaitFor([&] { return editor->currentStep() == 0; }));
    EXPECT_TRUE(steps->item(0)->text().contains(QStringLiteral("Second step.")));
    // Duplicate Third, delete First.
    editor->selectStep(0, 2);
    click(*editor, "editorDuplicate");
    EXPECT_EQ(steps->count(), 4);
    editor->selectStep(0, 1);
    click(*editor, "editorDelete");
    ASSERT_EQ(steps->count(), 3);
    // A new prompt for the first step; the last becomes a prediction of the angle.
    editor->selectStep(0, 0);
    part<QPlainTextEdit>(*editor, "editorPromptEn")->setPlainText(QStringLiteral("Look again."));
    editor->selectStep(0, 2);
    part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(1);
    part<QComboBox>(*editor, "editorReadout")->setEditText(QStringLiteral("rope-2d.angle_deg"));
    part<QDoubleSpinBox>(*editor, "editorTolerance")->setValue(5.0);
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();

    QList<Activity> expected = before;
    ActivityStep first = original[1];
    first.prompt.byLanguage[QStringLiteral("en")] = QStringLiteral("Look again.");
    ActivityStep predict = original[2];
    predict.kind = ActivityStep::Kind::Predict;
    predict.numberReadout = QStringLiteral("rope-2d.angle_deg");
    predict.tolerance = 5.0;
    expected[0].steps = {first, original[2], predict};

    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    EXPECT_FALSE(editor->isVisible());
    EXPECT_EQ(app.activities.draft(), expected);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edited.ropelab-activity"));
    ASSERT_EQ(app.activities.saveDraft(path), QString());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray json = file.readAll();
    EXPECT_EQ(json, activitiesToJson(expected));
    const ActivityLoad load = activitiesFromJson(json, ActivityCatalog::builtIn(), path);
    ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
    EXPECT_EQ(activitiesToJson(load.activities), json);

    // The saved file opens into the draft again, to edit it another day.
    app.activities.restoreDraft({});
    EXPECT_FALSE(app.editAction()->isEnabled());
    ASSERT_EQ(app.activities.openIntoDraft(path), QString());
    EXPECT_TRUE(app.editAction()->isEnabled());
    EXPECT_EQ(activitiesToJson(app.activities.draft()), json);
}

TEST(ActivityEditor, CancelLeavesTheDraftAndUndoBringsAStepBack) {
    App app;
    const QList<Activity> before = app.activities.draft();
    ActivityEditor* editor = app.activities.editDraft();
    // The Delete key in the list, Ctrl+Z: the step is back.
    QApplication::setActiveWindow(editor);
    auto* steps = part<QListWidget>(*editor, "editorSteps");
    steps->setFocus();
    editor->selectStep(0, 0);
    QTest::keyClick(steps, Qt::Key_Delete);
    EXPECT_EQ(steps->count(), 2);
    QTest::keyClick(steps, Qt::Key_Z, Qt::ControlModifier);
    EXPECT_EQ(steps->count(), 3);
    EXPECT_EQ(editor->draft(), before);
    click(*editor, "editorDelete");
    part<QPlainTextEdit>(*editor, "editorPromptEn")->setPlainText(QStringLiteral("Changed."));
    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Cancel), Qt::LeftButton);
    EXPECT_FALSE(editor->isVisible());
    EXPECT_EQ(app.activities.draft(), before);
}

TEST(ActivityEditor, AProblemIsShownAndOkRefused) {
    App app;
    const QList<Activity> before = app.activities.draft();
    ActivityEditor* editor = app.activities.editDraft();
    auto* problems = part<QLabel>(*editor, "editorProblems");
    QPushButton* ok = dialogButton(*editor, QDialogButtonBox::Ok);
    EXPECT_TRUE(ok->isEnabled());

    editor->selectStep(0, 1);
    part<QPlainTextEdit>(*editor, "editorPromptEn")->clear();
    ASSERT_EQ(editor->problems().size(), 1);
    EXPECT_TRUE(editor->problems()[0].endsWith(QStringLiteral("step 2.prompt is missing")))
        << editor->problems()[0].toStdString();
    EXPECT_TRUE(problems->text().contains(editor->problems()[0]));
    EXPECT_FALSE(ok->isEnabled());
    EXPECT_FALSE(part<QListWidget>(*editor, "editorSteps")->item(1)->icon().isNull());
    editor->accept();
    EXPECT_TRUE(editor->isVisible());
    part<QPlainTextEdit>(*editor, "editorPromptEn")->setPlainText(QStringLiteral("Again."));
    EXPECT_TRUE(editor->problems().isEmpty());

    part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(1);
    part<QComboBox>(*editor, "editorReadout")->setEditText(QStringLiteral("rope-2d.angle_dg"));
    ASSERT_EQ(editor->problems().size(), 1);
    EXPECT_TRUE(
        editor->problems()[0].contains(QStringLiteral("(did you mean \"rope-2d.angle_deg\"?)")))
        << editor->problems()[0].toStdString();
    EXPECT_FALSE(ok->isEnabled());
    editor->accept();
    EXPECT_TRUE(editor->isVisible());
    editor->reject();
    EXPECT_EQ(app.activities.draft(), before);
}

TEST(ActivityEditor, RunFromThisStepStartsTheEditedActivityThere) {
    App app;
    ActivityEditor* editor = app.activities.editDraft();
    editor->selectStep(0, 2);
    part<QPlainTextEdit>(*editor, "editorPromptEn")->setPlainText(QStringLiteral("The last."));
    click(*editor, "editorRun");
    EXPECT_FALSE(editor->isVisible());
    ActivityRunner& runner = app.activities.runner();
    ASSERT_TRUE(runner.running());
    EXPECT_EQ(runner.activity(), app.activities.draft().front());
    EXPECT_EQ(runner.stepIndex(), 2);
    EXPECT_EQ(runner.step().prompt.in(QStringLiteral("en")), QStringLiteral("The last."));
    runner.stop();
}

TEST(ActivityEditor, AnExplorationsGoalIsEditedInTheFormAndChecked) {
    App app;
    ActivityEditor* editor = app.activities.editDraft();
    editor->selectStep(0, 1);
    part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(3);
    auto* goal = part<QListWidget>(*editor, "editorGoal");
    auto* readout = part<QComboBox>(*editor, "editorConditionReadout");
    auto* comparison = part<QComboBox>(*editor, "editorComparison");
    auto* target = part<QComboBox>(*editor, "editorConditionTarget");
    auto* value = part<QDoubleSpinBox>(*editor, "editorConditionValue");
    auto* tolerance = part<QDoubleSpinBox>(*editor, "editorConditionTolerance");
    // A new goal starts with one condition the lesson can meet.
    ASSERT_EQ(goal->count(), 1);
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();

    // The angle about 90° ± 2, its meaning and unit beside it.
    readout->setEditText(QStringLiteral("rope-2d.angle_deg"));
    const QString meaning = part<QLabel>(*editor, "editorConditionMeaning")->text();
    const char* english = nullptr;
    const char* unit = readoutUnit(QStringLiteral("rope-2d.angle_deg"), &english);
    ASSERT_NE(unit, nullptr);
    EXPECT_TRUE(meaning.contains(QString::fromUtf8(english))) << meaning.toStdString();
    EXPECT_TRUE(meaning.contains(QString::fromUtf8(unit))) << meaning.toStdString();
    comparison->setCurrentIndex(0);
    value->setValue(90.0);
    tolerance->setValue(2.0);
    EXPECT_EQ(goal->item(0)->text(), QStringLiteral("rope-2d.angle_deg ≈ 90 ± 2"));
    // And the distance below the sequence length: another readout, no tolerance.
    click(*editor, "editorAddCondition");
    ASSERT_EQ(goal->count(), 2);
    EXPECT_EQ(goal->currentRow(), 1);
    readout->setEditText(QStringLiteral("rope-2d.distance"));
    comparison->setCurrentIndex(1);
    target->setCurrentIndex(target->findData(QStringLiteral("rope-2d.sequence_length")));
    EXPECT_FALSE(tolerance->isEnabled());
    EXPECT_FALSE(value->isEnabled());
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();

    // An angle it never takes: the checker says so, and OK is refused.
    goal->setCurrentRow(0);
    EXPECT_EQ(value->value(), 90.0);
    value->setValue(500.0);
    ASSERT_EQ(editor->problems().size(), 1);
    EXPECT_TRUE(editor->problems()[0].contains(QStringLiteral("can never hold")))
        << editor->problems()[0].toStdString();
    EXPECT_FALSE(dialogButton(*editor, QDialogButtonBox::Ok)->isEnabled());
    value->setValue(90.0);

    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    const ActivityStep& step = app.activities.draft().front().steps[1];
    EXPECT_EQ(step.kind, ActivityStep::Kind::Explore);
    const QList<Condition> expected{
        Condition{QStringLiteral("rope-2d.angle_deg"), Condition::Op::Near, 90.0, QString(), 2.0},
        Condition{QStringLiteral("rope-2d.distance"), Condition::Op::Below, 0.0,
                  QStringLiteral("rope-2d.sequence_length"), 0.0}};
    EXPECT_EQ(step.goal, expected);
}

TEST(ActivityEditor, ConcealAndStartingParametersAreEditedInTheForm) {
    App app;
    ActivityEditor* editor = app.activities.editDraft();
    editor->selectStep(0, 1);
    auto* conceal = part<QTreeWidget>(*editor, "editorConceal");
    // An explanation conceals nothing; a prediction may.
    EXPECT_FALSE(conceal->isEnabled());
    part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(1);
    EXPECT_TRUE(conceal->isEnabled());
    // The lesson's figures with their annotations (what `ropelab activity figures` lists), then
    // the readouts.
    const QList<FigureSpec> figures = ActivityCatalog::builtIn().figures(QStringLiteral("rope-2d"));
    ASSERT_FALSE(figures.isEmpty());
    ASSERT_EQ(conceal->topLevelItemCount(), figures.size() + 1);
    for (int i = 0; i < figures.size(); ++i) {
        EXPECT_EQ(conceal->topLevelItem(i)->data(0, Qt::UserRole).toString(), figures[i].id);
        EXPECT_EQ(conceal->topLevelItem(i)->childCount(), figures[i].annotations.size());
    }
    conceal->topLevelItem(0)->setCheckState(0, Qt::Checked);
    QTreeWidgetItem* readouts = conceal->topLevelItem(static_cast<int>(figures.size()));
    for (int i = 0; i < readouts->childCount(); ++i) {
        if (readouts->child(i)->data(0, Qt::UserRole) == QStringLiteral("rope-2d.angle_deg")) {
            readouts->child(i)->setCheckState(0, Qt::Checked);
        }
    }

    // The base changed, the query position added, the seed removed.
    auto* parameters = part<QTableWidget>(*editor, "editorParameters");
    const auto rowOf = [&](const QString& key) {
        for (int row = 0; row < parameters->rowCount(); ++row) {
            if (parameters->item(row, 0)->data(Qt::UserRole) == key) return row;
        }
        return -1;
    };
    const QJsonObject before = app.activities.draft().front().steps[1].parameters;
    ASSERT_TRUE(before.contains(QStringLiteral("seed")));
    ASSERT_GE(rowOf(QStringLiteral("rope_theta")), 0);
    parameters->item(rowOf(QStringLiteral("rope_theta")), 1)->setText(QStringLiteral("500000"));
    parameters->setCurrentCell(rowOf(QStringLiteral("seed")), 1);
    click(*editor, "editorRemoveParameter");
    EXPECT_EQ(rowOf(QStringLiteral("seed")), -1);
    // A wrong value is the checker's problem, named by the field.
    parameters->item(rowOf(QStringLiteral("head_dim")), 1)->setText(QStringLiteral("7"));
    ASSERT_EQ(editor->problems().size(), 1);
    EXPECT_TRUE(editor->problems()[0].contains(QStringLiteral("setup.parameters")))
        << editor->problems()[0].toStdString();
    parameters->item(rowOf(QStringLiteral("head_dim")), 1)
        ->setText(QString::number(before.value(QStringLiteral("head_dim")).toInt()));
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();

    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    const ActivityStep& step = app.activities.draft().front().steps[1];
    Concealment expected;
    expected.figures = {figures[0].id};
    expected.readouts = {QStringLiteral("rope-2d.angle_deg")};
    EXPECT_EQ(step.conceal, expected);
    QJsonObject parametersAfter = before;
    parametersAfter.insert(QStringLiteral("rope_theta"), 500000);
    parametersAfter.remove(QStringLiteral("seed"));
    EXPECT_EQ(step.parameters, parametersAfter);
}

TEST(ActivityEditor, LockedAndHiddenControlsAreEditedInTheForm) {
    App app;
    ActivityEditor* editor = app.activities.editDraft();
    editor->selectStep(0, 2);
    auto* controls = part<QTableWidget>(*editor, "editorControls");
    // Every control first, then the lesson's and the shared panel's, as the reference lists them.
    const QList<ReferenceItem> reference = activityReference(
        ActivityCatalog::builtIn(), ReferenceKind::Controls, QStringLiteral("rope-2d"));
    ASSERT_EQ(controls->rowCount(), reference.size() + 1);
    EXPECT_EQ(controls->item(0, 0)->data(Qt::UserRole), QStringLiteral("*"));
    const auto rowOf = [&](const QString& name) {
        for (int row = 0; row < controls->rowCount(); ++row) {
            if (controls->item(row, 0)->data(Qt::UserRole) == name) return row;
        }
        return -1;
    };
    ASSERT_GE(rowOf(QStringLiteral("pairSlider")), 0);
    ASSERT_GE(rowOf(QStringLiteral("headDim")), 0);
    controls->item(rowOf(QStringLiteral("pairSlider")), 1)->setCheckState(Qt::Checked);
    controls->item(rowOf(QStringLiteral("headDim")), 2)->setCheckState(Qt::Checked);
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();
    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    const ActivityStep& step = app.activities.draft().front().steps[2];
    EXPECT_EQ(step.locked, QStringList{QStringLiteral("pairSlider")});
    EXPECT_EQ(step.hidden, QStringList{QStringLiteral("headDim")});
}

// "Use the lesson's current view" stores what the lesson's saveState() says now, after a lesson
// control moved; Clear stores none again (the student's view is kept); both reach the saved file.
TEST(ActivityEditor, AStepTakesTheLessonsCurrentView) {
    App app;
    Lesson* lesson = app.window.lesson(QStringLiteral("rope-2d"));
    ASSERT_NE(lesson, nullptr);
    const QJsonObject before = lesson->saveState();
    ASSERT_TRUE(driveControl(lesson->findChild<QWidget*>(QStringLiteral("pairSlider")), 3));
    const QJsonObject after = lesson->saveState();
    ASSERT_NE(after, before);
    ActivityEditor* editor = app.activities.editDraft();
    auto* summary = part<QLabel>(*editor, "editorViewSummary");
    editor->selectStep(0, 0);
    EXPECT_EQ(app.activities.draft().front().steps[0].view, before);
    EXPECT_TRUE(summary->text().startsWith(QStringLiteral("Stored: ")))
        << summary->text().toStdString();
    click(*editor, "editorUseView");
    EXPECT_TRUE(summary->text().startsWith(QStringLiteral("Stored, as the lesson shows it now: ")))
        << summary->text().toStdString();
    editor->selectStep(0, 1);
    click(*editor, "editorClearView");
    EXPECT_EQ(summary->text(), QStringLiteral("None: the student's view is kept."));
    EXPECT_FALSE(part<QPushButton>(*editor, "editorClearView")->isEnabled());
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();
    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    const QList<ActivityStep> steps = app.activities.draft().front().steps;
    EXPECT_EQ(steps[0].view, after);
    EXPECT_TRUE(steps[1].view.isEmpty());

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("views.ropelab-activity"));
    ASSERT_EQ(app.activities.saveDraft(path), QString());
    const ActivityLoad load = loadActivityFile(path, ActivityCatalog::builtIn());
    ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
    EXPECT_EQ(load.activities.front().steps[0].view, after);
    EXPECT_TRUE(load.activities.front().steps[1].view.isEmpty());
    app.activities.restoreDraft({});
    ASSERT_EQ(app.activities.openIntoDraft(path), QString());
    ActivityEditor* reopened = app.activities.editDraft();
    reopened->selectStep(0, 0);
    EXPECT_TRUE(part<QLabel>(*reopened, "editorViewSummary")
                    ->text()
                    .startsWith(QStringLiteral("Stored, as the lesson shows it now: ")));
    reopened->reject();
}

// Show me moves: ticking a control in the Show me column takes its current value, "Record from the
// current controls" takes it again, Clear moves leaves none; the step's Show me then moves the
// lesson's control to the recorded value, and the moves survive the file.
TEST(ActivityEditor, ShowMeMovesAreRecordedFromTheCurrentControls) {
    App app;
    Lesson* lesson = app.window.lesson(QStringLiteral("rope-2d"));
    ASSERT_NE(lesson, nullptr);
    auto* pair = lesson->findChild<QWidget*>(QStringLiteral("pairSlider"));
    ASSERT_TRUE(driveControl(pair, 3));
    ActivityEditor* editor = app.activities.editDraft();
    editor->selectStep(0, 0);
    part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(3);
    auto* controls = part<QTableWidget>(*editor, "editorControls");
    auto* moves = part<QListWidget>(*editor, "editorSolution");
    const auto rowOf = [&](const QString& name) {
        for (int row = 0; row < controls->rowCount(); ++row) {
            if (controls->item(row, 0)->data(Qt::UserRole) == name) return row;
        }
        return -1;
    };
    ASSERT_GE(rowOf(QStringLiteral("pairSlider")), 0);
    // "Every control" and a push button hold no value to record.
    EXPECT_FALSE(controls->item(0, 3)->flags().testFlag(Qt::ItemIsUserCheckable));
    EXPECT_FALSE(controls->item(rowOf(QStringLiteral("shiftLeft")), 3)
                     ->flags()
                     .testFlag(Qt::ItemIsUserCheckable));
    EXPECT_EQ(moves->count(), 0);
    EXPECT_FALSE(part<QPushButton>(*editor, "editorRecordSolution")->isEnabled());
    controls->item(rowOf(QStringLiteral("pairSlider")), 3)->setCheckState(Qt::Checked);
    ASSERT_EQ(moves->count(), 1);
    EXPECT_TRUE(moves->item(0)->text().contains(QStringLiteral("pairSlider")));
    EXPECT_TRUE(moves->item(0)->text().endsWith(QStringLiteral("→ 3")))
        << moves->item(0)->text().toStdString();
    ASSERT_TRUE(driveControl(pair, 5));
    click(*editor, "editorRecordSolution");
    EXPECT_TRUE(moves->item(0)->text().endsWith(QStringLiteral("→ 5")));
    // Another step's moves, cleared again.
    editor->selectStep(0, 1);
    EXPECT_EQ(moves->count(), 0);
    controls->item(rowOf(QStringLiteral("pairSlider")), 3)->setCheckState(Qt::Checked);
    EXPECT_EQ(moves->count(), 1);
    click(*editor, "editorClearSolution");
    EXPECT_EQ(moves->count(), 0);
    EXPECT_EQ(controls->item(rowOf(QStringLiteral("pairSlider")), 3)->checkState(), Qt::Unchecked);
    // A combo box's move reads as the item it picks (the step keeps its index).
    ASSERT_TRUE(driveControl(lesson->findChild<QWidget*>(QStringLiteral("animateMode")), 1));
    controls->item(rowOf(QStringLiteral("animateMode")), 3)->setCheckState(Qt::Checked);
    ASSERT_EQ(moves->count(), 1);
    EXPECT_TRUE(moves->item(0)->text().endsWith(QStringLiteral("→ advance m and n together")))
        << moves->item(0)->text().toStdString();
    click(*editor, "editorClearSolution");
    EXPECT_TRUE(editor->problems().isEmpty()) << editor->problems().join('\n').toStdString();
    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    const QList<ActivityStep> steps = app.activities.draft().front().steps;
    EXPECT_EQ(steps[0].solution,
              (QList<ControlValue>{ControlValue{QStringLiteral("pairSlider"), QJsonValue(5)}}));
    EXPECT_TRUE(steps[1].solution.isEmpty());

    // The step's Show me replays the recorded value.
    ASSERT_TRUE(driveControl(pair, 1));
    ActivityRunner& runner = app.activities.runner();
    ASSERT_TRUE(runner.start(app.activities.draft().front(), 0));
    ASSERT_TRUE(runner.showSolution());
    EXPECT_EQ(controlValue(pair), QJsonValue(5));
    runner.stop();

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("moves.ropelab-activity"));
    ASSERT_EQ(app.activities.saveDraft(path), QString());
    const ActivityLoad load = loadActivityFile(path, ActivityCatalog::builtIn());
    ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
    EXPECT_EQ(load.activities.front().steps, steps);
    app.activities.restoreDraft({});
    ASSERT_EQ(app.activities.openIntoDraft(path), QString());
    ActivityEditor* reopened = app.activities.editDraft();
    reopened->selectStep(0, 0);
    EXPECT_EQ(part<QListWidget>(*reopened, "editorSolution")->count(), 1);
    EXPECT_EQ(part<QTableWidget>(*reopened, "editorControls")
                  ->item(rowOf(QStringLiteral("pairSlider")), 3)
                  ->checkState(),
              Qt::Checked);
    reopened->reject();
}

// The new parts by keyboard alone: Alt+H to the goal, Alt+W to what is concealed (Space ticks a
// figure), Alt+F to the parameters.
TEST(ActivityEditor, GoalConcealAndParametersByKeyboard) {
    App app;
    ActivityEditor* editor = app.activities.editDraft();
    QApplication::setActiveWindow(editor);
    editor->selectStep(0, 0);
    part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(3);
    auto* steps = part<QListWidget>(*editor, "editorSteps");
    steps->setFocus();
    QTest::keyClick(steps, Qt::Key_H, Qt::AltModifier);
    EXPECT_EQ(QApplication::focusWidget(), part<QListWidget>(*editor, "editorGoal"));
    auto* conceal = part<QTreeWidget>(*editor, "editorConceal");
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_W, Qt::AltModifier);
    ASSERT_EQ(QApplication::focusWidget(), conceal);
    conceal->setCurrentItem(conceal->topLevelItem(0));
    QTest::keyClick(conceal, Qt::Key_Space);
    EXPECT_EQ(conceal->topLevelItem(0)->checkState(0), Qt::Checked);
    QTest::keyClick(conceal, Qt::Key_F, Qt::AltModifier);
    EXPECT_EQ(QApplication::focusWidget(), part<QTableWidget>(*editor, "editorParameters"));
    QTest::mouseClick(dialogButton(*editor, QDialogButtonBox::Ok), Qt::LeftButton);
    const ActivityStep& step = app.activities.draft().front().steps[0];
    EXPECT_EQ(step.conceal.figures,
              QStringList{ActivityCatalog::builtIn().figures(QStringLiteral("rope-2d"))[0].id});
}

// The view and the Show me moves by keyboard: Alt+J to "Use the lesson's current view" (Space
// presses it, Tab goes on to Clear view), Alt+X to the moves; Tab reaches the view after the
// parameters, before the controls, as they are laid out.
TEST(ActivityEditor, ViewAndShowMeByKeyboard) {
    App app;
    Lesson* lesson = app.window.lesson(QStringLiteral("rope-2d"));
    ASSERT_TRUE(driveControl(lesson->findChild<QWidget*>(QStringLiteral("pairSlider")), 2));
    ActivityEditor* editor = app.activities.editDraft();
    QApplication::setActiveWindow(editor);
    editor->selectStep(0, 0);
    auto* useView = part<QPushButton>(*editor, "editorUseView");
    auto* removeParameter = part<QPushButton>(*editor, "editorRemoveParameter");
    removeParameter->setFocus(Qt::TabFocusReason);
    QTest::keyClick(removeParameter, Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), useView);
    auto* steps = part<QListWidget>(*editor, "editorSteps");
    steps->setFocus();
    QTest::keyClick(steps, Qt::Key_J, Qt::AltModifier);
    ASSERT_EQ(QApplication::focusWidget(), useView);
    QTest::keyClick(useView, Qt::Key_Space);
    EXPECT_TRUE(QTest::qWaitFor(
        [&] { return editor->draft().front().steps[0].view == lesson->saveState(); }));
    QTest::keyClick(useView, Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), part<QPushButton>(*editor, "editorClearView"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    EXPECT_EQ(QApplication::focusWidget(), part<QTableWidget>(*editor, "editorControls"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_X, Qt::AltModifier);
    EXPECT_EQ(QApplication::focusWidget(), part<QListWidget>(*editor, "editorSolution"));
    editor->reject();
}

// A student kept inside an activity cannot leave it through the draft: neither the editor (and its
// Run from this step) nor a file opened into the draft is offered until the activity ends.
TEST(ActivityEditor, NotOfferedWhileAnActivityKeepsStudentsInside) {
    App app;
    auto* openIntoDraft =
        app.activities.menu()->findChild<QAction*>(QStringLiteral("openIntoDraftAction"));
    ASSERT_NE(openIntoDraft, nullptr);
    EXPECT_TRUE(app.editAction()->isEnabled());
    EXPECT_TRUE(openIntoDraft->isEnabled());
    Activity kept = app.activities.draft().front();
    kept.options.keepInside = true;
    ActivityRunner& runner = app.activities.runner();
    ASSERT_TRUE(runner.start(kept, 0));
    EXPECT_FALSE(app.editAction()->isEnabled());
    EXPECT_FALSE(openIntoDraft->isEnabled());
    runner.stop();
    EXPECT_TRUE(app.editAction()->isEnabled());
    EXPECT_TRUE(openIntoDraft->isEnabled());
    // An activity that lets students leave leaves the draft alone.
    ASSERT_TRUE(runner.start(app.activities.draft().front(), 0));
    EXPECT_TRUE(app.editAction()->isEnabled());
    runner.stop();
}

// Every field left unedited (the lesson's view, Show-me moves, the activity's options) comes back
// unchanged: each built-in file, opened in the editor, every step shown, and saved, is
// the same JSON.
TEST(ActivityEditor, ABuiltInFileComesBackUnchanged) {
    const QStringList files = QDir(QStringLiteral(":/activities"))
                                  .entryList({QStringLiteral("*.ropelab-activity")}, QDir::Files);
    ASSERT_FALSE(files.isEmpty());
    for (const QString& name : files) {
        QFile file(QStringLiteral(":/activities/") + name);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
        const QByteArray original = file.readAll();
        const ActivityLoad load = activitiesFromJson(original, ActivityCatalog::builtIn(), name);
        ASSERT_TRUE(load.error.isEmpty()) << load.error.toStdString();
        ActivityEditor editor(load.activities, QStringLiteral("en"));
        for (int a = 0; a < load.activities.size(); ++a) {
            for (int s = 0; s < load.activities[a].steps.size(); ++s) editor.selectStep(a, s);
        }
        EXPECT_TRUE(editor.problems().isEmpty()) << name.toStdString();
        EXPECT_EQ(QJsonDocument::fromJson(activitiesToJson(editor.draft())),
                  QJsonDocument::fromJson(original))
            << name.toStdString();
    }
}

// Help → Writing activities says where the editor is and what it edits, in both languages.
TEST(WritingActivitiesHelp, NamesTheEditor) {
    App app;
    HelpDialog help(HelpDialog::Page::WritingActivities, app.window.app().language(),
                    [] { return QString(); });
    EXPECT_TRUE(help.html(QStringLiteral("en"))
                    .contains(QStringLiteral("<b>Activities → Edit activity draft…</b>")));
    ASSERT_TRUE(app.window.app().language().setLanguage(QStringLiteral("zh_CN")));
    EXPECT_TRUE(
        help.html(QStringLiteral("zh_CN")).contains(QStringLiteral("<b>活动 → 编辑活动草稿…</b>")));
}

// Every control inside a 1024 × 768 screen and no accelerator twice, in both languages.
void fitsTheProjector(const QString& language) {
    App app(language);
    ActivityEditor* editor = app.activities.editDraft();
    // Chinese texts in the Chinese interface, the checker's problems too (the draft's prompts are
    // in the language they were written in).
    if (language == QLatin1String("zh_CN")) {
        EXPECT_EQ(editor->windowTitle(), QStringLiteral("编辑活动草稿"));
        auto* prompt = part<QPlainTextEdit>(*editor, "editorPromptZh");
        const QString text = prompt->toPlainText();
        prompt->clear();
        ASSERT_EQ(editor->problems().size(), 1);
        EXPECT_TRUE(editor->problems()[0].endsWith(QStringLiteral("第 1 步.prompt 缺失")))
            << editor->problems()[0].toStdString();
        prompt->setPlainText(text);
        EXPECT_TRUE(editor->problems().isEmpty());
    }
    // Choices and an exploration's goal: the tallest tasks.
    for (const auto& [kind, name] : {std::pair{2, "choices"}, std::pair{3, "goal"}}) {
        part<QComboBox>(*editor, "editorTaskKind")->setCurrentIndex(kind);
        // The size it takes on a 1024 × 768 screen with a task bar (the offscreen screen is
        // smaller).
        editor->resize(980, 680);
        editor->move(0, 0);  // the frame's corner, once the frame is known
        QApplication::processEvents();
        for (const LayoutFinding& finding :
             auditLayout(*editor, editor->frameGeometry(), QRect(QPoint(0, 0), kProjector))) {
            ADD_FAILURE() << language.toStdString() << " " << name << ": "
                          << finding.widget.toStdString() << ": " << finding.problem.toStdString();
        }
        QList<MnemonicClash> clashes = windowMnemonicClashes(*editor);
        clashes += menuMnemonicClashes(*app.activities.menu());
        for (const MnemonicClash& clash : clashes) {
            ADD_FAILURE() << language.toStdString() << " " << name << ": "
                          << clash.key.toStdString() << " is "
                          << clash.owners.join(QStringLiteral(", ")).toStdString();
        }
        testing::saveScreenshot(*editor,
                                QStringLiteral("editor-%1-%2").arg(language, QLatin1String(name)),
                                editor->size());
    }
    // The view and Show me moves, at the bottom of the form.
    auto* clearMoves = part<QPushButton>(*editor, "editorClearSolution");
    for (QWidget* parent = clearMoves->parentWidget(); parent != nullptr;
         parent = parent->parentWidget()) {
        if (auto* scroll = qobject_cast<QScrollArea*>(parent)) {
            scroll->ensureWidgetVisible(clearMoves);
            break;
        }
    }
    QApplication::processEvents();
    testing::saveScreenshot(*editor, QStringLiteral("editor-%1-moves").arg(language),
                            editor->size());
    editor->reject();
}

TEST(ActivityEditor, FitsTheProjectorInEnglish) {
    fitsTheProjector(QStringLiteral("en"));
}

TEST(ActivityEditor, FitsTheProjectorInChinese) {
    fitsTheProjector(QStringLiteral("zh_CN"));
}

}  // namespace
}  // namespace ropelab::ui
