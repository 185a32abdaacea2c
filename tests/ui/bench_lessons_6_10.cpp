// SPDX-License-Identifier: GPL-3.0-or-later
// P1 benchmark for lessons 6–10 (not a test): moves each lesson's main control at head dim 128
// and N = 4096 and prints the median and 90th percentile CPU time of the UI thread per update
// (handler plus repaint; target ≤ 8 ms; CPU time, so other load on the machine does not count)
// and, for work moved off the UI thread, the wall time until the result is on screen. The long
// sweeps are timed to their first progress update and to completion, with the longest stall of the
// UI event loop while they run (target < 100 ms). Run: ./bench_lessons_6_10 [updates] [lesson-id]
#include <qcustomplot.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "bench_support.h"
#include "lessons/frequencies_lesson.h"
#include "lessons/invariance_lesson.h"
#include "lessons/pitfall_lesson.h"
#include "lessons/precision_lesson.h"
#include "lessons/sweeps_lesson.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"
#include "widgets/latest_job.h"

namespace {

using namespace ropelab;
using namespace ropelab::ui;
using namespace ropelab::ui::bench;

// As bench_lessons: move(i) changes the control, wait() blocks until background work is shown.
// The UI-thread CPU counts applying and painting a background result too (and wait()'s polling,
// so it is an upper bound).
void measure(const char* lesson, const char* control, int updates,
             const std::function<void(int)>& move, const std::function<void()>& wait) {
    std::vector<double> uiMs, resultMs, handlerMs;
    for (int i = 0; i < updates + 3; ++i) {
        QElapsedTimer timer;
        timer.start();
        const double cpu0 = threadCpuMs();
        move(i);
        const double handler = threadCpuMs() - cpu0;
        settle();
        if (wait) {
            wait();
            settle();
        }
        const double ui = threadCpuMs() - cpu0;
        const double result = timer.nsecsElapsed() / 1e6;
        if (i >= 3) {  // the first moves warm caches and allocate
            handlerMs.push_back(handler);
            uiMs.push_back(ui);
            resultMs.push_back(result);
        }
    }
    const Stats u = stats(uiMs);
    std::printf("%-12s %-30s   of which the handler %7.2f ms (the rest is painting)\n", lesson,
                control, stats(handlerMs).median);
    if (wait) {
        const Stats r = stats(resultMs);
        std::printf(
            "%-12s %-30s UI thread CPU median %7.2f ms  p90 %7.2f ms | result (wall) median %8.2f "
            "ms\n",
            lesson, control, u.median, u.p90, r.median);
    } else {
        std::printf("%-12s %-30s UI thread CPU median %7.2f ms  p90 %7.2f ms\n", lesson, control,
                    u.median, u.p90);
    }
    std::fflush(stdout);
}

template <class L>
struct Bench {
    ParameterModel model;
    ThemeController theme;
    std::unique_ptr<L> lesson;
    Bench() {
        model.setHeadDim(128);
        model.setSequenceLength(4096);
        lesson = std::make_unique<L>(LessonContext{&model, &theme});
        lesson->resize(1180, 860);
        lesson->show();
        settle();
    }
    // Where the painting goes: each figure's mean replot time (QCustomPlot's own clock).
    ~Bench() {
        std::printf("%-12s replot ms per figure:", qPrintable(lesson->id()));
        for (const Figure& f : lesson->figures()) {
            std::printf(" %s %.1f", qPrintable(f.name), f.plot->replotTime(true));
        }
        std::printf("\n");
    }
};

// Runs one sweep: time to the first progress update, to the result, and the longest gap between
// ticks of a 5 ms UI timer meanwhile (how long the event loop was blocked).
void timeSweep(SweepsLesson& lesson, const char* what) {
    QElapsedTimer clock;
    double firstProgress = -1.0;
    double longestStall = 0.0;
    qint64 lastTick = 0;
    QTimer ticker;
    ticker.setInterval(5);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        longestStall = std::max(longestStall, (now - lastTick) / 1e6);
        lastTick = now;
    });
    const QMetaObject::Connection progress =
        QObject::connect(lesson.job(), &LatestJob::progress, [&](double) {
            if (firstProgress < 0.0) firstProgress = clock.nsecsElapsed() / 1e6;
        });
    clock.start();
    ticker.start();
    lesson.run();
    const double started = clock.nsecsElapsed() / 1e6;
    lesson.job()->waitForIdle(600000);
    settle();
    const double done = clock.nsecsElapsed() / 1e6;
    ticker.stop();
    QObject::disconnect(progress);
    std::printf(
        "%-12s %-30s run() %6.1f ms | first progress %8.1f ms | done %9.1f ms | "
        "longest UI stall %6.1f ms | %s\n",
        "sweeps", what, started, firstProgress, done, longestStall,
        qPrintable(lesson.statusText()));
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    const int updates = argc > 1 ? std::max(5, std::atoi(argv[1])) : 40;
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    const auto wanted = [&](const char* id) { return only.isEmpty() || only == QLatin1String(id); };
    std::printf("d = 128, N = 4096, %d updates per control\n", updates);
    if (wanted("invariance")) {
        Bench<InvarianceLesson> b;
        b.lesson->waitForComputation();
        measure(
            "invariance", "base (off-thread)", updates,
            [&](int i) { b.model.setRopeTheta(baseFor(i)); },
            [&] { b.lesson->waitForComputation(); });
        measure(
            "invariance", "right encoding (off-thread)", updates,
            [&](int i) {
                b.lesson->setEncoding(1,
                                      i % 2 == 0 ? ScoreEncoding::Seed : ScoreEncoding::Sinusoidal);
            },
            [&] { b.lesson->waitForComputation(); });
    }
    if (wanted("frequencies")) {
        Bench<FrequenciesLesson> b;
        b.lesson->curveJob()->waitForIdle(60000);
        RopeParams yarn = b.model.rope();
        yarn.ropeType = RopeType::Yarn;
        yarn.originalMaxPositionEmbeddings = 4096;
        yarn.maxPositionEmbeddings = 32768;
        measure(
            "frequencies", "yarn factor (curves off)", updates,
            [&](int i) {
                yarn.factor = 2.0 + i % 30;
                b.lesson->setConfig(FrequenciesLesson::A, yarn);
            },
            [&] { b.lesson->curveJob()->waitForIdle(60000); });
        b.lesson->setComparing(true);
        measure(
            "frequencies", "yarn factor, A and B", updates,
            [&](int i) {
                yarn.factor = 2.0 + i % 30;
                b.lesson->setConfig(FrequenciesLesson::A, yarn);
            },
            [&] { b.lesson->curveJob()->waitForIdle(60000); });
    }
    if (wanted("pitfall")) {
        Bench<PitfallLesson> b;
        b.lesson->waitForComputation();
        const auto wait = [&] { b.lesson->waitForComputation(); };
        measure(
            "pitfall", "base (off-thread)", updates,
            [&](int i) { b.model.setRopeTheta(baseFor(i)); }, wait);
        measure(
            "pitfall", "head dim (off-thread)", updates,
            [&](int i) { b.model.setHeadDim(i % 2 == 0 ? 128 : 126); }, wait);
    }
    if (wanted("precision")) {
        Bench<PrecisionLesson> b;
        measure("precision", "position p", updates,
                [&](int i) { b.lesson->setPosition(1000 + 4093 * i); }, {});
        measure("precision", "pair i", updates, [&](int i) { b.lesson->setPair(i % 64); }, {});
    }
    if (wanted("sweeps")) {
        Bench<SweepsLesson> b;
        b.lesson->job()->waitForIdle(600000);  // the default sweep started when it was shown
        b.lesson->setBackendChoice(BackendChoice::Auto);
        b.lesson->setBasesText(QStringLiteral("10000, 500000, 1000000"));
        b.lesson->setLog2Length(24);
        timeSweep(*b.lesson, "curves 2^24 × 3 bases");
        b.lesson->setMode(SweepsLesson::Mode::Heatmaps);
        b.lesson->setLog2Length(16);
        b.lesson->setPooling(Pooling::Mean);
        timeSweep(*b.lesson, "heat maps 65536 × 3, mean");
    }
    return 0;
}
