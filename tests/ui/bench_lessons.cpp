// SPDX-License-Identifier: GPL-3.0-or-later
// P1 benchmark (not a test) for lessons 1–5: moves every control of each lesson, and the shared
// parameters it reads, at head dim 128 and N = 4096, and prints one line per control: the median
// and 90th percentile UI-thread CPU per move (handler, replots, paints and applying a background
// result: what must stay under 8 ms; CPU time, so other load on the machine does not count),
// where it went, and the wall time until the result is shown. See bench_support.h.
// Run: ./bench_lessons [updates] [lesson-id]
#include <QListWidget>
#include <QPushButton>

#include "bench_support.h"
#include "lessons/absolute_lesson.h"
#include "lessons/order_lesson.h"
#include "lessons/relative_lesson.h"
#include "lessons/rope_2d_lesson.h"
#include "lessons/rope_nd_lesson.h"
#include "widgets/orbit_camera.h"

namespace {

using namespace ropelab;
using namespace ropelab::ui;
using namespace ropelab::ui::bench;

// Two buttons that undo each other (move a word left and right, shift both positions back and
// forth) as one control, clicked in turn.
Control backAndForth(QWidget* root, const char* first, const char* second) {
    auto* a = root->findChild<QPushButton*>(QLatin1String(first));
    auto* b = root->findChild<QPushButton*>(QLatin1String(second));
    return {QStringLiteral("%1/%2").arg(QLatin1String(first), QLatin1String(second)),
            [a, b](int i) { (i % 2 == 0 ? a : b)->click(); }, [] {}};
}

template <class L>
void benchLesson(int updates, const QStringList& skip = {},
                 const std::function<void(Bench<L>&, std::vector<Control>&)>& extra = {}) {
    Bench<L> b;
    std::vector<Control> controls = b.controls(skip);
    if (extra) extra(b, controls);
    measureAll(*b.lesson, controls, updates);
}

}  // namespace

int main(int argc, char** argv) {
    useOffscreenWithoutDisplay();
    BenchApplication app(argc, argv);
    const int updates = updatesArg(argc, argv);
    const QString only = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    const auto wanted = [&](const char* id) { return only.isEmpty() || only == QLatin1String(id); };
    printSetup(updates);
    if (wanted("order")) {
        benchLesson<OrderLesson>(
            updates, {QStringLiteral("moveLeftButton"), QStringLiteral("moveRightButton")},
            [](Bench<OrderLesson>& b, std::vector<Control>& controls) {
                // The middle word, selected, moved left and back.
                Control move = backAndForth(b.lesson, "moveLeftButton", "moveRightButton");
                QListWidget* list = b.lesson->tokenList();
                controls.push_back({move.name,
                                    [list, click = move.move](int i) {
                                        if (i % 2 == 0) list->setCurrentRow(1);
                                        click(i);
                                    },
                                    [] {}});
            });
    }
    if (wanted("absolute")) benchLesson<AbsoluteLesson>(updates);
    if (wanted("relative")) benchLesson<RelativeLesson>(updates);
    if (wanted("rope-2d")) {
        benchLesson<Rope2dLesson>(
            updates, {QStringLiteral("shiftLeft"), QStringLiteral("shiftRight")},
            [](Bench<Rope2dLesson>& b, std::vector<Control>& controls) {
                controls.push_back(backAndForth(b.lesson, "shiftLeft", "shiftRight"));
            });
    }
    if (wanted("rope-nd")) {
        benchLesson<RopeNdLesson>(
            updates, {QStringLiteral("resetView")},
            [](Bench<RopeNdLesson>& b, std::vector<Control>& controls) {
                // Reset after the view was turned (not timed).
                auto* reset = b.lesson->findChild<QPushButton*>(QStringLiteral("resetView"));
                OrbitCamera* camera = b.lesson->camera();
                controls.push_back({QStringLiteral("resetView"), [reset](int) { reset->click(); },
                                    [] {}, [camera](int i) { camera->setAngles(7.0 * i, 10.0); }});
            });
    }
    return 0;
}
