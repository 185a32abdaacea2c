// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/rope_2d_lesson.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/distance_range.h"
#include "analysis/fixed_content.h"
#include "analysis/pair_part.h"
#include "analysis/pair_turn.h"
#include "analysis/score_curve.h"
#include "encodings/rope_apply.h"
#include "lessons/frequency_note.h"
#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/curve_cursor.h"
#include "widgets/labeled_slider.h"
#include "widgets/long_curve.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/vector_pair_view.h"

namespace ropelab::ui {

namespace {

constexpr int kTrailLength = 24;    // earlier positions marked on the circle
constexpr int kCurveColumns = 700;  // drawn columns of the score curves (min–max beyond)

// What the score curves read, and the curves: q·k and pair i's part of it for every distance.
struct CurveKey {
    RopeParams rope;
    RopeLayout layout;
    unsigned seed;
    int pair;
    int sequenceLength;
    bool operator==(const CurveKey&) const = default;
};
struct Curves {
    std::int64_t reach = 0;
    std::vector<double> full;
    std::vector<double> part;
};

Curves computeCurves(const CurveKey& key, const Execution& exec) {
    const RopeFrequencies freqs = ropeFrequencies(key.rope);
    const auto [q, k] = seededQueryKey(key.rope.headDim, key.seed);
    Curves curves;
    curves.reach = key.sequenceLength - 1;
    const DistanceRange distances{-curves.reach, curves.reach + 1, 1};
    const RopePair pair = ropePair(key.pair, freqs.rotaryDim, key.layout);
    curves.full = ropeScoreCurve(q, k, freqs, key.layout, distances, exec);
    curves.part = ropeScoreCurve(ropePairPart(q, pair), ropePairPart(k, pair), freqs, key.layout,
                                 distances, exec);
    return curves;
}

}  // namespace

struct Rope2dLesson::PairKey {
    RopeParams rope;
    RopeLayout layout;
    unsigned seed;
    int pair;
    int queryPosition;
    int keyPosition;
    bool operator==(const PairKey&) const = default;
};

Rope2dLesson::Rope2dLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent), circlePlot_(createPlot(QStringLiteral("rotating-pair"))) {
    QCustomPlot* scorePlot = createPlot(
        QStringLiteral("score-vs-distance"),
        {QT_TR_NOOP("Score q·k against the distance m − n"),
         QT_TR_NOOP("relative distance m − n (tokens)"), QT_TR_NOOP("score q\u2098·k\u2099")});
    placePlots({{circlePlot_}, {scorePlot}}, {3, 2});
    circlePlot_->setMinimumHeight(360);
    auto* timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &Rope2dLesson::advanceAnimation);

    // The rotation view: q and k at their true lengths, turned from their starts (dashed).
    circleTitle_ = addPlotTitle(circlePlot_, QString());
    vectors_ = std::make_unique<VectorPairView>(circlePlot_, std::array{Series::Query, Series::Key},
                                                Series::Third, theme());
    vectors_->setNames(QStringLiteral("q\u2098"), QStringLiteral("k\u2099"));
    tagAnnotation(circlePlot_, QStringLiteral("angle"),
                  {vectors_->angleArc(), vectors_->angleLabel()});

    // The score against relative distance, with the current m − n marked.
    QCPGraph* scoreGraph =
        addSeries(scorePlot, {Series::Neutral, Qt::SolidLine, 0.6}, QT_TR_NOOP("q·k, all pairs"));
    QCPGraph* pairGraph = addSeries(scorePlot, {Series::Third, Qt::SolidLine, 0.6});
    // The marker moves with m and n on its own buffered layer; the curves stay painted.
    const CurveCursor distanceMarker(scorePlot, theme());
    placeLegendBelow(scorePlot);

    // Lesson controls: pair, animation, shift both.
    pairSlider_ =
        addPairSlider({QT_TR_NOOP("Pair index i"),
                       QT_TR_NOOP("Which pair of components to draw; pair 0 turns fastest.")},
                      pair_, [this](int pair) { setPairIndex(pair); });
    auto* playRow = new QHBoxLayout;
    // "Play" or "Pause", as the button's state says, in the language shown: the accessible
    // name's binding, made after the button's own, puts the right word back.
    const auto showPlayLabel = [this] {
        playButton_->setText(playButton_->isChecked() ? tr("Pause") : tr("Play"));
    };
    playButton_ = addButton(
        {.name = "playButton", .text = QT_TR_NOOP("Play"), .layout = playRow, .checkable = true},
        [timer, showPlayLabel](bool playing) {
            if (playing) {
                timer->start();
            } else {
                timer->stop();
            }
            showPlayLabel();
        });
    bindText(QT_TR_NOOP("Play or pause the position animation"),
             [this, showPlayLabel](const QString& text) {
                 playButton_->setAccessibleName(text);
                 showPlayLabel();
             });
    animateMode_ =
        addChoice({.name = "animateMode",
                   .accessibleName = QT_TR_NOOP("What the animation moves"),
                   .items = {QT_TR_NOOP("advance m only"), QT_TR_NOOP("advance m and n together")},
                   .layout = playRow,
                   .stretch = 1},
                  [] {});
    controlsLayout()->addLayout(playRow);
    LabeledSlider* speedSlider =
        addSlider({.name = "speedSlider",
                   .label = QT_TR_NOOP("Animation speed"),
                   .range = {1, 30, 4},
                   .unit = QT_TR_NOOP("tokens/s"),
                   .state = "speed"},
                  [timer](int perSecond) { timer->setInterval(1000 / perSecond); });
    auto* shiftRow = new QHBoxLayout;
    controlsLayout()->addLayout(shiftRow);
    addButton({.name = "shiftLeft",
               .text = QT_TR_NOOP("◀ Shift both"),
               .toolTip = QT_TR_NOOP("m − 1 and n − 1: the same distance, so the same q·k"),
               .layout = shiftRow},
              [this] { shiftBoth(-1); });
    addButton({.name = "shiftRight",
               .text = QT_TR_NOOP("Shift both ▶"),
               .toolTip = QT_TR_NOOP("m + 1 and n + 1: the same distance, so the same q·k"),
               .layout = shiftRow},
              [this] { shiftBoth(+1); });
    timer->setInterval(1000 / speedSlider->value());
    bindExplanation(QT_TR_NOOP(
        "<p>RoPE splits q and k into d/2 pairs and turns pair <i>i</i> by the angle "
        "<i>p</i>·θ<sub>i</sub>, where <i>p</i> is the token's position and θ<sub>i</sub> "
        "the pair's frequency.</p>"
        "<p>Here is one pair: q at position <i>m</i> is turned by <i>m</i>θ<sub>i</sub>, "
        "k at position <i>n</i> by <i>n</i>θ<sub>i</sub> (dashed: before turning). The "
        "arrows are drawn at their true lengths, and each tip runs round its own dotted "
        "circle: turning changes a direction, not a length. The pair's part of q·k is "
        "|q<sub>pair</sub>|·|k<sub>pair</sub>|·cos(angle between them), and the angle "
        "changes by (<i>m</i> − <i>n</i>)θ<sub>i</sub>; summed over all pairs, q·k depends "
        "on <i>m</i> − <i>n</i> alone.</p>"
        "<p>Press <b>Shift both</b>: both arrows turn by the same angle and q·k stays the "
        "same. Small <i>i</i> turn fast and tell neighbours apart; large <i>i</i> turn "
        "slowly and carry long-range information.</p>"));
    declareExplanationNote([this] { return parameters().rope(); }, frequencyNote);
    FigureTask* pairFigure = declareFigures(
        {circlePlot_}, FigureRun::Inline, [this] { return pairKey(); }, computePair,
        [this](const PairKey& key, PairView& view) { drawPair(key, view); });
    FigureTask* curves = declareFigures(
        {scorePlot}, FigureRun::Inline,
        [this] {
            return CurveKey{parameters().rope(), parameters().layout(), parameters().seed(), pair_,
                            parameters().sequenceLength()};
        },
        computeCurves,
        [scorePlot, scoreGraph, pairGraph](const CurveKey& key, Curves& curves) {
            pairGraph->setName(tr("pair %1 only").arg(key.pair));
            showLongCurve(scoreGraph, double(-curves.reach), 1.0, curves.full, kCurveColumns);
            showLongCurve(pairGraph, double(-curves.reach), 1.0, curves.part, kCurveColumns);
            scorePlot->xAxis->setRange(-curves.reach - 0.5, curves.reach + 0.5);
            const auto [lowest, highest] =
                std::minmax_element(curves.full.begin(), curves.full.end());
            const double span = std::max({std::abs(*lowest), std::abs(*highest), 1e-9});
            scorePlot->yAxis->setRange(-1.1 * span, 1.1 * span);
        });
    // The distance m − n and the score there, on the curves' overlay layer.
    declareMarkers(
        {distanceMarker.layer()},
        [this] {
            return std::pair{parameters().queryPosition() - parameters().keyPosition(),
                             shown_.turn.score};
        },
        [distanceMarker](const std::pair<int, double>& at) {
            distanceMarker.moveTo(at.first, at.second);
        });
    // After the pair, whose numbers they give; N for the pairs slower than the sequence.
    FigureTask* readouts = declareInlineFigures(
        {},
        [this] {
            return std::pair{pairKey(), parameters().sequenceLength()};
        },
        [this](const std::pair<PairKey, int>& key) { updateReadout(key.first, key.second); });
    // The explanation, titles, legend names and readouts are translated text.
    redrawOnLanguageChange({pairFigure, curves, readouts});
    bindState(
        QStringLiteral("animateBoth"), false, [this] { return animateMode_->currentIndex() == 1; },
        [this](bool both) { animateMode_->setCurrentIndex(both ? 1 : 0); });
    refreshOnParameterChange([this] { refresh(); });

    refresh();
    applyTheme(theme());
}

void Rope2dLesson::setPairIndex(int pair) {
    if (choosePair(pair_, pair)) refresh();
}

void Rope2dLesson::shiftBoth(int delta) {
    const int m = parameters().queryPosition() + delta;
    const int n = parameters().keyPosition() + delta;
    if (m < 0 || n < 0) {
        emit statusMessage(tr("Positions cannot go below 0."));
        return;
    }
    parameters().setPositions(m, n);
}

void Rope2dLesson::advanceAnimation() {
    const int last = parameters().sequenceLength() - 1;
    int m = parameters().queryPosition() + 1;
    int n = parameters().keyPosition();
    if (animateMode_->currentIndex() == 1) {
        ++n;
        // Wrap both back to the start of the sequence, keeping m − n.
        if (std::max(m, n) > last) {
            const int back = std::min(m, n);
            m -= back;
            n -= back;
        }
    } else if (m > last) {
        m = 0;
    }
    parameters().setPositions(m, n);
}

void Rope2dLesson::refresh() {
    runGuarded([this] {
        showPair(pairSlider_, pair_, ropeFrequencies(parameters().rope()).pairs());
        updateFigures();
    });
}

Rope2dLesson::PairKey Rope2dLesson::pairKey() const {
    return PairKey{parameters().rope(),          parameters().layout(),
                   parameters().seed(),          pair_,
                   parameters().queryPosition(), parameters().keyPosition()};
}

Rope2dLesson::PairView Rope2dLesson::computePair(const PairKey& key, const Execution&) {
    PairView view;
    view.freqs = ropeFrequencies(key.rope);
    const auto [q, k] = seededQueryKey(key.rope.headDim, key.seed);
    view.turn = ropePairTurn(q, k, view.freqs, key.layout, key.pair, key.queryPosition,
                             key.keyPosition, kTrailLength);
    const PairTurn& turn = view.turn;
    // Component a across, b up.
    for (std::size_t s = 0; s < 2; ++s) {
        view.vectors.starts[s] = QPointF(turn.starts[s][0], turn.starts[s][1]);
        view.vectors.tips[s] = QPointF(turn.tips[s][0], turn.tips[s][1]);
        view.vectors.trailX[s] = toQVector(turn.trailA[s]);
        view.vectors.trailY[s] = toQVector(turn.trailB[s]);
    }
    view.vectors.angle = turn.angle;
    return view;
}

void Rope2dLesson::drawPair(const PairKey& key, PairView& view) {
    shown_ = std::move(view);
    vectors_->show(shown_.vectors);
    vectors_->angleLabel()->setText(
        tr("angle from k to q: %1°")
            .arg(shown_.vectors.angle * 180.0 / std::numbers::pi, 0, 'f', 1));
    const RopePair pair = shown_.turn.components;
    circleTitle_->setText(
        tr("Pair %1 of q and k at true length (θ%2 = %3 rad/token)")
            .arg(key.pair)
            .arg(subscriptNumber(key.pair))
            .arg(QString::number(shown_.freqs.invFreq[std::size_t(key.pair)], 'g', 4)));
    circlePlot_->xAxis->setLabel(tr("component %1 (first of pair %2)").arg(pair.a).arg(key.pair));
    circlePlot_->yAxis->setLabel(tr("component %1 (second of pair %2)").arg(pair.b).arg(key.pair));
}

void Rope2dLesson::updateReadout(const PairKey& key, int sequenceLength) {
    const RopeFrequencies& freqs = shown_.freqs;
    const int m = key.queryPosition;
    const int n = key.keyPosition;
    const int pair = key.pair;
    const double theta = freqs.invFreq[static_cast<std::size_t>(pair)];
    const auto beyond = std::find_if(freqs.invFreq.begin(), freqs.invFreq.end(), [&](double f) {
        return 2.0 * std::numbers::pi / f > sequenceLength;
    });
    // |q|, |k| of two arrows.
    const auto lengths = [](const std::array<QPointF, 2>& v) {
        const auto length = [](QPointF p) { return std::hypot(p.x(), p.y()); };
        return QStringLiteral("%1, %2").arg(length(v[0]), 0, 'f', 3).arg(length(v[1]), 0, 'f', 3);
    };
    // A step can conceal each readout with a row of its own alone (as rope-2d's activities do).
    const auto alone = [](const QString& id, const QString& label, double value,
                          const ReadoutFormat& format) {
        return Readout{
            .id = id, .label = label, .value = value, .format = format, .concealAlone = true};
    };
    const ReadoutFormat radians{'f', 3, tr("%1 rad")};
    setReadouts({
        alone(QStringLiteral("distance"), tr("m − n"), m - n, {'f', 0}),
        alone(QStringLiteral("theta"), tr("θ<sub>%1</sub>").arg(pair), theta,
              {'g', 5, tr("%1 rad/token")}),
        alone(QStringLiteral("period_tokens"), tr("period of pair %1").arg(pair),
              2.0 * std::numbers::pi / theta, {'g', 5, tr("%1 tokens")}),
        {.label = tr("turn of q: mθ<sub>i</sub>"), .value = m * theta, .format = radians},
        {.label = tr("turn of k: nθ<sub>i</sub>"), .value = n * theta, .format = radians},
        alone(QStringLiteral("angle_deg"), tr("angle from k to q"),
              shown_.vectors.angle * 180.0 / std::numbers::pi, {'f', 1, QStringLiteral("%1°")}),
        {.label = tr("|q<sub>pair</sub>|, |k<sub>pair</sub>| (dashed arrows)"),
         .text = lengths(shown_.vectors.starts)},
        {.label = tr("turned lengths (circle radii)"), .text = lengths(shown_.vectors.tips)},
        alone(QStringLiteral("pair_score"), tr("pair %1 part of q·k").arg(pair),
              shown_.turn.pairScore, {'f', 4}),
        alone(QStringLiteral("score"), tr("q·k, all %1 pairs").arg(freqs.pairs()),
              shown_.turn.score, {'f', 4}),
        {QStringLiteral("pair"), {}, pair},
        {QStringLiteral("query_position"), {}, m},
        {QStringLiteral("key_position"), {}, n},
        {QStringLiteral("shift_change"), {}, shown_.turn.shiftChange},
        {QStringLiteral("sequence_length"), {}, sequenceLength},
        {QStringLiteral("first_pair_beyond_sequence"),
         {},
         beyond == freqs.invFreq.end() ? -1.0 : double(beyond - freqs.invFreq.begin())},
    });
}

}  // namespace ropelab::ui
