// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 20: the window opens fitting its screen, restored geometry stays on screen, the layout
// gives up docks before it squeezes a lesson, and the layout audit behind `--check-layout` finds
// what does not fit. The screen sizes themselves run through the real app in screen_matrix.sh.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>
#include <QVBoxLayout>

#include "lessons/lesson_page.h"
#include "window/layout_audit.h"
#include "window/main_window.h"
#include "window/parameter_panel.h"
#include "window/screen_fit.h"

namespace ropelab::ui {
namespace {

void settle() {
    for (int i = 0; i < 5; ++i) QApplication::processEvents();
}

TEST(ScreenFit, SmallScreensOpenMaximisedLargeOnesAtNinetyPercent) {
    const WindowPlacement laptop = initialPlacement(QRect(0, 0, 1366, 768));
    EXPECT_TRUE(laptop.maximized);
    EXPECT_TRUE(QRect(0, 0, 1366, 768).contains(laptop.geometry));
    const WindowPlacement projector = initialPlacement(QRect(0, 0, 1024, 768));
    EXPECT_TRUE(projector.maximized);

    const WindowPlacement desktop = initialPlacement(QRect(0, 30, 2560, 1410));
    EXPECT_FALSE(desktop.maximized);
    EXPECT_EQ(desktop.geometry.size(), QSize(2304, 1269));
    EXPECT_EQ(desktop.geometry.center(), QRect(0, 30, 2560, 1410).center());
}

TEST(ScreenFit, ClampShrinksAndMovesIntoTheScreen) {
    const QRect screen(0, 0, 1024, 768);
    // Saved on a 1920 × 1080 laptop.
    EXPECT_EQ(clampToScreen(QRect(96, 54, 1728, 972), screen), screen);
    // Saved on a second monitor that is gone: moved back, size kept.
    EXPECT_EQ(clampToScreen(QRect(3000, 100, 800, 600), screen), QRect(224, 100, 800, 600));
    EXPECT_EQ(clampToScreen(QRect(-500, -40, 640, 480), screen), QRect(0, 0, 640, 480));
    // Already inside: unchanged.
    EXPECT_EQ(clampToScreen(QRect(10, 20, 640, 480), screen), QRect(10, 20, 640, 480));
}

// A window restored at a size the screen no longer has (settings from a larger screen, a
// monitor that is gone) is shrunk and moved into the screen's free area.
TEST(ScreenFit, KeepOnScreenShrinksAndMovesAWindowIntoItsScreen) {
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    QWidget window;
    window.setGeometry(available.x() + 500, available.y() + 400, available.width() + 700,
                       available.height() + 400);
    keepOnScreen(window);
    EXPECT_TRUE(available.contains(window.frameGeometry()));
    EXPECT_EQ(window.frameGeometry().size(), available.size());

    window.setGeometry(available.right() + 900, available.y() + 10, 320, 200);
    keepOnScreen(window);
    EXPECT_EQ(window.geometry(), QRect(available.right() - 319, available.y() + 10, 320, 200));
}

// From wide to narrow the window first turns the lesson list into the menu-bar combo box, then
// moves the shared parameters into a tab of the lesson's side panel; widening puts both back.
TEST(ScreenFit, NarrowerWindowsGiveUpDocksBeforeSqueezingTheLesson) {
    QSettings().clear();
    MainWindow window;
    window.showNormal();
    auto* lessonDock = window.findChild<QDockWidget*>(QStringLiteral("lessonDock"));
    auto* parameterDock = window.findChild<QDockWidget*>(QStringLiteral("parameterDock"));
    auto* lessonMenu = window.findChild<QComboBox*>(QStringLiteral("lessonMenu"));
    ASSERT_NE(lessonDock, nullptr);
    ASSERT_NE(parameterDock, nullptr);
    ASSERT_NE(lessonMenu, nullptr);
    QList<MainWindow::Fit> seen;
    for (int width = 2400; width >= window.minimumWidth(); width -= 20) {
        window.resize(width, 760);
        settle();
        SCOPED_TRACE(width);
        const MainWindow::Fit fit = window.fit();
        if (seen.isEmpty() || seen.back() != fit) seen.append(fit);
        EXPECT_EQ(lessonDock->isHidden(), fit != MainWindow::Fit::Docks);
        EXPECT_EQ(lessonMenu->isHidden(), fit == MainWindow::Fit::Docks);
        auto* page = qobject_cast<LessonPage*>(window.currentLesson());
        ASSERT_NE(page, nullptr);
        const bool inLesson = fit == MainWindow::Fit::ParametersInLesson;
        EXPECT_EQ(page->sharedPanel() == window.parameterPanel(), inLesson);
        EXPECT_EQ(parameterDock->isHidden(), inLesson);
        EXPECT_EQ(parameterDock->isAncestorOf(window.parameterPanel()), !inLesson);
        // The lesson itself always gets what it needs.
        EXPECT_GE(window.centralWidget()->width(),
                  window.centralWidget()->minimumSizeHint().width());
    }
    EXPECT_EQ(seen, (QList<MainWindow::Fit>{MainWindow::Fit::Docks, MainWindow::Fit::LessonMenu,
                                            MainWindow::Fit::ParametersInLesson}));

    // The parameters tab follows the lesson shown; the combo box chooses lessons.
    emit lessonMenu->activated(3);
    settle();
    auto* fourth = qobject_cast<LessonPage*>(window.currentLesson());
    EXPECT_EQ(window.currentLesson(), window.lessons()[3]);
    EXPECT_EQ(fourth->sharedPanel(), window.parameterPanel());
    EXPECT_EQ(qobject_cast<LessonPage*>(window.lessons()[0])->sharedPanel(), nullptr);
    auto* tabs = fourth->findChild<QTabWidget*>(QStringLiteral("sideTabs"));
    ASSERT_NE(tabs, nullptr);
    EXPECT_EQ(tabs->count(), 2);

    window.resize(2400, 900);
    settle();
    EXPECT_EQ(window.fit(), MainWindow::Fit::Docks);
    EXPECT_EQ(fourth->sharedPanel(), nullptr);
    EXPECT_EQ(tabs->count(), 1);
    EXPECT_TRUE(parameterDock->isAncestorOf(window.parameterPanel()));
    EXPECT_FALSE(lessonDock->isHidden());
}

TEST(ScreenFit, AuditFindsClippedAndCutOffControlsButNotScrolledOnes) {
    QWidget window;
    window.resize(240, 160);
    auto* narrow = new QLabel(QStringLiteral("a label far too long for its forty pixels"), &window);
    narrow->setGeometry(4, 4, 40, 20);
    auto* outside = new QPushButton(QStringLiteral("Go"), &window);
    outside->setGeometry(200, 40, 80, 30);
    auto* scroll = new QScrollArea(&window);
    scroll->setGeometry(4, 80, 200, 70);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* content = new QWidget;
    content->resize(180, 600);
    auto* below = new QPushButton(QStringLiteral("Far below"), content);
    below->setGeometry(4, 500, 120, 30);
    scroll->setWidget(content);
    window.show();
    settle();
    const QRect frame(window.mapToGlobal(QPoint(0, 0)), window.size());
    const QList<LayoutFinding> findings =
        auditLayout(window, frame, frame.adjusted(0, 0, 500, 500));
    QStringList widgets;
    for (const LayoutFinding& finding : findings) widgets << finding.widget;
    EXPECT_EQ(findings.size(), 2) << widgets.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(widgets.join(QLatin1Char('\n')).contains(QStringLiteral("a label far too")));
    EXPECT_TRUE(widgets.join(QLatin1Char('\n')).contains(QStringLiteral("\"Go\"")));

    // On a screen smaller than the window: the window itself, and the scroll area and its button
    // that now reach past the screen's right edge.
    const QList<LayoutFinding> small =
        auditLayout(window, frame, QRect(frame.topLeft(), QSize(100, 100)));
    EXPECT_EQ(small.size(), findings.size() + 3);
    EXPECT_EQ(small.front().widget, QStringLiteral("window"));
}

// Room for the guided-activity panel (about 250-400 px tall, at the top of the side panel): with
// a 400 px placeholder there, every lesson still fits a 1024 × 768 screen's window, sideways
// included, and folding the explanation keeps the lesson's controls near the top.
TEST(ScreenFit, SidePanelTakesAnActivityPanelAtTheTop) {
    QSettings().clear();
    MainWindow window;
    window.showNormal();
    window.resize(1020, 720);
    settle();
    for (Lesson* lesson : window.lessons()) {
        SCOPED_TRACE(lesson->id().toStdString());
        window.showLesson(lesson->id());
        auto* page = qobject_cast<LessonPage*>(lesson);
        ASSERT_NE(page, nullptr);
        auto* side = page->findChild<QScrollArea*>(QStringLiteral("sidePanel"));
        ASSERT_NE(side, nullptr);
        auto* placeholder = new QWidget;
        placeholder->setMinimumSize(280, 400);
        qobject_cast<QVBoxLayout*>(side->widget()->layout())->insertWidget(0, placeholder);
        page->setExplanationFolded(true);
        // Readouts filled in by a background job change their labels' heights when they arrive.
        ASSERT_TRUE(page->waitForComputation());
        settle();
        auto* explanation = page->findChild<QLabel*>(QStringLiteral("explanation"));
        auto* toggle = page->findChild<QToolButton*>(QStringLiteral("explanationToggle"));
        ASSERT_NE(explanation, nullptr);
        ASSERT_NE(toggle, nullptr);
        EXPECT_TRUE(page->explanationFolded());
        EXPECT_TRUE(explanation->isHidden());
        EXPECT_EQ(toggle->text(), QStringLiteral("More…"));
        const QRect frame(window.mapToGlobal(QPoint(0, 0)), window.size());
        QStringList problems;
        const auto fits = [&] {
            problems.clear();
            for (const LayoutFinding& f : auditLayout(window, frame, frame)) {
                problems << f.widget + QStringLiteral(": ") + f.problem;
            }
            return problems.isEmpty();
        };
        // A plot's title arrives with its result; the room it then asks for is laid out on a
        // later turn of the event loop (a loaded box once audited one turn early).
        QTest::qWaitFor(fits, 2000);
        EXPECT_TRUE(problems.isEmpty()) << problems.join(QLatin1Char('\n')).toStdString();
        toggle->click();
        EXPECT_FALSE(explanation->isHidden());
        EXPECT_EQ(toggle->text(), QStringLiteral("Less"));
        page->setExplanationFolded(false);
        EXPECT_TRUE(toggle->isHidden());
        delete placeholder;
    }
}

}  // namespace
}  // namespace ropelab::ui
