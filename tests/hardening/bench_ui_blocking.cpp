// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark (not a test) of issue 18's "the UI thread is never blocked for more than 100 ms": the
// real main window, offscreen, opens a session (by default every limited value at its largest,
// tests/fuzz/corpus/session/largest_values_yarn.ropelab) through File → Open's code, shows each
// lesson and drags each of its sliders. Every event the UI thread handles is timed; a slider move
// and the events it queues count as one step. Prints, per lesson, the longest single block while
// it is shown and catches up and while its sliders move, and which control it was:
//   ./bench_ui_blocking [session.ropelab] [moves per slider = 5]
#include <QAbstractSlider>
#include <QApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QString>
#include <QThread>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "lessons/lesson.h"
#include "session/session_controller.h"
#include "window/app_controller.h"
#include "window/main_window.h"

namespace {

using namespace ropelab::ui;

// Times every event delivered at the outermost level: the time the UI thread was not free.
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;

    bool notify(QObject* receiver, QEvent* event) override {
        if (depth_++ > 0) {
            const bool handled = QApplication::notify(receiver, event);
            --depth_;
            return handled;
        }
        QElapsedTimer clock;
        clock.start();
        const bool handled = QApplication::notify(receiver, event);
        --depth_;
        longestMs_ = std::max(longestMs_, clock.nsecsElapsed() / 1e6);
        return handled;
    }

    // The longest event since the last call.
    double takeLongestMs() { return std::exchange(longestMs_, 0.0); }

private:
    int depth_ = 0;
    double longestMs_ = 0.0;
};

// Hands control back to the event loop until `ms` pass, as a user pausing between moves.
void runEventsFor(int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        QThread::msleep(1);
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    const QString session = argc > 1 ? QString::fromLocal8Bit(argv[1])
                                     : QStringLiteral(ROPELAB_SOURCE_DIR
                                                      "/tests/fuzz/corpus/session/"
                                                      "largest_values_yarn.ropelab");
    const int moves = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;

    MainWindow window;
    window.resize(1280, 800);
    window.show();
    runEventsFor(500);
    app.takeLongestMs();

    QElapsedTimer clock;
    clock.start();
    const QString error = window.app().sessions().openFile(session);
    const double openMs = clock.nsecsElapsed() / 1e6;
    if (!error.isEmpty()) {
        std::fprintf(stderr, "bench_ui_blocking: %s\n", qPrintable(error));
        return 2;
    }
    runEventsFor(3000);
    std::printf("open %s: %.0f ms in File -> Open, then longest event %.0f ms\n",
                qPrintable(session), openMs, app.takeLongestMs());

    QRandomGenerator random(7);
    double worstMs = openMs;
    for (Lesson* lesson : window.lessons()) {
        clock.restart();
        window.showLesson(lesson->id());
        double showMs = clock.nsecsElapsed() / 1e6;
        runEventsFor(3000);
        showMs = std::max(showMs, app.takeLongestMs());

        double moveMs = 0.0;
        QString slowest;
        for (QAbstractSlider* slider : lesson->findChildren<QAbstractSlider*>()) {
            if (slider->inherits("QScrollBar") || !slider->isEnabled()) continue;
            for (int i = 0; i < moves; ++i) {
                clock.restart();
                slider->setSliderDown(true);
                slider->setSliderPosition(
                    static_cast<int>(random.bounded(slider->minimum(), slider->maximum() + 1)));
                slider->setSliderDown(false);
                const double stepMs = clock.nsecsElapsed() / 1e6;
                runEventsFor(300);
                const double ms = std::max(stepMs, app.takeLongestMs());
                if (ms > moveMs) {
                    moveMs = ms;
                    QObject* named = slider;
                    while (named != nullptr && named->objectName().isEmpty()) {
                        named = named->parent();
                    }
                    slowest = named != nullptr ? named->objectName() : QStringLiteral("?");
                }
            }
        }
        worstMs = std::max({worstMs, showMs, moveMs});
        std::printf("%-12s longest UI-thread block: show %6.0f ms, sliders %6.0f ms (%s)\n",
                    qPrintable(lesson->id()), showMs, moveMs, qPrintable(slowest));
        std::fflush(stdout);
    }
    std::printf("longest UI-thread block overall: %.0f ms (goal: at most 100 ms)\n", worstMs);
    return 0;
}
