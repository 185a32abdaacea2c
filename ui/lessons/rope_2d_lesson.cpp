// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/rope_2d_lesson.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/distance_range.h"
#include "analysis/exact_phase.h"
#include "analysis/score_curve.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "lessons/frequency_note.h"
#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/labeled_slider.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

namespace {

constexpr int kArcPoints = 64;
constexpr int kCirclePoints = 256;
constexpr double kCircleExtent = 1.38;  // the square shown, in units of the longer arrow
constexpr int kTrailLength = 24;        // earlier positions marked on the circle
constexpr int kCurveColumns = 700;      // drawn columns of the score curves (min–max beyond)

QPointF unitDirection(QPointF v) {
    const double length = std::hypot(v.x(), v.y());
    if (length == 0.0) return {0.0, 0.0};
    return v / length;
}

void setCircle(QCPCurve* curve, double radius) {
    QVector<double> t(kCirclePoints + 1), x(t.size()), y(t.size());
    for (int i = 0; i < t.size(); ++i) {
        const double phi = 2.0 * std::numbers::pi * i / kCirclePoints;
        t[i] = i;
        x[i] = radius * std::cos(phi);
        y[i] = radius * std::sin(phi);
    }
    curve->setData(t, x, y, true);
}

void placeArrow(QCPItemLine* arrow, QPointF tip) {
    arrow->start->setCoords(0.0, 0.0);
    arrow->end->setCoords(tip);
}

// Only components a and b of v, so core's score of the masked vectors is that pair's part.
Eigen::VectorXd pairOnly(const Eigen::VectorXd& v, const RopePair& pair) {
    Eigen::VectorXd out = Eigen::VectorXd::Zero(v.size());
    out[pair.a] = v[pair.a];
    out[pair.b] = v[pair.b];
    return out;
}

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
    const Eigen::MatrixXd qk = seededStandardNormal(2, key.rope.headDim, key.seed);
    const Eigen::VectorXd q = qk.row(0).transpose();
    const Eigen::VectorXd k = qk.row(1).transpose();
    Curves curves;
    curves.reach = key.sequenceLength - 1;
    const DistanceRange distances{-curves.reach, curves.reach + 1, 1};
    const RopePair pair = ropePair(key.pair, freqs.rotaryDim, key.layout);
    curves.full = ropeScoreCurve(q, k, freqs, key.layout, distances, exec);
    curves.part =
        ropeScoreCurve(pairOnly(q, pair), pairOnly(k, pair), freqs, key.layout, distances, exec);
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
    : LessonPage(context, parent),
      circlePlot_(createPlot(QStringLiteral("rotating-pair"))),
      scorePlot_(createPlot(QStringLiteral("score-vs-distance"))),
      timer_(new QTimer(this)) {
    auto* plots = new QVBoxLayout(plotArea());
    plots->setContentsMargins(0, 0, 0, 0);
    plots->addWidget(circlePlot_, 3);
    plots->addWidget(scorePlot_, 2);
    circlePlot_->setMinimumHeight(360);

    // The rotation view: each tip's circle, starting vectors (dashed), turned vectors, angle arc,
    // all at their true lengths.
    circleTitle_ = addPlotTitle(circlePlot_, QString());
    queryCircle_ = addCurve(circlePlot_->xAxis, circlePlot_->yAxis);
    setSeriesStyle(queryCircle_, {Series::Query, Qt::DotLine, 0.6}, theme());
    keyCircle_ = addCurve(circlePlot_->xAxis, circlePlot_->yAxis);
    setSeriesStyle(keyCircle_, {Series::Key, Qt::DotLine, 0.6}, theme());
    angleArc_ = addCurve(circlePlot_->xAxis, circlePlot_->yAxis);
    setSeriesStyle(angleArc_, {Series::Third, Qt::SolidLine, 0.9, 50}, theme());
    // Where each arrow pointed at the positions before: dots θ_i apart on the circle.
    const auto makeTrail = [this](Series series) {
        QCPGraph* trail = addGraph(circlePlot_);
        trail->setLineStyle(QCPGraph::lsNone);
        trail->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
        setSeriesStyle(trail, {series, Qt::SolidLine, 0.6}, theme());
        return trail;
    };
    queryTrail_ = makeTrail(Series::Query);
    keyTrail_ = makeTrail(Series::Key);
    const auto makeArrow = [this](Series series, Qt::PenStyle dash, double width) {
        auto* arrow = new QCPItemLine(circlePlot_);
        arrow->setHead(QCPLineEnding::esSpikeArrow);
        setSeriesStyle(arrow, {series, dash, width}, theme());
        return arrow;
    };
    queryStart_ = makeArrow(Series::Query, Qt::DashLine, 0.6);
    keyStart_ = makeArrow(Series::Key, Qt::DashLine, 0.6);
    queryArrow_ = makeArrow(Series::Query, Qt::SolidLine, 1.4);
    keyArrow_ = makeArrow(Series::Key, Qt::SolidLine, 1.4);
    const auto makeLabel = [this](Series series) {
        auto* label = new PlotLabel(circlePlot_);
        label->setPositionAlignment(Qt::AlignCenter);
        label->setPadding(QMargins(3, 1, 3, 1));
        setSeriesStyle(label, {series, Qt::SolidLine, 1.2}, theme());
        return label;
    };
    queryLabel_ = makeLabel(Series::Query);
    keyLabel_ = makeLabel(Series::Key);
    angleLabel_ = makeLabel(Series::Third);
    // In a corner, so it never sits on an arrow however small the angle is.
    angleLabel_->position->setType(QCPItemPosition::ptAxisRectRatio);
    angleLabel_->position->setCoords(0.02, 0.03);
    angleLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    tagAnnotation(circlePlot_, QStringLiteral("angle"), {angleArc_, angleLabel_});
    circlePlot_->legend->setVisible(false);

    // The score against relative distance, with the current m − n marked.
    bindText(addPlotTitle(scorePlot_, QString()),
             QT_TR_NOOP("Score q·k against the distance m − n"));
    bindAxisLabels(scorePlot_, QT_TR_NOOP("relative distance m − n (tokens)"),
                   QT_TR_NOOP("score q\u2098·k\u2099"));
    scoreGraph_ = addGraph(scorePlot_);
    bindText(scoreGraph_, QT_TR_NOOP("q·k, all pairs"));
    setSeriesStyle(scoreGraph_, {Series::Neutral, Qt::SolidLine, 0.6}, theme());
    pairGraph_ = addGraph(scorePlot_);
    setSeriesStyle(pairGraph_, {Series::Third, Qt::SolidLine, 0.6}, theme());
    distanceMarker_ = new QCPItemStraightLine(scorePlot_);
    setSeriesStyle(distanceMarker_, {Series::Reference, Qt::DashLine, 0.6}, theme());
    scoreTracer_ = new QCPItemTracer(scorePlot_);
    scoreTracer_->setStyle(QCPItemTracer::tsCircle);
    scoreTracer_->setSize(11);
    setSeriesStyle(scoreTracer_, {Series::Key, Qt::SolidLine, 0.8}, theme());
    // The marker moves with m and n on its own buffered layer; the curves stay painted.
    scoreOverlay_ = addOverlayLayer(scorePlot_);
    distanceMarker_->setLayer(scoreOverlay_);
    scoreTracer_->setLayer(scoreOverlay_);
    placeLegendBelow(scorePlot_);

    // Lesson controls: pair, animation, shift both.
    pairSlider_ = addSlider(
        {.name = "pairSlider",
         .label = QT_TR_NOOP("Pair index i"),
         .range = {0, 31, 0},
         .toolTip = QT_TR_NOOP("Which pair of components to draw; pair 0 turns fastest.")},
        [this](int pair) { setPairIndex(pair); });
    auto* playRow = new QHBoxLayout;
    playButton_ = new QPushButton(this);
    playButton_->setCheckable(true);
    playButton_->setObjectName(QStringLiteral("playButton"));
    bindText(QT_TR_NOOP("Play or pause the position animation"), [this](const QString& text) {
        playButton_->setAccessibleName(text);
        showPlayLabel();
    });
    playRow->addWidget(playButton_);
    animateMode_ =
        addChoice({.name = "animateMode",
                   .accessibleName = QT_TR_NOOP("What the animation moves"),
                   .items = {QT_TR_NOOP("advance m only"), QT_TR_NOOP("advance m and n together")},
                   .layout = playRow,
                   .stretch = 1},
                  [] {});
    controlsLayout()->addLayout(playRow);
    speedSlider_ = addSlider({.name = "speedSlider",
                              .label = QT_TR_NOOP("Animation speed"),
                              .range = {1, 30, 4},
                              .unit = QT_TR_NOOP("tokens/s"),
                              .state = "speed"},
                             [this](int perSecond) { timer_->setInterval(1000 / perSecond); });
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

    connect(playButton_, &QPushButton::toggled, this, &Rope2dLesson::setPlaying);
    connect(timer_, &QTimer::timeout, this, &Rope2dLesson::advanceAnimation);
    timer_->setInterval(1000 / speedSlider_->value());
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
        {scorePlot_}, FigureRun::Inline,
        [this] {
            return CurveKey{parameters().rope(), parameters().layout(), parameters().seed(), pair_,
                            parameters().sequenceLength()};
        },
        computeCurves,
        [this](const CurveKey& key, Curves& curves) {
            pairGraph_->setName(tr("pair %1 only").arg(key.pair));
            showLongCurve(scoreGraph_, double(-curves.reach), 1.0, curves.full, kCurveColumns);
            showLongCurve(pairGraph_, double(-curves.reach), 1.0, curves.part, kCurveColumns);
            scorePlot_->xAxis->setRange(-curves.reach - 0.5, curves.reach + 0.5);
            const auto [lowest, highest] =
                std::minmax_element(curves.full.begin(), curves.full.end());
            const double span = std::max({std::abs(*lowest), std::abs(*highest), 1e-9});
            scorePlot_->yAxis->setRange(-1.1 * span, 1.1 * span);
        });
    // The distance m − n and the score there, on the curves' overlay layer.
    declareMarkers(
        {scoreOverlay_},
        [this] {
            return std::pair{parameters().queryPosition() - parameters().keyPosition(),
                             shown_.score};
        },
        [this](const std::pair<int, double>& at) {
            distanceMarker_->point1->setCoords(at.first, 0.0);
            distanceMarker_->point2->setCoords(at.first, 1.0);
            scoreTracer_->position->setCoords(at.first, at.second);
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
    bindState(
        QStringLiteral("pair"), 0, [this] { return pair_; },
        [this](int pair) { setPairIndex(pair); });
    refreshOnParameterChange([this] { refresh(); });

    refresh();
    applyTheme(theme());
}

QString Rope2dLesson::title() const {
    return tr("RoPE in 2D: rotating pairs");
}

Lesson::SharedParameters Rope2dLesson::sharedParameters() const {
    return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout |
           SharedParameter::Positions | SharedParameter::SequenceLength;
}

void Rope2dLesson::setPairIndex(int pair) {
    if (pair == pair_) return;
    pair_ = std::max(pair, 0);
    refresh();
}

QPointF Rope2dLesson::queryTip() const {
    return queryArrow_->end->coords();
}
QPointF Rope2dLesson::keyTip() const {
    return keyArrow_->end->coords();
}
double Rope2dLesson::queryCircleRadius() const {
    return std::hypot(shown_.queryTip.x(), shown_.queryTip.y());
}
double Rope2dLesson::keyCircleRadius() const {
    return std::hypot(shown_.keyTip.x(), shown_.keyTip.y());
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

void Rope2dLesson::setPlaying(bool playing) {
    if (playing) {
        timer_->start();
    } else {
        timer_->stop();
    }
    showPlayLabel();
}

void Rope2dLesson::showPlayLabel() {
    playButton_->setText(playButton_->isChecked() ? tr("Pause") : tr("Play"));
}

void Rope2dLesson::refresh() {
    runGuarded([this] {
        const int pairs = ropeFrequencies(parameters().rope()).pairs();
        pairSlider_->setRange(0, pairs - 1);
        pair_ = std::clamp(pair_, 0, pairs - 1);
        pairSlider_->setValue(pair_);
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
    const RopeFrequencies& freqs = view.freqs;
    const Eigen::MatrixXd qk = seededStandardNormal(2, key.rope.headDim, key.seed);
    const Eigen::VectorXd q = qk.row(0).transpose();
    const Eigen::VectorXd k = qk.row(1).transpose();
    const int m = key.queryPosition;
    const int n = key.keyPosition;
    const Eigen::VectorXd qRotated = applyRope(q, m, freqs, key.layout);
    const Eigen::VectorXd kRotated = applyRope(k, n, freqs, key.layout);
    const RopePair pair = ropePair(key.pair, freqs.rotaryDim, key.layout);
    view.components = pair;
    view.queryStart = QPointF(q[pair.a], q[pair.b]);
    view.keyStart = QPointF(k[pair.a], k[pair.b]);
    view.queryTip = QPointF(qRotated[pair.a], qRotated[pair.b]);
    view.keyTip = QPointF(kRotated[pair.a], kRotated[pair.b]);
    const auto trail = [&](const Eigen::VectorXd& v, int last, QVector<double>& x,
                           QVector<double>& y) {
        for (int p = std::max(0, last - kTrailLength); p < last; ++p) {
            const Eigen::VectorXd r = applyRope(v, p, freqs, key.layout);
            x.push_back(r[pair.a]);
            y.push_back(r[pair.b]);
        }
    };
    trail(q, m, view.queryTrailX, view.queryTrailY);
    trail(k, n, view.keyTrailX, view.keyTrailY);
    view.angle = wrapPhase(std::atan2(view.queryTip.y(), view.queryTip.x()) -
                           std::atan2(view.keyTip.y(), view.keyTip.x()));
    view.score = ropeScoreAt(q, k, freqs, key.layout, m - n);
    view.shiftChange =
        applyRope(q, m + 1, freqs, key.layout).dot(applyRope(k, n + 1, freqs, key.layout)) -
        qRotated.dot(kRotated);
    view.pairScore = ropeScoreAt(pairOnly(q, pair), pairOnly(k, pair), freqs, key.layout, m - n);
    return view;
}

void Rope2dLesson::drawPair(const PairKey& key, PairView& view) {
    shown_ = std::move(view);
    const QPointF qTip = shown_.queryTip;
    const QPointF kTip = shown_.keyTip;
    const double queryRadius = queryCircleRadius();
    const double keyRadius = keyCircleRadius();
    const double longest = std::max({std::hypot(shown_.queryStart.x(), shown_.queryStart.y()),
                                     std::hypot(shown_.keyStart.x(), shown_.keyStart.y()),
                                     queryRadius, keyRadius, 1e-9});
    const double extent = kCircleExtent * longest;  // half the side of the square shown
    keepEqualAspect(circlePlot_, QRectF(-extent, -extent, 2 * extent, 2 * extent));
    setCircle(queryCircle_, queryRadius);
    setCircle(keyCircle_, keyRadius);
    placeArrow(queryStart_, shown_.queryStart);
    placeArrow(keyStart_, shown_.keyStart);
    placeArrow(queryArrow_, qTip);
    placeArrow(keyArrow_, kTip);
    queryTrail_->setData(shown_.queryTrailX, shown_.queryTrailY);
    keyTrail_->setData(shown_.keyTrailX, shown_.keyTrailY);
    // Labels just beyond the tips, a fixed share of the view away.
    const double labelGap = 0.12 * extent;
    queryLabel_->setText(QStringLiteral("q\u2098"));
    queryLabel_->placeInside(qTip + labelGap * unitDirection(qTip));
    keyLabel_->setText(QStringLiteral("k\u2099"));
    keyLabel_->placeInside(kTip + labelGap * unitDirection(kTip));

    // The angle from k to q, drawn as an arc at the centre.
    const double keyAngle = std::atan2(kTip.y(), kTip.x());
    const double arcRadius = 0.5 * std::min(queryRadius, keyRadius);
    QVector<double> t(kArcPoints + 2), ax(kArcPoints + 2), ay(kArcPoints + 2);
    t[0] = 0;
    ax[0] = 0;
    ay[0] = 0;
    for (int i = 0; i <= kArcPoints; ++i) {
        const double phi = keyAngle + shown_.angle * i / kArcPoints;
        t[i + 1] = i + 1;
        ax[i + 1] = arcRadius * std::cos(phi);
        ay[i + 1] = arcRadius * std::sin(phi);
    }
    angleArc_->setData(t, ax, ay);
    angleLabel_->setText(
        tr("angle from k to q: %1°").arg(shown_.angle * 180.0 / std::numbers::pi, 0, 'f', 1));
    const RopePair pair = shown_.components;
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
    const auto length = [](QPointF v) { return std::hypot(v.x(), v.y()); };
    // A step can conceal each readout with a row of its own alone (as rope-2d's activities do).
    setReadouts({
        {.id = QStringLiteral("distance"),
         .label = tr("m − n"),
         .value = m - n,
         .format = {'f', 0},
         .concealAlone = true},
        {.id = QStringLiteral("theta"),
         .label = tr("θ<sub>%1</sub>").arg(pair),
         .value = theta,
         .format = {'g', 5, tr("%1 rad/token")},
         .concealAlone = true},
        {.id = QStringLiteral("period_tokens"),
         .label = tr("period of pair %1").arg(pair),
         .value = 2.0 * std::numbers::pi / theta,
         .format = {'g', 5, tr("%1 tokens")},
         .concealAlone = true},
        {.label = tr("turn of q: mθ<sub>i</sub>"),
         .value = m * theta,
         .format = {'f', 3, tr("%1 rad")}},
        {.label = tr("turn of k: nθ<sub>i</sub>"),
         .value = n * theta,
         .format = {'f', 3, tr("%1 rad")}},
        {.id = QStringLiteral("angle_deg"),
         .label = tr("angle from k to q"),
         .value = shown_.angle * 180.0 / std::numbers::pi,
         .format = {'f', 1, QStringLiteral("%1°")},
         .concealAlone = true},
        {.label = tr("|q<sub>pair</sub>|, |k<sub>pair</sub>| (dashed arrows)"),
         .text = QStringLiteral("%1, %2")
                     .arg(length(shown_.queryStart), 0, 'f', 3)
                     .arg(length(shown_.keyStart), 0, 'f', 3)},
        {.label = tr("turned lengths (circle radii)"),
         .text = QStringLiteral("%1, %2")
                     .arg(length(shown_.queryTip), 0, 'f', 3)
                     .arg(length(shown_.keyTip), 0, 'f', 3)},
        {.id = QStringLiteral("pair_score"),
         .label = tr("pair %1 part of q·k").arg(pair),
         .value = shown_.pairScore,
         .format = {'f', 4},
         .concealAlone = true},
        {.id = QStringLiteral("score"),
         .label = tr("q·k, all %1 pairs").arg(freqs.pairs()),
         .value = shown_.score,
         .format = {'f', 4},
         .concealAlone = true},
        {QStringLiteral("pair"), {}, pair},
        {QStringLiteral("query_position"), {}, m},
        {QStringLiteral("key_position"), {}, n},
        {QStringLiteral("shift_change"), {}, shown_.shiftChange},
        {QStringLiteral("sequence_length"), {}, sequenceLength},
        {QStringLiteral("first_pair_beyond_sequence"),
         {},
         beyond == freqs.invFreq.end() ? -1.0 : double(beyond - freqs.invFreq.begin())},
    });
}

}  // namespace ropelab::ui
