// SPDX-License-Identifier: GPL-3.0-or-later
// The main window: lessons in teaching order, navigation, the parameter dock driving the model,
// rejected values in the status bar, and the last lesson remembered.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>

#include <algorithm>
#include <memory>
#include <vector>

#include "common/build_info.h"
#include "export/figure_export.h"
#include "lessons/lesson_registry.h"
#include "model/app_limits.h"
#include "model/latest_job.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"
#include "widgets/labeled_slider.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {
namespace {

TEST(MainWindow, ListsLessonsInTeachingOrder) {
    QSettings().clear();
    MainWindow window;
    QStringList ids;
    for (Lesson* lesson : window.lessons()) ids << lesson->id();
    const QStringList expectedStart{QStringLiteral("order"), QStringLiteral("absolute"),
                                    QStringLiteral("relative"), QStringLiteral("rope-2d"),
                                    QStringLiteral("rope-nd")};
    ASSERT_GE(ids.size(), expectedStart.size());
    EXPECT_EQ(ids.mid(0, expectedStart.size()), expectedStart);
    auto* list = window.findChild<QListWidget*>(QStringLiteral("lessonList"));
    ASSERT_NE(list, nullptr);
    EXPECT_EQ(list->count(), ids.size());
    EXPECT_TRUE(list->item(3)->text().contains(window.lessons()[3]->title()));
    EXPECT_EQ(window.currentLesson(), window.lessons().front());
}

TEST(MainWindow, NextAndPreviousNavigateAndStopAtTheEnds) {
    QSettings().clear();
    MainWindow window;
    window.showPreviousLesson();
    EXPECT_EQ(window.currentLesson(), window.lessons().front());
    window.showNextLesson();
    EXPECT_EQ(window.currentLesson(), window.lessons()[1]);
    ASSERT_TRUE(window.showLesson(QStringLiteral("rope-2d")));
    EXPECT_EQ(window.currentLesson()->id(), QStringLiteral("rope-2d"));
    for (std::size_t i = 0; i < window.lessons().size(); ++i) window.showNextLesson();
    EXPECT_EQ(window.currentLesson(), window.lessons().back());
    EXPECT_FALSE(window.showLesson(QStringLiteral("no-such-lesson")));
}

TEST(MainWindow, ParameterDockDrivesTheSharedModel) {
    QSettings().clear();
    MainWindow window;
    ParameterPanel* panel = window.parameterPanel();
    panel->headDimSlider()->slider()->setValue(15);  // 2 + 15·2
    EXPECT_EQ(window.parameterModel().rope().headDim, 32);
    panel->baseSlider()->spinBox()->setValue(500000.0);
    EXPECT_EQ(window.parameterModel().rope().ropeTheta, 500000.0);
    // Every base the app accepts can be shown and set from the dock.
    EXPECT_EQ(panel->baseSlider()->maximum(), appLimitOf("rope_theta").maximum);
    panel->baseSlider()->spinBox()->setValue(1e10);
    EXPECT_EQ(window.parameterModel().rope().ropeTheta, 1e10);
    panel->layoutBox()->setCurrentIndex(1);
    EXPECT_EQ(window.parameterModel().layout(), RopeLayout::Interleaved);
    panel->queryPositionSlider()->spinBox()->setValue(17);
    EXPECT_EQ(window.parameterModel().queryPosition(), 17);
    // The model changing elsewhere (a lesson's shift button) moves the dock's controls.
    window.parameterModel().setPositions(20, 9);
    EXPECT_EQ(panel->keyPositionSlider()->value(), 9);
}

TEST(MainWindow, ShrinkingTheSequencePullsPositionsIn) {
    QSettings().clear();
    MainWindow window;
    window.parameterModel().setPositions(200, 100);
    window.parameterPanel()->sequenceLengthSlider()->spinBox()->setValue(50);
    EXPECT_EQ(window.parameterModel().sequenceLength(), 50);
    EXPECT_EQ(window.parameterModel().queryPosition(), 49);
    EXPECT_EQ(window.parameterModel().keyPosition(), 49);
}

TEST(MainWindow, RejectedValuesShowInTheStatusBar) {
    QSettings().clear();
    MainWindow window;
    const int before = window.parameterModel().rope().headDim;
    EXPECT_FALSE(window.parameterModel().setHeadDim(7));
    EXPECT_EQ(window.parameterModel().rope().headDim, before);
    EXPECT_EQ(window.statusBar()->currentMessage(),
              QStringLiteral("Head dimension d must be even; got 7"));
}

TEST(MainWindow, DisablesSharedParametersTheLessonDoesNotRead) {
    QSettings().clear();
    MainWindow window;
    ASSERT_TRUE(window.showLesson(QStringLiteral("rope-2d")));
    EXPECT_TRUE(window.parameterPanel()->queryPositionSlider()->isEnabled());
    ASSERT_TRUE(window.showLesson(QStringLiteral("order")));
    EXPECT_FALSE(window.parameterPanel()->queryPositionSlider()->isEnabled());
}

// An activity locks or hides the pair layout box by name: its label greys out and hides with it.
TEST(MainWindow, ThePairLayoutLabelFollowsItsBox) {
    QSettings().clear();
    MainWindow window;
    ASSERT_TRUE(window.showLesson(QStringLiteral("rope-2d")));
    window.show();
    QComboBox* box = window.parameterPanel()->layoutBox();
    QLabel* label = nullptr;
    for (QLabel* candidate : window.parameterPanel()->findChildren<QLabel*>()) {
        if (candidate->buddy() == box) label = candidate;
    }
    ASSERT_NE(label, nullptr);
    EXPECT_TRUE(label->isEnabled());
    box->setEnabled(false);
    EXPECT_FALSE(label->isEnabled());
    box->setEnabled(true);
    EXPECT_TRUE(label->isEnabled());
    box->hide();
    EXPECT_TRUE(label->isHidden());
    box->show();
    EXPECT_FALSE(label->isHidden());
    // A lesson that does not read the layout greys both.
    ASSERT_TRUE(window.showLesson(QStringLiteral("order")));
    EXPECT_FALSE(box->isEnabled());
    EXPECT_FALSE(label->isEnabled());
}

TEST(MainWindow, RemembersTheLastLesson) {
    QSettings().clear();
    {
        MainWindow window;
        ASSERT_TRUE(window.showLesson(QStringLiteral("relative")));
        window.close();
    }
    MainWindow again;
    EXPECT_EQ(again.currentLesson()->id(), QStringLiteral("relative"));
    QSettings().clear();
}

TEST(MainWindow, AboutShowsVersionLicenceAndEveryComponent) {
    QSettings().clear();
    MainWindow window;
    const QList<QAction*> help = window.helpMenu()->actions();
    const auto about = std::find_if(help.begin(), help.end(), [](const QAction* action) {
        return action->menuRole() == QAction::AboutRole;
    });
    ASSERT_NE(about, help.end());
    (*about)->trigger();
    auto* box = window.findChild<QMessageBox*>(QStringLiteral("aboutBox"));
    ASSERT_NE(box, nullptr);
    const QString text = box->text();
    EXPECT_TRUE(text.contains(QStringLiteral("RoPE Lab %1").arg(version()))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("GPL-3.0-or-later")));
    EXPECT_TRUE(text.contains(QStringLiteral("Qt %1 (LGPL-3.0-only)").arg(qVersion())));
    EXPECT_TRUE(text.contains(QStringLiteral("QCustomPlot")));
    ASSERT_GE(coreThirdPartyComponents().size(), 2u);
    for (const ThirdPartyComponent& component : coreThirdPartyComponents()) {
        EXPECT_TRUE(
            text.contains(QString::fromStdString(component.name + " (" + component.licence + ")")))
            << component.name;
    }
    EXPECT_NE(box->findChild<QPushButton*>(QStringLiteral("aboutQtButton")), nullptr);
    box->close();
}

// Issue 15: dragging a shared slider computes only the lesson on screen; the others catch up,
// to the same readouts as a lesson that saw every change, when they are shown.
TEST(MainWindow, AHiddenLessonRunsNoJobAndCatchesUpWhenShown) {
    QSettings().clear();
    MainWindow window;
    window.show();
    ASSERT_TRUE(window.showLesson(QStringLiteral("order")));
    std::vector<std::unique_ptr<QSignalSpy>> jobStarts;
    QHash<QString, QHash<QString, double>> before;
    for (Lesson* lesson : window.lessons()) {
        waitForLessonComputations(*lesson);
        before.insert(lesson->id(), lesson->readouts());
        if (lesson == window.currentLesson()) continue;
        for (LatestJob* job : lesson->findChildren<LatestJob*>()) {
            jobStarts.push_back(std::make_unique<QSignalSpy>(job, &LatestJob::started));
        }
    }
    ASSERT_FALSE(jobStarts.empty());
    for (double base : {20000.0, 50000.0, 500000.0}) {
        ASSERT_TRUE(window.parameterModel().setRopeTheta(base));
        window.parameterModel().setPositions(40, 7);
        QCoreApplication::processEvents();
    }
    for (const auto& spy : jobStarts) EXPECT_EQ(spy->count(), 0);
    const Lesson* rope2d = nullptr;
    for (Lesson* lesson : window.lessons()) {
        if (lesson == window.currentLesson()) continue;
        EXPECT_EQ(lesson->readouts(), before.value(lesson->id())) << lesson->id().toStdString();
        if (lesson->id() == QStringLiteral("rope-2d")) rope2d = lesson;
    }
    ASSERT_NE(rope2d, nullptr);

    ParameterModel fresh;
    ASSERT_TRUE(fresh.setRope(window.parameterModel().rope()));
    fresh.setPositions(40, 7);
    ThemeController theme;
    const auto reference = createLessons(LessonContext{&fresh, &theme});
    for (std::size_t i = 0; i < reference.size(); ++i) {
        Lesson* lesson = window.lessons()[i];
        ASSERT_TRUE(window.showLesson(lesson->id()));
        reference[i]->setAttribute(Qt::WA_DontShowOnScreen);
        reference[i]->show();  // the sweeps run when first shown
        waitForLessonComputations(*lesson);
        waitForLessonComputations(*reference[i]);
        EXPECT_EQ(lesson->readouts(), reference[i]->readouts()) << lesson->id().toStdString();
    }
    EXPECT_NE(rope2d->readouts(), before.value(QStringLiteral("rope-2d")));
}

TEST(LessonRegistry, EveryLessonHasIdTitleFiguresAndStableIds) {
    ParameterModel model;
    ThemeController theme;
    const auto lessons = createLessons(LessonContext{&model, &theme});
    QStringList ids;
    for (const auto& lesson : lessons) {
        EXPECT_FALSE(lesson->title().isEmpty());
        EXPECT_FALSE(lesson->figures().isEmpty()) << lesson->id().toStdString();
        for (const Figure& figure : lesson->figures()) {
            EXPECT_NE(figure.plot, nullptr);
            EXPECT_FALSE(figure.name.isEmpty());
        }
        EXPECT_FALSE(ids.contains(lesson->id()));
        ids << lesson->id();
    }
}

}  // namespace
}  // namespace ropelab::ui
