// SPDX-License-Identifier: GPL-3.0-or-later
// Legible in the room (issue 36 §6): a text size for the side panels and the activity card, which
// presenter mode raises with the rest of the interface; the lesson map opens on a first start,
// with --presenter too, every card whole or scrolling down, none cut off at the side.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTest>
#include <string>

#include "activities/activity_controller.h"
#include "activities/activity_panel.h"
#include "activities/lesson_map.h"
#include "style/appearance_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"

namespace ropelab::ui {
namespace {

double pointSize(const QWidget* widget) {
    return widget->font().pointSizeF();
}

TEST(PanelText, LargerSmallerAndPresenterModeScaleThePanelsAndTheCard) {
    QSettings().clear();
    MainWindow window;
    AppController& features = window.app();
    const double interface = QApplication::font().pointSizeF();
    QWidget* side = window.lessons().front()->findChild<QWidget*>(QStringLiteral("sideTabs"));
    ASSERT_NE(side, nullptr);
    const QList<QWidget*> panels{side, window.parameterPanel(), features.activities().panel()};
    for (QWidget* panel : panels) EXPECT_DOUBLE_EQ(pointSize(panel), interface);
    auto* larger = window.findChild<QAction*>(QStringLiteral("panelTextLarger"));
    auto* smaller = window.findChild<QAction*>(QStringLiteral("panelTextSmaller"));
    ASSERT_NE(larger, nullptr);
    ASSERT_NE(smaller, nullptr);
    larger->trigger();
    larger->trigger();  // 120 %
    for (QWidget* panel : panels) EXPECT_DOUBLE_EQ(pointSize(panel), interface * 1.2);
    EXPECT_EQ(QSettings().value(QStringLiteral("ui/panelTextPercent")).toInt(), 120);
    // Presenter mode enlarges the interface 1.25 times, and the panels with it.
    features.appearance().setPresenter(true);
    for (QWidget* panel : panels) EXPECT_DOUBLE_EQ(pointSize(panel), interface * 1.25 * 1.2);
    features.appearance().setPresenter(false);
    smaller->trigger();
    smaller->trigger();
    for (QWidget* panel : panels) EXPECT_DOUBLE_EQ(pointSize(panel), interface);
    EXPECT_FALSE(QSettings().contains(QStringLiteral("ui/panelTextPercent")));
    // Within 80 % and 200 %.
    for (int i = 0; i < 20; ++i) smaller->trigger();
    EXPECT_EQ(features.appearance().panelTextPercent(), AppearanceController::kMinPanelTextPercent);
}

// The lesson map that a start with these arguments opens, or nullptr when none opens.
LessonMap* mapOpenedBy(MainWindow& window, const QStringList& arguments, bool opensModel = false) {
    EXPECT_TRUE(applyStartupArguments(window, arguments, opensModel).isEmpty());
    QApplication::processEvents();
    return window.findChild<LessonMap*>();
}

// The map on the screen, no card cut off at the side (the scroll area never scrolls sideways),
// and every card whole unless the screen is too low for them: then it takes the screen's height
// and scrolls down.
void expectOnScreen(LessonMap& map) {
    const QRect room = map.screen()->availableGeometry();
    EXPECT_LE(map.width(), room.width());
    EXPECT_LE(map.height(), room.height());
    auto* scroll = map.findChild<QScrollArea*>();
    ASSERT_NE(scroll, nullptr);
    QApplication::processEvents();
    const std::string size = std::to_string(map.width()) + " × " + std::to_string(map.height()) +
                             " on " + std::to_string(room.width()) + " × " +
                             std::to_string(room.height());
    EXPECT_LE(scroll->widget()->minimumSizeHint().width(), scroll->viewport()->width()) << size;
    if (scroll->verticalScrollBar()->maximum() > 0) {
        EXPECT_GE(map.height(), room.height() - 48) << size;  // 48: the frame's allowance
    }
}

TEST(LessonMap, EveryLessonSaysWhatItShows) {
    MainWindow window;
    for (const Lesson* lesson : window.lessons()) {
        EXPECT_FALSE(LessonMap::whatYouWillSee(lesson->id()).isEmpty())
            << lesson->id().toStdString();
    }
}

TEST(LessonMap, AFirstStartOpensItOnScreenAlsoInPresenterMode) {
    for (const bool presenter : {false, true}) {
        QSettings().clear();
        MainWindow window;
        window.show();
        LessonMap* map = mapOpenedBy(
            window, presenter ? QStringList{QStringLiteral("--presenter")} : QStringList{});
        ASSERT_NE(map, nullptr) << presenter;
        expectOnScreen(*map);
        map->close();
        QApplication::processEvents();
        window.app().appearance().setPresenter(false);
    }
    // Not on a second start, nor when a file or an activity is asked for.
    MainWindow again;
    EXPECT_EQ(mapOpenedBy(again, {}), nullptr);
    QSettings().clear();
    MainWindow withModel;  // `ropelab MODEL`: the model's lesson, not the map over it
    EXPECT_EQ(mapOpenedBy(withModel, {}, true), nullptr);
    QSettings().clear();
    MainWindow withActivity;
    EXPECT_EQ(mapOpenedBy(withActivity,
                          {QStringLiteral("--activity"), QStringLiteral("rope-2d.shift-both")}),
              nullptr);
}

}  // namespace
}  // namespace ropelab::ui
