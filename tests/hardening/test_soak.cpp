// SPDX-License-Identifier: GPL-3.0-or-later
// Soak: drag every slider of every lesson (and of the shared parameter panel) in the real main
// window, offscreen, for many steps, showing each slider's lesson while it moves. Memory must not
// grow beyond a small bound after a warm-up, and Qt must not warn.
//
// ROPELAB_SOAK_STEPS sets the number of measured slider moves after a warm-up of two rounds over
// every slider (default 20, a few seconds for ctest); by hand: ROPELAB_SOAK_STEPS=10000
// ./test_soak; ROPELAB_SOAK_ONLY=<lesson id>|panel soaks one part. The figures are printed and
// recorded as properties.

#include <gtest/gtest.h>
#include <malloc.h>
#include <unistd.h>

#include <QAbstractSlider>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QSettings>
#include <QThread>
#include <QThreadPool>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "lessons/lesson.h"
#include "qt_warning_recorder.h"
#include "window/main_window.h"

namespace {

using ropelab::hardening::QtWarningRecorder;
using ropelab::ui::Lesson;
using ropelab::ui::MainWindow;

// Resident memory after handing freed heap back to the system, so that what remains is what is
// still in use (glibc keeps freed blocks otherwise, which looks like growth).
double residentMiB() {
    malloc_trim(0);
    std::ifstream statm("/proc/self/statm");
    long pages = 0;
    long resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) /
           (1024.0 * 1024.0);
}

int soakSteps() {
    const QByteArray text = qgetenv("ROPELAB_SOAK_STEPS");
    bool ok = false;
    const int steps = text.toInt(&ok);
    return ok && steps > 0 ? steps : 20;
}

// Lets queued work land: events, and the results of background jobs the lessons started (on the
// global pool or their own), delivered as queued events.
void settle(int milliseconds) {
    QThreadPool::globalInstance()->waitForDone(2000);
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < milliseconds) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(2);
    }
}

struct Target {
    Lesson* lesson = nullptr;  // null: the shared parameter panel
    QAbstractSlider* slider = nullptr;
};

// Every slider, or with ROPELAB_SOAK_ONLY=ID only lesson ID's ("panel": the shared parameters'),
// to find which part grows.
std::vector<Target> everySlider(MainWindow& window) {
    const QString only = QString::fromLocal8Bit(qgetenv("ROPELAB_SOAK_ONLY"));
    std::vector<Target> targets;
    const QList<Lesson*> lessons = window.findChildren<Lesson*>();
    for (QAbstractSlider* slider : window.findChildren<QAbstractSlider*>()) {
        Target target{nullptr, slider};
        for (Lesson* lesson : lessons) {
            if (lesson->isAncestorOf(slider)) target.lesson = lesson;
        }
        // Scroll bars are not the lessons' controls.
        if (slider->inherits("QScrollBar")) continue;
        const QString owner =
            target.lesson != nullptr ? target.lesson->id() : QStringLiteral("panel");
        if (!only.isEmpty() && owner != only) continue;
        targets.push_back(target);
    }
    return targets;
}

TEST(Soak, DraggingEverySliderKeepsMemoryFlatAndQtQuiet) {
    QSettings().clear();
    const int steps = soakSteps();
    const QtWarningRecorder recorder;
    MainWindow window;
    window.show();
    settle(500);
    const std::vector<Target> targets = everySlider(window);
    ASSERT_FALSE(targets.empty()) << "found no sliders to soak";
    std::size_t lessonSliders = 0;
    for (const Target& t : targets) lessonSliders += t.lesson != nullptr ? 1 : 0;
    std::vector<int> initialValues;
    for (const Target& t : targets) initialValues.push_back(t.slider->value());
    // Memory depends on the parameters (a longer sequence holds longer curves), so it is compared
    // in one state: every slider back where it started (twice, in case one range clamped another).
    const auto restoreAndMeasure = [&] {
        for (int pass = 0; pass < 2; ++pass) {
            for (std::size_t i = 0; i < targets.size(); ++i) {
                targets[i].slider->setValue(initialValues[i]);
            }
            settle(1000);
        }
        return residentMiB();
    };

    QRandomGenerator random(20240607);
    // One step: one drag move of one slider, round-robin over all of them; a drag presses the
    // slider, moves it and releases it on its last move.
    const auto step = [&](int s) {
        const Target& target = targets[static_cast<std::size_t>(s) % targets.size()];
        if (target.lesson != nullptr && window.currentLesson() != target.lesson) {
            window.showLesson(target.lesson->id());
        }
        QAbstractSlider* slider = target.slider;
        if (!slider->isEnabled()) return;
        slider->setSliderDown(true);
        slider->setSliderPosition(
            static_cast<int>(random.bounded(slider->minimum(), slider->maximum() + 1)));
        slider->setSliderDown(false);
        QCoreApplication::processEvents();
    };

    // Two rounds show every lesson and fill its caches before measuring.
    const int warmUp = static_cast<int>(targets.size()) * 2;
    for (int s = 0; s < warmUp; ++s) step(s);
    const double startMiB = restoreAndMeasure();
    QElapsedTimer timer;
    timer.start();
    // A trace of RSS (in whatever state the sliders are) shows the working set moving around.
    const int traceEvery = std::max(1, steps / 10);
    for (int s = warmUp; s < warmUp + steps; ++s) {
        step(s);
        if ((s - warmUp + 1) % traceEvery == 0) {
            std::cout << "soak: after " << s + 1 << " moves RSS " << residentMiB() << " MiB\n";
        }
    }
    const double seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    const double endMiB = restoreAndMeasure();

    std::cout << "soak: " << steps << " measured slider moves (after " << warmUp
              << " warm-up moves) over " << targets.size() << " sliders (" << lessonSliders
              << " in " << window.findChildren<Lesson*>().size() << " lessons), " << seconds
              << " s after warm-up; RSS " << startMiB << " → " << endMiB << " MiB\n";
    ::testing::Test::RecordProperty("soak_steps", steps);
    ::testing::Test::RecordProperty("soak_rss_start_mib", std::to_string(startMiB));
    ::testing::Test::RecordProperty("soak_rss_end_mib", std::to_string(endMiB));
    // Caches fill during the warm-up; after it, in the same state, only a leak would remain.
    EXPECT_LT(endMiB - startMiB, 48.0)
        << "memory grew from " << startMiB << " to " << endMiB << " MiB over " << steps << " moves";
    EXPECT_TRUE(recorder.warnings().isEmpty())
        << recorder.warnings().mid(0, 20).join(QLatin1Char('\n')).toStdString();
    window.close();
    QSettings().clear();
}

}  // namespace
