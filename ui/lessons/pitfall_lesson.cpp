// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/pitfall_lesson.h"

#include <qcustomplot.h>

#include <QCheckBox>

#include <algorithm>
#include <memory>

#include "analysis/fixed_content.h"
#include "analysis/seed_pitfall.h"
#include "lessons/frequency_note.h"
#include "model/parameter_model.h"
#include "widgets/color_scale.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/score_plot_helpers.h"
#include "widgets/stepped_text_ticker.h"

namespace ropelab::ui {

namespace {

constexpr int kMaxCells = 256;            // heat-map cells per side (mean-pooled beyond)
constexpr int kNormSamples = 256;         // random directions of the length plot
constexpr int kDeviationPositions = 256;  // the diagonal deviation's positions at most

// Singular values are drawn against their rank 1 … d, length ratios against theirs 1 … samples.
template <class Values>
void setRankedValues(QCPGraph* graph, const Values& values) {
    setIndexedData(graph, values, 1.0);
    antialiasUnlessDense(graph);
}

}  // namespace

PitfallLesson::PitfallLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    const PlotTexts scoreAxes{nullptr, QT_TR_NOOP("key position n"),
                              QT_TR_NOOP("query position m")};
    QCustomPlot* seedPlot = createPlot(QStringLiteral("seed-code-heatmap"), scoreAxes);
    QCustomPlot* ropePlot = createPlot(QStringLiteral("rope-heatmap"), scoreAxes);
    singularPlot_ =
        createPlot(QStringLiteral("singular-values"),
                   {QT_TR_NOOP("Singular values of the position map"),
                    QT_TR_NOOP("rank k (largest first)"), QT_TR_NOOP("singular value σ_k")});
    normPlot_ = createPlot(
        QStringLiteral("norm-ratio"),
        {QT_TR_NOOP("Does the map alone keep lengths?"), nullptr, QT_TR_NOOP("‖x·M‖ / ‖x‖")});
    placePlots({{seedPlot, ropePlot}, {singularPlot_, normPlot_}}, {3, 2});

    // A score heat map under a title that names its colour range (declared below).
    const auto addScoreMap = [this](QCustomPlot* plot, HeatMap& heat) {
        QCPTextElement* title = addPlotTitle(plot, QString());
        heat = addHeatMap(plot, Gradient::Diverging, QT_TR_NOOP("f(q, m) · f(k, n)"));
        return title;
    };
    QCPTextElement* seedTitle = addScoreMap(seedPlot, seedHeat_);
    QCPTextElement* ropeTitle = addScoreMap(ropePlot, ropeHeat_);
    // A spectra plot: the wrong code's graph and RoPE's, a log y axis, the legend inside on the
    // right.
    const auto addSideGraphs = [this](QCustomPlot* plot, const char* wrongName,
                                      const char* ropeName) {
        std::array<QCPGraph*, 2> graphs{addSeries(plot, {Series::Key}, wrongName),
                                        addSeries(plot, {Series::Third}, ropeName)};
        setLogAxis(plot->yAxis);
        plot->legend->setVisible(true);
        plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignVCenter | Qt::AlignRight);
        return graphs;
    };
    singularGraphs_ =
        addSideGraphs(singularPlot_, QT_TR_NOOP("wrong code's M"), QT_TR_NOOP("RoPE R(p)"));
    for (QCPGraph* graph : singularGraphs_) {
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    }
    bindText(QT_TR_NOOP("%1 random directions x, sorted"),
             [this](const QString& text) { normPlot_->xAxis->setLabel(text.arg(kNormSamples)); });
    normGraphs_ =
        addSideGraphs(normPlot_, QT_TR_NOOP("wrong code: x·M"), QT_TR_NOOP("RoPE: R(p)·x, any p"));

    seedDimension_ = addCheckBox(
        {.name = "seedDimension",
         .text = QT_TR_NOOP("Use the blog post's d_model = 2"),
         .toolTip = QT_TR_NOOP("The blog post's example runs with d_model = 2: M = [[1, 1], [1, "
                               "cos 0.01]] is almost singular."),
         .state = "seedDimension"},
        [this] { refresh(); });
    bindExplanation(QT_TR_NOOP(
        "<p>A widely copied wrong implementation of RoPE, from a blog post on RoPE, adds "
        "PE[<i>p</i>, <i>j</i>] = cos(<i>p</i>·<i>j</i>·0.01) to x and then multiplies by "
        "M[<i>i</i>, <i>j</i>] = cos(<i>i</i>·<i>j</i>·0.01). M is the same for every "
        "position, and it is <b>not a rotation</b>: a rotation has all singular values "
        "equal to 1 and keeps every length, M stretches some directions and nearly erases "
        "others. Position enters only through the added vector, so the score "
        "(x<sub>m</sub> + PE<sub>m</sub>)M · (x<sub>n</sub> + PE<sub>n</sub>)M depends on "
        "<i>m</i> and <i>n</i> separately: its heat map changes along the diagonals "
        "<i>m</i> − <i>n</i> = const.</p>"
        "<p>The two heat maps have separate colour scales (their titles give each range): "
        "the wrong code's scores are far larger, so compare the patterns, not the "
        "colours.</p>"
        "<p><b>Correct RoPE</b> adds nothing. It turns pair <i>i</i> of q and k by "
        "<i>p</i>·θ<sub>i</sub> after the q/k projections:</p>"
        "<ul><li><b>Half-split</b> (GPT-NeoX, HF Llama): pairs (<i>i</i>, <i>i</i> + d/2); "
        "out = x·cos(<i>p</i>θ) + rotate_half(x)·sin(<i>p</i>θ), rotate_half(x) = "
        "[−x<sub>d/2…d−1</sub>, x<sub>0…d/2−1</sub>].</li>"
        "<li><b>Interleaved</b> (RoFormer, GPT-J, Meta Llama): pairs (2<i>i</i>, 2<i>i</i>+1); "
        "out<sub>2i</sub> = x<sub>2i</sub>cos − x<sub>2i+1</sub>sin, "
        "out<sub>2i+1</sub> = x<sub>2i+1</sub>cos + x<sub>2i</sub>sin.</li></ul>"
        "<p>Then R(<i>m</i>)q · R(<i>n</i>)k = q · R(<i>n</i> − <i>m</i>)k: the score "
        "depends on <i>m</i> − <i>n</i> alone, and the heat map is constant along every "
        "diagonal.</p>"));
    declareExplanationNote([this] { return shownRope(); }, frequencyNote);
    // The wrong code's side depends only on the vectors, N and d: a base or layout change keeps
    // it. Each side is computed off the UI thread with every core.
    // A side's heat map takes its coloured cells, the lesson keeps the numbers.
    const auto keepSide = [](SideResult& shown, const HeatMap& heat, SideResult& side,
                             int positions) {
        showColouredGrid(heat, std::move(side.heat), positions);
        shown = std::move(side);
    };
    declareFigures(
        {seedPlot}, FigureRun::Background, [this] { return shownInputs(); },
        [](const SeedKey& key, const Execution& exec) {
            ScoreEncodingParams seed;
            seed.encoding = ScoreEncoding::Seed;
            const Eigen::MatrixXd m = seedCodeMatrix(key.dimension);
            return computeSide(seed, m, m, key, exec);
        },
        [this, keepSide](const SeedKey& key, SideResult& side) {
            keepSide(seed_, seedHeat_, side, key.positions);
            seedShown_ = key;
        },
        allThreads());
    declareFigures(
        {ropePlot}, FigureRun::Background,
        [this] {
            return RopeKey{shownRope(), parameters().layout(), shownInputs()};
        },
        [](const RopeKey& key, const Execution& exec) {
            ScoreEncodingParams rope;
            rope.encoding = ScoreEncoding::Rope;
            rope.rope = key.rope;
            rope.layout = key.layout;
            // R(p) acts as R(p)·x; any p gives the same singular values and lengths.
            const Eigen::MatrixXd turn =
                ropeRotationMatrix(ropeFrequencies(key.rope), 1.0, key.layout);
            return computeSide(rope, turn, turn.transpose(), key.inputs, exec);
        },
        [this, keepSide](const RopeKey& key, SideResult& side) {
            keepSide(rope_, ropeHeat_, side, key.inputs.positions);
            ropeShown_ = key;
        },
        allThreads());
    // Each map titled with its own colour range, in the language shown: the other side's arrival
    // does not repaint this one.
    const auto declareTitle = [this](QCustomPlot* plot, QCPTextElement* title, auto text) {
        declareInlineFigures({plot}, text, [title](const std::optional<QString>& shown) {
            setTitleText(title, *shown);
        });
    };
    declareTitle(seedPlot, seedTitle, [this] {
        return seedShown_ ? std::optional(tr("Wrong code: score(m, n)\ncolours ±%1")
                                              .arg(colourRangeText(seedHeat_.scale)))
                          : std::nullopt;
    });
    declareTitle(ropePlot, ropeTitle, [this] {
        return ropeShown_ ? std::optional(tr("Correct RoPE: score(m, n)\ncolours ±%1")
                                              .arg(colourRangeText(ropeHeat_.scale)))
                          : std::nullopt;
    });
    // The spectra and readouts compare both sides: drawn once both are in.
    declareInlineFigures(
        {singularPlot_, normPlot_},
        [this] {
            return seedShown_ && ropeShown_ && !computing()
                       ? std::optional(std::pair(*seedShown_, *ropeShown_))
                       : std::nullopt;
        },
        [this](const auto&) {
            clearProblem();
            drawSpectra();
            updateReadout();
        });
    refreshOnParameterChange([this] { refresh(); });

    applyTheme(theme());
    refresh();
}

RopeParams PitfallLesson::shownRope() const {
    if (!seedDimension_->isChecked()) return parameters().rope();
    // d = 2 is one pair: plain RoPE with the shared base.
    RopeParams pair;
    pair.headDim = 2;
    pair.ropeTheta = parameters().rope().ropeTheta;
    return pair;
}

PitfallLesson::SeedKey PitfallLesson::shownInputs() const {
    return {parameters().seed(), std::min(parameters().sequenceLength(), kMaxPositions),
            seedDimension_->isChecked() ? 2 : parameters().rope().headDim};
}

void PitfallLesson::refresh() {
    updateFigures();
    if (ropeShown_) updateReadout();
}

PitfallLesson::SideResult PitfallLesson::computeSide(const ScoreEncodingParams& encoding,
                                                     const Eigen::MatrixXd& transform,
                                                     const Eigen::MatrixXd& rowMap,
                                                     const SeedKey& key, const Execution& exec) {
    const int d = key.dimension;
    const auto [q, k] = seededQueryKey(d, key.seed);
    const FixedContentScores scores =
        fixedContentScores(q, k, encoding, key.positions, kMaxCells, kDeviationPositions, exec);
    // rowMap is the transform written as x·rowMap (the wrong code's convention), for the lengths.
    SideResult r;
    r.heat =
        colourPooledGrid(scores.grid, key.positions, Gradient::Diverging, HeatRange::Symmetric);
    r.deviation = scores.deviation;
    r.singular = singularValues(transform);
    r.rank = numericalRank(r.singular, d, d);
    r.norms = lengthRatios(rowMap, kNormSamples, key.seed);
    return r;
}

void PitfallLesson::drawSpectra() {
    setRankedValues(singularGraphs_[0], seed_.singular);
    setRankedValues(singularGraphs_[1], rope_.singular);
    setRankedValues(normGraphs_[0], seed_.norms);
    setRankedValues(normGraphs_[1], rope_.norms);
    singularPlot_->xAxis->setRange(0.5, dimension() + 0.5);
    // Log scale: show from the smallest singular value (floored at 1e-17) to above the largest.
    const double top = std::max(seed_.singular.maxCoeff(), rope_.singular.maxCoeff());
    const double bottom =
        std::max(std::min(seed_.singular.minCoeff(), rope_.singular.minCoeff()), 1e-17);
    singularPlot_->yAxis->setRange(bottom / 3.0, top * 3.0);

    normPlot_->xAxis->setRange(0.5, kNormSamples + 0.5);
    bool found = false;
    const QCPRange seedRange = normGraphs_[0]->getValueRange(found);
    const QCPRange ropeRange = normGraphs_[1]->getValueRange(found);
    const double low = std::min(seedRange.lower, ropeRange.lower) / 1.5;
    const double high = std::max(seedRange.upper, ropeRange.upper) * 1.5;
    normPlot_->yAxis->setRange(low, high);
    // Powers of two written plainly (1, 2, 4 …; 0.5 …): the ratio 1 of a rotation is a tick.
    SteppedTextTicker::on(normPlot_->yAxis)->addPowersOfTwo(low, high, 6);
}

void PitfallLesson::updateReadout() {
    const auto minmax = [](const std::vector<double>& v) {
        const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
        return std::pair{*lo, *hi};
    };
    const auto [seedNormLo, seedNormHi] = minmax(seed_.norms);
    const auto [ropeNormLo, ropeNormHi] = minmax(rope_.norms);
    // A row of both sides: the wrong code's value, published under `id`, and RoPE's beside it.
    const auto both = [](const char* id, const QString& label, double wrong, int wrongDigits,
                         double rope, int ropeDigits) {
        return Readout{.id = QLatin1String(id),
                       .label = label,
                       .value = wrong,
                       .format = {'g', wrongDigits},
                       .second = QString::number(rope, 'g', ropeDigits)};
    };
    // Nothing is judged on the previous numbers while a side is computed.
    setReadouts(
        {{.text = tr("wrong code"), .second = tr("RoPE")},
         both("wrong_deviation",
              tr("diagonal deviation (m, n &lt; %1)")
                  .arg(std::min(positions(), kDeviationPositions)),
              seed_.deviation, 3, rope_.deviation, 3),
         both("wrong_sigma_max", tr("largest singular value"), seed_.singular.maxCoeff(), 4,
              rope_.singular.maxCoeff(), 4),
         both("wrong_sigma_min", tr("smallest singular value"), seed_.singular.minCoeff(), 3,
              rope_.singular.minCoeff(), 4),
         {QStringLiteral("wrong_rank"),
          tr("dimensions kept (numerical rank)"),
          seed_.rank,
          {},
          tr("%1 of %2").arg(seed_.rank).arg(dimension()),
          tr("%1 of %2").arg(rope_.rank).arg(dimension())},
         {.label = tr("largest |score| (colour range)"),
          .text = colourRangeText(seedHeat_.scale),
          .second = colourRangeText(ropeHeat_.scale)},
         {.label = tr("‖x·M‖ / ‖x‖, %1 random x").arg(kNormSamples),
          .text = tr("%1 … %2").arg(seedNormLo, 0, 'g', 3).arg(seedNormHi, 0, 'g', 3),
          .second = tr("%1 … %2").arg(ropeNormLo, 0, 'g', 4).arg(ropeNormHi, 0, 'g', 4)},
         // The RoPE column's numbers, and what both sides were computed for.
         {QStringLiteral("rope_deviation"), {}, rope_.deviation},
         {QStringLiteral("rope_sigma_max"), {}, rope_.singular.maxCoeff()},
         {QStringLiteral("rope_sigma_min"), {}, rope_.singular.minCoeff()},
         {QStringLiteral("rope_rank"), {}, rope_.rank},
         {QStringLiteral("dimension"), {}, dimension()},
         {QStringLiteral("positions"), {}, positions()}},
        QStringLiteral("<p>%1</p>")
            .arg(tr("Diagonal deviation: max over diagonals m − n = const of (max − min) score, "
                    "divided by the largest |score|; 0 means the score is relative.")),
        !computing());
}

}  // namespace ropelab::ui
