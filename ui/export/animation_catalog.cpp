// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/animation_catalog.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "encodings/rope_frequencies.h"
#include "lessons/lesson.h"
#include "model/parameter_model.h"

namespace ropelab::ui {

namespace {

// Lesson 4 turns a pair slow enough to follow by eye: the first whose θ_i needs at least this
// many positions for one turn, over two turns.
constexpr double kPositionsPerTurn = 48.0;
constexpr int kTurns = 2;
// Lesson 5's hands advance this many positions (the fastest pair turns 1 rad per position).
constexpr int kClockSpan = 64;
// Lesson 7's base sweep, 10² … 10⁷, geometric.
constexpr double kLog10BaseFrom = 2.0;
constexpr double kLog10BaseTo = 7.0;
// Lesson 10's position sweep, 2⁰ … 2²⁴ (the lesson's slider range), geometric.
constexpr double kLog2PositionTo = 24.0;

struct SlowPair {
    int pair = 0;
    int span = 0;  // positions for kTurns turns of that pair
};

// The first pair of `rope` that needs at least kPositionsPerTurn positions per turn (the slowest
// pair when none does), as core computes θ_i.
SlowPair slowPair(const RopeParams& rope) {
    const RopeFrequencies freqs = ropeFrequencies(rope);
    const double wanted = 2.0 * std::numbers::pi / kPositionsPerTurn;
    int pair = std::max(freqs.pairs() - 1, 0);
    for (int i = 0; i < freqs.pairs(); ++i) {
        if (freqs.invFreq[static_cast<std::size_t>(i)] <= wanted) {
            pair = i;
            break;
        }
    }
    const double theta = freqs.invFreq[static_cast<std::size_t>(pair)];
    return {pair, static_cast<int>(std::ceil(kTurns * 2.0 * std::numbers::pi / theta))};
}

// m advances from its start by up to `span` positions, staying inside the sequence.
int advanced(int from, int span, int last, double u) {
    const int room = std::max(0, std::min(span, last - from));
    return from + static_cast<int>(std::lround(u * room));
}

QJsonObject with(QJsonObject state, const QString& key, const QJsonValue& value) {
    state.insert(key, value);
    return state;
}

QList<Animation> buildCatalog() {
    QList<Animation> list;
    list.append(Animation{
        QStringLiteral("rope-2d-rotate"),
        QStringLiteral("rope-2d"),
        {QStringLiteral("rotating-pair"), QStringLiteral("score-vs-distance")},
        false,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 4: the query turns"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 4: the query advances (m grows, n fixed); its arrow turns and "
                          "the score moves along the curve"),
        [](Lesson& lesson, ParameterModel& model, const AnimationStart& start, double u) {
            const SlowPair slow = slowPair(start.parameters.rope);
            lesson.restoreState(with(start.lessonState, QStringLiteral("pair"), slow.pair));
            const int last = start.parameters.sequenceLength - 1;
            model.setPositions(advanced(start.parameters.queryPosition, slow.span, last, u),
                               start.parameters.keyPosition);
        }});
    list.append(Animation{
        QStringLiteral("rope-2d-shift"),
        QStringLiteral("rope-2d"),
        {QStringLiteral("rotating-pair"), QStringLiteral("score-vs-distance")},
        false,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 4: both positions shift"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 4: m and n advance together; both arrows turn, the angle "
                          "between them and the score stay"),
        [](Lesson& lesson, ParameterModel& model, const AnimationStart& start, double u) {
            const SlowPair slow = slowPair(start.parameters.rope);
            lesson.restoreState(with(start.lessonState, QStringLiteral("pair"), slow.pair));
            const int m = start.parameters.queryPosition;
            const int n = start.parameters.keyPosition;
            const int shift =
                advanced(std::max(m, n), slow.span, start.parameters.sequenceLength - 1, u) -
                std::max(m, n);
            model.setPositions(m + shift, n + shift);
        }});
    list.append(Animation{
        QStringLiteral("rope-nd-clock"),
        QStringLiteral("rope-nd"),
        {QStringLiteral("clock-hands"), QStringLiteral("spiral-3d")},
        false,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 5: clock hands and spiral"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 5: the position advances; every pair's clock hand turns at its "
                          "own speed and the point runs along the spiral"),
        [](Lesson& lesson, ParameterModel& model, const AnimationStart& start, double u) {
            lesson.restoreState(start.lessonState);
            model.setPositions(advanced(start.parameters.queryPosition, kClockSpan,
                                        start.parameters.sequenceLength - 1, u),
                               start.parameters.keyPosition);
        }});
    list.append(Animation{
        QStringLiteral("rope-nd-orbit"),
        QStringLiteral("rope-nd"),
        {QStringLiteral("spiral-3d"), QStringLiteral("pair-helix")},
        true,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 5: orbit around the spiral"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 5: the camera orbits the spiral and the helix once"),
        [](Lesson& lesson, ParameterModel& model, const AnimationStart& start, double u) {
            model.setAll(start.parameters);
            const double yaw = start.lessonState.value(QStringLiteral("yaw")).toDouble();
            lesson.restoreState(with(start.lessonState, QStringLiteral("yaw"), yaw + 360.0 * u));
        }});
    list.append(Animation{
        QStringLiteral("frequencies-base"),
        QStringLiteral("frequencies"),
        {QStringLiteral("wavelengths"), QStringLiteral("score-curves")},
        false,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 7: base sweep"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 7: the base grows from 10^2 to 10^7; the wavelengths and the "
                          "score curves follow"),
        [](Lesson& lesson, ParameterModel& model, const AnimationStart& start, double u) {
            // The lesson is told the whole sweep, so its axes stay put from frame to frame.
            lesson.restoreState(
                with(start.lessonState, QStringLiteral("baseSweep"),
                     QJsonArray{std::pow(10.0, kLog10BaseFrom), std::pow(10.0, kLog10BaseTo)}));
            model.setRopeTheta(
                std::pow(10.0, kLog10BaseFrom + u * (kLog10BaseTo - kLog10BaseFrom)));
        }});
    list.append(Animation{
        QStringLiteral("precision-position"),
        QStringLiteral("precision"),
        {QStringLiteral("phase-error-vs-position"), QStringLiteral("phase-error-per-pair")},
        false,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 10: phase error grows"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 10: the position grows from 1 to 2^24; the phase error of "
                          "low-precision positions grows with it"),
        [](Lesson& lesson, ParameterModel& model, const AnimationStart& start, double u) {
            model.setAll(start.parameters);
            const double position = std::round(std::exp2(u * kLog2PositionTo));
            lesson.restoreState(with(start.lessonState, QStringLiteral("position"), position));
        }});
#ifdef ROPELAB_HAVE_TRAINING_LAB
    list.append(Animation{
        QStringLiteral("training-run"),
        QStringLiteral("training"),
        {QStringLiteral("training-loss"), QStringLiteral("metric-vs-length")},
        false,
        QT_TRANSLATE_NOOP("ropelab::ui::Animation", "Lesson 13: train short, test long"),
        QT_TRANSLATE_NOOP("ropelab::ui::Animation",
                          "Lesson 13: the run shown, replayed: every model's loss curve grows "
                          "step by step, then its result at each test length appears"),
        [](Lesson& lesson, ParameterModel&, const AnimationStart& start, double u) {
            lesson.restoreState(with(start.lessonState, QStringLiteral("replay"), u));
        }});
#endif
    return list;
}

}  // namespace

QString Animation::displayTitle() const {
    return QCoreApplication::translate("ropelab::ui::Animation", title);
}

QString Animation::describe() const {
    return QCoreApplication::translate("ropelab::ui::Animation", description);
}

const QList<Animation>& animationCatalog() {
    static const QList<Animation> catalog = buildCatalog();
    return catalog;
}

const Animation* findAnimation(const QString& id) {
    for (const Animation& animation : animationCatalog()) {
        if (animation.id == id) return &animation;
    }
    return nullptr;
}

QStringList animationIds() {
    QStringList ids;
    for (const Animation& animation : animationCatalog()) ids.append(animation.id);
    return ids;
}

QList<const Animation*> lessonAnimations(const QString& lessonId) {
    QList<const Animation*> found;
    for (const Animation& animation : animationCatalog()) {
        if (animation.lessonId == lessonId) found.append(&animation);
    }
    return found;
}

}  // namespace ropelab::ui
