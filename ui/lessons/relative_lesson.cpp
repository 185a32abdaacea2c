// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/relative_lesson.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <memory>

#include "analysis/relative_bias.h"
#include "encodings/alibi.h"
#include "encodings/t5_buckets.h"
#include "model/parameter_model.h"
#include "widgets/heat_map.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/stepped_text_ticker.h"

namespace ropelab::ui {

namespace {

constexpr int kMaxHeatmapCells = 256;

// What a bias map reads: the encoding (T5's buckets and seed, or ALiBi's heads) and N.
using BiasMapKey = std::pair<ScoreEncodingParams, int>;
struct BiasMap {
    std::unique_ptr<QCPColorMapData> cells;
    double lowest;
    double highest;
};

// ALiBi masks keys after the query (−∞, drawn empty).
BiasMap computeBiasMap(const BiasMapKey& key, const Execution& exec) {
    const auto& [encoding, n] = key;
    const RelativeBiasGrid bias =
        relativeBiasGrid(encoding, n, std::min(n, kMaxHeatmapCells), exec);
    return {colorMapData(bias.grid, n, n), bias.lowest, bias.highest};
}

}  // namespace

RelativeLesson::RelativeLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    bucketPlot_ = createPlot(
        QStringLiteral("t5-buckets"),
        {nullptr, QT_TR_NOOP("distance |i − j| (tokens, log axis)"), QT_TR_NOOP("bucket")});
    QCustomPlot* t5Plot = createPlot(QStringLiteral("t5-bias"));
    slopePlot_ = createPlot(QStringLiteral("alibi-slopes"),
                            {nullptr, QT_TR_NOOP("head h"), QT_TR_NOOP("slope m_h (log₂ axis)")});
    QCustomPlot* alibiPlot = createPlot(QStringLiteral("alibi-bias"));
    placePlots({{bucketPlot_, t5Plot}, {slopePlot_, alibiPlot}});
    // Both bias maps: key positions across, query positions down, the colour scale named.
    const auto makeMap = [this](QCustomPlot* plot, Gradient gradient, const char* scale) {
        QCPColorMap* map = addHeatMap(plot, gradient, scale).map;
        bindAxisLabels(plot, QT_TR_NOOP("key position j"), QT_TR_NOOP("query position i"));
        setPositionTableAxes(plot);
        return map;
    };

    // T5: bucket against the distance, one step curve per direction on a logarithmic distance
    // axis (on a linear one the one-bucket-per-distance zone is a few pixels wide and the steps
    // read as a vertical line), with the exact / logarithmic / saturated zones.
    bindExplanation(QT_TR_NOOP(
        "<p>Bias methods such as T5 and ALiBi leave q and k alone and add to the score q·k, "
        "before the softmax, a bias that depends only on the distance between query and "
        "key. (RoPE, in the next lessons, is relative too, but it works by turning q and "
        "k.)</p>"
        "<p>Distance here, as in every lesson, is the query position minus the key position, "
        "i − j (written m − n in the RoPE lessons): positive when the key comes before the "
        "query.</p>"
        "<p><b>T5</b>: the distance falls into one of num_buckets buckets. Bidirectional "
        "(encoder) buckets give half of them to keys before the query and half to keys after "
        "it; causal (decoder) buckets give all of them to keys before it and put every later "
        "key in bucket 0. Within one direction, the first max_exact = half of that "
        "direction's buckets hold one distance each (32 bidirectional buckets: 16 per "
        "direction, max_exact = 8), then the buckets grow logarithmically wider up to "
        "max_distance, and all longer distances share the last bucket. Each bucket has a "
        "learned bias per head (here random, as at initialisation).</p>"
        "<p><b>ALiBi</b>: no learned bias at all: head h adds −m<sub>h</sub>·(i − j) for "
        "query i and key j ≤ i. For H heads, H a power of two, the slopes are "
        "m<sub>h</sub> = 2<sup>−8h/H</sup> — a geometric sequence, so some heads look far "
        "and some near. For other H the first P heads, P the largest power of two below H, "
        "take the slopes of P heads and the remaining H − P take every other slope of 2P "
        "heads (2<sup>−4/P</sup>, 2<sup>−12/P</sup>, …). ALiBi is causal: a key after the "
        "query (j &gt; i) gets no score at all, so only keys at or before the query have a "
        "bias. The ALiBi map (lower right) keeps the colour scale of the steepest head for "
        "every head, so a head with a small slope looks pale.</p>"));
    bucketTitle_ = addPlotTitle(bucketPlot_, QString());
    beforeGraph_ =
        addSeries(bucketPlot_, {Series::Query}, QT_TR_NOOP("key before the query, i − j > 0"));
    afterGraph_ = addSeries(bucketPlot_, {Series::Key, Qt::DashLine},
                            QT_TR_NOOP("key after the query, i − j < 0"));
    for (QCPGraph* graph : {beforeGraph_, afterGraph_}) graph->setLineStyle(QCPGraph::lsStepLeft);
    currentBucket_ = addMarks(bucketPlot_, QCPScatterStyle::ssCircle, 11,
                              {Series::Neutral, Qt::SolidLine, 2.0}, theme());
    bindText(currentBucket_, QT_TR_NOOP("this query and key"));
    bucketPlot_->xAxis->setScaleType(QCPAxis::stLogarithmic);
    // The zone edges as vertical dashed lines named in a legend under the plot (labels written
    // on the plot would collide with the curve at projector font sizes).
    exactEdges_ = addSeries(bucketPlot_, {Series::Third, Qt::DashLine, 0.6});
    distanceEdges_ = addSeries(bucketPlot_, {Series::Key, Qt::DashLine, 0.6});
    placeLegendBelow(bucketPlot_, 2);

    QCPTextElement* t5Title = addPlotTitle(t5Plot, QString());
    t5Map_ = makeMap(t5Plot, Gradient::Diverging, QT_TR_NOOP("bias"));

    // ALiBi: one slope per head on a log₂ axis (they are evenly spaced there), the chosen head
    // highlighted.
    slopeTitle_ = addPlotTitle(slopePlot_, QString());
    slopeBars_ = std::make_unique<HighlightedBars>(
        slopePlot_->xAxis, slopePlot_->yAxis,
        SeriesStyle{Series::Reference, Qt::SolidLine, 0.5, 160},
        SeriesStyle{Series::Key, Qt::SolidLine, 0.5, 230}, 0.7, 1e-9, theme());
    slopePlot_->yAxis->setScaleType(QCPAxis::stLogarithmic);

    QCPTextElement* alibiTitle = addPlotTitle(alibiPlot, QString());
    alibiMap_ = makeMap(alibiPlot, Gradient::Sequential,
                        QT_TR_NOOP("bias −m(i − j), one scale for all heads"));
    // Presenter fonts beside a small map leave no room for the whole label; the explanation
    // says that the scale is shared.
    bindText(QT_TR_NOOP("bias −m(i − j)"), [this](const QString& text) {
        setShorterAxisLabel(alibiMap_->colorScale()->axis(), text);
    });
    mask_ = addCurve(alibiPlot->xAxis, alibiPlot->yAxis);
    maskLabel_ = new PlotLabel(alibiPlot);
    maskLabel_->setPositionAlignment(Qt::AlignCenter);
    setSeriesStyle(maskLabel_, {Series::Neutral, Qt::SolidLine, 1.2}, theme());

    const auto refreshNow = [this] { refresh(); };
    bucketSlider_ = addSlider({.name = "bucketSlider",
                               .label = QT_TR_NOOP("T5 num_buckets"),
                               .range = {4, 128, 32},
                               .step = 2},
                              refreshNow);
    distanceSlider_ = addSlider({.name = "maxDistanceSlider",
                                 .label = QT_TR_NOOP("T5 max_distance"),
                                 .range = {2, 1024, 128},
                                 .unit = QT_TR_NOOP("tokens")},
                                refreshNow);
    bidirectional_ = addCheckBox({.name = "bidirectionalBox",
                                  .text = QT_TR_NOOP("Bidirectional (encoder)"),
                                  .checked = true,
                                  .toolTip = QT_TR_NOOP("Unchecked: causal (decoder) buckets")},
                                 refreshNow);
    headsSlider_ = addSlider(
        {.name = "headsSlider", .label = QT_TR_NOOP("ALiBi heads H"), .range = {1, 64, 8}},
        refreshNow);
    headSlider_ = addSlider(
        {.name = "headSlider", .label = QT_TR_NOOP("Head h"), .range = {1, 8, 1}}, refreshNow);
    FigureTask* bucketFigure = declareInlineFigures(
        {bucketPlot_},
        [this] {
            return std::pair{t5Params(), parameters().queryPosition() - parameters().keyPosition()};
        },
        [this](const auto& key) { updateBuckets(key.first, key.second); });
    FigureTask* slopeFigure = declareInlineFigures(
        {slopePlot_},
        [this] {
            return std::pair{alibiHeads(), alibiHead()};
        },
        [this](const auto& key) { updateSlopes(key.first, key.second); });
    FigureTask* maskFigure = declareInlineFigures(
        {alibiPlot}, [this] { return parameters().sequenceLength(); },
        [this](int) { updateMask(); });
    // One figure per map, its key the bias alone (zero q and k): the heads move ALiBi's alone,
    // the buckets T5's alone.
    FigureTask* t5MapFigure = declareFigures(
        {t5Plot}, FigureRun::Background,
        [this] {
            return BiasMapKey{t5BiasEncoding(t5Params(), parameters().seed()),
                              parameters().sequenceLength()};
        },
        computeBiasMap,
        [this, t5Plot, t5Title](const BiasMapKey& key, BiasMap& map) {
            const int n = key.second;
            t5Map_->setData(map.cells.release(), false);
            const double span = std::max({std::abs(map.lowest), std::abs(map.highest), 1e-12});
            t5Map_->setDataRange(QCPRange(-span, span));
            showPositions(t5Plot, n);
            t5Title->setText(n > kMaxHeatmapCells ? tr("T5 bias b[bucket(i − j)]\nblock means")
                                                  : tr("T5 bias\nb[bucket(i − j)]"));
        });
    FigureTask* alibiMapFigure = declareFigures(
        {alibiPlot}, FigureRun::Background,
        [this] {
            return BiasMapKey{alibiBiasEncoding(alibiHeads(), alibiHead()),
                              parameters().sequenceLength()};
        },
        computeBiasMap,
        [this, alibiPlot, alibiTitle](const BiasMapKey& key, BiasMap& map) {
            const auto& [encoding, n] = key;
            alibiMap_->setData(map.cells.release(), false);
            // The causal half (key ≤ query) is ≤ 0; the masked half is empty and hatched over.
            // One colour scale for every head, that of the steepest (−m₁·(N − 1)), so a gentle
            // head looks gentle instead of being stretched to the same colours.
            const std::vector<double> slopes = alibiSlopes(encoding.alibiHeads);
            const double steepest = *std::max_element(slopes.begin(), slopes.end());
            alibiMap_->setDataRange(QCPRange(std::min(-steepest * (n - 1), -1e-12), 0.0));
            showPositions(alibiPlot, n);
            alibiTitle->setText(
                tr("ALiBi bias, head %1\nm = %2")
                    .arg(encoding.alibiHead)
                    .arg(QString::number(slopes[std::size_t(encoding.alibiHead - 1)], 'g', 4)));
        });
    // Each triple and pair is set at once: one at a time could pass through an invalid T5 setting.
    bindState(
        {QStringLiteral("numBuckets"), QStringLiteral("maxDistance"),
         QStringLiteral("bidirectional")},
        [this] {
            return QJsonObject{{QStringLiteral("numBuckets"), bucketSlider_->value()},
                               {QStringLiteral("maxDistance"), distanceSlider_->value()},
                               {QStringLiteral("bidirectional"), bidirectional_->isChecked()}};
        },
        [this](const QJsonObject& state) {
            const T5BucketParams fallback;
            setT5Params({state.value(QStringLiteral("numBuckets")).toInt(fallback.numBuckets),
                         state.value(QStringLiteral("maxDistance")).toInt(fallback.maxDistance),
                         state.value(QStringLiteral("bidirectional")).toBool(true)});
        });
    bindState(
        {QStringLiteral("heads"), QStringLiteral("head")},
        [this] {
            return QJsonObject{{QStringLiteral("heads"), alibiHeads()},
                               {QStringLiteral("head"), alibiHead()}};
        },
        [this](const QJsonObject& state) {
            setAlibi(state.value(QStringLiteral("heads")).toInt(8),
                     state.value(QStringLiteral("head")).toInt(1));
        });
    using P = ParameterModel::Parameter;
    refreshOnParameterChange([this] { refresh(); }, P::Positions | P::SequenceLength | P::Seed);
    // Titles are written by the draw steps.
    redrawOnLanguageChange({bucketFigure, slopeFigure, maskFigure, t5MapFigure, alibiMapFigure});

    refresh();
    applyTheme(theme());
}

T5BucketParams RelativeLesson::t5Params() const {
    return {bucketSlider_->value(), distanceSlider_->value(), bidirectional_->isChecked()};
}

void RelativeLesson::setT5Params(const T5BucketParams& params) {
    bucketSlider_->setValue(params.numBuckets);
    distanceSlider_->setValue(params.maxDistance);
    {
        const QSignalBlocker block(bidirectional_);
        bidirectional_->setChecked(params.bidirectional);
    }
    refresh();
}

void RelativeLesson::setAlibi(int heads, int head) {
    headsSlider_->setValue(heads);
    headSlider_->setRange(1, heads);
    headSlider_->setValue(head);
    refresh();
}

void RelativeLesson::refresh() {
    headSlider_->setRange(1, headsSlider_->value());
    runGuarded([this] {
        validate(t5Params());
        updateFigures();
        updateReadout();
    });
}

void RelativeLesson::updateBuckets(const T5BucketParams& params, int distance) {
    // Far enough past max_distance to show that every longer distance shares the last bucket.
    const int reach = std::max(params.maxDistance + params.maxDistance / 2, 24);
    QVector<double> x, before, after;
    for (int d = 1; d <= reach; ++d) {
        x.push_back(d);
        // core's bucket takes key − query = −(i − j).
        before.push_back(t5RelativePositionBucket(-d, params));
        after.push_back(t5RelativePositionBucket(d, params));
    }
    beforeGraph_->setData(x, before, true);
    afterGraph_->setData(x, after, true);
    bucketPlot_->xAxis->setRange(0.8, reach * 1.15);
    bucketPlot_->yAxis->setRange(-1, params.numBuckets + 1);
    SteppedTextTicker* ticks = SteppedTextTicker::on(bucketPlot_->xAxis);
    for (int d = 1; d <= reach; d *= 2) ticks->addTick(d, QString::number(d));
    // max_exact as HF: half of the buckets of one direction.
    const int perDirection = params.bidirectional ? params.numBuckets / 2 : params.numBuckets;
    const int maxExact = perDirection / 2;
    const auto edge = [&](QCPGraph* graph, double at) {
        graph->setData({at, at}, {-1.0, params.numBuckets + 1.0}, true);
    };
    edge(exactEdges_, maxExact);
    edge(distanceEdges_, params.maxDistance);
    exactEdges_->setName(tr("max_exact = %1").arg(maxExact));
    distanceEdges_->setName(tr("max_distance = %1").arg(params.maxDistance));
    // The current pair i − j = m − n: core's bucket takes j − i.
    const int bucket = t5RelativePositionBucket(-distance, params);
    bucketTitle_->setText((params.bidirectional
                               ? tr("T5 buckets, bidirectional (encoder)\ni − j = %1: bucket %2")
                               : tr("T5 buckets, causal (decoder)\ni − j = %1: bucket %2"))
                              .arg(distance)
                              .arg(bucket));
    // The marker sits on the curve of its direction; distance 0 has no place on the log axis.
    if (distance == 0) {
        currentBucket_->data()->clear();
    } else {
        currentBucket_->setData({std::abs(double(distance))}, {double(bucket)});
    }
}

void RelativeLesson::updateSlopes(int heads, int head) {
    const std::vector<double> slopes = alibiSlopes(heads);
    QVector<double> h, m;
    for (int i = 0; i < heads; ++i) {
        h.push_back(i + 1);
        m.push_back(slopes[std::size_t(i)]);
    }
    slopeBars_->setData(h, m, head - 1);
    slopePlot_->xAxis->setRange(0.3, heads + 0.7);
    const double lowest = *std::min_element(slopes.begin(), slopes.end());
    slopePlot_->yAxis->setRange(lowest / 1.6, 1.0);
    // Powers of two written as 2⁻ᵏ: the slopes are exactly such powers for H a power of two. At
    // least a sixth of the deepest power apart, so many heads keep few ticks, counted from 2⁰.
    const int deepest = static_cast<int>(std::ceil(-std::log2(lowest)));
    SteppedTextTicker* ticks = SteppedTextTicker::on(slopePlot_->yAxis);
    for (int k = 0; k <= deepest; ++k) {
        ticks->addTick(std::pow(2.0, -k), QStringLiteral("2") + superscriptNumber(-k));
    }
    ticks->setLeastStep(deepest / 6);
    ticks->setAnchor(1.0);
    // The closed formula holds only for H a power of two; core builds the other cases.
    const int below = 1 << static_cast<int>(std::floor(std::log2(heads)));
    slopeTitle_->setText(below == heads
                             ? tr("ALiBi slopes\nm_h = 2^(−8h/H), H = %1").arg(heads)
                             : tr("ALiBi slopes, H = %1\nthose of %2 heads, then every other of %3")
                                   .arg(heads)
                                   .arg(below)
                                   .arg(2 * below));
}

void RelativeLesson::updateMask() {
    const double n = parameters().sequenceLength();
    // The triangle of keys after the query (x > y with the query axis reversed).
    mask_->setData({0, 1, 2, 3}, {-0.5, n - 0.5, n - 0.5, -0.5}, {-0.5, -0.5, n - 0.5, -0.5});
    QColor hatch = seriesColor(Series::Reference, theme());
    mask_->setPen(QPen(hatch, 1.0));
    mask_->setBrush(QBrush(hatch, Qt::BDiagPattern));
    maskLabel_->position->setCoords(0.66 * n, 0.22 * n);
    // Whole on the hatch or not at all: presenter fonts on a small map cut "masked" at its edge.
    maskLabel_->fitInside({tr("masked\nj > i"), tr("masked"), QStringLiteral("j > i")},
                          QPolygonF({{-0.5, -0.5}, {n - 0.5, -0.5}, {n - 0.5, n - 0.5}}));
    // It sits on the top of the colour map (bias 0, yellow) in every theme: dark text reads there.
    maskLabel_->setColor(Qt::black);
}

void RelativeLesson::applyTheme(const PlotTheme& theme) {
    LessonPage::applyTheme(theme);
    updateMask();  // the hatch is not a series style
}

void RelativeLesson::updateReadout() {
    const int m = parameters().queryPosition();
    const int n = parameters().keyPosition();
    const std::int64_t distance = m - n;
    const T5BucketParams t5 = t5Params();
    const int heads = alibiHeads();
    const int head = alibiHead();
    const double alibiBias = relativeBias(alibiBiasEncoding(heads, head), m, n);
    const int bucket = t5RelativePositionBucket(n - m, t5);  // core takes j − i
    const std::vector<double> slopes = alibiSlopes(heads);
    setReadouts(
        {{QStringLiteral("query_position"),
          tr("query i = m, key j = n"),
          m,
          {},
          QStringLiteral("%1, %2").arg(m).arg(n)},
         {QStringLiteral("distance"), tr("distance i − j"), distance, {'f', 0}},
         {QStringLiteral("bucket"), tr("T5 bucket"), bucket, {'f', 0}},
         {QStringLiteral("t5_bias"),
          tr("T5 bias"),
          relativeBias(t5BiasEncoding(t5, parameters().seed()), m, n),
          {'f', 4}},
         {QStringLiteral("alibi_bias"),
          tr("ALiBi bias −m(i − j)"),
          alibiBias,
          {'f', 4},
          std::isfinite(alibiBias) ? QString() : tr("masked")},
         {QStringLiteral("key_position"), {}, n},
         // The bucket every key max_distance or more tokens before the query shares.
         {QStringLiteral("far_bucket"), {}, t5RelativePositionBucket(-t5.maxDistance, t5)},
         {QStringLiteral("heads"), {}, heads},
         {QStringLiteral("head"), {}, head},
         {QStringLiteral("slope"), {}, slopes[std::size_t(head - 1)]},
         {QStringLiteral("smallest_slope"), {}, *std::min_element(slopes.begin(), slopes.end())}},
        n > m ? tr("<p>The key is after the query: a decoder masks it, and ALiBi, always "
                   "causal, gives it no score.</p>")
              : QString());
}

}  // namespace ropelab::ui
