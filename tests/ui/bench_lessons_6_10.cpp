// SPDX-License-Identifier: GPL-3.0-or-later
// P1 benchmark (not a test) for lessons 6–11: as bench_lessons, every control of each lesson and
// the shared parameters it reads, at head dim 128 and N = 4096, one line per control (median UI-
// thread CPU per move, target ≤ 8 ms; see bench_support.h). The long sweeps are also timed to
// their first progress update and to completion, with the longest stall of the UI event loop
// while they run (target < 100 ms). Run: ./bench_lessons_6_10 [updates] [lesson-id]
#include <QLineEdit>
#include <QPushButton>
#include <QTimer>

#include "bench_support.h"
#include "lessons/clinic_lesson.h"
#include "lessons/frequencies_lesson.h"
#include "lessons/invariance_lesson.h"
#include "lessons/pitfall_lesson.h"
#include "lessons/precision_lesson.h"
#include "lessons/sweeps_lesson.h"
#include "model/latest_job.h"

namespace {

using namespace ropelab;
using namespace ropelab::ui;
using namespace ropelab::ui::bench;

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
        "%-11s %-30s run() %6.1f ms | first progress %8.1f ms | done %9.1f ms | "
        "longest UI stall %6.1f ms | %s\n",
        "sweeps", what, started, firstProgress, done, longestStall,
        qPrintable(lesson.statusText()));
    std::fflush(stdout);
}

template <class L>
void benchLesson(int updates) {
    Bench<L> b;
    measureAll(*b.lesson, b.controls(), updates);
}

void benchFrequencies(int updates) {
    Bench<FrequenciesLesson> b;
    // A YaRN configuration compared with the preset, its fields open: every field a student can
    // edit is shown.
    RopeParams yarn = b.model.rope();
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 8.0;
    yarn.originalMaxPositionEmbeddings = 4096;
    yarn.maxPositionEmbeddings = 32768;
    const auto reset = [&] {
        b.lesson->setConfig(FrequenciesLesson::A, yarn);
        b.lesson->setComparing(true);
    };
    reset();
    b.lesson->findChild<QPushButton*>(QStringLiteral("editFieldsA"))->click();
    b.lesson->waitForComputation();
    settle();
    // Importing opens a file dialog.
    measureAll(*b.lesson, b.controls({QStringLiteral("importA"), QStringLiteral("importB")}),
               updates, reset);
}

void benchSweeps(int updates) {
    Bench<SweepsLesson> b;
    b.lesson->job()->waitForIdle(600000);  // the default sweep started when it was shown
    settle();
    // Run is measured as a control too (a sweep of the mode shown, at N = 2^20 curves or 4096
    // positions, until it is drawn); Cancel is what a long sweep is timed with below.
    const QStringList skip{QStringLiteral("cancelSweep")};
    auto* bases = b.lesson->findChild<QLineEdit*>(QStringLiteral("bases"));
    const QString basesText = bases->text();
    const Control basesControl{
        QStringLiteral("bases"),
        [bases, basesText](int i) {
            bases->setText(i % 2 == 0 ? QStringLiteral("10000, 500000") : basesText);
            emit bases->editingFinished();
        },
        [bases, basesText] {
            bases->setText(basesText);
            emit bases->editingFinished();
        }};
    QStringList measured;
    for (const SweepsLesson::Mode mode :
         {SweepsLesson::Mode::Curves, SweepsLesson::Mode::Heatmaps}) {
        b.lesson->setMode(mode);
        settle();
        for (const Control& c : b.controls(skip)) {
            if (measured.contains(c.name)) continue;
            measure(*b.lesson, c, updates);
            measured << c.name;
        }
    }
    b.lesson->setMode(SweepsLesson::Mode::Curves);
    measure(*b.lesson, basesControl, updates);

    b.lesson->setBackendChoice(BackendChoice::Auto);
    b.lesson->setBasesText(QStringLiteral("10000, 500000, 1000000"));
    b.lesson->setLog2Length(24);
    timeSweep(*b.lesson, "curves 2^24 × 3 bases");
    b.lesson->setMode(SweepsLesson::Mode::Heatmaps);
    b.lesson->setLog2Length(16);
    b.lesson->setPooling(Pooling::Mean);
    timeSweep(*b.lesson, "heat maps 65536 × 3, mean");
}

}  // namespace

int main(int argc, char** argv) {
    useOffscreenWithoutDisplay();
    BenchApplication app(argc, argv);
    const int updates = updatesArg(argc, argv);
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    const auto wanted = [&](const char* id) { return only.isEmpty() || only == QLatin1String(id); };
    printSetup(updates);
    if (wanted("invariance")) benchLesson<InvarianceLesson>(updates);
    if (wanted("frequencies")) benchFrequencies(updates);
    if (wanted("pitfall")) benchLesson<PitfallLesson>(updates);
    if (wanted("precision")) benchLesson<PrecisionLesson>(updates);
    if (wanted("sweeps")) benchSweeps(updates);
    if (wanted("clinic")) benchLesson<ClinicLesson>(updates);
    return 0;
}
