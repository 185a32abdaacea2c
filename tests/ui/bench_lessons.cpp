// SPDX-License-Identifier: GPL-3.0-or-later
// P1 benchmark (not a test): moves each lesson's main slider at head dim 128 and N = 4096 and
// prints the median and 90th percentile time per update. "UI thread" is the slider handler plus
// the repaint of the figures it changed (what must stay under 8 ms), as CPU time of the UI thread
// (wall time beside it: on a busy machine wall time also counts waiting for a core); for work
// moved off the UI thread, "result" is the wall time until the new data is on screen. Run:
// ./bench_lessons [updates] [lesson-id] [lesson-id]
#include <QApplication>
#include <QElapsedTimer>
#include <QSlider>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

#include "bench_support.h"
#include "lessons/absolute_lesson.h"
#include "lessons/order_lesson.h"
#include "lessons/relative_lesson.h"
#include "lessons/rope_2d_lesson.h"
#include "lessons/rope_nd_lesson.h"
#include "model/parameter_model.h"
#include "style/theme_controller.h"
#include "widgets/labeled_slider.h"
#include "widgets/orbit_camera.h"

namespace {

using namespace ropelab;
using namespace ropelab::ui;
using namespace ropelab::ui::bench;

// Times `updates` moves: move(i) is the slider change; wait() blocks until background work is
// shown (empty for lessons that compute everything on the UI thread).
void measure(const char* lessonName, const char* sliderName, int updates,
             const std::function<void(int)>& move, const std::function<void()>& wait) {
    std::vector<double> cpuMs, uiMs, resultMs, totalCpuMs;
    for (int i = 0; i < updates + 3; ++i) {
        QElapsedTimer timer;
        timer.start();
        const double cpuStart = threadCpuMs();
        move(i);
        settle();
        const double cpu = threadCpuMs() - cpuStart;
        const double ui = timer.nsecsElapsed() / 1e6;
        if (wait) {
            wait();
            settle();
        }
        const double result = timer.nsecsElapsed() / 1e6;
        const double totalCpu = threadCpuMs() - cpuStart;
        if (i >= 3) {  // the first moves warm caches and allocate
            cpuMs.push_back(cpu);
            totalCpuMs.push_back(totalCpu);
            uiMs.push_back(ui);
            resultMs.push_back(result);
        }
    }
    const Stats c = stats(cpuMs);
    const Stats u = stats(uiMs);
    std::printf("%-9s %-25s UI thread CPU median %6.2f ms p90 %6.2f | wall median %6.2f",
                lessonName, sliderName, c.median, c.p90, u.median);
    // Applying and painting the background result blocks the UI thread too (upper bound: it
    // includes wait()'s polling).
    if (wait) {
        std::printf(" | result wall median %7.2f ms, UI CPU with it %6.2f ms",
                    stats(resultMs).median, stats(totalCpuMs).median);
    }
    std::printf("\n");
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
        model.setPositions(100, 40);
        lesson = std::make_unique<L>(LessonContext{&model, &theme});
        lesson->resize(1180, 860);
        lesson->show();
        QCoreApplication::processEvents();
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    const int updates = argc > 1 ? std::max(5, std::atoi(argv[1])) : 40;
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    const auto wanted = [&](const char* id) { return only.isEmpty() || only == QLatin1String(id); };
    std::printf("d = 128, N = 4096, %d updates per slider\n", updates);
    if (wanted("order")) {
        Bench<OrderLesson> b;
        measure("order", "base", updates, [&](int i) { b.model.setRopeTheta(baseFor(i)); }, {});
        measure("order", "token order (reverse)", updates,
                [&](int i) {
                    b.lesson->setOrder(i % 2 == 0 ? std::vector<int>{0, 1, 2}
                                                  : std::vector<int>{2, 1, 0});
                },
                {});
    }
    if (wanted("absolute")) {
        Bench<AbsoluteLesson> b;
        b.lesson->waitForComputation();
        measure("absolute", "shift k", updates, [&](int i) { b.lesson->setShift(i % 200); }, {});
        measure("absolute", "query position", updates,
                [&](int i) { b.model.setPositions(i * 37 % 4096, 40); }, {});
        measure(
            "absolute", "base (tables off-thread)", updates,
            [&](int i) { b.model.setRopeTheta(baseFor(i)); },
            [&] { b.lesson->waitForComputation(); });
    }
    if (wanted("relative")) {
        Bench<RelativeLesson> b;
        b.lesson->waitForComputation();
        measure("relative", "query position", updates,
                [&](int i) { b.model.setPositions(i * 37 % 4096, 40); }, {});
        measure(
            "relative", "num_buckets (maps off)", updates,
            [&](int i) { b.lesson->bucketSlider()->slider()->setValue(6 + i % 40); },
            [&] { b.lesson->waitForComputation(); });
    }
    if (wanted("rope-2d")) {
        Bench<Rope2dLesson> b;
        measure("rope-2d", "query position m", updates,
                [&](int i) { b.model.setPositions(i * 37 % 4096, 40); }, {});
        measure("rope-2d", "shift both", updates,
                [&](int i) { b.lesson->shiftBoth(i % 2 == 0 ? 1 : -1); }, {});
        measure("rope-2d", "pair index", updates, [&](int i) { b.lesson->setPairIndex(i % 64); },
                {});
        measure("rope-2d", "base", updates, [&](int i) { b.model.setRopeTheta(baseFor(i)); }, {});
    }
    if (wanted("rope-nd")) {
        Bench<RopeNdLesson> b;
        b.lesson->waitForComputation();
        measure("rope-nd", "position p", updates,
                [&](int i) { b.model.setPositions(i * 37 % 4096, 40); }, {});
        measure("rope-nd", "view angle (drag)", updates,
                [&](int i) { b.lesson->camera()->setAngles(i * 3.0, 20.0); }, {});
        measure(
            "rope-nd", "base (path off-thread)", updates,
            [&](int i) { b.model.setRopeTheta(baseFor(i)); },
            [&] { b.lesson->waitForComputation(); });
    }
    return 0;
}
