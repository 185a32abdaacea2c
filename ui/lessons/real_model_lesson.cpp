// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/real_model_lesson.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "lessons/example_model.h"
#include "model/parameter_text.h"
#include "weights/qk_model.h"
#include "weights/weights_error.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/plot_text.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

namespace {

// The most distances a profile is drawn at: every whole distance up to twice the context.
constexpr int kMaxProfileDistances = 16384;

QString fileName(const std::string& path) {
    return QFileInfo(QString::fromStdString(path)).fileName();
}

// Wavelength labels (positions) for the top axis at a few pairs.
QString wavelengthText(double wavelength) {
    if (wavelength >= 1e6) return QStringLiteral("%1M").arg(wavelength / 1e6, 0, 'g', 2);
    if (wavelength >= 1e3) return QStringLiteral("%1k").arg(wavelength / 1e3, 0, 'g', 2);
    return QString::number(wavelength, 'f', wavelength < 10.0 ? 1 : 0);  // never 2e+02
}

void labelPairsInWavelength(QCPAxis* top, const LensResult& lens) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int pairs = static_cast<int>(lens.wavelength.size());
    const int step = std::max(1, pairs / 6);
    for (int i = 0; i < pairs; i += step) {
        ticker->addTick(i, wavelengthText(lens.wavelength[static_cast<std::size_t>(i)]));
    }
    top->setTicker(ticker);
    top->setVisible(true);
    top->setTickLabels(true);
    top->setRange(-0.5, pairs - 0.5);
}

// The first pair whose wavelength exceeds the context (pairs are ordered fastest first).
int firstBeyondPair(const LensResult& lens) {
    const auto it = std::find(lens.beyondContext.begin(), lens.beyondContext.end(), true);
    return static_cast<int>(it - lens.beyondContext.begin());
}

// Layers, heads and pairs are whole numbers: ticks at multiples of 1 only.
void wholeNumberTicks(QCPAxis* axis) {
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    axis->setTicker(ticker);
}

void showMatrix(const HeatMap& heat, const Eigen::MatrixXd& values) {
    heat.map->setData(colorMapData(values).release(), false);
    heat.map->data()->setRange(QCPRange(0.0, static_cast<double>(values.cols() - 1)),
                               QCPRange(0.0, static_cast<double>(values.rows() - 1)));
    double top = values.size() > 0 ? values.maxCoeff() : 1.0;
    heat.map->setDataRange(QCPRange(0.0, top > 0.0 ? top : 1.0));
    heat.map->keyAxis()->setRange(-0.5, static_cast<double>(values.cols()) - 0.5);
    heat.map->valueAxis()->setRange(-0.5, static_cast<double>(values.rows()) - 0.5);
}

}  // namespace

RealModelLesson::RealModelLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent),
      usagePlot_(createPlot(QStringLiteral("usage-by-layer"),
                            {QT_TR_NOOP("Share of q·k usage per pair, mean over heads"),
                             QT_TR_NOOP("pair i (fastest first)"), QT_TR_NOOP("layer")})),
      headsPlot_(createPlot(QStringLiteral("usage-by-head"),
                            {nullptr, QT_TR_NOOP("pair i"), QT_TR_NOOP("head")})),
      profilePlot_(createPlot(QStringLiteral("positional-profiles"),
                              {QT_TR_NOOP("positional profile s(Δ)"),
                               QT_TR_NOOP("distance Δ (positions)"), QT_TR_NOOP("s(Δ)")})) {
    placePlots({{usagePlot_, usagePlot_}, {headsPlot_, profilePlot_}});

    bindExplanation(QT_TR_NOOP(
        "<p>RoPE rotates pair <i>i</i> of every query and key by θ<sub>i</sub> per position. "
        "Which pairs does a trained model actually use? The q·k energy of pair <i>i</i> in a "
        "head is bounded by <i>usage</i> = ‖W<sub>q</sub> rows of the pair‖ · "
        "‖W<sub>k</sub> rows of the pair‖; this lesson reads the q and k projection weights "
        "of a checkpoint (a safetensors file or folder, or a GGUF file: the button, "
        "File → Open model…, or drop it on the window) and shows each pair's share.</p>"
        "<p>Fast pairs turn many times within the trained context and let a head find "
        "nearby tokens (positional heads); pairs whose wavelength exceeds the context hardly "
        "turn at all and carry content (semantic channels). Barbero et al. (2024) found that "
        "Gemma 7B spends much of its q·k energy on the slowest pairs.</p>"
        "<p>The <b>positional profile</b> s(Δ) is the expected q·k for the same isotropic "
        "input x at distance Δ: whether a head's weights alone favour nearby tokens. For "
        "<i>independent</i> random q and k the expectation is 0 at every distance.</p>"
        "<p>Without a file of your own, the lesson opens an example model that RoPE Lab "
        "builds itself: not trained, its weights are made so that layer 2 (layers count from "
        "0, as in the file) prefers the fast pairs and the other layers the slow ones, as "
        "that paper measured.</p>"));
    usageMap_ = addHeatMap(usagePlot_, Gradient::Sequential, QT_TR_NOOP("share"));
    bindText(usagePlot_->xAxis2, QT_TR_NOOP("wavelength 2π/θᵢ (positions)"));
    headsTitle_ = addPlotTitle(headsPlot_, QString());
    headsMap_ = addHeatMap(headsPlot_, Gradient::Sequential, QT_TR_NOOP("share"));
    for (QCPAxis* axis :
         {usagePlot_->xAxis, usagePlot_->yAxis, headsPlot_->xAxis, headsPlot_->yAxis}) {
        wholeNumberTicks(axis);
    }
    const auto contextLine = [this](QCustomPlot* plot) {
        auto* line = new QCPItemStraightLine(plot);
        setSeriesStyle(line, {Series::Key, Qt::DashLine, 0.8}, theme());
        line->setVisible(false);
        return line;
    };
    usageContext_ = contextLine(usagePlot_);
    headsContext_ = contextLine(headsPlot_);
    usageContextLabel_ = new PlotLabel(usagePlot_);
    usageContextLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    usageContextLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    wrapInsideAxisRect(usageContextLabel_);
    setSeriesStyle(usageContextLabel_, {Series::Key}, theme());
    usageContextLabel_->setVisible(false);

    bindText(addPlotSubtitle(profilePlot_, QString()),
             QT_TR_NOOP("expected q·k for the same isotropic input x at distance Δ (0 for "
                        "independent random q and k)"));
    chosenProfile_ = addSeries(profilePlot_, {Series::Query});
    positionalProfile_ = addSeries(profilePlot_, {Series::Third, Qt::DashLine});
    semanticProfile_ = addSeries(profilePlot_, {Series::Fourth, Qt::DotLine});
    profileContext_ = contextLine(profilePlot_);
    placeLegendBelow(profilePlot_, 1);

    auto* buttons = new QHBoxLayout;
    controlsLayout()->addLayout(buttons);
    addButton({.name = "openModelButton",
               .text = QT_TR_NOOP("Open model…"),
               .toolTip = QT_TR_NOOP("A .safetensors file, a folder of them with config.json, "
                                     "or a .gguf file"),
               .layout = buttons},
              [this] { chooseModelFile(); });
    addButton({.name = "exampleModelButton",
               .text = QT_TR_NOOP("Example model"),
               .toolTip = QT_TR_NOOP("A tiny RoPE model that RoPE Lab builds itself (not trained)"),
               .layout = buttons},
              [this] { openExampleModel(); });
    modelNote_ = new WrappedLabel(this);
    modelNote_->setObjectName(QStringLiteral("modelNote"));
    controlsLayout()->addWidget(modelNote_);
    auto* choices = new QFormLayout;
    controlsLayout()->addLayout(choices);
    // Both clamp to the model shown (set when it is drawn).
    layerBox_ = addSpinBox<int>(
        {.name = "layerBox", .label = QT_TR_NOOP("Layer"), .range = {0, 0, 0}, .form = choices},
        [this] { updateFigures(); });
    headBox_ = addSpinBox<int>(
        {.name = "headBox", .label = QT_TR_NOOP("Head"), .range = {0, 0, 0}, .form = choices},
        [this] { updateFigures(); });

    openFigure_ = declareFigures(
        {usagePlot_}, FigureRun::Background, [this] { return request_; },
        [](const std::optional<ModelRequest>& request, const Execution& exec) {
            OpenedModel opened;
            try {
                const std::filesystem::path path = request->path.toStdString();
                if (request->example) writeExampleModel(path);
                const QkModel model(path);
                opened.lens = std::make_shared<const LensResult>(ropeLens(model, {}, exec));
            } catch (const Cancelled&) {
                throw;
            } catch (const std::exception& e) {
                opened.problem = modelProblemText(e);
            }
            return opened;
        },
        [this](const std::optional<ModelRequest>& request, OpenedModel& opened) {
            showModel(*request, opened);
        },
        allThreads());
    FigureTask* chosenLayer = declareInlineFigures(
        {headsPlot_, profilePlot_},
        [this] {
            return std::tuple{lensGeneration_, layerBox_->value(), headBox_->value()};
        },
        [this](const std::tuple<int, int, int>&) { drawChosenLayer(); });
    redrawOnLanguageChange({chosenLayer});  // its titles and legend are translated text
    // Only a model of the user's own is saved; "example" opens the example model.
    bindState(
        {QStringLiteral("model")},
        [this] {
            return request_ && !request_->example
                       ? QJsonObject{{QStringLiteral("model"), request_->path}}
                       : QJsonObject();
        },
        [this](const QJsonObject& state) {
            const QString model = state.value(QStringLiteral("model")).toString();
            if (model == QLatin1String("example") && !shownExample_) {
                openExampleModel();
            } else if (!model.isEmpty() && model != QLatin1String("example") &&
                       (!request_ || request_->path != model)) {
                openModel(model);
            }
        });
    // The spin boxes clamp to the model shown; a model still being read sets them when drawn. A
    // missing key keeps the value shown.
    bindState(
        {QStringLiteral("layer"), QStringLiteral("head")},
        [this] {
            return QJsonObject{{QStringLiteral("layer"), layerBox_->value()},
                               {QStringLiteral("head"), headBox_->value()}};
        },
        [this](const QJsonObject& state) {
            layerBox_->setValue(state.value(QStringLiteral("layer")).toInt(layerBox_->value()));
            headBox_->setValue(state.value(QStringLiteral("head")).toInt(headBox_->value()));
        });

    retranslate();
    applyTheme(theme());
}

RealModelLesson::~RealModelLesson() = default;

void RealModelLesson::figureStarted(FigureTask* figure) {
    // Nothing is judged on the previous model while another is read.
    if (figure == openFigure_) clearReadouts();
}

void RealModelLesson::figureEnded(FigureTask* figure, FigureEnd end, const QString&) {
    if (figure == openFigure_ && end == FigureEnd::Stopped) updateReadouts();
}

void RealModelLesson::retranslate() {
    updateModelNote();
    if (lens_) drawUsageMap();
}

bool RealModelLesson::isModelPath(const QString& path) {
    const QFileInfo info(path);
    return info.isDir() || path.endsWith(QLatin1String(".safetensors"), Qt::CaseInsensitive) ||
           path.endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive);
}

QString RealModelLesson::exampleModelPath() {
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) +
           QStringLiteral("/example-model");
}

void RealModelLesson::openModel(const QString& path) {
    // A shard index or config.json stands for its folder.
    const QFileInfo info(path);
    const QString target = info.suffix() == QLatin1String("json") ? info.absolutePath() : path;
    request_ = ModelRequest{target, false, ++runs_};
    updateFigures();
}

void RealModelLesson::openExampleModel() {
    request_ = ModelRequest{exampleModelPath(), true, ++runs_};
    updateFigures();
}

void RealModelLesson::chooseModelFile() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open model"), QString(),
        tr("Model weights (*.safetensors *.gguf model.safetensors.index.json);;All files (*)"));
    if (!path.isEmpty()) openModel(path);
}

void RealModelLesson::setLayer(int layer) {
    layerBox_->setValue(layer);
}

void RealModelLesson::setHead(int head) {
    headBox_->setValue(head);
}

int RealModelLesson::layer() const {
    return layerBox_->value();
}

int RealModelLesson::head() const {
    return headBox_->value();
}

void RealModelLesson::showEvent(QShowEvent* event) {
    // The first look at the lesson without a model opens the example, so there is always one.
    if (!request_) openExampleModel();
    LessonPage::showEvent(event);
}

QString RealModelLesson::modelProblemText(const std::exception& error) {
    const auto* weights = dynamic_cast<const WeightsError*>(&error);
    if (weights == nullptr) return errorText(error);  // config.json problems, layers, ...
    const WeightsProblem& p = weights->problem();
    const QString name = QString::fromStdString(p.name);
    const QString found = QString::fromStdString(p.found);
    const QString detail = QString::fromStdString(p.detail);
    QString what;
    switch (p.fault) {
        case WeightsFault::CannotOpen:
            what = tr("cannot be opened (%1)").arg(detail);
            break;
        case WeightsFault::ReadFailed:
            what = tr("could not be read (%1)").arg(detail);
            break;
        case WeightsFault::Truncated:
            what = tr("is cut short: %1 bytes needed, the file has %2").arg(p.count).arg(p.limit);
            break;
        case WeightsFault::HeaderTooLarge:
            what = tr("claims a header of %1 bytes; RoPE Lab reads at most %2")
                       .arg(p.count)
                       .arg(p.limit);
            break;
        case WeightsFault::HeaderBeyondEnd:
            what = tr("claims a header of %1 bytes, but only %2 follow").arg(p.count).arg(p.limit);
            break;
        case WeightsFault::HeaderNotJson:
        case WeightsFault::HeaderLayout:
            what = tr("has a damaged header (%1)").arg(QString::fromStdString(describe(p)));
            break;
        case WeightsFault::DuplicateTensor:
            what = tr("lists the tensor '%1' twice").arg(name);
            break;
        case WeightsFault::UnknownDtype:
        case WeightsFault::UnreadableDtype:
            what = tr("stores the tensor '%1' as %2, which RoPE Lab cannot read").arg(name, found);
            break;
        case WeightsFault::SizeMismatch:
            what = tr("gives the tensor '%1' %2 bytes where its shape needs %3")
                       .arg(name)
                       .arg(p.limit)
                       .arg(p.count);
            break;
        case WeightsFault::BeyondEnd:
            what = tr("puts the tensor '%1' past the end of the data").arg(name);
            break;
        case WeightsFault::Overlap:
            what = tr("has the tensors '%1' and '%2' sharing bytes").arg(name, found);
            break;
        case WeightsFault::BadShape:
        case WeightsFault::WrongShape:
            what = tr("has the tensor '%1' in a shape RoPE Lab cannot use (%2)")
                       .arg(name, detail.isEmpty() ? found : detail);
            break;
        case WeightsFault::NotFinite:
            what = tr("holds %1 in the tensor '%2' (element %3)").arg(found, name).arg(p.index);
            break;
        case WeightsFault::MissingTensor:
            what = tr("has no tensor '%1'").arg(name);
            break;
        case WeightsFault::UnknownLayout:
            what = tr("is a \"%1\" model, whose q/k tensors RoPE Lab does not know").arg(found);
            break;
        case WeightsFault::BadIndex:
            what = tr("has a wrong model.safetensors.index.json (%1)").arg(detail);
            break;
        case WeightsFault::TooManyTensors:
            what = tr("claims %1 tensors; RoPE Lab reads at most %2").arg(p.count).arg(p.limit);
            break;
        case WeightsFault::WriteFailed:
            what = tr("could not be written (%1)").arg(detail);
            break;
        default:  // a fault added to core later: its English sentence until translated
            what = QString::fromStdString(describe(p));
            break;
    }
    return tr("%1 %2").arg(QString::fromStdString(weights->source()), what);
}

void RealModelLesson::showModel(const ModelRequest& request, OpenedModel& opened) {
    if (!opened.lens) {
        // The previous model stays on screen, with its readouts.
        failedPath_ = request.path;
        showProblem(tr("Could not open the model: %1").arg(opened.problem));
        updateModelNote();
        updateReadouts();
        return;
    }
    clearProblem();
    failedPath_.clear();
    lens_ = std::move(opened.lens);
    shownExample_ = request.example;
    ++lensGeneration_;
    const QkModelInfo& info = lens_->model;
    QSignalBlocker layerBlock(layerBox_), headBlock(headBox_);
    layerBox_->setRange(0, info.layers - 1);
    headBox_->setRange(0, info.heads - 1);
    // Start at the layer of the most positional head: the one the lesson is about.
    if (!lens_->mostPositional.empty()) {
        layerBox_->setValue(lens_->heads[lens_->mostPositional.front()].layer);
    }
    updateModelNote();
    drawUsageMap();
    updateFigures();  // the chosen layer's figures follow the new model
}

void RealModelLesson::updateModelNote() {
    QString note;
    if (lens_) {
        const QkModelInfo& info = lens_->model;
        note = shownExample_
                   ? tr("Example model made by RoPE Lab (not trained): q/k weights built with a "
                        "chosen frequency preference.")
                   : tr("Model: %1").arg(fileName(info.path));
        note += QLatin1Char('\n') +
                tr("%1 (%2), %3 layers, %4 heads (%5 KV), head_dim %6, context %7, %8 weights")
                    .arg(QString::fromStdString(info.architecture),
                         info.format == QkFormat::Gguf ? QStringLiteral("GGUF")
                                                       : QStringLiteral("safetensors"))
                    .arg(info.layers)
                    .arg(info.heads)
                    .arg(info.kvHeads)
                    .arg(info.headDim)
                    .arg(info.context)
                    .arg(QString::fromStdString(info.weightType));
        if (info.qkNorm) {
            note += QLatin1Char('\n') +
                    tr("q and k are normalised per head before RoPE (q_norm, k_norm): their "
                       "weights are folded into the rows; the division by the RMS, the same for "
                       "all pairs of a head, is left out.");
        }
    } else {
        note = tr("No model yet: open one, or the example model.");
    }
    if (!failedPath_.isEmpty()) {
        note += QLatin1Char('\n') + tr("%1 could not be opened; the model above stays.")
                                        .arg(QFileInfo(failedPath_).fileName());
    }
    modelNote_->setText(note);
}

std::size_t RealModelLesson::layerIndex(int layer) const {
    const auto it = std::find(lens_->layers.begin(), lens_->layers.end(), layer);
    return static_cast<std::size_t>(it - lens_->layers.begin());
}

void RealModelLesson::drawUsageMap() {
    const LensResult& lens = *lens_;
    const auto layers = static_cast<Eigen::Index>(lens.layers.size());
    const auto pairs = static_cast<Eigen::Index>(lens.invFreq.size());
    Eigen::MatrixXd mean = Eigen::MatrixXd::Zero(layers, pairs);
    Eigen::VectorXd count = Eigen::VectorXd::Zero(layers);
    for (const HeadLens& head : lens.heads) {
        const auto row = static_cast<Eigen::Index>(layerIndex(head.layer));
        for (Eigen::Index i = 0; i < pairs; ++i) mean(row, i) += head.share[std::size_t(i)];
        count(row) += 1.0;
    }
    for (Eigen::Index r = 0; r < layers; ++r) {
        if (count(r) > 0.0) mean.row(r) /= count(r);
    }
    showMatrix(usageMap_, mean);
    labelPairsInWavelength(usagePlot_->xAxis2, lens);
    const int beyond = firstBeyondPair(lens);
    const bool marked = beyond < pairs;
    usageContext_->setVisible(marked);
    usageContextLabel_->setVisible(marked);
    usageContext_->point1->setCoords(beyond - 0.5, 0.0);
    usageContext_->point2->setCoords(beyond - 0.5, 1.0);
    usageContextLabel_->position->setCoords(static_cast<double>(beyond) / pairs, 0.02);
    usageContextLabel_->setText(
        tr(" → wavelength > trained context (%1 positions)").arg(lens.model.context));
}

void RealModelLesson::drawChosenLayer() {
    if (!lens_) return;
    const LensResult& lens = *lens_;
    const int layer = layerBox_->value();
    const auto pairs = static_cast<Eigen::Index>(lens.invFreq.size());
    std::vector<const HeadLens*> heads;
    for (const HeadLens& h : lens.heads) {
        if (h.layer == layer) heads.push_back(&h);
    }
    Eigen::MatrixXd shares(static_cast<Eigen::Index>(heads.size()), pairs);
    for (std::size_t r = 0; r < heads.size(); ++r) {
        for (Eigen::Index i = 0; i < pairs; ++i) {
            shares(static_cast<Eigen::Index>(r), i) = heads[r]->share[std::size_t(i)];
        }
    }
    showMatrix(headsMap_, shares);
    headsTitle_->setText(tr("Layer %1: each head's share per pair").arg(layer));
    const int beyond = firstBeyondPair(lens);
    headsContext_->setVisible(beyond < pairs);
    headsContext_->point1->setCoords(beyond - 0.5, 0.0);
    headsContext_->point2->setCoords(beyond - 0.5, 1.0);

    // Profiles at every whole distance up to twice the context.
    const int last = std::min(2 * std::max(lens.model.context, 1), kMaxProfileDistances);
    std::vector<double> distances(static_cast<std::size_t>(last + 1));
    std::iota(distances.begin(), distances.end(), 0.0);
    const auto draw = [&](QCPGraph* graph, const HeadLens* head, const QString& name) {
        showWithLegendEntry(graph, head != nullptr);
        if (head == nullptr) {
            graph->data()->clear();
            return;
        }
        setIndexedData(graph, positionalProfile(*head, lens.invFreq, distances));
        graph->setName(name.arg(head->layer).arg(head->head));
    };
    const HeadLens* chosen = nullptr;
    for (const HeadLens* h : heads) {
        if (h->head == headBox_->value()) chosen = h;
    }
    const auto first = [&](const std::vector<std::size_t>& list) {
        return list.empty() ? nullptr : &lens.heads[list.front()];
    };
    draw(chosenProfile_, chosen, tr("chosen: layer %1, head %2"));
    draw(positionalProfile_, first(lens.mostPositional), tr("most positional: layer %1, head %2"));
    draw(semanticProfile_, first(lens.mostSemantic), tr("most semantic: layer %1, head %2"));
    profilePlot_->xAxis->setRange(0.0, last);
    profilePlot_->yAxis->rescale();
    const QCPRange y = profilePlot_->yAxis->range();
    const double pad = 0.05 * std::max(y.size(), 1e-12);
    profilePlot_->yAxis->setRange(std::min(0.0, y.lower) - pad, std::max(0.0, y.upper) + pad);
    profileContext_->setVisible(true);
    profileContext_->point1->setCoords(lens.model.context, 0.0);
    profileContext_->point2->setCoords(lens.model.context, 1.0);
    updateReadouts();
}

void RealModelLesson::updateReadouts() {
    if (!lens_) return;
    const LensResult& lens = *lens_;
    const int layer = layerBox_->value();
    double positional = 0.0;
    int heads = 0;
    for (const HeadLens& h : lens.heads) {
        if (h.layer != layer) continue;
        positional += h.positionalShare;
        ++heads;
    }
    const double layerPositional = heads > 0 ? positional / heads : 0.0;
    const double layerBeyond = lens.layerBeyondShare[layerIndex(layer)];
    const auto percent = [](double v) { return QStringLiteral("%1 %").arg(100.0 * v, 0, 'f', 1); };
    QList<Readout> readouts{
        {QStringLiteral("beyond_share"),
         tr("usage beyond the context, all layers"),
         lens.beyondShare,
         {},
         percent(lens.beyondShare)},
        {QStringLiteral("layer_beyond_share"),
         tr("usage beyond the context, layer %1").arg(layer),
         layerBeyond,
         {},
         percent(layerBeyond)},
        {QStringLiteral("layer_positional_share"),
         tr("usage in the fastest quarter of pairs, layer %1").arg(layer),
         layerPositional,
         {},
         percent(layerPositional)},
    };
    // The first head of a list, as a row and its layer, head and share.
    const auto head = [&](const QString& name, const std::vector<std::size_t>& list,
                          double HeadLens::*share, const QString& label, const QString& text) {
        if (list.empty()) return;
        const HeadLens& h = lens.heads[list.front()];
        readouts.append(
            {.label = label, .text = text.arg(h.layer).arg(h.head).arg(percent(h.*share))});
        readouts.append({name + QStringLiteral("_layer"), {}, h.layer});
        readouts.append({name + QStringLiteral("_head"), {}, h.head});
        readouts.append({name + QStringLiteral("_share"), {}, h.*share});
    };
    head(QStringLiteral("most_positional"), lens.mostPositional, &HeadLens::positionalShare,
         tr("most positional head"), tr("layer %1, head %2 (%3 in the fastest quarter)"));
    head(QStringLiteral("most_semantic"), lens.mostSemantic, &HeadLens::beyondShare,
         tr("most semantic head"), tr("layer %1, head %2 (%3 beyond the context)"));
    readouts.append({QStringLiteral("example"), {}, shownExample_ ? 1.0 : 0.0});
    readouts.append({QStringLiteral("layers"), {}, lens.model.layers});
    readouts.append({QStringLiteral("heads"), {}, lens.model.heads});
    readouts.append({QStringLiteral("pairs"), {}, lens.invFreq.size()});
    readouts.append({QStringLiteral("context"), {}, lens.model.context});
    readouts.append({QStringLiteral("layer"), {}, layer});
    readouts.append({QStringLiteral("head"), {}, headBox_->value()});
    setReadouts(readouts);
}

}  // namespace ropelab::ui
