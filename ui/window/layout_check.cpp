// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/layout_check.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QPixmap>
#include <QScreen>
#include <QTimer>
#include <QWindow>

#include <cstdio>

#include "export/figure_export.h"
#include "window/layout_audit.h"
#include "window/main_window.h"

namespace ropelab::ui {

namespace {

constexpr int kStableMs = 400;  // a window manager places, frames and maximises in steps
constexpr int kStartTimeoutMs = 15000;
// Fitting and queued replots after a lesson is shown take several passes of the event loop, and
// longer on a busy machine: the check waits until no widget has moved for this long.
constexpr int kLessonSettleMs = 300;
constexpr int kLessonTimeoutMs = 20000;

// Where every visible widget of the window is, in window coordinates.
QList<QRect> widgetGeometries(const QWidget& window) {
    QList<QRect> rects;
    for (const QWidget* widget : window.findChildren<QWidget*>()) {
        if (widget->isVisible())
            rects.append(QRect(widget->mapTo(&window, QPoint()), widget->size()));
    }
    return rects;
}

// Until the lesson's layout has stopped changing.
void waitUntilLaidOut(const QWidget& window) {
    QElapsedTimer total;
    total.start();
    QElapsedTimer still;
    still.start();
    QList<QRect> last = widgetGeometries(window);
    while (total.elapsed() < kLessonTimeoutMs && still.elapsed() < kLessonSettleMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QList<QRect> now = widgetGeometries(window);
        if (now != last) {
            last = std::move(now);
            still.restart();
        }
    }
}

// Until the window is on screen and its frame has stopped moving.
void waitUntilPlaced(const MainWindow& window) {
    QElapsedTimer total;
    total.start();
    QElapsedTimer still;
    still.start();
    QRect last;
    while (total.elapsed() < kStartTimeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        const bool exposed = window.windowHandle() != nullptr && window.windowHandle()->isExposed();
        const QRect frame = window.frameGeometry();
        if (!exposed || frame != last) {
            last = frame;
            still.restart();
        } else if (still.elapsed() >= kStableMs) {
            return;
        }
    }
}

const char* fitName(MainWindow::Fit fit) {
    switch (fit) {
        case MainWindow::Fit::Docks:
            return "lesson list and parameters docked";
        case MainWindow::Fit::LessonMenu:
            return "lesson menu, parameters docked";
        case MainWindow::Fit::ParametersInLesson:
            return "lesson menu, parameters in the lesson's side panel";
    }
    return "";
}

void printLine(const QString& line) {
    std::fputs(qPrintable(line + QLatin1Char('\n')), stdout);
    std::fflush(stdout);
}

void check(MainWindow& window, const QString& screenshotDir) {
    waitUntilPlaced(window);
    QScreen* screen = window.screen();
    const QRect screenRect = screen->geometry();
    if (!screenshotDir.isEmpty()) QDir().mkpath(screenshotDir);
    int problems = 0;
    int lessonsWithProblems = 0;
    for (Lesson* lesson : window.lessons()) {
        window.showLesson(lesson->id());
        waitForLessonComputations(*lesson);
        waitUntilLaidOut(window);
        const QList<LayoutFinding> findings =
            auditLayout(window, window.frameGeometry(), screenRect);
        if (lesson == window.lessons().front()) {
            const QRect frame = window.frameGeometry();
            printLine(QStringLiteral("check-layout: screen %1 × %2 at scale %3, window frame "
                                     "%4 × %5 at (%6, %7), %8")
                          .arg(screenRect.width())
                          .arg(screenRect.height())
                          .arg(screen->devicePixelRatio())
                          .arg(frame.width())
                          .arg(frame.height())
                          .arg(frame.x())
                          .arg(frame.y())
                          .arg(QString::fromLatin1(fitName(window.fit()))));
        }
        for (const LayoutFinding& finding : findings) {
            printLine(
                QStringLiteral("%1: %2: %3").arg(lesson->id(), finding.widget, finding.problem));
        }
        problems += static_cast<int>(findings.size());
        if (!findings.isEmpty()) ++lessonsWithProblems;
        if (!screenshotDir.isEmpty()) {
            screen->grabWindow(0).save(QDir(screenshotDir).filePath(lesson->id() + ".png"));
        }
    }
    if (problems == 0) {
        printLine(QStringLiteral("check-layout: every control of every lesson fits"));
    } else {
        printLine(QStringLiteral("check-layout: %1 problem(s) in %2 lesson(s)")
                      .arg(problems)
                      .arg(lessonsWithProblems));
    }
    window.close();  // saves the window's settings, as quitting does
    QCoreApplication::exit(problems == 0 ? 0 : 1);
}

}  // namespace

void startLayoutCheck(MainWindow& window, const QString& screenshotDir) {
    QTimer::singleShot(0, &window, [&window, screenshotDir] { check(window, screenshotDir); });
}

}  // namespace ropelab::ui
