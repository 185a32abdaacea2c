// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the P1 benchmarks (bench_lessons, bench_lessons_6_10) share: every control a student can
// change in a lesson, found in its side panel and in the shared parameter panel beside it, each
// moved `updates` times at d = 128 and N = 4096; per move, the CPU time of the UI thread (the
// handler, the replots and paints it caused, and applying a background result when it arrives),
// with where it went: replots, plot paints, other paints, relayouts. With ROPELAB_BENCH_TRACE=1
// set, each measured move also prints its own CPU time, which plots it replotted and which other
// widgets it painted (each with the time it took). ROPELAB_BENCH_CONTROL=NAME measures only the
// controls of that name (for a profiler).

#include <qcustomplot.h>

#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QPushButton>
#include <QSlider>
#include <QStringList>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "analysis/blas_products.h"
#include "analysis/simd_targets.h"
#include "lessons/lesson_page.h"
#include "model/parameter_model.h"
#include "style/classroom_style.h"
#include "style/theme_controller.h"
#include "widgets/labeled_slider.h"
#include "window/parameter_panel.h"

namespace ropelab::ui::bench {

struct Stats {
    double median = 0.0;
    double p90 = 0.0;
};

inline Stats stats(std::vector<double> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) {
        return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * (ms.size() - 1) + 0.5))];
    };
    return {at(0.5), at(0.9)};
}

inline double mean(const std::vector<double>& v) {
    double sum = 0.0;
    for (const double x : v) sum += x;
    return v.empty() ? 0.0 : sum / double(v.size());
}

// CPU time of the calling thread, in milliseconds: other load on the machine does not count.
inline double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

// UI-thread CPU spent handling events, by kind. Only events count, so waiting for a background
// job (polling an empty queue) costs nothing here, while applying and painting its result does.
struct EventCost {
    double eventsMs = 0.0;  // every event handled at the top level (nested ones are inside)
    int replots = 0;
    double replotMs = 0.0;
    int plotPaints = 0;
    double plotPaintMs = 0.0;
    int otherPaints = 0;
    double otherPaintMs = 0.0;
    int relayouts = 0;
    double relayoutMs = 0.0;
};

class BenchApplication : public QApplication {
public:
    BenchApplication(int& argc, char** argv) : QApplication(argc, argv) {}

    EventCost cost;
    const bool tracing = qEnvironmentVariableIntValue("ROPELAB_BENCH_TRACE") == 1;
    QStringList replotted, painted;  // this move's, while tracing

    bool notify(QObject* receiver, QEvent* event) override {
        const QEvent::Type type = event->type();
        const double start = threadCpuMs();
        ++depth_;
        const bool handled = QApplication::notify(receiver, event);
        --depth_;
        const double ms = threadCpuMs() - start;
        if (depth_ == 0) cost.eventsMs += ms;
        if (type == QEvent::Paint) {
            if (tracing) {
                painted << QStringLiteral("%1:%2:%3")
                               .arg(QLatin1String(receiver->metaObject()->className()),
                                    receiver->objectName())
                               .arg(ms, 0, 'f', 2);
            }
            if (qobject_cast<QCustomPlot*>(receiver) != nullptr) {
                ++cost.plotPaints;
                cost.plotPaintMs += ms;
            } else {
                ++cost.otherPaints;
                cost.otherPaintMs += ms;
            }
        } else if (type == QEvent::LayoutRequest) {
            ++cost.relayouts;
            cost.relayoutMs += ms;
        }
        return handled;
    }

    // Times each replot of `plot` (QCustomPlot's replot runs inside an event, or in a handler).
    void watch(QCustomPlot* plot) {
        QObject::connect(plot, &QCustomPlot::beforeReplot, plot,
                         [this] { replotStart_ = threadCpuMs(); });
        QObject::connect(plot, &QCustomPlot::afterReplot, plot, [this, plot] {
            const double ms = threadCpuMs() - replotStart_;
            ++cost.replots;
            cost.replotMs += ms;
            if (tracing)
                replotted << QStringLiteral("%1:%2").arg(plot->objectName()).arg(ms, 0, 'f', 2);
        });
    }

private:
    int depth_ = 0;
    double replotStart_ = 0.0;
};

inline BenchApplication& benchApp() {
    return *static_cast<BenchApplication*>(QCoreApplication::instance());
}

// Runs what the move queued: the lesson's coalesced replots and the paints they ask for.
inline void settle() {
    QCoreApplication::processEvents();
}

// 0, 1, …, n, n − 1, …, 1, 0, 1, …: a slider dragged back and forth.
inline int triangle(int i, int n) {
    const int k = i % (2 * n);
    return k <= n ? k : 2 * n - k;
}

// The base for move i: 40 steps of 5 % from 2000, then around again.
inline double baseFor(int i) {
    return 2000.0 * std::pow(1.05, i % 40);
}

// A control and what moving it to its i-th value means.
struct Control {
    QString name;
    std::function<void(int)> move;
    std::function<void()> restore;          // back to where it was, after its measurement
    std::function<void(int)> prepare = {};  // before move i, not timed
};

// Sizes that set how much a lesson computes: they move around their value (d = 128 and
// N = 4096 stay the setting measured) instead of across their range.
inline bool isSizeControl(const QString& name) {
    return name == QLatin1String("headDim") || name == QLatin1String("sequenceLength") ||
           name == QLatin1String("maxLengthSlider") || name == QLatin1String("log2Length");
}

// Every control in `root` a student can change now (shown and enabled), but those in `skip`:
// labelled sliders dragged across their range in 20 steps (sizes by one step down and back,
// 10 steps), spin boxes stepped, combo boxes through their choices, check boxes toggled, buttons
// clicked.
inline std::vector<Control> controlsIn(QWidget* root, const QStringList& skip,
                                       const QString& prefix = {}) {
    std::vector<Control> controls;
    const auto usable = [&](QWidget* w) {
        return w->isVisibleTo(root) && w->isEnabled() && !skip.contains(w->objectName());
    };
    const auto insideSlider = [](QWidget* w) {
        for (QWidget* p = w->parentWidget(); p != nullptr; p = p->parentWidget()) {
            if (qobject_cast<LabeledSlider*>(p) || qobject_cast<LabeledDoubleSlider*>(p)) {
                return true;
            }
        }
        return false;
    };
    const auto nameOf = [&](QWidget* w) {
        QString name = w->objectName();
        if (name.isEmpty()) name = w->accessibleName();
        if (auto* button = qobject_cast<QAbstractButton*>(w); name.isEmpty() && button) {
            // A field's own check box ("set this key") is named after the field.
            const QString field = w->parentWidget()->objectName();
            name = field.isEmpty() ? button->text() : field + QStringLiteral(" set");
        }
        return prefix + name;
    };
    const auto slide = [&](QWidget* owner, QSlider* slider) {
        const int start = slider->value();
        const bool size = isSizeControl(owner->objectName());
        const int span = slider->maximum() - slider->minimum();
        controls.push_back({nameOf(owner),
                            [slider, start, size, span](int i) {
                                if (size) {
                                    const int v = start - triangle(i + 1, 10);
                                    slider->setValue(v >= slider->minimum() ? v : start + 1);
                                } else {
                                    slider->setValue(slider->minimum() +
                                                     triangle(i + 1, 20) * span / 20);
                                }
                            },
                            [slider, start] { slider->setValue(start); }});
    };
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!usable(w)) continue;
        if (auto* s = qobject_cast<LabeledSlider*>(w)) {
            slide(s, s->slider());
        } else if (auto* d = qobject_cast<LabeledDoubleSlider*>(w)) {
            slide(d, d->slider());
        } else if (auto* spin = qobject_cast<QAbstractSpinBox*>(w); spin && !insideSlider(w)) {
            controls.push_back(
                {nameOf(w), [spin](int i) { spin->stepBy(i % 2 == 0 ? 1 : -1); }, [] {}});
        } else if (auto* box = qobject_cast<QComboBox*>(w); box && box->count() > 1) {
            const int start = box->currentIndex();
            controls.push_back({nameOf(w),
                                [box, start](int i) {
                                    // As a choice the user makes: the index changes, then
                                    // activated (which some boxes act on) follows.
                                    const int index = (start + i + 1) % box->count();
                                    box->setCurrentIndex(index);
                                    emit box->activated(index);
                                },
                                [box, start] { box->setCurrentIndex(start); }});
        } else if (auto* button = qobject_cast<QAbstractButton*>(w);
                   button && !insideSlider(w) &&
                   (qobject_cast<QCheckBox*>(w) || qobject_cast<QPushButton*>(w))) {
            // An even number of clicks leaves toggles (and reverse, play) as they were.
            controls.push_back({nameOf(w), [button](int) { button->click(); }, [] {}});
        }
    }
    return controls;
}

// A lesson as the app shows it: its page with the shared parameter panel beside it, d = 128,
// N = 4096, m = 100, n = 40.
template <class L>
struct Bench {
    ParameterModel model;
    ThemeController theme;
    QWidget window;
    L* lesson;
    ParameterPanel* panel;
    Bench() {
        // The app's own style over Fusion, as AppController installs it.
        ClassroomStyle::install();
        model.setHeadDim(128);
        model.setSequenceLength(4096);
        model.setPositions(100, 40);
        lesson = new L(LessonContext{&model, &theme});
        panel = new ParameterPanel(model);
        panel->setUsedParameters(lesson->sharedParameters());
        panel->setFixedWidth(300);
        auto* layout = new QHBoxLayout(&window);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(lesson, 1);
        layout->addWidget(panel);
        window.resize(1480, 860);
        window.show();
        settle();
        lesson->waitForComputation();
        settle();
        for (QCustomPlot* plot : lesson->template findChildren<QCustomPlot*>()) {
            benchApp().watch(plot);
        }
    }
    // The shared parameters the lesson reads (the panel enables only those), then the
    // lesson's own controls.
    std::vector<Control> controls(const QStringList& skip = {}) {
        std::vector<Control> all = controlsIn(panel, skip, QStringLiteral("shared "));
        for (Control& c : controlsIn(lesson, skip + pageControls())) all.push_back(std::move(c));
        return all;
    }
    static QStringList pageControls() {
        return {QStringLiteral("cancelComputation"), QStringLiteral("explanationToggle")};
    }
};

// Moves the control `updates` times (after 4 moves that warm caches and allocate) and prints one
// line: the median and 90th percentile UI-thread CPU per move, the mean replots, paints and
// relayouts per move with their CPU time, and the wall time until a background result is shown.
inline void measure(LessonPage& lesson, const Control& control, int updates) {
    std::vector<double> cpuMs, resultMs;
    EventCost sum;
    BenchApplication& app = benchApp();
    const int moves = updates + updates % 2;  // even: toggles end where they started
    for (int i = 0; i < moves + 4; ++i) {
        if (control.prepare) {
            control.prepare(i);
            settle();
            lesson.waitForComputation();
            settle();
        }
        app.cost = {};
        app.replotted.clear();
        app.painted.clear();
        QElapsedTimer timer;
        timer.start();
        const double start = threadCpuMs();
        control.move(i);
        const double handler = threadCpuMs() - start;
        app.cost.eventsMs = 0.0;  // events the handler sent itself are in `handler`
        settle();
        lesson.waitForComputation();
        settle();
        const double wall = timer.nsecsElapsed() / 1e6;
        if (i < 4) continue;
        const EventCost& c = app.cost;
        if (app.tracing) {
            std::printf(
                "  %s move %d: %.2f ms (handler %.2f, paints %.2f, relayouts %.2f) replotted: %s\n"
                "  painted: %s\n",
                qPrintable(control.name), i - 4, handler + c.eventsMs, handler, c.otherPaintMs,
                c.relayoutMs, qPrintable(app.replotted.join(QLatin1Char(' '))),
                qPrintable(app.painted.join(QLatin1Char(' '))));
        }
        cpuMs.push_back(handler + c.eventsMs);
        resultMs.push_back(wall);
        sum.replots += c.replots;
        sum.replotMs += c.replotMs;
        sum.plotPaints += c.plotPaints;
        sum.plotPaintMs += c.plotPaintMs;
        sum.otherPaints += c.otherPaints;
        sum.otherPaintMs += c.otherPaintMs;
        sum.relayouts += c.relayouts;
        sum.relayoutMs += c.relayoutMs;
    }
    control.restore();
    settle();
    lesson.waitForComputation();
    settle();
    const Stats s = stats(cpuMs);
    const double n = double(cpuMs.size());
    std::printf(
        "%-11s %-30s UI thread CPU median %6.2f ms p90 %6.2f | per move: %.1f replots %5.2f ms, "
        "%.1f plot paints %5.2f ms, %.1f other paints %5.2f ms, %.1f relayouts %5.2f ms | "
        "shown (wall) median %7.2f ms\n",
        qPrintable(lesson.id()), qPrintable(control.name), s.median, s.p90, sum.replots / n,
        sum.replotMs / n, sum.plotPaints / n, sum.plotPaintMs / n, sum.otherPaints / n,
        sum.otherPaintMs / n, sum.relayouts / n, sum.relayoutMs / n, stats(resultMs).median);
    std::fflush(stdout);
}

// `reset` (if any) runs before each control: the state its measurement starts from.
inline void measureAll(LessonPage& lesson, const std::vector<Control>& controls, int updates,
                       const std::function<void()>& reset = {}) {
    const QString only = qEnvironmentVariable("ROPELAB_BENCH_CONTROL");
    for (const Control& c : controls) {
        if (!only.isEmpty() && c.name != only) continue;
        if (reset) {
            reset();
            settle();
            lesson.waitForComputation();
            settle();
        }
        measure(lesson, c, updates);
    }
}

inline int updatesArg(int argc, char** argv) {
    return argc > 1 ? std::max(6, std::atoi(argv[1])) : 40;
}

// The CPU's name and the x86 vector extensions it reports that decide which code paths run.
inline std::string cpuDescription() {
    std::ifstream info("/proc/cpuinfo");
    std::string model;
    std::string features;
    std::string line;
    while ((model.empty() || features.empty()) && std::getline(info, line)) {
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string value = line.substr(std::min(colon + 2, line.size()));
        if (line.rfind("model name", 0) == 0) model = value;
        if (line.rfind("flags", 0) == 0) {
            const std::string flags = " " + value + " ";
            for (const char* f : {"sse4_2", "avx", "fma", "avx2", "avx512f"}) {
                if (flags.find(" " + std::string(f) + " ") != std::string::npos)
                    features += (features.empty() ? "" : " ") + std::string(f);
            }
        }
    }
    return (model.empty() ? "unknown CPU" : model) + " (" + features + ")";
}

// The first lines of a run: the sizes, the machine, and the kernels our code chose
// (tools/bench_ui.sh --cpu-like also names what it turned off in Qt and glibc).
inline void printSetup(int updates) {
    std::printf("d = 128, N = 4096, %d updates per control\n", updates + updates % 2);
    std::printf("CPU: %s\nkernels: %s; BLAS: %s\n", cpuDescription().c_str(),
                simdTargetsDescription().c_str(), blasDescription().c_str());
    std::fflush(stdout);
}

inline void useOffscreenWithoutDisplay() {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
}

}  // namespace ropelab::ui::bench
