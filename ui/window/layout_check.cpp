// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/layout_check.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QHash>
#include <QPixmap>
#include <QScreen>
#include <QSettings>
#include <QTimer>
#include <QWindow>

#include <cstdio>
#include <functional>

#include "activities/activity_controller.h"
#include "activities/activity_runner.h"
#include "export/figure_export.h"
#include "window/app_controller.h"
#include "window/layout_audit.h"
#include "window/main_window.h"
#include "window/step_audit.h"

namespace ropelab::ui {

namespace {

constexpr int kStableMs = 400;  // a window manager places, frames and maximises in steps
constexpr int kStartTimeoutMs = 15000;
// Fitting and queued replots after a lesson is shown take several passes of the event loop, and
// longer on a busy machine: the check waits until no widget has moved for this long.
constexpr int kLessonSettleMs = 300;
constexpr int kLessonTimeoutMs = 20000;
constexpr int kReadyTimeoutMs = 20000;  // for a step's background result
constexpr auto kProgressGroup = "activities";

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

// Every step of every activity, before and after its task is done; returns the problems found.
int checkActivities(MainWindow& window, const QList<Activity>& activities,
                    const QRect& screenRect) {
    ActivityController& controller = window.app().activities();
    ActivityRunner& runner = controller.runner();
    // Walking the steps moves each activity's remembered progress: put the student's back.
    QSettings settings;
    settings.beginGroup(QLatin1String(kProgressGroup));
    QHash<QString, QVariant> progress;
    for (const QString& key : settings.allKeys()) progress.insert(key, settings.value(key));
    int problems = 0;
    const auto report = [&](const QString& where, const QList<LayoutFinding>& findings) {
        for (const LayoutFinding& finding : findings) {
            printLine(QStringLiteral("%1: %2: %3").arg(where, finding.widget, finding.problem));
        }
        problems += static_cast<int>(findings.size());
    };
    for (const Activity& activity : activities) {
        for (int i = 0; i < activity.steps.size(); ++i) {
            const QString where = QStringLiteral("%1 step %2").arg(activity.id).arg(i + 1);
            if (!runner.start(activity, i)) {
                report(where, {{QStringLiteral("the step"), runner.setupProblem()}});
                continue;
            }
            controller.focusCard();
            waitForLessonComputations(*runner.lesson());
            waitUntilLaidOut(window);
            report(where + QStringLiteral(" (before the check)"),
                   auditActivityStep(window, screenRect, false));
            if (!completeStepAsStudent(runner, kReadyTimeoutMs)) {
                report(where, {{QStringLiteral("the task"),
                                QStringLiteral("could not be completed to check what it shows")}});
                continue;
            }
            waitForLessonComputations(*runner.lesson());
            waitUntilLaidOut(window);
            report(where, auditActivityStep(window, screenRect, true));
        }
    }
    runner.stop();
    settings.remove(QString());
    for (auto it = progress.constBegin(); it != progress.constEnd(); ++it) {
        settings.setValue(it.key(), it.value());
    }
    return problems;
}

void check(MainWindow& window, const QString& screenshotDir, const QList<Activity>& activities) {
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
    const int stepProblems = checkActivities(window, activities, screenRect);
    problems += stepProblems;
    if (!activities.isEmpty() && stepProblems == 0) {
        printLine(QStringLiteral("check-layout: every step of %1 activities shows what it names "
                                 "beside its card")
                      .arg(activities.size()));
    }
    if (problems == 0) {
        printLine(QStringLiteral("check-layout: every control of every lesson fits"));
    } else {
        printLine(QStringLiteral("check-layout: %1 problem(s) in %2 lesson(s) and %3 in "
                                 "activity steps")
                      .arg(problems - stepProblems)
                      .arg(lessonsWithProblems)
                      .arg(stepProblems));
    }
    window.close();  // saves the window's settings, as quitting does
    QCoreApplication::exit(problems == 0 ? 0 : 1);
}

}  // namespace

void startLayoutCheck(MainWindow& window, const QString& screenshotDir,
                      const QList<Activity>& activities) {
    QTimer::singleShot(0, &window, [&window, screenshotDir, activities] {
        check(window, screenshotDir, activities);
    });
}

}  // namespace ropelab::ui
