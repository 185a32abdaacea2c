// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/clinic_lesson.h"

#include <qcustomplot.h>

#include <QComboBox>

#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "analysis/low_precision.h"
#include "encodings/learned_absolute.h"
#include "model/parameter_model.h"
#include "widgets/choice_box.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"

namespace ropelab::ui {

namespace {

constexpr double kCandlePosition = 15962.0;  // candle PR #3520
constexpr double kBeyondFloat16 = 70000.0;

// The largest score error against the tokens in the cache.
void showDrift(QCPGraph* graph, const KvCacheDrift& drift) {
    QVector<double> x;
    for (std::int64_t length : drift.length) x.append(static_cast<double>(length));
    graph->setData(x, toQVector(drift.maxAbsScoreError), true);
}

// The conventions table's scalings, by ClinicLesson::Example: rope_type, factor,
// max_position_embeddings and original_max_position_embeddings.
struct ExampleScaling {
    RopeType type;
    std::optional<double> factor;
    int maxPosition;
    std::optional<int> originalMaxPosition;
};
constexpr std::array<ExampleScaling, 5> kExamples{{{RopeType::Default, {}, 8192, {}},
                                                   {RopeType::Linear, 4.0, 8192, {}},
                                                   {RopeType::Dynamic, 2.0, 8192, {}},
                                                   {RopeType::Yarn, 4.0, 32768, 8192},
                                                   {RopeType::Llama3, 8.0, 131072, {}}}};

// A graph of a plot: its series style and legend name.
struct GraphSpec {
    SeriesStyle style;
    const char* name;
};

// Plain RoPE with the shared head dim and base: what the layout, KV-cache and 16-bit figures
// read (their key), and what the table's scalings start from.
RopeParams plainRope(const RopeParams& shared) {
    RopeParams plain;
    plain.headDim = shared.headDim;
    plain.ropeTheta = shared.ropeTheta;
    return plain;
}

DynamicNtkDrift computeDrifts(const RopeParams& plain, const Execution& exec) {
    return dynamicNtkDrift(plain, ClinicLesson::kMaxPosition, ClinicLesson::kDynamicFactor,
                           ClinicLesson::kPrompt, ClinicLesson::kGenerate, 0, exec);
}

LayoutScores computeLayoutScores(const RopeParams& plain, const Execution&) {
    const RopeFrequencies freqs = ropeFrequencies(plain);
    const Eigen::MatrixXd q = seededStandardNormal(1, plain.headDim, 0);
    const Eigen::MatrixXd k = seededStandardNormal(1, plain.headDim, 1);
    std::vector<double> distances;
    for (int d = 0; d < ClinicLesson::kLayoutDistances; ++d) distances.push_back(d);
    return layoutScores(freqs, q.row(0).transpose(), k.row(0).transpose(), distances);
}

PhaseErrors computeLowPrecision(const RopeParams& plain, const Execution& exec) {
    return ropePhaseErrors(ropeFrequencies(plain),
                           DistanceRange{0, ClinicLesson::kLowPrecisionPositions, 1}, {0}, exec);
}

}  // namespace

ClinicLesson::ClinicLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    QCustomPlot* layoutPlot =
        createPlot(QStringLiteral("layout-permutation-scores"),
                   {QT_TR_NOOP("One head's score q·k against distance Δ, weights in Meta's order"),
                    QT_TR_NOOP("distance Δ = m − n"), QT_TR_NOOP("score q·k")});
    QCustomPlot* kvPlot =
        createPlot(QStringLiteral("kv-cache-drift"),
                   {QT_TR_NOOP("Score error of cached keys as generation goes"),
                    QT_TR_NOOP("tokens in the cache"), QT_TR_NOOP("max score error")});
    QCustomPlot* positionsPlot = createPlot(QStringLiteral("low-precision-positions"),
                                            {QT_TR_NOOP("Positions rounded to 16-bit floats"),
                                             QT_TR_NOOP("position p"), QT_TR_NOOP("rounded − p")});
    table_ = new TextTable(3, this);
    placePlots({{table_, table_}, {layoutPlot, layoutPlot}, {kvPlot, positionsPlot}}, {2, 3, 3});

    table_->setObjectName(QStringLiteral("conventionsTable"));
    const std::array headers{QT_TR_NOOP("Tool"), QT_TR_NOOP("In its words"),
                             QT_TR_NOOP("What it cannot express")};
    for (int column = 0; column < 3; ++column) {
        bindText(headers[static_cast<std::size_t>(column)], [this, column](const QString& text) {
            table_->horizontalHeaderItem(column)->setText(text);
        });
    }
    bindExplanation(
        QT_TR_NOOP(
            "<p><b>One model, many conventions.</b> Each tool writes the same RoPE in its own "
            "words: HF's config.json keys, llama.cpp's flags and GGUF keys, vLLM's "
            "--rope-scaling, exllama's alpha_value (rope_theta × α<sup>d/(d−2)</sup>) and "
            "compress_pos_emb, Meta's params.json. The table writes the shared head size and "
            "base, with the scaling chosen below, in each tool's words, and says what a tool "
            "cannot express. The pair layout belongs to the tool too: HF's Llama-family code "
            "rotates half-split "
            "pairs, Meta's code and llama.cpp's Llama files interleaved ones.</p>"
            "<p><b>The two layouts are one rotation.</b> HF's Meta-to-HF conversion moves row "
            "2j + t of each head of W<sub>q</sub> and W<sub>k</sub> to row t·d/2 + j. Half-split "
            "RoPE on the permuted weights then gives exactly the scores of interleaved RoPE on "
            "Meta's weights (the first two curves coincide); a checkpoint converted without the "
            "permutation rotates the wrong components together (third curve).</p>"
            "<p><b>The KV cache.</b> Dynamic NTK recomputes θ from the current length, but keys "
            "already in the cache keep the rotation of the step that cached them. Here a "
            "%1-token prompt grows to %2 tokens with max_position_embeddings %3 and factor %4: "
            "the score error is exactly 0 until the sequence outgrows %3, then grows. A rope "
            "type whose θ does not depend on the length stays at 0; LongRoPE jumps in the same "
            "way once it switches from short to long factors.</p>"
            "<p><b>Positions in 16 bits.</b> bfloat16 keeps 8 significant bits, so integers are "
            "exact only up to 256 and neighbouring positions collide above it; float16 keeps "
            "11 (exact up to 2048) and ends at 65504. The fix: keep positions and θ in float32 "
            "(transformers PR #29285), or reduce the phase exactly as in the precision "
            "lesson.</p>"),
        kPrompt, kPrompt + kGenerate, kMaxPosition, kDynamicFactor);
    // Each plot's graphs, with the legend below.
    const auto addGraphs = [this](QCustomPlot* plot, std::initializer_list<GraphSpec> specs,
                                  int legendColumns) {
        std::vector<QCPGraph*> graphs;
        for (const GraphSpec& spec : specs)
            graphs.push_back(addSeries(plot, spec.style, spec.name));
        placeLegendBelow(plot, legendColumns);
        return graphs;
    };
    const std::vector<QCPGraph*> layoutGraphs = addGraphs(
        layoutPlot,
        {{{Series::Query, Qt::SolidLine, 2.5}, QT_TR_NOOP("interleaved RoPE on Meta's rows")},
         {{Series::Key, Qt::DashLine, 1.5},
          QT_TR_NOOP("half-split RoPE on the permuted rows (HF)")},
         {{Series::Third, Qt::SolidLine, 1.0},
          QT_TR_NOOP("half-split RoPE on unpermuted rows (wrong)")}},
        3);
    const std::vector<QCPGraph*> kvGraphs =
        addGraphs(kvPlot,
                  {{{Series::Key}, QT_TR_NOOP("dynamic NTK (θ follows the length)")},
                   {{Series::Query, Qt::DashLine}, QT_TR_NOOP("default RoPE (θ fixed)")}},
                  1);
    const std::vector<QCPGraph*> positionGraphs =
        addGraphs(positionsPlot,
                  {{{Series::Fourth}, QT_TR_NOOP("bfloat16")},
                   {{Series::Third}, QT_TR_NOOP("float16")},
                   {{Series::Reference, Qt::DotLine}, QT_TR_NOOP("float32 (exact here)")}},
                  1);

    // currentIndexChanged, not activated: activities set the box as a user would.
    exampleBox_ = addChoice(
        {.name = "exampleBox",
         .accessibleName = nullptr,
         .label = QT_TR_NOOP("Scaling in the table"),
         .items = {QT_TR_NOOP("none (default)"), QT_TR_NOOP("linear, factor 4"),
                   QT_TR_NOOP("dynamic NTK, factor 2"), QT_TR_NOOP("YaRN, factor 4"),
                   QT_TR_NOOP("Llama 3, factor 8")},
         .toolTip = QT_TR_NOOP("The rope_type written in every tool's words in the table.")},
        [this](int index) {
            if (index >= 0 && index != static_cast<int>(example_)) {
                setExample(static_cast<Example>(index));
            }
        });
    exampleBox_->setCurrentIndex(static_cast<int>(example_));
    const auto plainKey = [this] { return plainRope(parameters().rope()); };
    // The table is quick. The curves are computed off the UI thread: the KV cache and the 16-bit
    // positions grow with the head dimension (a few hundred ms at 512), and the layout scores
    // cost a slider move about a millisecond.
    FigureTask* table = declareInlineFigures(
        {},
        [this] {
            return std::pair{exampleParams(), parameters().layout()};
        },
        [this](const std::pair<RopeParams, RopeLayout>& key) {
            ConventionsInput input;
            input.params = key.first;
            input.layout = key.second;
            conventions_ = ropeConventions(input);
            fillTable();
        });
    redrawOnLanguageChange({table});  // its cells are translated text
    declareFigures({layoutPlot}, FigureRun::Background, plainKey, computeLayoutScores,
                   [this, layoutPlot, layoutGraphs](const RopeParams&, LayoutScores& scores) {
                       layoutScores_ = std::move(scores);
                       setIndexedData(layoutGraphs[0], layoutScores_.meta);
                       setIndexedData(layoutGraphs[1], layoutScores_.hf);
                       setIndexedData(layoutGraphs[2], layoutScores_.unpermuted);
                       layoutPlot->rescaleAxes();
                       updateReadout();  // the last of the three to arrive publishes it
                   });
    declareFigures({kvPlot}, FigureRun::Background, plainKey, computeDrifts,
                   [this, kvPlot, kvGraphs](const RopeParams&, DynamicNtkDrift& drifts) {
                       dynamicDrift_ = std::move(drifts.dynamic);
                       defaultDrift_ = std::move(drifts.plain);
                       showDrift(kvGraphs[0], dynamicDrift_);
                       showDrift(kvGraphs[1], defaultDrift_);
                       kvPlot->rescaleAxes();
                       updateReadout();
                   });
    declareFigures({positionsPlot}, FigureRun::Background, plainKey, computeLowPrecision,
                   [this, positionsPlot, positionGraphs](const RopeParams&, PhaseErrors& errors) {
                       lowPrecision_ = std::move(errors);
                       const PositionRounding rounding = positionRounding(lowPrecision_);
                       const QVector<double> p = toQVector(rounding.position);
                       positionGraphs[0]->setData(p, toQVector(rounding.bfloat16), true);
                       positionGraphs[1]->setData(p, toQVector(rounding.float16), true);
                       positionGraphs[2]->setData(p, QVector<double>(p.size(), 0.0), true);
                       for (QCPGraph* graph : positionGraphs) antialiasUnlessDense(graph);
                       positionsPlot->rescaleAxes();
                       updateReadout();
                   });
    bindState(
        QStringLiteral("example"), static_cast<int>(Example::Llama3),
        [this] { return static_cast<int>(example_); },
        [this](int index) { setExample(static_cast<Example>(std::clamp(index, 0, 4))); });
    refreshOnParameterChange([this] { refresh(); });

    applyTheme(theme());
    refresh();
}

void ClinicLesson::setExample(Example example) {
    example_ = example;
    exampleBox_->setCurrentIndex(static_cast<int>(example));
    refresh();
}

RopeParams ClinicLesson::exampleParams() const {
    const ExampleScaling& scaling = kExamples[static_cast<std::size_t>(example_)];
    RopeParams p = plainRope(parameters().rope());
    p.ropeType = scaling.type;
    p.factor = scaling.factor;
    p.maxPositionEmbeddings = scaling.maxPosition;
    p.originalMaxPositionEmbeddings = scaling.originalMaxPosition;
    return p;
}

QString ClinicLesson::limitationText(const ToolWords& tool, const ToolLimit& limit) const {
    const QString type = QString::fromUtf8(toString(exampleParams().ropeType).data());
    switch (limit.what) {
        case Limitation::NeedsMetaToHfPermutation:
            return tool.tool == "vllm"
                       ? tr("Its Llama code rotates half-split pairs (is_neox_style): weights in "
                            "Meta's interleaved order need the Meta-to-HF permutation.")
                       : tr("Its Llama-family code rotates half-split pairs (rotate_half): "
                            "weights in Meta's interleaved order need the Meta-to-HF "
                            "permutation.");
        case Limitation::NeedsHfToMetaPermutation:
            return tr(
                "Meta's code rotates interleaved pairs: half-split-order weights need the "
                "HF-to-Meta permutation.");
        case Limitation::AlwaysTruncates:
            return tr(
                "ggml always rounds YaRN's correction range to whole pairs "
                "(as truncate = true does), so it cannot express truncate = false.");
        case Limitation::AttentionFactorFromGguf:
            return tr("The attention factor %1 is not llama.cpp's default for this factor: it has "
                      "to come from the GGUF file or from --yarn-attn-factor.")
                .arg(limit.value, 0, 'g', 6);
        case Limitation::NoDynamicNtk:
            return tool.tool == "gguf"
                       ? tr("GGUF has no dynamic NTK scaling type.")
                       : tr("No dynamic NTK: θ never follows the current length; the nearest is "
                            "a fixed --rope-freq-base.");
        case Limitation::LongRopeFactorsInGguf:
            return tr("LongRoPE's factors are GGUF tensors; no flag sets them.");
        case Limitation::Llama3FactorsInGguf:
            return tr(
                "Llama 3 scaling is the GGUF tensor rope_freqs.weight, written by the "
                "converter; no flag sets it.");
        case Limitation::RotaryDimFromGguf:
            return tr("The rotary dimension %1 comes from the GGUF file, not from a flag.")
                .arg(limit.value, 0, 'g', 6);
        case Limitation::LayoutFromArchitecture:
            return tr("The pair layout follows the model's architecture, not a flag.");
        case Limitation::DynamicUsesScaledMaxLength:
            return tr(
                "Its dynamic scaling uses one base for max_position_embeddings × factor, "
                "not the current length.");
        case Limitation::OnlyFixedNtkAndLinear:
            return tr("alpha_value and compress_pos_emb express only a fixed NTK base and "
                      "linear interpolation, not %1.")
                .arg(type);
        case Limitation::OnlyLlama31Scaling:
            return tr("params.json knows only use_scaled_rope (Llama 3.1: factor 8, low 1, "
                      "high 4, original 8192), not %1 with these values.")
                .arg(type);
        case Limitation::NoPartialRotary:
            return tr("Meta's code rotates the whole head.");
    }
    return {};
}

void ClinicLesson::fillTable() {
    const std::array names{tr("HF config.json"), tr("llama.cpp flags"), tr("GGUF file"),
                           tr("vLLM"),           tr("exllama"),         tr("Meta params.json")};
    QList<QStringList> rows;
    for (const ToolWords& tool : conventions_.tools) {
        QStringList words, cannot;
        for (const ToolSetting& s : tool.settings) {
            words << QStringLiteral("%1 = %2").arg(QString::fromStdString(s.key),
                                                   QString::fromStdString(s.value));
        }
        for (const ToolLimit& limit : tool.cannot) cannot << limitationText(tool, limit);
        const auto row = static_cast<std::size_t>(rows.size());
        const QString name = row < names.size() ? names[row] : QString::fromStdString(tool.tool);
        rows.append({name, words.join(QLatin1Char('\n')), cannot.join(QLatin1Char('\n'))});
    }
    table_->setRows(rows);
}

void ClinicLesson::refresh() {
    runGuarded([this] { updateFigures(); });
    updateReadout();
}

void ClinicLesson::updateReadout() {
    // The KV-cache figure is computed in the background: nothing is judged on an older result.
    const bool drifted = !computing() && !dynamicDrift_.maxAbsScoreError.empty();
    const ReadoutFormat sevenDigits{'g', 7, {}, true};
    const QString candle = QLocale().toString(kCandlePosition, 'f', 0);
    setReadouts(
        {{QStringLiteral("bfloat16_15962"), tr("position %1 in bfloat16").arg(candle),
          roundToBfloat16(kCandlePosition), sevenDigits},
         {QStringLiteral("float16_15962"), tr("position %1 in float16").arg(candle),
          roundToFloat16(kCandlePosition), sevenDigits},
         // Past float16's largest finite value, 65504.
         {.label = tr("position %1 in float16").arg(QLocale().toString(kBeyondFloat16, 'f', 0)),
          .text = tr("∞ (overflow)")},
         {QStringLiteral("kv_cache_max_error"),
          tr("largest KV-cache score error (dynamic NTK)"),
          drifted ? std::optional(dynamicDrift_.maxAbsScoreError.back()) : std::nullopt,
          {'g', 3, {}, true},
          drifted ? QString() : QStringLiteral("…")},
         {QStringLiteral("example"), {}, static_cast<int>(example_)}},
        {}, drifted);
}

}  // namespace ropelab::ui
