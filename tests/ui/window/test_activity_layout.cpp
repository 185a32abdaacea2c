// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 36 §2: what a step refers to is on screen, beside the card. The audit behind
// `ropelab --check-layout --activities` finds a step's readouts scrolled away and passes them in
// view; the full walk does every step of every built-in activity at 1024 × 768, in English,
// Chinese and presenter mode, before and after its task is done, in one layout from first step to
// last.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTabWidget>
#include <QTest>
#include <cmath>
#include <optional>
#include <utility>

#include "activities/activity_controller.h"
#include "activities/activity_panel.h"
#include "activities/activity_runner.h"
#include "export/figure_export.h"
#ifdef ROPELAB_HAVE_TRAINING_LAB
#include "lessons/training_lesson.h"
#endif
#include "style/appearance_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/step_audit.h"

namespace ropelab::ui {
namespace {

constexpr QSize kProjector(1024, 768);

void settle(MainWindow& window, Lesson& lesson) {
    waitForLessonComputations(lesson);
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
    static_cast<void>(window);
}

void expectEveryStepShowsWhatItNames(const QString& language, bool presenter) {
    QSettings().clear();
    MainWindow window;
    AppController& features = window.app();
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
        // The layout chosen at the first step holds to the last: no switch between docked and
        // tabbed parameters, no side column changing width.
        std::optional<std::pair<MainWindow::Fit, int>> layout;
        const auto expectSameLayout = [&](const std::string& where) {
            const auto* column = runner.lesson()->findChild<QWidget*>(QStringLiteral("sideColumn"));
            ASSERT_NE(column, nullptr);
            const std::pair now{window.fit(), column->width()};
            if (!layout) layout = now;
            EXPECT_EQ(static_cast<int>(now.first), static_cast<int>(layout->first)) << where;
            EXPECT_EQ(now.second, layout->second) << where;
        };
        for (int i = 0; i < activity.steps.size(); ++i) {
            const std::string where =
                QStringLiteral("%1 %2 step %3").arg(mode, activity.id).arg(i + 1).toStdString();
            ASSERT_TRUE(runner.start(activity, i)) << where;
            features.activities().focusCard();
            settle(window, *runner.lesson());
            expectSameLayout(where);
            for (const LayoutFinding& finding : auditActivityStep(window, screen, false)) {
                ADD_FAILURE() << where << " before the check: " << finding.widget.toStdString()
                              << ": " << finding.problem.toStdString();
            }
            ASSERT_TRUE(completeStepAsStudent(runner, 20000)) << where;
            settle(window, *runner.lesson());
            expectSameLayout(where + " after the check");
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

// The card shows the readouts a step names, live (concealed ones say so until the check); the
// control a step asks for comes into view in its tab, and the audit finds it when it is not.
TEST(ActivityLayout, TheCardShowsTheNamedReadoutsAndTheAuditFindsAHiddenControl) {
    QSettings().clear();
    MainWindow window;
    AppController& features = window.app();
    window.showNormal();
    window.setGeometry(QRect(QPoint(0, 0), kProjector));
    QApplication::processEvents();
    const QRect screen(window.mapToGlobal(QPoint(0, 0)), kProjector);
    ActivityRunner& runner = features.activities().runner();
    const Activity* activity = nullptr;
    for (const Activity& a : features.activities().activities()) {
        if (a.id == QStringLiteral("rope-2d.shift-both")) activity = &a;
    }
    ASSERT_NE(activity, nullptr);
    ASSERT_TRUE(runner.start(*activity, 0));
    settle(window, *runner.lesson());
    const QString id = QStringLiteral("rope-2d.shift_change");
    EXPECT_EQ(runner.step().namedReadouts(), QStringList{id});
    EXPECT_TRUE(runner.step().namedControls().isEmpty());
    const ActivityPanel& card = *features.activities().panel();
    EXPECT_EQ(card.readoutValueText(id), ActivityPanel::tr("hidden until you check"));
    EXPECT_TRUE(auditActivityStep(window, screen, false).isEmpty());
    ASSERT_TRUE(completeStepAsStudent(runner, 20000));
    settle(window, *runner.lesson());
    ASSERT_TRUE(runner.lesson()->readout(id).has_value());
    // Shifting both vectors alike changes the score by rounding alone, and the card says so.
    const double change = *runner.lesson()->readout(id);
    ASSERT_LT(std::abs(change), 1e-12);
    EXPECT_EQ(card.readoutValueText(id), change == 0.0 ? runner.lesson()->writtenReadout(id)
                                                       : ActivityPanel::tr("0 (up to rounding)"));
    EXPECT_TRUE(auditActivityStep(window, screen, true).isEmpty());

    // Step 2 asks for the key position, a shared parameter: its tab comes to the front.
    ASSERT_TRUE(runner.start(*activity, 1));
    settle(window, *runner.lesson());
    EXPECT_EQ(runner.step().namedControls(), QStringList{QStringLiteral("keyPosition")});
    for (const LayoutFinding& finding : auditActivityStep(window, screen, false)) {
        ADD_FAILURE() << finding.widget.toStdString() << ": " << finding.problem.toStdString();
    }
    auto* tabs = runner.lesson()->findChild<QTabWidget*>(QStringLiteral("sideTabs"));
    ASSERT_NE(tabs, nullptr);
    tabs->setCurrentIndex(0);  // the student looks at "This lesson" instead
    QApplication::processEvents();
    const QList<LayoutFinding> findings = auditActivityStep(window, screen, false);
    ASSERT_EQ(findings.size(), 1);
    EXPECT_TRUE(findings.front().widget.startsWith(QStringLiteral("control keyPosition")));
    runner.stop();
}

TEST(ActivityLayout, EveryStepShowsWhatItNamesAt1024x768) {
    expectEveryStepShowsWhatItNames(QStringLiteral("en"), false);
}

TEST(ActivityLayout, EveryStepShowsWhatItNamesInChinese) {
    expectEveryStepShowsWhatItNames(QStringLiteral("zh_CN"), false);
}

TEST(ActivityLayout, EveryStepShowsWhatItNamesInPresenterMode) {
    expectEveryStepShowsWhatItNames(QStringLiteral("en"), true);
}

#ifdef ROPELAB_HAVE_TRAINING_LAB
// A step that reads numbers the lesson does not show (the user's last training run had no
// fine-tuning) says so on the card instead of "computing…" forever, and cannot be checked; the
// recorded run, which has them, can.
TEST(ActivityLayout, ReadoutsTheLessonDoesNotShowAreSaidSoAndNotJudged) {
    QSettings().clear();
    QFile recorded(QStringLiteral(":/training/default-run.json"));
    ASSERT_TRUE(recorded.open(QIODevice::ReadOnly));
    QJsonObject run = QJsonDocument::fromJson(recorded.readAll()).object();
    QJsonObject settings = run[QStringLiteral("settings")].toObject();
    settings[QStringLiteral("fine_tune_steps")] = 0;
    run[QStringLiteral("settings")] = settings;
    QJsonArray models = run[QStringLiteral("models")].toArray();
    for (auto&& model : models) {
        QJsonObject m = model.toObject();
        m[QStringLiteral("fine_tuned")] = QJsonArray();
        model = m;
    }
    run[QStringLiteral("models")] = models;
    const QString cache = TrainingLesson::cachePath();
    ASSERT_TRUE(QDir().mkpath(QFileInfo(cache).path()));
    QFile file(cache);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(run).toJson());
    file.close();

    const QString id = QStringLiteral("training.rope_finetune_loss_2x");
    for (const bool lastRunFineTuned : {false, true}) {
        if (lastRunFineTuned) QFile::remove(cache);
        MainWindow window;
        AppController& features = window.app();
        window.showNormal();
        window.setGeometry(QRect(QPoint(0, 0), kProjector));
        ActivityRunner& runner = features.activities().runner();
        const Activity* activity = nullptr;
        for (const Activity& a : features.activities().activities()) {
            if (a.id == QStringLiteral("training.rescue-rope")) activity = &a;
        }
        ASSERT_NE(activity, nullptr);
        ASSERT_EQ(activity->steps.size(), 3);
        ASSERT_TRUE(runner.start(*activity, 2));
        settle(window, *runner.lesson());
        ASSERT_TRUE(runner.step().namedReadouts().contains(id));
        const ActivityPanel& card = *features.activities().panel();
        // The card looks again when the lesson's figure jobs end.
        QTest::qWaitFor(
            [&] { return card.readoutValueText(id) != ActivityPanel::tr("computing…"); }, 3000);
        EXPECT_EQ(runner.lesson()->readout(id).has_value(), lastRunFineTuned);
        EXPECT_EQ(runner.readyToCheck(), lastRunFineTuned);
        EXPECT_EQ(card.readoutValueText(id), lastRunFineTuned
                                                 ? ActivityPanel::tr("hidden until you check")
                                                 : ActivityPanel::tr("not shown now"));
        runner.stop();
    }
}
#endif

}  // namespace
}  // namespace ropelab::ui
