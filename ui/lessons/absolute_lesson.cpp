// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/absolute_lesson.h"

#include <qcustomplot.h>

#include <QLineF>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

#include "analysis/score_heatmap.h"
#include "encodings/learned_absolute.h"
#include "encodings/sinusoidal.h"
#include "model/parameter_model.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"

namespace ropelab::ui {

namespace {

constexpr int kMaxHeatmapCells = 256;  // similarity grid side: pooled beyond this
constexpr int kArcPoints = 64;
constexpr double kCircleExtent = 1.4;
// The three tables' maps, and the colours their jobs give the cells: one choice for both.
constexpr Gradient kTableGradient = Gradient::Diverging;

// What each figure reads: a table is computed again only when one of its own inputs changes.
struct LearnedKey {
    int dim;
    int sequenceLength;
    int maxLength;
    unsigned seed;
    bool operator==(const LearnedKey&) const = default;
};
struct SinusoidalKey {
    int dim;
    double base;
    int sequenceLength;
    bool operator==(const SinusoidalKey&) const = default;
};
struct ShiftKey {
    int dim;
    double base;
    int position;
    int shift;
    int pair;
    bool operator==(const ShiftKey&) const = default;
};

// The tables are coloured here, off the UI thread, with the range each is drawn with.
QCPRange learnedRange() {
    const double scale = 3.0 * LearnedPositionTable::defaultStddev;
    return {-scale, scale};
}

// Learned: only the rows the table has (and that fit in the sequence shown).
ColouredCells computeLearned(const LearnedKey& key, const Execution&) {
    const LearnedPositionTable table(key.maxLength, key.dim, key.seed);
    return colourCells(
        colorMapData(table.table().topRows(std::min(key.maxLength, key.sequenceLength))),
        colorGradient(kTableGradient), learnedRange());
}

ColouredCells computeSinusoidal(const SinusoidalKey& key, const Execution&) {
    std::vector<double> positions(static_cast<std::size_t>(key.sequenceLength));
    std::iota(positions.begin(), positions.end(), 0.0);
    return colourCells(colorMapData(sinusoidalTable(positions, key.dim, key.base)),
                       colorGradient(kTableGradient), QCPRange(-1.0, 1.0));
}

ColouredCells computeSimilarity(const SinusoidalKey& key, const Execution& exec) {
    const int n = key.sequenceLength;
    // PE(p)·PE(q): zero q and k with the sinusoidal encoding leave exactly that score.
    ScoreEncodingParams encoding;
    encoding.encoding = ScoreEncoding::Sinusoidal;
    encoding.sinusoidalBase = key.base;
    const Eigen::MatrixXd zeros = Eigen::MatrixXd::Zero(n, key.dim);
    const int cells = std::min(n, kMaxHeatmapCells);
    // |PE(p)·PE(q)| ≤ d/2 (each pair contributes cos of an angle).
    return colourCells(
        colorMapData(scoreHeatmap(zeros, zeros, encoding, cells, cells, Pooling::Mean, exec), n, n),
        colorGradient(kTableGradient), QCPRange(-key.dim / 2.0, key.dim / 2.0));
}

}  // namespace

AbsoluteLesson::AbsoluteLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent),
      learnedPlot_(createPlot(QStringLiteral("learned-table"),
                              {QT_TR_NOOP("Learned table (max length L)"),
                               QT_TR_NOOP("dimension j"), QT_TR_NOOP("position p")})) {
    QCustomPlot* sinusoidalPlot = createPlot(
        QStringLiteral("sinusoidal-table"),
        {QT_TR_NOOP("Sinusoidal PE(p, j)"), QT_TR_NOOP("dimension j"), QT_TR_NOOP("position p")});
    QCustomPlot* similarityPlot =
        createPlot(QStringLiteral("position-similarity"),
                   {nullptr, QT_TR_NOOP("position q"), QT_TR_NOOP("position p")});
    shiftPlot_ = createPlot(QStringLiteral("shift-rotation"));
    placePlots({{learnedPlot_, sinusoidalPlot}, {similarityPlot, shiftPlot_}});
    // The three tables' maps: a position per row, as a table is read; the colour scale named.
    const auto makeMap = [this](QCustomPlot* plot, const char* scale) {
        ColouredMap* map = addHeatMap(plot, kTableGradient, scale).map;
        setPositionTableAxes(plot);
        return map;
    };
    learnedMap_ = makeMap(learnedPlot_, QT_TR_NOOP("PE(p, j)"));
    learnedMap_->setDataRange(learnedRange());
    // Rows the table does not have: hatched, with the reason written on them.
    impossible_ = std::make_unique<HatchedRegion>(learnedPlot_, theme());

    sinusoidalMap_ = makeMap(sinusoidalPlot, QT_TR_NOOP("PE(p, j)"));
    sinusoidalMap_->setDataRange(QCPRange(-1.0, 1.0));
    similarityTitle_ = addPlotTitle(similarityPlot, QString());
    similarityMap_ = makeMap(similarityPlot, QT_TR_NOOP("PE(p)·PE(q)"));

    shiftTitle_ = addPlotTitle(shiftPlot_, QString());
    QCPCurve* circle = addCurve(shiftPlot_->xAxis, shiftPlot_->yAxis);
    setArc(circle, 1.0, 0.0, 2.0 * std::numbers::pi, kArcPoints * 4);
    setSeriesStyle(circle, {Series::Reference, Qt::SolidLine, 0.6}, theme());
    arc_ = addCurve(shiftPlot_->xAxis, shiftPlot_->yAxis);
    setSeriesStyle(arc_, {Series::Third, Qt::SolidLine, 0.9, 50}, theme());
    fromArrow_ = addArrow(shiftPlot_, {Series::Query, Qt::SolidLine, 1.3}, theme());
    toArrow_ = addArrow(shiftPlot_, {Series::Key, Qt::SolidLine, 1.3}, theme());
    fromLabel_ = new PlotLabel(shiftPlot_);
    setSeriesStyle(fromLabel_, {Series::Query, Qt::SolidLine, 1.2}, theme());
    toLabel_ = new PlotLabel(shiftPlot_);
    setSeriesStyle(toLabel_, {Series::Key, Qt::SolidLine, 1.2}, theme());
    keepEqualAspect(shiftPlot_,
                    QRectF(-kCircleExtent, -kCircleExtent, 2 * kCircleExtent, 2 * kCircleExtent));
    tagAnnotation(shiftPlot_, QStringLiteral("arrows"),
                  {arc_, fromArrow_, toArrow_, fromLabel_, toLabel_});
    tagAnnotation(learnedPlot_, QStringLiteral("missing-rows"),
                  {impossible_->hatch(), impossible_->label()});

    bindExplanation(QT_TR_NOOP(
        "<p>An absolute encoding gives each position p its own vector PE(p) and adds it to "
        "the token's embedding.</p>"
        "<p><b>Learned</b> (GPT-2, BERT): a table with one trained row per position, here at "
        "its N(0, 0.02²) initialisation. It has exactly L rows: a position ≥ L has no vector "
        "at all, so the model cannot take longer inputs.</p>"
        "<p><b>Sinusoidal</b> (Vaswani et al. 2017): PE(p, 2i) = sin(pω<sub>i</sub>), "
        "PE(p, 2i+1) = cos(pω<sub>i</sub>), ω<sub>i</sub> = base<sup>−2i/d</sup>. Defined "
        "for every p. The similarity PE(p)·PE(q) = Σ<sub>i</sub> cos((p − q)ω<sub>i</sub>) "
        "depends only on p − q, so it is constant along diagonals.</p>"
        "<p>Shifting by k turns every pair (PE(p, 2i), PE(p, 2i+1)) by the angle "
        "kω<sub>i</sub>, whatever p is: PE(p + k) is a fixed rotation of PE(p). RoPE builds "
        "on exactly this.</p>"
        "<p>In the lower right plot sin is across and cos is up, so an angle is measured "
        "from the vertical axis towards the horizontal one: a growing angle turns the arrow "
        "<b>clockwise</b>. Only the angle modulo 360° shows: a turn of 458.4° ends where "
        "98.4° does.</p>"));
    const auto refreshNow = [this] { refresh(); };
    maxLengthSlider_ =
        addSlider({.name = "maxLengthSlider",
                   .label = QT_TR_NOOP("Learned max length L"),
                   .range = {1, 4096, 128},
                   .unit = QT_TR_NOOP("positions"),
                   .toolTip = QT_TR_NOOP("Rows of the learned table (GPT-2: 1024, BERT: 512)"),
                   .state = "maxLength"},
                  refreshNow);
    pairSlider_ = addPairSlider({.label = QT_TR_NOOP("Pair index i")}, pair_,
                                [this](int pair) { setPairIndex(pair); });
    // ±128 tokens: about one token per pixel of a side-panel slider (±512 moved four); the
    // arrow keys step 1, Page Up/Down 8, and the spin box takes any value in range.
    shiftSlider_ =
        addSlider({.name = "shiftSlider",
                   .label = QT_TR_NOOP("Shift k"),
                   .range = {-128, 128, 8},
                   .unit = QT_TR_NOOP("tokens"),
                   .toolTip = QT_TR_NOOP("PE(p + k) is PE(p) with pair i turned by kω_i"),
                   .state = "shift",
                   .pageStep = 8},
                  refreshNow);
    // Each table is computed off the UI thread, and only when its own inputs change: the base
    // leaves the learned table as it is, its length L leaves the sinusoidal ones.
    const auto sinusoidalKey = [this] {
        return SinusoidalKey{parameters().rope().headDim, parameters().rope().ropeTheta,
                             parameters().sequenceLength()};
    };
    FigureTask* learnedFigure = declareFigures(
        {learnedPlot_}, FigureRun::Background,
        [this] {
            return LearnedKey{parameters().rope().headDim, parameters().sequenceLength(),
                              maxLength(), parameters().seed()};
        },
        computeLearned,
        [this](const LearnedKey& key, ColouredCells& cells) {
            learnedMap_->setColouredCells(std::move(cells));
            learnedPlot_->xAxis->setRange(QCPRange(-0.5, key.dim - 0.5));
            learnedPlot_->yAxis->setRange(QCPRange(-0.5, key.sequenceLength - 0.5));
            updateImpossibleRegion();
        });
    declareFigures({sinusoidalPlot}, FigureRun::Background, sinusoidalKey, computeSinusoidal,
                   [this, sinusoidalPlot](const SinusoidalKey& key, ColouredCells& cells) {
                       sinusoidalMap_->setColouredCells(std::move(cells));
                       sinusoidalPlot->xAxis->setRange(QCPRange(-0.5, key.dim - 0.5));
                       sinusoidalPlot->yAxis->setRange(QCPRange(-0.5, key.sequenceLength - 0.5));
                   });
    declareFigures({similarityPlot}, FigureRun::Background, sinusoidalKey, computeSimilarity,
                   [this, similarityPlot](const SinusoidalKey& key, ColouredCells& cells) {
                       similarityMap_->setColouredCells(std::move(cells));
                       showPositions(similarityPlot, key.sequenceLength);
                       similarityLength_ = key.sequenceLength;
                       updateSimilarityTitle();
                   });
    FigureTask* shiftFigure = declareFigures(
        {shiftPlot_}, FigureRun::Inline,
        [this] {
            return ShiftKey{parameters().rope().headDim, parameters().rope().ropeTheta,
                            parameters().queryPosition(), shift(), pair_};
        },
        [](const ShiftKey& key, const Execution&) {
            return sinusoidalShift(key.position, key.shift, key.pair, key.dim, key.base);
        },
        [this](const ShiftKey&, SinusoidalShift& shift) {
            shown_ = std::move(shift);
            drawShift();
        });
    refreshOnParameterChange([this] { refresh(); });
    // With the rows the table does not have, and the shift: their labels are translated text.
    redrawOnLanguageChange({learnedFigure, shiftFigure});

    refresh();
    applyTheme(theme());
}

void AbsoluteLesson::refresh() {
    runGuarded([this] {
        const int d = parameters().rope().headDim;
        validateSinusoidal(d, parameters().rope().ropeTheta);
        showPair(pairSlider_, pair_, d / 2);
        maxLengthSlider_->setRange(1, std::max(parameters().sequenceLength() * 2, 16));
        updateFigures();
        updateSimilarityTitle();  // and after a language change
        updateReadouts();
    });
}

void AbsoluteLesson::updateSimilarityTitle() {
    similarityTitle_->setText(
        similarityLength_ > kMaxHeatmapCells
            ? tr("Similarity PE(p)·PE(q), mean over %1×%1 blocks")
                  .arg(QString::number(double(similarityLength_) / kMaxHeatmapCells, 'g', 3))
            : tr("Similarity PE(p)·PE(q)"));
}

void AbsoluteLesson::drawShift() {
    const int a = 2 * pair_;
    const QPointF atP = pointAtP();
    const QPointF atPK = pointAtPPlusK();
    fromArrow_->start->setCoords(0.0, 0.0);
    fromArrow_->end->setCoords(atP);
    toArrow_->start->setCoords(0.0, 0.0);
    toArrow_->end->setCoords(atPK);
    fromLabel_->setText(tr("PE(p)"));
    fromLabel_->placeInside(1.2 * atP);
    toLabel_->setText(tr("PE(p+k)"));
    toLabel_->placeInside(1.2 * atPK);
    // The arc from PE(p) to PE(p + k): kω_i modulo one turn (sign kept), clockwise in the
    // (sin, cos) plane, the same angle the readout names.
    setArc(arc_, 0.3, std::atan2(atP.y(), atP.x()), -shown_.reduced, kArcPoints, true);
    shiftTitle_->setText(tr("Pair %1: PE(p) → PE(p + k), p = %2, k = %3")
                             .arg(pair_)
                             .arg(parameters().queryPosition())
                             .arg(shift()));
    shiftPlot_->xAxis->setLabel(tr("PE(p, %1) = sin(pω%2)").arg(a).arg(subscriptNumber(pair_)));
    shiftPlot_->yAxis->setLabel(tr("PE(p, %1) = cos(pω%2)").arg(a + 1).arg(subscriptNumber(pair_)));
}

void AbsoluteLesson::updateReadouts() {
    const int p = parameters().queryPosition();
    const int k = shift();
    const double omega = shown_.omega;
    const int length = maxLength();
    // The learned table at the query position: a row, or nothing at all.
    const QString learned =
        p < length ? tr("<p>Learned table at p = %1: row %1 of %2.</p>").arg(p).arg(length)
                   : tr("<p>Learned table at p = %1: <b>impossible</b>, the table has only %2 rows "
                        "(0 … %3).</p>")
                         .arg(p)
                         .arg(length)
                         .arg(length - 1);
    setReadouts(
        {{QStringLiteral("omega"),
          tr("ω<sub>%1</sub>").arg(pair_),
          omega,
          {'g', 5, tr("%1 rad/token")}},
         {QStringLiteral("turn_deg"),
          tr("turn kω<sub>%1</sub>").arg(pair_),
          k * omega * 180.0 / std::numbers::pi,
          {'f', 1, QStringLiteral("%1°")}},
         {.label = tr("turn modulo 360° (the arc)"),
          .text = (shown_.reduced >= 0.0 ? tr("%1° clockwise") : tr("%1° counter-clockwise"))
                      .arg(std::abs(shown_.reduced) * 180.0 / std::numbers::pi, 0, 'f', 1)},
         {QStringLiteral("query_position"), {}, p},
         {QStringLiteral("sequence_length"), {}, parameters().sequenceLength()},
         {QStringLiteral("max_length"), {}, length},
         {QStringLiteral("has_row"), {}, p < length ? 1.0 : 0.0},
         {QStringLiteral("missing_rows"), {}, std::max(parameters().sequenceLength() - length, 0)},
         {QStringLiteral("pair"), {}, pair_},
         {QStringLiteral("shift"), {}, k},
         {QStringLiteral("period_tokens"), {}, 2.0 * std::numbers::pi / omega},
         // How far the tip of PE(p + k) lies from the tip of PE(p) in the plot (0: back in place).
         {QStringLiteral("tip_gap"), {}, QLineF(pointAtP(), pointAtPPlusK()).length()}},
        tr("<p>PE(p + k) pair %1 = R(k)·PE(p) pair %1 with R(k) =<br>"
           "[ %2 &nbsp; %3 ]<br>[ %4 &nbsp; %5 ]<br>(the same for every p)</p>")
                .arg(pair_)
                .arg(shown_.cosKOmega, 0, 'f', 4)
                .arg(shown_.sinKOmega, 0, 'f', 4)
                .arg(-shown_.sinKOmega, 0, 'f', 4)
                .arg(shown_.cosKOmega, 0, 'f', 4) +
            learned);
}

void AbsoluteLesson::applyTheme(const PlotTheme& theme) {
    LessonPage::applyTheme(theme);
    updateImpossibleRegion();  // the hatch brush is not a series style
}

void AbsoluteLesson::updateImpossibleRegion() {
    const int n = parameters().sequenceLength();
    const int length = maxLength();
    const int d = parameters().rope().headDim;
    impossible_->show(QRectF(QPointF(-0.5, length - 0.5), QPointF(d - 0.5, n - 0.5)),
                      length < n
                          ? QStringList{tr("positions ≥ %1:\nno row, impossible").arg(length),
                                        tr("≥ %1:\nno row").arg(length), tr("no row")}
                          : QStringList(),
                      theme());
}

}  // namespace ropelab::ui
