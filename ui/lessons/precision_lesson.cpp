// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/precision_lesson.h"

#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <tuple>

#include "analysis/exact_phase.h"
#include "encodings/rope_frequencies.h"
#include "model/parameter_model.h"
#include "widgets/curve_cursor.h"
#include "widgets/labeled_slider.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/score_plot_helpers.h"

namespace ropelab::ui {

namespace {

constexpr std::array kMethodSeries{Series::Key, Series::Fourth, Series::Third};

// |error| on a log axis: magnitudes below the floor are drawn at the floor.
double shown(double error) {
    return std::max(std::abs(error), PrecisionLesson::kErrorFloor);
}

const std::vector<double>& method(const PhaseErrors& e, int m) {
    return m == 0 ? e.float32Error : m == 1 ? e.fastTrigError : e.exactTurnsError;
}

// One graph per method: |error| against x (positions or pair indices).
template <class X>
void showErrors(const std::array<QCPGraph*, 3>& graphs, const std::vector<X>& x,
                const PhaseErrors& errors) {
    for (int m = 0; m < 3; ++m) {
        QVector<double> xs, ys;
        const std::vector<double>& e = method(errors, m);
        for (std::size_t r = 0; r < e.size(); ++r) {
            xs.append(static_cast<double>(x[r]));
            ys.append(shown(e[r]));
        }
        graphs[static_cast<std::size_t>(m)]->setData(xs, ys, true);
    }
}

}  // namespace

PrecisionLesson::PrecisionLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    QCustomPlot* positionPlot =
        createPlot(QStringLiteral("phase-error-vs-position"),
                   {QT_TR_NOOP("Phase error of pair i as the position grows"),
                    QT_TR_NOOP("position p"), QT_TR_NOOP("|angle error| (rad)")});
    QCustomPlot* pairPlot =
        createPlot(QStringLiteral("phase-error-per-pair"),
                   {QT_TR_NOOP("Phase error of every pair at position p"),
                    QT_TR_NOOP("pair index i"), QT_TR_NOOP("|angle error| (rad)")});
    positionSlider_ =
        new LabeledDoubleSlider(QString(), 1.0, double(1 << kMaxLog2Position), 0,
                                LabeledDoubleSlider::Scale::Logarithmic, QString(), this);
    placePlots({{positionPlot}, {pairPlot}});

    bindExplanation(QT_TR_NOOP(
        "<p>Pair <i>i</i> at position <i>p</i> turns by the angle <i>p</i>·θ<sub>i</sub>. "
        "Computed in float32 (as HF does: θ and <i>p</i> rounded to float32, the product "
        "rounded again) the angle keeps only 24 significant bits: near 2<sup>k</sup> "
        "radians neighbouring float32 values are 2<sup>k−23</sup> apart, so at an angle of "
        "10<sup>6</sup> rad the rotation can be off by 0.03 rad. Rounding θ<sub>i</sub> "
        "itself adds <i>p</i>·|θ<sub>i</sub> − fl(θ<sub>i</sub>)|, which grows with "
        "<i>p</i>. (In plain RoPE, and with yarn, llama3 or dynamic, pair 0 has θ<sub>0</sub> = "
        "1 exactly: its angle stays exact below "
        "2<sup>24</sup>.)</p>"
        "<p>The dashed line is θ<sub>i</sub>, how far the pair turns between neighbouring "
        "tokens: where the error reaches it, that pair can no longer tell position <i>p</i> "
        "from <i>p</i> ± 1.</p>"
        "<p>Fast GPU sine and cosine (__sinf style) reduce the angle in float32 and add more "
        "error. <b>The fix</b>: compute the phase in turns, <i>p</i>·θ<sub>i</sub>/2π, keep "
        "its fractional part exactly (in double, or integer arithmetic), and only then round "
        "to float32: the error stays near 10<sup>−7</sup> rad at any position.</p>"));
    const std::array names{QT_TR_NOOP("float32 p·θ (HF)"), QT_TR_NOOP("float32 + fast GPU sin/cos"),
                           QT_TR_NOOP("exact turns, then float32 (the fix)")};
    std::array<QCPGraph*, 3> positionGraphs{};
    std::array<QCPGraph*, 3> pairGraphs{};
    for (std::size_t m = 0; m < names.size(); ++m) {
        positionGraphs[m] = addSeries(positionPlot, {kMethodSeries[m]}, names[m]);
        positionGraphs[m]->setLineStyle(QCPGraph::lsNone);
        setSquareMarks(positionGraphs[m], 3.0);
        pairGraphs[m] = addSeries(pairPlot, {kMethodSeries[m], Qt::SolidLine, 0.7}, names[m]);
        pairGraphs[m]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    }
    QCPGraph* thetaGraph = addSeries(pairPlot, {Series::Neutral, Qt::DashLine, 0.8},
                                     QT_TR_NOOP("θᵢ: one token's turn"));
    turnOffAntialiasing(positionPlot, QCP::aeScatters);
    auto* thetaLine = new QCPItemStraightLine(positionPlot);
    setSeriesStyle(thetaLine, {Series::Neutral, Qt::DashLine, 0.8}, theme());
    // The position and pair markers move alone: on their own buffered layer they repaint without
    // redrawing a thousand error points underneath.
    const CursorStyle dotted{{Series::Reference, Qt::DotLine, 0.8}, false};
    const CurveCursor positionMarker(positionPlot, theme(), dotted);
    const CurveCursor pairMarker(pairPlot, theme(), dotted);
    for (QCustomPlot* plot : {positionPlot, pairPlot}) {
        setLogAxis(plot->yAxis);
        plot->yAxis->setRange(kErrorFloor / 2.0, 10.0);
        // Under the plot: inside, the errors reach every corner on a small or presenter screen.
        placeLegendBelow(plot, 2);
    }
    setLogAxis(positionPlot->xAxis);
    positionPlot->xAxis->setRange(1.0, double(1 << kMaxLog2Position));

    positionSlider_->setObjectName(QStringLiteral("positionSlider"));
    bindText(positionSlider_, QT_TR_NOOP("Position p"));
    bindToolTip(positionSlider_, QT_TR_NOOP("The position the lower plot shows, up to 2^24."));
    positionSlider_->setValue(static_cast<double>(position_));
    controlsLayout()->addWidget(positionSlider_);
    pairSlider_ =
        addPairSlider({QT_TR_NOOP("Pair i"),
                       QT_TR_NOOP("Which pair the upper plot follows; pair 0 turns fastest.")},
                      pair_, [this](int pair) { setPair(pair); });
    connect(positionSlider_, &LabeledDoubleSlider::valueChanged, this,
            [this](double p) { setPosition(std::llround(p)); });
    // The errors along positions follow the pair, those across pairs the position; the markers
    // and readouts follow both, and repaint only their own layer of a plot that kept its points
    // (the page decides which).
    declareFigures(
        {positionPlot}, FigureRun::Inline,
        [this] {
            return std::pair{parameters().rope(), pair_};
        },
        [](const std::pair<RopeParams, int>& key, const Execution& exec) {
            return ropePhaseErrorsByOctave(ropeFrequencies(key.first), kMaxLog2Position,
                                           kSamplesPerOctave, {key.second}, exec);
        },
        [this, positionPlot, positionGraphs, thetaLine](const std::pair<RopeParams, int>& key,
                                                        PhaseErrors& along) {
            alongPositions_ = std::move(along);
            showErrors(positionGraphs, alongPositions_.position, alongPositions_);
            const double theta =
                ropeFrequencies(key.first).invFreq[static_cast<std::size_t>(key.second)];
            thetaLine->point1->setCoords(1.0, theta);
            thetaLine->point2->setCoords(2.0, theta);
            positionPlot->yAxis->setRange(std::min(kErrorFloor, theta) / 2.0, 10.0);
        });
    declareFigures(
        {pairPlot}, FigureRun::Inline,
        [this] {
            return std::pair{parameters().rope(), position_};
        },
        [](const std::pair<RopeParams, std::int64_t>& key, const Execution& exec) {
            return ropePhaseErrors(ropeFrequencies(key.first),
                                   DistanceRange{key.second, key.second + 1, 1}, {}, exec);
        },
        [this, pairPlot, pairGraphs, thetaGraph](const std::pair<RopeParams, std::int64_t>& key,
                                                 PhaseErrors& across) {
            acrossPairs_ = std::move(across);
            showErrors(pairGraphs, acrossPairs_.pair, acrossPairs_);
            const RopeFrequencies freqs = ropeFrequencies(key.first);
            setIndexedData(thetaGraph, freqs.invFreq);
            pairPlot->xAxis->setRange(-0.5, freqs.pairs() - 0.5);
            const double lowestTheta = std::ranges::min(freqs.invFreq);
            pairPlot->yAxis->setRange(std::min(kErrorFloor, lowestTheta) / 2.0, 10.0);
        });
    FigureTask* markers = declareMarkers(
        {positionMarker.layer(), pairMarker.layer()},
        [this] {
            return std::tuple{parameters().rope(), pair_, position_};
        },
        [this, positionMarker, pairMarker](const std::tuple<RopeParams, int, std::int64_t>& key) {
            const auto& [rope, pair, position] = key;
            theta_ = ropeFrequencies(rope).invFreq[static_cast<std::size_t>(pair)];
            exactPhase_ = reducedPhase(static_cast<double>(position), theta_);
            positionMarker.moveTo(static_cast<double>(position));
            pairMarker.moveTo(pair);
            updateReadout();
        });
    redrawOnLanguageChange({markers});  // the readout rows are translated text
    bindState(
        QStringLiteral("position"), double(1 << 20),
        [this] { return static_cast<double>(position_); },
        [this](double position) { setPosition(static_cast<std::int64_t>(position)); });
    refreshOnParameterChange([this] { refresh(); });

    refresh();
    applyTheme(theme());
}

void PrecisionLesson::setPair(int pair) {
    if (choosePair(pair_, pair)) refresh();
}

void PrecisionLesson::setPosition(std::int64_t position) {
    position = std::clamp<std::int64_t>(position, 1, std::int64_t{1} << kMaxLog2Position);
    if (position == position_) return;
    position_ = position;
    positionSlider_->setValue(static_cast<double>(position_));
    refresh();
}

void PrecisionLesson::refresh() {
    runGuarded([this] {
        showPair(pairSlider_, pair_, ropeFrequencies(parameters().rope()).pairs());
        updateFigures();
    });
}

void PrecisionLesson::updateReadout() {
    const auto at = [this](const std::vector<double>& errors) {
        return errors[static_cast<std::size_t>(pair_)];
    };
    // Published as sizes, shown with their sign.
    const auto error = [&](const QString& id, const QString& label,
                           const std::vector<double>& errors) {
        return Readout{.id = id,
                       .label = label,
                       .value = std::abs(at(errors)),
                       .text = tr("%1 rad").arg(at(errors), 0, 'g', 3)};
    };
    setReadouts({{QStringLiteral("position"), tr("position p"), position_, {'f', 0, {}, true}},
                 {QStringLiteral("theta"),
                  tr("θ<sub>%1</sub> (one token's turn)").arg(pair_),
                  theta_,
                  {'g', 4, tr("%1 rad")}},
                 {QStringLiteral("exact_phase"),
                  tr("exact angle p·θ, reduced to (−π, π]"),
                  exactPhase_,
                  {'f', 6, tr("%1 rad")}},
                 error(QStringLiteral("float32_error"), tr("error, float32 p·θ"),
                       acrossPairs_.float32Error),
                 error(QStringLiteral("fast_trig_error"), tr("error, fast GPU sin/cos"),
                       acrossPairs_.fastTrigError),
                 error(QStringLiteral("exact_turns_error"), tr("error, exact turns (the fix)"),
                       acrossPairs_.exactTurnsError),
                 {QStringLiteral("pair"), {}, pair_}},
                QStringLiteral("<p>%1</p>")
                    .arg(tr("Errors below %1 rad are drawn at %1.").arg(kErrorFloor, 0, 'g', 1)));
}

}  // namespace ropelab::ui
