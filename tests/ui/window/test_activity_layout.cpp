// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 36 §2: what a step refers to is on screen, beside the card. The audit behind
// `ropelab --check-layout --activities` finds a step's readouts scrolled away and passes them in
// view. The full walk (every step of every built-in activity at 1024 × 768, in English, Chinese
// and presenter mode, before and after its task is done) is DISABLED_ until the side panel keeps
// the card, the controls and the readouts in one view at that size; run it with
// --gtest_also_run_disabled_tests to list what is still out of sight.
#include <gtest/gtest.h>

#include <QApplication>
#include <QSettings>
#include <QTest>

#include "activities/activity_controller.h"
#include "activities/activity_runner.h"
#include "classroom/appearance_controller.h"
#include "classroom/classroom_features.h"
#include "export/figure_export.h"
#include "window/main_window.h"
#include "window/step_audit.h"

namespace ropelab::ui {
namespace {

constexpr QSize kProjector(1024, 768);

bool waitFor(const std::function<bool()>& done) {
    return QTest::qWaitFor(done, 20000);
}

// Does the step's task as a student who knows the answer.
bool completeStep(ActivityRunner& runner) {
    const ActivityStep& step = runner.step();
    switch (step.kind) {
        case ActivityStep::Kind::Predict:
            if (!waitFor([&] { return runner.readyToCheck(); })) return false;
            if (step.predictsNumber()) return runner.submitNumber(*runner.liveNumber());
            return runner.submitChoice(*runner.correctChoice());
        case ActivityStep::Kind::Explore:
            return runner.showSolution() && waitFor([&] { return runner.goalHolds(); });
        case ActivityStep::Kind::Explain:
            return true;
    }
    return false;
}

void settle(MainWindow& window, Lesson& lesson) {
    waitForLessonComputations(lesson);
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    static_cast<void>(window);
}

void expectEveryStepShowsWhatItNames(const QString& language, bool presenter) {
    QSettings().clear();
    MainWindow window;
    ClassroomFeatures& features = window.classroom();
    features.setLanguagePreference(language);
    features.appearance().setPresenter(presenter);
    window.showNormal();
    window.setGeometry(QRect(QPoint(0, 0), kProjector));
    QApplication::processEvents();
    // The frame (title bar, borders) within the projector's 1024 × 768 too.
    const QSize frame = window.frameGeometry().size() - window.geometry().size();
    window.setGeometry(QRect(QPoint(0, 0), kProjector - frame));
    QApplication::processEvents();
    // The projector's screen where the window is (the offscreen screen may be another size).
    const QRect screen(window.mapToGlobal(QPoint(0, 0)), kProjector);
    ActivityRunner& runner = features.activities().runner();
    const QString mode = language + (presenter ? QStringLiteral(" presenter") : QString());
    for (const Activity& activity : features.activities().activities()) {
        for (int i = 0; i < activity.steps.size(); ++i) {
            const std::string where =
                QStringLiteral("%1 %2 step %3").arg(mode, activity.id).arg(i + 1).toStdString();
            ASSERT_TRUE(runner.start(activity, i)) << where;
            features.activities().focusCard();
            settle(window, *runner.lesson());
            for (const LayoutFinding& finding : auditActivityStep(window, screen, false)) {
                ADD_FAILURE() << where << " before the check: " << finding.widget.toStdString()
                              << ": " << finding.problem.toStdString();
            }
            ASSERT_TRUE(completeStep(runner)) << where;
            settle(window, *runner.lesson());
            for (const LayoutFinding& finding : auditActivityStep(window, screen, true)) {
                ADD_FAILURE() << where << ": " << finding.widget.toStdString() << ": "
                              << finding.problem.toStdString();
            }
            EXPECT_LE(window.frameGeometry().width(), kProjector.width()) << where;
            EXPECT_LE(window.frameGeometry().height(), kProjector.height()) << where;
        }
    }
    runner.stop();
}

TEST(ActivityLayout, TheAuditFindsReadoutsScrolledAwayAndPassesThemInView) {
    QSettings().clear();
    MainWindow window;
    ClassroomFeatures& features = window.classroom();
    window.showNormal();
    window.setGeometry(QRect(0, 0, 1900, 1400));  // tall: the whole side panel in view
    QApplication::processEvents();
    const QRect screen(window.mapToGlobal(QPoint(0, 0)), QSize(1900, 1400));
    ActivityRunner& runner = features.activities().runner();
    ASSERT_TRUE(features.activities().startActivity(QStringLiteral("rope-2d.shift-both")));
    settle(window, *runner.lesson());
    ASSERT_TRUE(completeStep(runner));
    settle(window, *runner.lesson());
    for (const LayoutFinding& finding : auditActivityStep(window, screen, true)) {
        ADD_FAILURE() << finding.widget.toStdString() << ": " << finding.problem.toStdString();
    }
    // Short: the readouts below the card and the controls leave the side panel's view.
    window.setGeometry(QRect(0, 0, 1900, 420));
    settle(window, *runner.lesson());
    const QList<LayoutFinding> findings = auditActivityStep(window, screen, true);
    ASSERT_FALSE(findings.isEmpty());
    EXPECT_EQ(findings.back().widget, QStringLiteral("readouts rope-2d.shift_change"));
    EXPECT_TRUE(findings.back().problem.startsWith(
        QStringLiteral("scrolled out of view in QScrollArea#sidePanel")))
        << findings.back().problem.toStdString();
    // The step names what it checks: the readout of its prediction, no control to move.
    EXPECT_EQ(stepReadouts(runner.step()), QStringList{QStringLiteral("rope-2d.shift_change")});
    EXPECT_TRUE(stepControls(runner.step()).isEmpty());
}

TEST(ActivityLayout, DISABLED_EveryStepShowsWhatItNamesAt1024x768) {
    expectEveryStepShowsWhatItNames(QStringLiteral("en"), false);
}

TEST(ActivityLayout, DISABLED_EveryStepShowsWhatItNamesInChinese) {
    expectEveryStepShowsWhatItNames(QStringLiteral("zh_CN"), false);
}

TEST(ActivityLayout, DISABLED_EveryStepShowsWhatItNamesInPresenterMode) {
    expectEveryStepShowsWhatItNames(QStringLiteral("en"), true);
}

}  // namespace
}  // namespace ropelab::ui
