// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/invariance_lesson.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QHBoxLayout>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

#include "analysis/fixed_content.h"
#include "analysis/score_curve.h"
#include "encodings/rope_frequencies.h"
#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/gapped_curve.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/score_plot_helpers.h"

namespace ropelab::ui {

namespace {

// In the enum's order: an encoding's value is its index in the choices.
constexpr std::array kEncodings{ScoreEncoding::Rope,    ScoreEncoding::Sinusoidal,
                                ScoreEncoding::Learned, ScoreEncoding::T5,
                                ScoreEncoding::Alibi,   ScoreEncoding::Seed};
constexpr int kMaxCells = 256;
constexpr std::array kCurveDashes{Qt::SolidLine, Qt::DashLine, Qt::DotLine};
constexpr std::array kCurveWidths{1.8, 1.1, 0.8};

}  // namespace

InvarianceLesson::InvarianceLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    for (std::size_t s = 0; s < 2; ++s) {
        Side& side = sides_[s];
        side.heatPlot =
            createPlot(QStringLiteral("score-heatmap-%1").arg(s + 1),
                       {.x = QT_TR_NOOP("key position n"), .y = QT_TR_NOOP("query position m")});
        side.curvePlot = createPlot(
            QStringLiteral("score-vs-distance-%1").arg(s + 1),
            {.x = QT_TR_NOOP("relative distance m − n (tokens)"), .y = QT_TR_NOOP("score")});
        // The titles name the side's encoding (retranslateSide).
        side.heatTitle = addPlotTitle(side.heatPlot, QString());
        side.heat = addHeatMap(side.heatPlot, Gradient::Diverging, QT_TR_NOOP("score"));
        side.curveTitle = addPlotTitle(side.curvePlot, QString());
        for (std::size_t j = 0; j < kKeyPositions; ++j) {
            side.curves[j] =
                addSeries(side.curvePlot, {categorical(int(j)), kCurveDashes[j], kCurveWidths[j]});
        }
        placeLegendBelow(side.curvePlot);
    }
    decayPlot_ = createPlot(
        QStringLiteral("long-term-decay"),
        {QT_TR_NOOP("RoPE long-term decay"), QT_TR_NOOP("relative distance m − n (tokens)"),
         QT_TR_NOOP("|score| (log axis)")});
    placePlots({{sides_[0].heatPlot, sides_[1].heatPlot},
                {sides_[0].curvePlot, sides_[1].curvePlot},
                {decayPlot_, decayPlot_}},
               {5, 3, 3});
    // The bound and the scores it bounds on one logarithmic axis: the bound is far above them.
    decayGraphs_ = {
        addSeries(decayPlot_, {Series::Third}, QT_TR_NOOP("RoFormer bound for q = k")),
        addSeries(decayPlot_, {Series::Query, Qt::SolidLine, 0.7}, QT_TR_NOOP("|score| for q = k")),
        addSeries(decayPlot_, {Series::Fourth, Qt::SolidLine, 0.9})};
    bindText(QT_TR_NOOP("mean |score|, %1 random q, k"),
             [this](const QString& text) { decayGraphs_[2]->setName(text.arg(kDecaySamples)); });
    setLogAxis(decayPlot_->yAxis);
    placeLegendBelow(decayPlot_);

    for (const int s : {0, 1}) {
        auto* row = new QHBoxLayout;
        controlsLayout()->addLayout(row);
        // The items' texts are the encodings' names (retranslateSide), their data the encoding.
        QComboBox* box = addChoice(
            {.name = s == 0 ? "encoding1" : "encoding2",
             .accessibleName = s == 0 ? QT_TR_NOOP("Left encoding") : QT_TR_NOOP("Right encoding"),
             .label = s == 0 ? QT_TR_NOOP("Left") : QT_TR_NOOP("Right"),
             .items = {},
             .layout = row,
             .stretch = 1},
            [this, s](int index) {
                if (index >= 0) setEncoding(s, kEncodings[std::size_t(index)]);
            });
        {
            const QSignalBlocker quiet(box);  // the side keeps its encoding while items arrive
            for (ScoreEncoding e : kEncodings) box->addItem(QString(), static_cast<int>(e));
            box->setCurrentIndex(static_cast<int>(encodings_[std::size_t(s)]));
        }
        sides_[std::size_t(s)].encodingBox = box;
        bindState(
            s == 0 ? QStringLiteral("left") : QStringLiteral("right"), QString(),
            [this, s] { return QString::fromUtf8(toString(encodings_[s]).data()); },
            [this, s](const QString& name) {
                if (name.isEmpty()) return;
                runGuarded([&] { setEncoding(s, parseScoreEncoding(name.toStdString())); });
            });
    }

    // Each side and the decay are computed off the UI thread, only when what they read changed.
    for (std::size_t index = 0; index < 2; ++index) {
        declareFigures(
            {sides_[index].heatPlot, sides_[index].curvePlot}, FigureRun::Background,
            [this, index] {
                return SideKey{encodingParams(encodings_[index]), parameters().seed(),
                               std::min(parameters().sequenceLength(), kMaxPositions),
                               parameters().rope().headDim};
            },
            computeSide,
            [this, index](const SideKey& key, SideResult& result) {
                drawSide(index, key.positions, result);
            },
            allThreads());
    }
    declareFigures(
        {decayPlot_}, FigureRun::Background,
        [this] {
            return DecayKey{parameters().rope(), parameters().layout(), parameters().seed(),
                            std::min(parameters().sequenceLength(), kMaxDecayDistances)};
        },
        [](const DecayKey& key, const Execution& exec) {
            return ropeDecayComparison(seededQueryKey(key.rope.headDim, key.seed).q,
                                       ropeFrequencies(key.rope), key.layout, key.length,
                                       kDecaySamples, key.seed, exec);
        },
        [this](const DecayKey&, DecayComparison& decay) { drawDecay(decay); }, allThreads());
    refreshOnParameterChange([this] { refresh(); });
    bindExplanation(QT_TR_NOOP(
        "<p>Attention compares a query at position <i>m</i> with a key at <i>n</i> through "
        "the score f(q, <i>m</i>)·f(k, <i>n</i>). Here q and k are the same at every "
        "position, so only the encoding can make the score change.</p>"
        "<p>An encoding is <b>relative</b> when the score depends on <i>m</i> − <i>n</i> "
        "only: its heat map is constant along every diagonal, and the curves for different "
        "key positions lie on top of each other. RoPE is relative by construction, "
        "R(<i>m</i>)q · R(<i>n</i>)k = q · R(<i>n</i> − <i>m</i>)k, and so are T5 and ALiBi, "
        "which add a bias that depends on <i>m</i> − <i>n</i>. ALiBi is causal: a key after "
        "the query (<i>n</i> &gt; <i>m</i>) gets no score, so its map is empty above the "
        "diagonal and its curves stop at <i>m</i> − <i>n</i> = 0. Adding a position vector "
        "(sinusoidal, learned, or the widely copied wrong implementation of lesson 8, from a "
        "blog post on RoPE) leaves cross terms that depend on <i>m</i> and "
        "<i>n</i> separately.</p>"
        "<p><b>Deviation</b>: the largest change of the score along a diagonal, divided by "
        "the largest |score|.</p>"
        "<p><b>Long-term decay</b> (RoFormer §3.4.3): the RoPE score is "
        "Re Σ<sub>i</sub> h<sub>i</sub> e<sup>i(m−n)θ<sub>i</sub></sup> with "
        "h<sub>i</sub> = q<sub>i</sub>·k̄<sub>i</sub>, pair <i>i</i> of q times the complex "
        "conjugate of pair <i>i</i> of k. With "
        "S<sub>j</sub> = Σ<sub>k&lt;j</sub> e<sup>i(m−n)θ<sub>k</sub></sup>, summing by "
        "parts gives |score| ≤ max<sub>i</sub>|h<sub>i+1</sub> − h<sub>i</sub>| · "
        "Σ<sub>j</sub>|S<sub>j</sub>|. The lower plot shows this bound for q = k beside "
        "that score's size, on one logarithmic axis: the bound falls with distance and "
        "always lies above the score, but far above it — it limits what the score "
        "<i>can</i> reach. (The paper's figure plots only its shape, "
        "(1/(d/2))·Σ<sub>j</sub>|S<sub>j</sub>|.) The mean |score| of random q, k hardly "
        "changes, since rotating a random k leaves it just as random. Move d and the base to "
        "see all three change.</p>"));

    retranslate();
    applyTheme(theme());
    refresh();
}

QString InvarianceLesson::encodingName(ScoreEncoding encoding) const {
    // In the enum's order.
    static constexpr std::array kNames{QT_TR_NOOP("RoPE (rotate q and k)"),
                                       QT_TR_NOOP("sinusoidal, added to q and k"),
                                       QT_TR_NOOP("learned table, added to q and k"),
                                       QT_TR_NOOP("T5 relative bias"),
                                       QT_TR_NOOP("ALiBi linear bias"),
                                       QT_TR_NOOP("widely copied wrong code (lesson 8)")};
    return tr(kNames[static_cast<std::size_t>(encoding)]);
}

void InvarianceLesson::retranslate() {
    for (int s = 0; s < 2; ++s) retranslateSide(s);
}

void InvarianceLesson::retranslateSide(int s) {
    Side& side = sides_[std::size_t(s)];
    const QString name = encodingName(encodings_[std::size_t(s)]);
    side.heatTitle->setText(tr("%1: score(m, n)").arg(name));
    side.curveTitle->setText(tr("%1: score against m − n").arg(name));
    for (int j = 0; j < kKeyPositions; ++j) {
        side.curves[std::size_t(j)]->setName(tr("key at n = %1").arg(keyPosition(j)));
    }
    for (std::size_t i = 0; i < kEncodings.size(); ++i) {
        side.encodingBox->setItemText(int(i), encodingName(kEncodings[i]));
    }
}

void InvarianceLesson::setEncoding(int side, ScoreEncoding encoding) {
    if (encodings_[std::size_t(side)] == encoding) return;
    encodings_[std::size_t(side)] = encoding;
    sides_[std::size_t(side)].encodingBox->setCurrentIndex(static_cast<int>(encoding));
    retranslateSide(side);
    refresh();
}

ScoreEncodingParams InvarianceLesson::encodingParams(ScoreEncoding encoding) const {
    // Only what this encoding reads, so equal params mean equal results.
    ScoreEncodingParams p;
    p.encoding = encoding;
    if (encoding == ScoreEncoding::Rope) {
        p.rope = parameters().rope();
        p.layout = parameters().layout();
    }
    if (encoding == ScoreEncoding::Sinusoidal) p.sinusoidalBase = parameters().rope().ropeTheta;
    if (encoding == ScoreEncoding::Learned) p.learnedSeed = parameters().seed();
    if (encoding == ScoreEncoding::T5) p.t5BiasSeed = parameters().seed();
    return p;
}

void InvarianceLesson::refresh() {
    updateFigures();
    if (sideShown_[0]) updateReadout();
}

InvarianceLesson::SideResult InvarianceLesson::computeSide(const SideKey& key,
                                                           const Execution& exec) {
    const int n = key.positions;
    const auto [q, k] = seededQueryKey(key.dim, key.seed);
    FixedContentScores scores =
        fixedContentScores(q, k, key.params, n, kMaxCells, kDeviationPositions, exec);
    SideResult r;
    r.grid = std::move(scores.grid);
    r.heat = colourPooledGrid(r.grid, n, Gradient::Diverging, HeatRange::Symmetric);
    r.deviation = scores.deviation;
    for (int j = 0; j < kKeyPositions; ++j) {
        const std::int64_t p = keyPosition(n, j);
        // The query stays inside 0 … N − 1: Δ from −P to N − 1 − P.
        r.curves[std::size_t(j)] =
            scoreCurve(q, k, key.params, DistanceRange{-p, n - p, 1}, p, exec);
    }
    return r;
}

void InvarianceLesson::drawSide(std::size_t index, int positions, SideResult& result) {
    clearProblem();
    positions_ = positions;
    sideShown_[index] = true;
    grids_[index] = std::move(result.grid);
    deviations_[index] = result.deviation;
    Side& side = sides_[index];
    showColouredGrid(side.heat, std::move(result.heat), positions);
    double span = 0.0;
    for (std::size_t j = 0; j < kKeyPositions; ++j) {
        const std::int64_t p = keyPosition(int(j));
        span = std::max(span, setIndexedDataWithGaps(side.curves[j], result.curves[j], double(-p)));
        antialiasUnlessDense(side.curves[j]);
        side.curves[j]->setName(tr("key at n = %1").arg(p));
    }
    side.curvePlot->xAxis->setRange(-(positions - 1), positions - 1);
    if (span > 0.0) side.curvePlot->yAxis->setRange(-1.1 * span, 1.1 * span);
    updateReadout();
}

void InvarianceLesson::drawDecay(DecayComparison& decay) {
    clearProblem();
    decay_ = std::move(decay);
    QVector<double> alignedSize = toQVector(decay_.aligned);
    for (double& v : alignedSize) v = std::abs(v);
    const QVector<double> distances = toQVector(decay_.distances);
    const std::array values{toQVector(decay_.bound), std::move(alignedSize),
                            toQVector(decay_.mean)};
    for (std::size_t g = 0; g < 3; ++g) {
        decayGraphs_[g]->setData(distances, values[g], true);
        antialiasUnlessDense(decayGraphs_[g]);
    }
    decayPlot_->xAxis->setRange(0.0, std::max(1.0, decay_.distances.back()));
    // From a little below the mean |score| (|score| for q = k dips to 0 where it changes
    // sign) to above the bound.
    const double top = *std::max_element(decay_.bound.begin(), decay_.bound.end());
    const double low = *std::min_element(decay_.mean.begin(), decay_.mean.end());
    decayPlot_->yAxis->setRange(std::max(low / 10.0, top * 1e-6), top * 2.0);
    if (sideShown_[0]) updateReadout();  // the bound's row
}

void InvarianceLesson::updateReadout() {
    QList<Readout> readouts;
    for (int s = 0; s < 2; ++s) {
        const ScoreEncoding e = encodings_[std::size_t(s)];
        const QString side = s == 0 ? QStringLiteral("left") : QStringLiteral("right");
        readouts.append({side + QStringLiteral("_deviation"),
                         tr("%1: deviation").arg(encodingName(e)),
                         deviations_[std::size_t(s)],
                         {'g', 3}});
        readouts.append({.label = tr("%1: relative?").arg(encodingName(e)),
                         .text = isRelative(e) ? tr("yes") : tr("no")});
        readouts.append({side + QStringLiteral("_encoding"), {}, static_cast<int>(e)});
    }
    readouts.append({QStringLiteral("positions"), {}, positions_});
    const bool decayShown = !decay_.distances.empty();
    if (decayShown) {
        const double distance = decay_.distances.back();
        readouts.append({QStringLiteral("relative_bound_end"),
                         tr("RoPE relative decay bound at m − n = %1").arg(distance),
                         decay_.relativeBoundEnd,
                         {'f', 2}});
        readouts.append({QStringLiteral("relative_bound_start"), {}, decay_.relativeBoundStart});
        readouts.append({QStringLiteral("decay_distance"), {}, distance});
        // How much of its value at distance 0 each curve keeps at the largest distance.
        readouts.append({QStringLiteral("aligned_score_ratio"),
                         {},
                         decay_.aligned.back() / decay_.aligned.front()});
        readouts.append(
            {QStringLiteral("mean_abs_score_ratio"), {}, decay_.mean.back() / decay_.mean.front()});
    }
    const QString html =
        QStringLiteral("<p>") +
        tr("Deviation over positions m, n &lt; %1; curves for keys at n = %2, %3, %4.")
            .arg(std::min(positions_, kDeviationPositions))
            .arg(keyPosition(0))
            .arg(keyPosition(1))
            .arg(keyPosition(2)) +
        QStringLiteral("</p>");
    // Published once both sides and the decay are shown and nothing is computing.
    setReadouts(readouts, html, !computing() && sideShown_[0] && sideShown_[1] && decayShown);
}

}  // namespace ropelab::ui
