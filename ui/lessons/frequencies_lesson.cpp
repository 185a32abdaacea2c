// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/frequencies_lesson.h"

#include <qcustomplot.h>

#include <QFile>
#include <QFileDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>

#include <algorithm>
#include <cmath>
#include <span>

#include "analysis/band_counts.h"
#include "analysis/curve_envelope.h"
#include "analysis/seeded_score.h"
#include "encodings/gguf_reader.h"
#include "encodings/hf_config.h"
#include "encodings/rope_frequencies.h"
#include "model/app_limits.h"
#include "model/parameter_model.h"
#include "model/parameter_text.h"
#include "widgets/envelope_stack.h"
#include "widgets/legend_entries.h"
#include "widgets/line_labels.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/rope_config_editor.h"
#include "widgets/rope_config_picker.h"
#include "widgets/score_plot_helpers.h"

namespace ropelab::ui {

namespace {

// Score-curve envelope columns: about one per pixel of a wide plot, fixed so that a plot not yet
// laid out (or resized later) never gets too few.
constexpr int kCurveColumns = 1200;
// Where the context lines are labelled, as a share of the wavelength plot's width.
constexpr double kLabelX = 0.02;
// The score curves run at most this many distances (min/max per pixel column beyond).
constexpr int kMaxCurveDistances = 1 << 17;

Series sideSeries(int side) {
    return side == FrequenciesLesson::A ? Series::Query : Series::Key;
}

QString sideName(int side) {
    return side == FrequenciesLesson::A ? QStringLiteral("A") : QStringLiteral("B");
}

// A base as a slide reads it: 10000, 500000, 316.2, 10⁷, 3.16·10⁶.
QString baseText(double base) {
    const int exponent = static_cast<int>(std::floor(std::log10(base)));
    if (exponent < 6) {
        return QString::number(base, 'f', base == std::round(base) ? 0 : 1);
    }
    const double mantissa = base / std::pow(10.0, exponent);
    const QString power = QStringLiteral("10") + superscriptNumber(exponent);
    if (std::abs(mantissa - 1.0) < 5e-4) return power;
    return QString::number(mantissa, 'g', 3) + QStringLiteral("·") + power;
}

// The configuration as config.json keys, so it can be saved and read back by the importer.
QJsonObject toConfigJson(const RopeParams& p) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(ropeParamsToHfConfigJson(p))).object();
}

// What the score curves read: the configurations shown (B only when comparing).
struct CurveKey {
    std::array<RopeParams, 2> configs;
    int count = 1;
    std::int64_t length = 0;
    RopeLayout layout = RopeLayout::HalfSplit;
    unsigned seed = 0;
    bool operator==(const CurveKey&) const = default;
};

struct CurveResult {
    std::vector<CurveEnvelope> envelopes;   // one per configuration shown
    std::array<double, 2> contextLength{};  // each configuration's trained context L₀
};

CurveResult computeCurves(const CurveKey& key, const Execution& exec) {
    CurveResult result;
    for (int s = 0; s < key.count; ++s) {
        result.contextLength[s] = frequencyBands(key.configs[s]).contextLength;
    }
    result.envelopes =
        seededScoreEnvelopes(std::span(key.configs.data(), static_cast<std::size_t>(key.count)),
                             key.layout, key.seed, key.length, kCurveColumns, exec);
    return result;
}

}  // namespace

FrequenciesLesson::FrequenciesLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent) {
    wavePlot_ =
        createPlot(QStringLiteral("wavelengths"),
                   {nullptr, QT_TR_NOOP("pair index i"), QT_TR_NOOP("wavelength 2π/θ_i (tokens)")});
    scalePlot_ =
        createPlot(QStringLiteral("slowdown-per-pair"),
                   {nullptr, QT_TR_NOOP("pair index i"), QT_TR_NOOP("s_i = θ_i(default) / θ_i")});
    // Its distance axis is labelled by showCurveRectB.
    curvePlot_ =
        createPlot(QStringLiteral("score-curves"), {nullptr, nullptr, QT_TR_NOOP("A:\nscore q·k")});
    placePlots({{wavePlot_, scalePlot_}, {curvePlot_, curvePlot_}}, {3, 2}, {3, 2});

    bindExplanation(QT_TR_NOOP(
        "<p>Pair <i>i</i> turns by θ<sub>i</sub> per token; its <b>wavelength</b> "
        "λ<sub>i</sub> = 2π/θ<sub>i</sub> is how many tokens one full turn takes. In "
        "pre-training (context L<sub>0</sub>) pairs with λ<sub>i</sub> &lt; L<sub>0</sub> "
        "showed the model every angle; pairs with λ<sub>i</sub> &gt; L<sub>0</sub> never "
        "completed a turn, so positions beyond L<sub>0</sub> give them angles it has never "
        "seen.</p>"
        "<p>Context extension slows pairs down, θ<sub>i</sub> → θ<sub>i</sub>/s<sub>i</sub> "
        "(right plot: s<sub>i</sub>):</p><ul>"
        "<li><b>linear</b> (position interpolation): every pair by factor, the fast pairs "
        "that tell neighbours apart too.</li>"
        "<li><b>dynamic</b> (NTK): raises the base once the sequence outgrows "
        "max_position_embeddings: fast pairs barely change, slow pairs slow most.</li>"
        "<li><b>yarn</b>: keeps pairs that turn more than beta_fast times in L<sub>0</sub>, "
        "divides those turning fewer than beta_slow times by factor, and partly compresses "
        "the pairs in between: the share of θ<sub>i</sub> a pair keeps, 1/s<sub>i</sub>, "
        "falls linearly with the pair index, so s<sub>i</sub> itself curves. It also multiplies "
        "cos and sin of both q "
        "and k by the attention factor a (by default 0.1·ln factor + 1; attention_factor or "
        "mscale and mscale_all_dim in the config change it, see the readout), so the rotated "
        "part of every logit q·k is scaled "
        "by a².</li>"
        "<li><b>llama3</b>: decides by wavelength instead: λ &lt; "
        "L<sub>0</sub>/high_freq_factor kept, λ &gt; L<sub>0</sub>/low_freq_factor divided "
        "by factor, and in between a blend linear in L<sub>0</sub>/λ (not in the pair "
        "index). It has no attention factor.</li>"
        "<li><b>longrope</b>: a searched factor per pair (short_factor up to L<sub>0</sub>, "
        "long_factor beyond).</li></ul>"
        "<p>A is the shared configuration (the parameter panel edits it too). B, shown "
        "beside it while <b>Compare</b> is ticked, is a second model with fields of its own: "
        "changing A does not change B. The lesson starts B as RoPE with d = 64 and base "
        "10000, stretched 4× with YaRN from L<sub>0</sub> = 2048. Pick a preset, or press "
        "<b>Edit fields</b> to change any field.</p>"));
    // Each figure's title, and under it what A and B are: written by the draw steps, since text
    // there before the first layout would give the top plots more height (presenter mode).
    const auto addTitles = [](QCustomPlot* plot) {
        return Titles{addPlotTitle(plot, QString()), addPlotSubtitle(plot, QString())};
    };
    waveTitles_ = addTitles(wavePlot_);
    scaleTitles_ = addTitles(scalePlot_);
    const Titles curveTitles = addTitles(curvePlot_);
    setLogAxis(wavePlot_->yAxis);
    originalLine_ = addSeries(wavePlot_, {Series::Reference, Qt::DashLine, 0.8},
                              QT_TR_NOOP("A unscaled (default RoPE)"));
    // Thousands of envelope columns: antialiased fills would cost more than everything else.
    turnOffAntialiasing(curvePlot_, QCP::aeFills);
    // B's score curve gets its own axes under A's, shown only while comparing.
    scores_ = std::make_unique<EnvelopeStack>(
        curvePlot_, 2, [](int s) { return sideName(s) + QStringLiteral(" score"); });
    // Two lines, as A's: one would run past its short axis rect into the other's label.
    bindText(scores_->rect(B)->axis(QCPAxis::atLeft), QT_TR_NOOP("B:\nscore q·k"));
    bindText(scores_->rect(B)->axis(QCPAxis::atBottom), QT_TR_NOOP("distance m − n (tokens)"));

    static constexpr std::array kShapes{QCPScatterStyle::ssDisc, QCPScatterStyle::ssDiamond,
                                        QCPScatterStyle::ssTriangle};
    for (int s = 0; s < 2; ++s) {
        Side& side = sides_[s];
        side.wavelengthLine = addSeries(wavePlot_, {sideSeries(s), Qt::SolidLine, 0.5});
        side.wavelengthLine->removeFromLegend();
        for (std::size_t b = 0; b < kShapes.size(); ++b) {
            QCPGraph* g = addMarks(wavePlot_, kShapes[b], 8, {sideSeries(s)}, theme());
            side.bandGraphs[b] = g;
            bindText(QT_TR_NOOP("%1: %2"), [this, s, b, g](const QString& text) {
                const std::array bandNames{tr("kept"), tr("blended"), tr("÷ factor")};
                g->setName(text.arg(sideName(s), bandNames[b]));
            });
        }
        side.context = addLabelledLine(wavePlot_, {sideSeries(s), Qt::DashLine, 0.7}, theme());
        side.target = addLabelledLine(wavePlot_, {sideSeries(s), Qt::DotLine, 0.7}, theme());
        side.scaleGraph = addSeries(scalePlot_, {sideSeries(s)});
        side.scaleGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
        bindText(QT_TR_NOOP("config %1"), [s, graph = side.scaleGraph](const QString& text) {
            graph->setName(text.arg(sideName(s)));
        });
        QCPAxisRect* curveRect = scores_->rect(s);
        QCPAxis* curveX = curveRect->axis(QCPAxis::atBottom);
        QCPAxis* curveY = curveRect->axis(QCPAxis::atLeft);
        setSeriesStyle(scores_->band(s).band, {sideSeries(s), Qt::SolidLine, 0.6}, theme());
        side.curveContextLine = new QCPItemStraightLine(curvePlot_);
        setSeriesStyle(side.curveContextLine, {sideSeries(s), Qt::DashLine, 0.7}, theme());
        side.curveContextLine->setClipAxisRect(curveRect);
        side.curveContextLine->point1->setAxes(curveX, curveY);
        side.curveContextLine->point2->setAxes(curveX, curveY);
    }
    connect(wavePlot_, &QCustomPlot::afterLayout, this, &FrequenciesLesson::separateContextLabels);
    for (QCustomPlot* plot : {wavePlot_, scalePlot_}) plot->legend->setVisible(true);
    curvePlot_->legend->setVisible(false);
    wavePlot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    scalePlot_->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    // B and its sequence length are read back as one configuration (bound, so restored, before
    // "compare").
    bindState(
        {QStringLiteral("configB"), QStringLiteral("configBSeqLen")},
        [this] {
            QJsonObject state{{QStringLiteral("configB"), toConfigJson(configB_)}};
            if (configB_.seqLen) state.insert(QStringLiteral("configBSeqLen"), *configB_.seqLen);
            return state;
        },
        [this](const QJsonObject& state) {
            const QJsonObject saved = state.value(QStringLiteral("configB")).toObject();
            if (saved.isEmpty()) return;
            runGuarded([&] {
                const QByteArray json = QJsonDocument(saved).toJson(QJsonDocument::Compact);
                RopeParams b = ropeParamsFromHfConfigJson(json.toStdString(), "session configB");
                if (state.contains(QStringLiteral("configBSeqLen"))) {
                    b.seqLen = state.value(QStringLiteral("configBSeqLen")).toInt();
                }
                setConfig(B, b);
            });
        });
    // Controls: compare switch, then one tab per configuration. The first view compares: with A
    // alone (rope_type default) nothing would be scaled.
    compare_ = addCheckBox({.name = "compare",
                            .text = QT_TR_NOOP("Compare with configuration B"),
                            .checked = true,
                            .state = "compare"},
                           [this](bool on) {
                               tabs_->setTabEnabled(B, on);
                               showCurveRectB(on);
                               refresh();
                           });
    showCurveRectB(true);
    tabs_ = new QTabWidget(this);
    tabs_->addTab(makeConfigTab(A), QString());
    tabs_->addTab(makeConfigTab(B), QString());
    bindText(QT_TR_NOOP("A (shared)"), [this](const QString& text) { tabs_->setTabText(A, text); });
    bindText(QT_TR_NOOP("B"), [this](const QString& text) { tabs_->setTabText(B, text); });
    controlsLayout()->addWidget(tabs_);

    // B starts as A stretched 4× with YaRN, so comparing shows a difference at once.
    configB_ = parameters().rope();
    configB_.ropeType = RopeType::Yarn;
    configB_.factor = 4.0;
    configB_.originalMaxPositionEmbeddings = configB_.maxPositionEmbeddings;
    configB_.maxPositionEmbeddings *= 4;
    for (Config which : {A, B}) editor(which)->setParams(config(which));

    refreshOnParameterChange([this] {
        if (editor(A)->params() != parameters().rope()) {
            editor(A)->setParams(parameters().rope());
        }
        // Edited elsewhere (the parameter panel): A is no longer its preset.
        const ModelPreset* preset = pickers_[A]->preset();
        if (preset != nullptr && preset->rope != parameters().rope()) pickers_[A]->showPreset(-1);
        refresh();
    });
    // Wavelengths and slowdowns come from core's bands on the UI thread: a few dozen pairs.
    FigureTask* frequencies = declareFigures(
        {wavePlot_, scalePlot_}, FigureRun::Inline,
        [this] {
            const bool both = comparing();
            return FrequencyKey{{config(A), both ? config(B) : RopeParams{}}, both, baseSweep_};
        },
        [](const FrequencyKey& key, const Execution&) { return computeFrequencies(key); },
        [this](const FrequencyKey& key, FrequencyResult& result) { drawFrequencies(key, result); });
    // The score curves, off the UI thread, when their configurations or distances changed: as
    // far as the longer target context.
    curves_ = declareFigures(
        {curvePlot_}, FigureRun::Background,
        [this] {
            const bool both = comparing();
            CurveKey key{.configs = {config(A), both ? config(B) : RopeParams{}},
                         .count = both ? 2 : 1,
                         .layout = parameters().layout(),
                         .seed = parameters().seed()};
            const int longest = std::max(key.configs[A].maxPositionEmbeddings,
                                         both ? key.configs[B].maxPositionEmbeddings : 0);
            key.length = std::clamp<std::int64_t>(longest, 2, kMaxCurveDistances);
            return key;
        },
        computeCurves,
        [this, curveTitles](const CurveKey& key, CurveResult& result) {
            for (int s = 0; s < 2; ++s) {
                QCPItemStraightLine* line = sides_[s].curveContextLine;
                line->setVisible(s < key.count);
                line->point1->setCoords(result.contextLength[s], 0.0);
                line->point2->setCoords(result.contextLength[s], 1.0);
                scores_->rect(s)
                    ->axis(QCPAxis::atBottom)
                    ->setRange(0.0, static_cast<double>(key.length));
            }
            double span = scores_->draw(result.envelopes, 0.0, false);
            // Sweeping the base: a bound every base shares (the last configuration's), so the
            // axis stays put.
            if (baseSweep_) {
                span = seededScoreBound(key.configs[key.count - 1], key.layout, key.seed);
            }
            scores_->setSpan(span, 1.1);
            setTitleText(curveTitles.title,
                         tr("Score q·k against distance (min and max per pixel column)"));
            setTitleText(curveTitles.configs, configSummaries(key.configs, key.count == 2));
        },
        allThreads());

    QFile shipped(QStringLiteral(":/presets/models.json"));
    if (shipped.open(QIODevice::ReadOnly)) {
        loadPresets(shipped.readAll(), QStringLiteral("models.json"));
    } else {
        for (RopeConfigPicker* picker : pickers_) {
            picker->setPresetProblem(
                tr("The model presets are missing from this build (:/presets/models.json)."));
        }
    }

    // Not saved: an animation over the base names its range, so the axes can hold still for all
    // of it.
    bindState(
        {QStringLiteral("baseSweep")}, [] { return QJsonObject(); },
        [this](const QJsonObject& state) {
            const QJsonArray sweep = state.value(QStringLiteral("baseSweep")).toArray();
            if (sweep.size() == 2) {
                baseSweep_ = std::pair{sweep[0].toDouble(), sweep[1].toDouble()};
            } else {
                baseSweep_.reset();
            }
        });

    // The titles and context labels are written by the draw steps.
    redrawOnLanguageChange({frequencies, curves_});

    retranslate();
    refresh();
    applyTheme(theme());
}

void FrequenciesLesson::separateContextLabels() {
    // On screen, a max_position_embeddings label with a word wider than its room (presenter mode
    // on a small screen) says it in shorter words.
    for (const Side& side : sides_) {
        if (shortenWhereAWordOverflows(side.target.label, side.targetTexts[0],
                                       side.targetTexts[1])) {
            replot(wavePlot_);
        }
    }
    separateLineLabels({sides_[A].context.label, sides_[A].target.label, sides_[B].context.label,
                        sides_[B].target.label});
}

QWidget* FrequenciesLesson::makeConfigTab(Config which) {
    RopeConfigPicker* picker = pickers_[which] = new RopeConfigPicker;
    // Named and worded as the page names and words its own controls.
    const QString side = sideName(which);
    picker->presetBox()->setObjectName(QStringLiteral("preset") + side);
    bindText(picker->presetLabel(), QT_TR_NOOP("Model preset"));
    connect(picker, &RopeConfigPicker::presetPicked, this,
            [this, which](int index) { applyPreset(which, index); });
    picker->importButton()->setObjectName(QStringLiteral("import") + side);
    bindText(picker->importButton(), QT_TR_NOOP("Import config.json…"));
    bindToolTip(picker->importButton(),
                QT_TR_NOOP("Read rope_theta, rope_scaling and the head size from a HuggingFace "
                           "config.json, or the RoPE metadata of a llama.cpp GGUF model"));
    connect(picker, &RopeConfigPicker::importAsked, this, [this, which] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Import a HuggingFace config.json or a GGUF model"), QString(),
            tr("HuggingFace config or GGUF model (*.json *.gguf);;"
               "All files (*)"));
        if (!path.isEmpty()) importConfig(path, which);
    });
    picker->editButton()->setObjectName(QStringLiteral("editFields") + side);
    bindText(picker->editButton(), QT_TR_NOOP("Edit fields"));
    bindToolTip(picker->editButton(), QT_TR_NOOP("Show or hide every field of this configuration"));
    picker->editor()->setObjectName(QStringLiteral("editor") + side);
    connect(picker->editor(), &RopeConfigEditor::edited, this,
            [this, which](const RopeParams& params) {
                pickers_[which]->showPreset(-1);
                setConfig(which, params);
            });
    return picker;
}

void FrequenciesLesson::retranslate() {
    curvePlot_->xAxis->setLabel(comparing() ? QString() : tr("distance m − n (tokens)"));
    for (Config which : {A, B}) {
        pickers_[which]->setTexts(tr("Custom"), tr("Source: <a href=\"%1\">%1</a>"));
        editor(which)->retranslate();
    }
}

bool FrequenciesLesson::setConfig(Config which, const RopeParams& params) {
    // An imported, restored or edited configuration beyond the app's limits changes nothing.
    if (const QString problem = checkAppLimits(params); !problem.isEmpty()) {
        showProblem(problem);
        return false;
    }
    // Everything this lesson draws must succeed before anything changes.
    if (!runGuarded([&] {
            ropeFrequencies(params);
            frequencyBands(params);
        })) {
        return false;
    }
    if (editor(which)->params() != params) editor(which)->setParams(params);
    // applyPreset and importConfig say what a new configuration is afterwards.
    pickers_[which]->showPreset(-1);
    if (which == A) {
        parameters().setRope(params);  // changed → refresh
    } else {
        configB_ = params;
        refresh();
    }
    return true;
}

bool FrequenciesLesson::importConfig(const QString& path, Config which) {
    RopeParams imported;
    // A .gguf file is read as llama.cpp reads it (its metadata and RoPE factor tensors only).
    const bool gguf = path.endsWith(QStringLiteral(".gguf"), Qt::CaseInsensitive);
    if (!runGuarded([&] {
            imported = gguf ? ropeFromGgufFile(path.toStdString()).params
                            : ropeParamsFromHfConfigFile(path.toStdString());
        })) {
        return false;
    }
    if (!setConfig(which, imported)) return false;
    pickers_[which]->sourceLabel()->setText(tr("Imported from %1").arg(path.toHtmlEscaped()));
    emit statusMessage(tr("Imported %1 into configuration %2").arg(path, sideName(which)));
    return true;
}

bool FrequenciesLesson::loadPresets(const QByteArray& json, const QString& source) {
    std::vector<ModelPreset> loaded;
    try {
        loaded = modelPresetsFromJson(json.toStdString(), source.toStdString());
    } catch (const std::exception& e) {
        const QString problem = tr("Model presets unavailable: %1").arg(errorText(e));
        showProblem(problem);
        for (RopeConfigPicker* picker : pickers_) picker->setPresetProblem(problem);
        return false;
    }
    for (RopeConfigPicker* picker : pickers_) picker->setPresets(loaded, tr("Custom"));
    return true;
}

bool FrequenciesLesson::applyPreset(Config which, int index) {
    if (index < 0 || index >= static_cast<int>(presets().size())) return false;
    if (!setConfig(which, presets()[static_cast<std::size_t>(index)].rope)) return false;
    pickers_[which]->showPreset(index);
    return true;
}

void FrequenciesLesson::showCurveRectB(bool on) {
    // B's row is the one under A's, whatever rows of titles are above.
    scores_->show(on ? 2 : 1);
    // A and B share their distance axis: its numbers are shown once, under B.
    curvePlot_->xAxis->setLabel(on ? QString() : tr("distance m − n (tokens)"));
    curvePlot_->xAxis->setTickLabels(!on);
    applyPlotTheme(curvePlot_, theme());
}

void FrequenciesLesson::refresh() {
    runGuarded([this] { updateFigures(); });
}

FrequenciesLesson::FrequencyResult FrequenciesLesson::computeFrequencies(const FrequencyKey& key) {
    FrequencyResult result;
    for (int s = 0; s < (key.both ? 2 : 1); ++s) {
        result.bands[s] = frequencyBands(key.configs[s]);
        result.attentionFactor[s] = ropeFrequencies(key.configs[s]).attentionFactor;
    }
    if (key.sweep) {
        // A's wavelengths at both ends of the sweep: the axis holds every frame's.
        double lo = INFINITY;
        double hi = 0.0;
        RopeParams ends = key.configs[A];
        for (double base : {key.sweep->first, key.sweep->second}) {
            ends.ropeTheta = base;
            for (const PairBand& p : frequencyBands(ends).pairs) {
                lo = std::min({lo, p.wavelength, p.originalWavelength});
                hi = std::max({hi, p.wavelength, p.originalWavelength});
            }
        }
        result.sweepRange = std::pair{lo, hi};
    }
    return result;
}

void FrequenciesLesson::drawFrequencies(const FrequencyKey& key, const FrequencyResult& result) {
    const bool both = key.both;
    double lo = INFINITY;
    double hi = 0.0;
    double scaleHi = 1.0;
    int pairs = 1;
    std::vector<QCPAbstractPlottable*> bandEntries;
    // One context label where A's and B's lines of the same kind coincide, naming both.
    const auto contextOf = [&](int side) { return result.bands[side].contextLength; };
    const auto targetOf = [&](int side) { return key.configs[side].maxPositionEmbeddings; };
    const bool sameContext = both && contextOf(A) == contextOf(B);
    const bool sameTarget = both && targetOf(A) == targetOf(B) && targetOf(A) != contextOf(A) &&
                            targetOf(B) != contextOf(B);
    for (int s = 0; s < 2; ++s) {
        Side& side = sides_[s];
        const bool shown = s == A || both;
        const FrequencyBands& bands = result.bands[s];
        std::array<QVector<double>, 3> bx, by;
        QVector<double> x, wavelength, scale, original;
        for (std::size_t i = 0; shown && i < bands.pairs.size(); ++i) {
            const PairBand& p = bands.pairs[i];
            const auto band = static_cast<std::size_t>(p.band);
            bx[band].append(static_cast<double>(i));
            by[band].append(p.wavelength);
            x.append(static_cast<double>(i));
            wavelength.append(p.wavelength);
            scale.append(p.scale);
            original.append(p.originalWavelength);
            lo = std::min({lo, p.wavelength, p.originalWavelength});
            hi = std::max({hi, p.wavelength, p.originalWavelength});
            scaleHi = std::max(scaleHi, p.scale);
        }
        for (std::size_t b = 0; b < 3; ++b) {
            side.bandGraphs[b]->setData(bx[b], by[b], true);
            if (!bx[b].isEmpty()) bandEntries.push_back(side.bandGraphs[b]);
        }
        side.wavelengthLine->setData(x, wavelength, true);
        side.scaleGraph->setData(x, scale, true);
        showWithLegendEntry(side.scaleGraph, shown);
        if (s == A) {
            originalLine_->setData(x, original, true);
            // Unscaled, A lies on its own default line: a legend entry for a line no one sees.
            showWithLegendEntry(originalLine_, original != wavelength);
        }
        pairs = std::max(pairs, static_cast<int>(bands.pairs.size()));

        // A context as a wavelength, labelled on the left, above the line: there the pairs turn
        // fast, so no curve reaches the contexts and none runs through the text. A label of B on
        // a line of A of the other kind goes to the right instead of over A's; where `same`, A's
        // label names both and B's is hidden.
        const auto markContext = [&](const LabelledLine& line, double value, bool lineShown,
                                     bool same, const QString& text) -> QString {
            line.line->setVisible(lineShown);
            line.label->setVisible(lineShown && !(same && s == B));
            const bool clash = s == B && both && (value == contextOf(A) || value == targetOf(A));
            placeLabelledLine(line, value, kLabelX, clash);
            line.label->setText(text.arg(same ? tr("A, B") : sideName(s)).arg(value));
            return line.label->text();
        };
        // The trained context L0 (dashed) and the target context (dotted).
        const double target = targetOf(s);
        markContext(side.context, bands.contextLength, shown, sameContext,
                    tr("%1: trained context L₀ = %2"));
        side.targetTexts = {
            markContext(side.target, target, shown && target != bands.contextLength, sameTarget,
                        tr("%1: max_position_embeddings = %2")),
            tr("%1: max positions = %2").arg(sameTarget ? tr("A, B") : sideName(s)).arg(target)};
        if (shown) hi = std::max({hi, target, bands.contextLength});
    }
    // Only bands that occur get a legend entry, A's then B's, each in the order kept, blended,
    // ÷ factor.
    std::vector<QCPAbstractPlottable*> allBands;
    for (const Side& side : sides_)
        allBands.insert(allBands.end(), side.bandGraphs.begin(), side.bandGraphs.end());
    listInLegend(wavePlot_->legend, bandEntries, allBands);
    if (result.sweepRange) {
        lo = std::min(lo, result.sweepRange->first);
        hi = std::max(hi, result.sweepRange->second);
    }
    if (hi > 0.0) wavePlot_->yAxis->setRange(lo / 2.0, hi * 4.0);
    scalePlot_->yAxis->setRange(0.0, scaleHi * 1.1);
    const QString configs = configSummaries(key.configs, both);
    for (const auto& [plot, titles, title] :
         {std::tuple{wavePlot_, waveTitles_, tr("Wavelength of each pair against the context")},
          std::tuple{scalePlot_, scaleTitles_, tr("How much each pair is slowed")}}) {
        plot->xAxis->setRange(-0.5, pairs - 0.5);
        setTitleText(titles.title, title);
        setTitleText(titles.configs, configs);
    }
    bands_ = result.bands;
    updateReadout(key, result);
}

QString FrequenciesLesson::configSummaries(const std::array<RopeParams, 2>& configs,
                                           bool both) const {
    QStringList lines;
    for (int s = 0; s < (both ? 2 : 1); ++s) {
        const RopeParams& p = configs[s];
        QString type = QString::fromUtf8(toString(p.ropeType).data());
        if (p.ropeType != RopeType::Default && p.factor) {
            type += QStringLiteral(" ×") + QString::number(*p.factor, 'g', 4);
        }
        lines.append(tr("%1: d = %2, base %3, %4")
                         .arg(sideName(s))
                         .arg(p.headDim)
                         .arg(baseText(p.ropeTheta), type));
    }
    return lines.join(QLatin1Char('\n'));
}

void FrequenciesLesson::updateReadout(const FrequencyKey& key, const FrequencyResult& result) {
    const bool both = key.both;
    const std::array<FrequencyBands, 2>& bands = result.bands;
    const std::array counts{countBands(bands[A]), countBands(bands[B])};
    // Each row shows configuration A, and B beside it while comparing; A's numbers are published
    // (B is drawn only while comparing).
    QList<Readout> readouts;
    if (both) readouts.append({.text = tr("A"), .second = tr("B")});
    const auto row = [&](const QString& id, const QString& label, const auto& value,
                         const auto& text) {
        readouts.append({id, label, value(A), {}, text(A), both ? text(B) : QString()});
    };
    const auto number = [&](const QString& id, const QString& label, int digits,
                            const auto& value) {
        row(id, label, value, [&](int s) { return QString::number(value(s), 'g', digits); });
    };
    row(
        QStringLiteral("rope_type"), tr("rope_type"),
        [&](int s) { return static_cast<int>(key.configs[s].ropeType); },
        [&](int s) { return QString::fromUtf8(toString(key.configs[s].ropeType).data()); });
    number(QStringLiteral("pairs"), tr("rotating pairs"), 10,
           [&](int s) { return bands[s].pairs.size(); });
    number(QStringLiteral("attention_factor"), tr("attention factor"), 5,
           [&](int s) { return result.attentionFactor[s]; });
    number(QStringLiteral("context_length"), tr("trained context L₀"), 8,
           [&](int s) { return bands[s].contextLength; });
    number(QStringLiteral("pairs_kept"), tr("pairs kept"), 10,
           [&](int s) { return counts[s].kept; });
    number(QStringLiteral("pairs_blended"), tr("pairs blended"), 10,
           [&](int s) { return counts[s].blended; });
    number(QStringLiteral("pairs_divided"), tr("pairs ÷ factor"), 10,
           [&](int s) { return counts[s].divided; });
    number(QStringLiteral("pairs_without_full_turn"), tr("pairs with no full turn in L₀"), 10,
           [&](int s) { return counts[s].withoutFullTurn; });
    const auto text = [&](const QString& label, const auto& value) {
        readouts.append({.label = label, .text = value(A), .second = both ? value(B) : QString()});
    };
    text(tr("YaRN correction range (pairs)"), [&](int s) {
        const auto& range = bands[s].yarnRange;
        return range ? tr("%1 … %2").arg(range->low, 0, 'g', 4).arg(range->high, 0, 'g', 4)
                     : tr("—");
    });
    text(tr("Llama 3 kept below / divided above λ"), [&](int s) {
        const FrequencyBands& b = bands[s];
        return b.llama3HighFreqWavelength ? tr("%1 / %2")
                                                .arg(*b.llama3HighFreqWavelength, 0, 'g', 5)
                                                .arg(*b.llama3LowFreqWavelength, 0, 'g', 5)
                                          : tr("—");
    });

    const FrequencyBands& a = bands[A];
    const double attention = result.attentionFactor[A];
    const std::pair<const char*, double> published[] = {
        {"comparing", both ? 1.0 : 0.0},
        {"max_position_embeddings", key.configs[A].maxPositionEmbeddings},
        {"factor", a.factor},
        // cos and sin of both q and k carry the factor, so every q·k carries its square (as
        // core's ropeScoreCoefficients).
        {"logit_scale", attention * attention},
        {"first_pair_beyond_context", counts[A].firstBeyondContext},
        {"fastest_scale", a.pairs.front().scale},
        {"slowest_scale", a.pairs.back().scale},
        {"fastest_wavelength", a.pairs.front().wavelength},
        {"slowest_wavelength", a.pairs.back().wavelength},
    };
    for (const auto& [id, value] : published) readouts.append({QLatin1String(id), {}, value});
    setReadouts(readouts);
}

}  // namespace ropelab::ui
