// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/training_lesson.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>
#include <string_view>

#include "model/latest_job.h"
#include "model/run_queue.h"
#include "training/model_file.h"
#include "weights/qk_model.h"
#include "widgets/choice_box.h"
#include "widgets/heat_map.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/progress_value.h"
#include "widgets/score_plot_helpers.h"

namespace ropelab::ui {

using training::LabModelResult;
using training::LabRun;
using training::LabSettings;
using training::LengthResult;
using training::PositionEncoding;
using training::RopeRescue;

namespace {

constexpr int kPollMs = 100;
// The share of a replay (TrainingLesson::replay_) that grows the loss curves; the rest adds the
// evaluation lengths one by one.
constexpr double kReplayLossShare = 0.75;
const QString kRecordedRun = QStringLiteral(":/training/default-run.json");

int encodingIndex(PositionEncoding encoding) {
    const auto* it =
        std::find(std::begin(training::allEncodings), std::end(training::allEncodings), encoding);
    return static_cast<int>(it - std::begin(training::allEncodings));
}

QString encodingKey(PositionEncoding encoding) {
    return QString::fromLatin1(training::toString(encoding));
}

// Keeps the graph's points at the first `count` of `lengths` (its keys are lengths).
void keepUpTo(QCPGraph* graph, const std::vector<int>& lengths, std::size_t count) {
    if (count == 0) {
        graph->data()->clear();
    } else {
        graph->data()->removeAfter(lengths[count - 1]);
    }
}

// The readout prefix of a fine-tuned RoPE model, as the result table names its method.
QString fineTunedKey(const training::FineTunedCurve& curve) {
    return curve.interpolated ? QStringLiteral("rope_finetune_linear")
                              : QStringLiteral("rope_finetune");
}

// The lengths ids use: 1×, 1.5×, 2×, 4×.
const std::array<const char*, 4> kFactorIds{"1x", "1_5x", "2x", "4x"};

const LabModelResult* findModel(const LabRun& run, PositionEncoding encoding) {
    for (const LabModelResult& m : run.models) {
        if (m.encoding == encoding) return &m;
    }
    return nullptr;
}

// The number's shortest text that reads back as the same double.
QByteArray csvNumber(double value) {
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

QByteArray latin1(std::string_view name) {
    return {name.data(), static_cast<qsizetype>(name.size())};
}

// The results behind the length figures, a row per model, method and length:
// encoding,method,length,ran,loss,perplexity,accuracy,exact_match. Method "none" is the model as
// trained, else the RoPE rescue applied at evaluation; a length the model cannot run has ran 0
// and no numbers; "finetune" and "finetune_linear" are the RoPE model fine-tuned at 2L without
// and with Position Interpolation. ropeOnly: the RoPE model's rows alone (the rescue figure).
QByteArray resultTable(const LabRun& run, bool ropeOnly) {
    QByteArray csv("encoding,method,length,ran,loss,perplexity,accuracy,exact_match\r\n");
    const auto rows = [&csv](PositionEncoding encoding, std::string_view method,
                             const std::vector<LengthResult>& results) {
        for (const LengthResult& r : results) {
            csv += latin1(training::toString(encoding)) + ',' + latin1(method) + ',' +
                   QByteArray::number(r.length) + ',' + (r.ran ? "1" : "0");
            if (r.ran) {
                csv += ',' + csvNumber(r.loss) + ',' + csvNumber(r.perplexity) + ',' +
                       csvNumber(r.accuracy) + ',' + csvNumber(r.exactMatch);
            } else {
                csv += ",,,,";
            }
            csv += "\r\n";
        }
    };
    for (const LabModelResult& m : run.models) {
        if (ropeOnly && m.encoding != PositionEncoding::Rope) continue;
        rows(m.encoding, "none", m.byLength);
        for (const training::RescuedCurve& c : m.rescued) {
            rows(m.encoding, training::toString(c.rescue), c.byLength);
        }
        for (const training::FineTunedCurve& c : m.fineTuned) {
            rows(m.encoding, c.interpolated ? "finetune_linear" : "finetune", c.byLength);
        }
    }
    return csv;
}

// What the look inside asks for: the chosen model (null: none trained in this session), the run's
// RoPE model for its pairs (null: none), the task they trained on, and a layer and head of both.
struct InsideKey {
    std::shared_ptr<const training::Model> model;
    std::shared_ptr<const training::Model> rope;
    std::shared_ptr<const training::Task> task;
    int layer = 0;
    int head = 0;
    bool operator==(const InsideKey&) const = default;
};

// One head's attention weights on the first evaluation sequence at twice the training length,
// and the lens of the RoPE model's head: its weights saved as a model file that core's QkModel
// reads, as lesson 12 reads one.
std::shared_ptr<const TrainingLesson::Inside> computeInside(const InsideKey& key,
                                                            const Execution& exec) {
    auto inside = std::make_shared<TrainingLesson::Inside>();
    if (!key.model) return inside;
    const training::ModelConfig& config = key.model->config;
    inside->encoding = config.encoding;
    inside->layer = key.layer;
    inside->head = key.head;
    inside->length =
        static_cast<int>(std::lround(training::labFineTuneFactor * config.trainLength));
    const training::Batch sequence =
        training::evaluationBatch(*key.task, 1, inside->length, training::EvalSettings{}.seed);
    // A learned table has no row for the positions beyond it.
    if (config.encoding != PositionEncoding::Learned) {
        const std::vector<double> all =
            training::attentionWeights(*key.model, sequence.tokens, key.layer, std::nullopt);
        const std::size_t cells = static_cast<std::size_t>(inside->length) * inside->length;
        const auto first = all.begin() + static_cast<std::ptrdiff_t>(cells * key.head);
        inside->weights.assign(first, first + static_cast<std::ptrdiff_t>(cells));
    }
    if (key.rope) {
        const QTemporaryDir folder;
        if (!folder.isValid()) {
            throw std::runtime_error(
                TrainingLesson::tr("no temporary folder for the RoPE model's file").toStdString());
        }
        const std::filesystem::path file =
            folder.filePath(QStringLiteral("rope.safetensors")).toStdString();
        training::saveModel(file, *key.rope);
        const LensResult lens = ropeLens(QkModel(file), {{key.layer}, {key.head}}, exec);
        inside->haveLens = !lens.heads.empty();
        if (inside->haveLens) inside->lens = lens.heads.front();
        inside->wavelength = lens.wavelength;
    }
    return inside;
}

}  // namespace

// What a worker thread hands the UI thread while it trains: each step's loss, under a lock the
// UI thread takes only to copy the new ones (every kPollMs).
struct TrainingLesson::Live {
    PositionEncoding encoding = PositionEncoding::Rope;
    struct Buffer {
        std::mutex mutex;
        std::vector<double> losses;
    };
    std::shared_ptr<Buffer> buffer = std::make_shared<Buffer>();
    std::vector<double> shown;  // the losses copied to the UI thread so far
    std::int64_t steps = 0;     // training and fine-tuning steps (training::labModelSteps)
};

TrainingLesson::TrainingLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent),
      queue_(new RunQueue(QThread::idealThreadCount(), this)),
      poll_(new QTimer(this)),
      lossPlot_(createPlot(QStringLiteral("training-loss"),
                           {QT_TR_NOOP("Training loss of each model"), QT_TR_NOOP("step"),
                            QT_TR_NOOP("training loss (nats)")})),
      lengthPlot_(createPlot(QStringLiteral("metric-vs-length"),
                             {.x = QT_TR_NOOP("evaluation length (tokens)")})),
      rescuePlot_(createPlot(QStringLiteral("rope-rescue"),
                             {.x = QT_TR_NOOP("evaluation length (tokens)")})),
      plotStack_(new QStackedWidget(plotArea())),
      attentionPlot_(
          createPlot(QStringLiteral("attention-weights"),
                     {.x = QT_TR_NOOP("key position"), .y = QT_TR_NOOP("query position")})),
      pairPlot_(createPlot(QStringLiteral("rope-pair-norms"),
                           {.x = QT_TR_NOOP("wavelength 2π/θᵢ (positions)"),
                            .y = QT_TR_NOOP("norm of the pair's two rows")})),
      textFile_(new QLabel(this)),
      insideControls_(new QWidget(this)),
      insideNote_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      status_(new QLabel(this)),
      settingsNote_(new QLabel(this)) {
    auto* results = new QWidget(plotStack_);
    auto* grid = new QGridLayout(results);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(lossPlot_, 0, 0, 1, 2);
    grid->addWidget(lengthPlot_, 1, 0);
    grid->addWidget(rescuePlot_, 1, 1);
    // The length figures carry long legends: they get the larger share of the height.
    grid->setRowStretch(0, 2);
    grid->setRowStretch(1, 3);
    auto* inside = new QWidget(plotStack_);
    auto* row = new QHBoxLayout(inside);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(attentionPlot_);
    row->addWidget(pairPlot_);
    plotStack_->addWidget(results);
    plotStack_->addWidget(inside);
    placePlots({{plotStack_}});

    bindText(
        QT_TR_NOOP(
            "<p>Each model is the same small transformer with a different position encoding, "
            "trained on the same sequences, at most <i>L</i> tokens long. Then each is tested "
            "on sequences of <i>L</i>, 1.5<i>L</i>, 2<i>L</i> and 4<i>L</i> tokens. Copy and "
            "reverse score the tokens after the separator (accuracy: the share predicted right); "
            "text scores every next character (mean loss in nats, lower is better).</p>"
            "<p>Learned positions have one row per training position: a longer sequence "
            "<b>cannot run</b>. The right plot applies lesson 7's methods to the trained RoPE "
            "model at evaluation only, with factor 4 and <i>L</i> as the original context.</p>"
            "<p><b>What the papers found.</b> Press et al. 2022 (ALiBi, Table 2: WikiText-103, "
            "16 layers, trained at 512 tokens), perplexity at 512 / 1012 / 2512 tokens: "
            "sinusoidal 20.05 / 43.54 / 132.41, rotary 20.07 / 21.37 / 31.58, T5 bias 19.65 / "
            "18.79 / 20.41, ALiBi 19.73 / 18.73 / 18.41. Chen et al. 2023: a RoPE model "
            "extrapolated without training reached perplexity above 10³ beyond its context; with "
            "position interpolation it adapted in at most 1000 fine-tuning steps. What a small "
            "model shows depends on task, size and steps: the note below says what the run shown "
            "measured.</p>"),
        [this](const QString& html) {
            setExplanation(
                title(),
                html +
                    tr("<p><b>Fine-tuning</b> (when its steps are set): the trained RoPE model "
                       "trains on "
                       "for those steps at 2<i>L</i>, once as it is and once with Position "
                       "Interpolation "
                       "(positions divided by 2, so 2<i>L</i> spans the trained range); both are "
                       "tested "
                       "as above, in the right plot.</p>"
                       "<p><b>Look inside</b> (Show): one head's attention weights on a sequence "
                       "of "
                       "2<i>L</i> tokens, and for the RoPE model the norm of each pair's rows of "
                       "W<sub>q</sub> and W<sub>k</sub> against the pair's wavelength, as in "
                       "lesson 12. "
                       "Only models trained in this session can be looked inside: a saved run "
                       "keeps "
                       "their numbers, not their weights.</p>"),
                QString());
        });
    lengthTitle_ = addPlotTitle(lengthPlot_, QString());
    rescueTitle_ = addPlotTitle(rescuePlot_, QString());
    for (int e = 0; e < kEncodings; ++e) {
        const char* name = encodingSource(training::allEncodings[e]);
        lossGraphs_[e] = addSeries(lossPlot_, {categorical(e)}, name);
        lengthGraphs_[e] = addSeries(lengthPlot_, {categorical(e)}, name);
        lengthGraphs_[e]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
    }
    for (int r = 0; r < static_cast<int>(rescueGraphs_.size()); ++r) {
        rescueGraphs_[r] = addGraph(rescuePlot_);
        // The plain RoPE curve in RoPE's colour, as on the left; each method in a colour of its
        // own, dashed; the fine-tuned models dotted, with square marks.
        const bool tuned = r > kRescues;
        const Series series = r == 0 ? categorical(encodingIndex(PositionEncoding::Rope))
                                     : categorical(kEncodings + r - 1);
        setSeriesStyle(rescueGraphs_[r],
                       {series, r == 0  ? Qt::SolidLine
                                : tuned ? Qt::DotLine
                                        : Qt::DashLine},
                       theme());
        rescueGraphs_[r]->setScatterStyle(
            QCPScatterStyle(tuned ? QCPScatterStyle::ssSquare : QCPScatterStyle::ssDisc, 5));
    }
    bindText(rescueGraphs_[0], QT_TR_NOOP("RoPE as trained"));
    for (int r = 0; r < kRescues; ++r) {
        bindText(rescueGraphs_[r + 1], rescueSource(training::allRescues[r]));
    }
    bindText(rescueGraphs_[kRescues + 1], QT_TR_NOOP("RoPE fine-tuned"));
    bindText(rescueGraphs_[kRescues + 2], QT_TR_NOOP("RoPE fine-tuned with PI"));
    for (int p = 0; p < 2; ++p) {
        QCustomPlot* plot = p == 0 ? lengthPlot_ : rescuePlot_;
        trainLengthLines_[p] = new QCPItemStraightLine(plot);
        setSeriesStyle(trainLengthLines_[p], {Series::Reference, Qt::DashLine}, theme());
        trainLengthLabels_[p] = new QCPItemText(plot);
        trainLengthLabels_[p]->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        trainLengthLabels_[p]->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        wrapInsideData(trainLengthLabels_[p]);  // whole in presenter mode at 1024x768
        bindText(trainLengthLabels_[p], QT_TR_NOOP(" training length"));
    }
    cannotRun_ = new QCPItemText(lengthPlot_);
    // Just below the training length's label, however short the plot (presenter mode at
    // 1024x768 put a share of its height above the label's bottom).
    cannotRun_->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    cannotRun_->position->setParentAnchorY(trainLengthLabels_[0]->bottom);
    cannotRun_->position->setCoords(0.98, 2.0);
    cannotRun_->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    wrapInsideAxisRect(cannotRun_);  // whole in zh_CN and presenter mode at 1024x768
    cannotRun_->setColor(
        seriesColor(categorical(encodingIndex(PositionEncoding::Learned)), theme()));
    tagAnnotation(lengthPlot_, QStringLiteral("cannot-run"), {cannotRun_});
    for (QCustomPlot* plot : {lossPlot_, lengthPlot_, rescuePlot_}) placeLegendBelow(plot, 3);
    // The result table, whole, and the RoPE model's part of it.
    setFigureTable(lengthPlot_, [this] { return resultTable(run_, false); });
    setFigureTable(rescuePlot_, [this] { return resultTable(run_, true); });
    lossPlot_->xAxis->setRange(0, 1);

    buildInside();
    buildControls();
    showProgressInControls();
    declareTrainingFigures();
    declareInsideFigures();
    refreshOnParameterChange([this] { updateFigures(); });
    // The settings are put back as one LabSettings, over those the controls describe (the
    // encodings and text file are not saved).
    bindState(
        {QStringLiteral("task"), QStringLiteral("size"), QStringLiteral("train_length"),
         QStringLiteral("steps"), QStringLiteral("seed"), QStringLiteral("rope_theta"),
         QStringLiteral("fine_tune_steps")},
        [this] {
            const LabSettings s = settings();
            return QJsonObject{
                {QStringLiteral("task"), QString::fromLatin1(training::toString(s.task))},
                {QStringLiteral("size"), size_->currentIndex()},
                {QStringLiteral("train_length"), s.trainLength},
                {QStringLiteral("steps"), static_cast<double>(s.steps)},
                {QStringLiteral("seed"), static_cast<double>(s.seed)},
                {QStringLiteral("rope_theta"), s.ropeTheta},
                {QStringLiteral("fine_tune_steps"), static_cast<double>(s.fineTuneSteps)}};
        },
        [this](const QJsonObject& state) {
            LabSettings s = settings();
            try {
                s.task = training::parseTaskKind(state.value(QStringLiteral("task"))
                                                     .toString(QStringLiteral("copy"))
                                                     .toStdString());
            } catch (const std::exception&) {
                s.task = training::TaskKind::Copy;
            }
            const int size = std::clamp(state.value(QStringLiteral("size")).toInt(1), 0,
                                        static_cast<int>(kSizes.size()) - 1);
            s.layers = kSizes[static_cast<std::size_t>(size)].layers;
            s.width = kSizes[static_cast<std::size_t>(size)].width;
            s.heads = kSizes[static_cast<std::size_t>(size)].heads;
            s.trainLength = state.value(QStringLiteral("train_length")).toInt(s.trainLength);
            s.steps =
                static_cast<std::int64_t>(state.value(QStringLiteral("steps")).toDouble(1000));
            s.seed = static_cast<std::uint64_t>(
                std::max(0.0, state.value(QStringLiteral("seed")).toDouble(0)));
            s.ropeTheta = state.value(QStringLiteral("rope_theta")).toDouble(s.ropeTheta);
            s.fineTuneSteps = static_cast<std::int64_t>(
                std::clamp(state.value(QStringLiteral("fine_tune_steps")).toDouble(0), 0.0,
                           static_cast<double>(training::TrainingLimits::maxSteps)));
            setSettings(s);
        });
    // Not saved: a session opens on the whole run (the training animation replays it).
    bindState(
        {QStringLiteral("replay")}, [] { return QJsonObject(); },
        [this](const QJsonObject& state) {
            const double replay =
                std::clamp(state.value(QStringLiteral("replay")).toDouble(1.0), 0.0, 1.0);
            if (replay != replay_) {
                replay_ = replay;
                ++revision_;
                updateFigures();
            }
        });

    connect(queue_, &RunQueue::failed, this, [this](std::size_t index, const QString& message) {
        failures_.append(tr("%1 stopped: %2").arg(encodingName(live_[index]->encoding), message));
    });
    connect(queue_, &RunQueue::batchEnded, this, &TrainingLesson::trainingEnded);
    poll_->setInterval(kPollMs);
    connect(poll_, &QTimer::timeout, this, &TrainingLesson::pollLosses);

    // The user's last run, else the recorded default run: real results at once.
    LabRun shown;
    bool haveRun = false;
    for (const QString& path : {cachePath(), kRecordedRun}) {
        QFile file(path);
        if (path.isEmpty() || !file.open(QIODevice::ReadOnly)) continue;
        try {
            const QByteArray bytes = file.readAll();
            shown = training::labRunFromJson(std::string_view(bytes.constData(), bytes.size()),
                                             path.toStdString());
            recorded_ = path == kRecordedRun;
            haveRun = true;
            break;
        } catch (const std::exception&) {
            // A damaged cache falls back to the recording.
        }
    }
    if (haveRun) {
        setSettings(shown.settings);
        run_ = std::move(shown);
    } else {
        setSettings(LabSettings{});
    }
    retranslate();
    updateFigures();
    applyTheme(theme());
}

TrainingLesson::~TrainingLesson() = default;

void TrainingLesson::buildInside() {
    attentionTitle_ = addPlotTitle(attentionPlot_, QString());
    attentionSubtitle_ = addPlotSubtitle(attentionPlot_, QString());
    attentionMap_ =
        addHeatMap(attentionPlot_, Gradient::Sequential, QT_TR_NOOP("attention weight"));
    attentionMap_.map->setDataRange(QCPRange(0.0, 1.0));
    // Query 0 at the top, as a matrix is read.
    attentionPlot_->yAxis->setRangeReversed(true);
    for (QCPItemStraightLine*& line : attentionLines_) {
        line = new QCPItemStraightLine(attentionPlot_);
        setSeriesStyle(line, {Series::Key, Qt::DashLine}, theme());
    }
    for (QCPAxis* axis : {attentionPlot_->xAxis, attentionPlot_->yAxis}) {
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1.0);  // positions are whole numbers
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        axis->setTicker(ticker);
    }

    pairTitle_ = addPlotTitle(pairPlot_, QString());
    setLogAxis(pairPlot_->xAxis);
    qNorms_ = addSeries(pairPlot_, {Series::Query}, QT_TR_NOOP("query projection"));
    qNorms_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
    kNorms_ = addSeries(pairPlot_, {Series::Key, Qt::DashLine}, QT_TR_NOOP("key projection"));
    kNorms_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 5));
    pairLine_ = new QCPItemStraightLine(pairPlot_);
    setSeriesStyle(pairLine_, {Series::Reference, Qt::DashLine}, theme());
    pairLabel_ = new QCPItemText(pairPlot_);
    pairLabel_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    pairLabel_->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    bindText(pairLabel_, QT_TR_NOOP(" training length"));
    placeLegendBelow(pairPlot_, 2);
}

void TrainingLesson::buildControls() {
    // First the view, and what to look inside; the training settings follow.
    auto* viewRow = new QFormLayout;
    viewRow->setContentsMargins(0, 0, 0, 0);
    controlsLayout()->addLayout(viewRow);
    view_ = addChoice({.name = "viewBox",
                       .accessibleName = nullptr,
                       .label = QT_TR_NOOP("Show"),
                       .items = {QT_TR_NOOP("Results"), QT_TR_NOOP("Look inside the models")},
                       .form = viewRow},
                      [this](int index) {
                          plotStack_->setCurrentIndex(std::max(index, 0));
                          const bool inside = index == static_cast<int>(View::Inside);
                          insideControls_->setVisible(inside);
                          insideNote_->setVisible(inside);
                      });
    auto* insideForm = new QFormLayout(insideControls_);
    insideForm->setContentsMargins(0, 0, 0, 0);
    // The models and the layer and head ranges follow the run (updateInsideControls).
    insideModel_ = addChoice({.name = "insideModelBox",
                              .accessibleName = nullptr,
                              .label = QT_TR_NOOP("Model"),
                              .items = {},
                              .form = insideForm},
                             [this] { updateFigures(); });
    insideLayer_ = addSpinBox<int>({.name = "insideLayerBox",
                                    .label = QT_TR_NOOP("Layer"),
                                    .range = {0, 0, 0},
                                    .form = insideForm},
                                   [this] { updateFigures(); });
    insideHead_ = addSpinBox<int>({.name = "insideHeadBox",
                                   .label = QT_TR_NOOP("Head"),
                                   .range = {0, 0, 0},
                                   .form = insideForm},
                                  [this] { updateFigures(); });
    insideControls_->setVisible(false);
    controlsLayout()->addWidget(insideControls_);
    insideNote_->setObjectName(QStringLiteral("insideNote"));
    insideNote_->setWordWrap(true);
    insideNote_->setVisible(false);
    controlsLayout()->addWidget(insideNote_);
    // The settings are read when training starts (settings()): their controls need no handler.
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    controlsLayout()->addLayout(form);
    task_ = addChoice({.name = "taskBox",
                       .accessibleName = nullptr,
                       .label = QT_TR_NOOP("Task"),
                       .items = {QT_TR_NOOP("copy the symbols"), QT_TR_NOOP("reverse the symbols"),
                                 QT_TR_NOOP("text (next character)")},
                       .form = form},
                      [] {});
    addButton({.name = "openTextButton",
               .text = QT_TR_NOOP("Open text file…"),
               .toolTip = QT_TR_NOOP("Train the text task on a UTF-8 text file of your own."),
               .form = form},
              [this] {
                  const QString path =
                      QFileDialog::getOpenFileName(this, tr("Open a UTF-8 text file"));
                  if (path.isEmpty()) return;
                  textPath_ = path;
                  task_->setCurrentIndex(static_cast<int>(training::TaskKind::Text));
                  textFile_->setText(QFileInfo(path).fileName());
              });
    textFile_->setWordWrap(true);
    bindText(QT_TR_NOOP("Text: the built-in GPL 3 text"), [this](const QString& text) {
        if (textPath_.isEmpty()) textFile_->setText(text);
    });
    form->addRow(textFile_);
    // By hand: two columns of a grid, their names made from the encodings' keys.
    auto* boxes = new QGridLayout;
    for (int e = 0; e < kEncodings; ++e) {
        encodingBoxes_[e] = new QCheckBox(this);
        encodingBoxes_[e]->setObjectName(
            QStringLiteral("encoding_%1").arg(encodingKey(training::allEncodings[e])));
        // Never squeezed below its text: Chinese labels need a pixel more than the row gave.
        encodingBoxes_[e]->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        bindText(encodingBoxes_[e], encodingSource(training::allEncodings[e]));
        boxes->addWidget(encodingBoxes_[e], e / 2, e % 2);
    }
    form->addRow(boxes);
    // The items are formatted from kSizes.
    size_ = addChoice({.name = "sizeBox",
                       .accessibleName = nullptr,
                       .label = QT_TR_NOOP("Model size"),
                       .items = {},
                       .form = form},
                      [] {});
    bindText(QT_TR_NOOP("%1 layers, width %2, %3 heads"), [this](const QString& text) {
        for (int i = 0; i < static_cast<int>(kSizes.size()); ++i) {
            const SizePreset& s = kSizes[static_cast<std::size_t>(i)];
            if (size_->count() <= i) size_->addItem(QString());
            size_->setItemText(i, text.arg(s.layers).arg(s.width).arg(s.heads));
        }
    });
    size_->setCurrentIndex(1);
    // Each starts at its minimum: setSettings() gives the values shown.
    const int maxSteps = static_cast<int>(training::TrainingLimits::maxSteps);
    trainLength_ = addSpinBox<int>({.name = "trainLengthBox",
                                    .label = QT_TR_NOOP("Training length"),
                                    .range = {training::TrainingLimits::minTrainLength, 256,
                                              training::TrainingLimits::minTrainLength},
                                    .form = form},
                                   [] {});
    steps_ = addSpinBox<int>({.name = "stepsBox",
                              .label = QT_TR_NOOP("Steps"),
                              .range = {1, maxSteps, 1},
                              .step = 100,
                              .form = form},
                             [] {});
    seed_ = addSpinBox<int>(
        {.name = "seedBox", .label = QT_TR_NOOP("Seed"), .range = {0, 1000000, 0}, .form = form},
        [] {});
    ropeBase_ = addSpinBox<double>({.name = "ropeBaseBox",
                                    .label = QT_TR_NOOP("RoPE base"),
                                    .range = {2.0, 1e7, 2.0},
                                    .decimals = 0,
                                    .form = form},
                                   [] {});
    fineTuneSteps_ = addSpinBox<int>(
        {.name = "fineTuneStepsBox",
         .label = QT_TR_NOOP("Fine-tune at 2L"),
         .range = {0, maxSteps, 0},
         .step = 50,
         .toolTip = QT_TR_NOOP("After training, fine-tune the RoPE model at twice the training "
                               "length for this many steps, once as it is and once with Position "
                               "Interpolation (factor 2)."),
         .specialValueText = QT_TR_NOOP("none"),
         .form = form},
        [] {});

    auto* buttons = new QHBoxLayout;
    controlsLayout()->addLayout(buttons);
    trainButton_ = addButton({.name = "trainButton",
                              .text = QT_TR_NOOP("Train"),
                              .toolTip = QT_TR_NOOP("Train one model per ticked encoding in the "
                                                    "background, each on a thread of its own."),
                              .layout = buttons},
                             [this] { train(); });
    cancelButton_ =
        addButton({.name = "cancelTrainingButton", .text = QT_TR_NOOP("Cancel"), .layout = buttons},
                  [this] { cancel(); });
    cancelButton_->setEnabled(false);
    progress_->setObjectName(QStringLiteral("trainingProgress"));
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setVisible(false);
    controlsLayout()->addWidget(progress_);
    status_->setWordWrap(true);
    controlsLayout()->addWidget(status_);
    settingsNote_->setWordWrap(true);
    controlsLayout()->addWidget(settingsNote_);
}

const char* TrainingLesson::encodingSource(PositionEncoding encoding) {
    switch (encoding) {
        case PositionEncoding::None:
            return QT_TR_NOOP("none (NoPE)");
        case PositionEncoding::Learned:
            return QT_TR_NOOP("learned");
        case PositionEncoding::Sinusoidal:
            return QT_TR_NOOP("sinusoidal");
        case PositionEncoding::T5:
            return QT_TR_NOOP("T5 bias");
        case PositionEncoding::Alibi:
            return QT_TR_NOOP("ALiBi");
        case PositionEncoding::Rope:
            return QT_TR_NOOP("RoPE");
    }
    return "";
}

QString TrainingLesson::encodingName(PositionEncoding encoding) const {
    return tr(encodingSource(encoding));
}

const char* TrainingLesson::rescueSource(RopeRescue rescue) {
    switch (rescue) {
        case RopeRescue::Linear:
            return QT_TR_NOOP("RoPE + PI (linear)");
        case RopeRescue::Dynamic:
            return QT_TR_NOOP("RoPE + NTK (dynamic)");
        case RopeRescue::Yarn:
            return QT_TR_NOOP("RoPE + YaRN");
        case RopeRescue::Llama3:
            return QT_TR_NOOP("RoPE + Llama 3");
    }
    return "";
}

bool TrainingLesson::textMetric() const {
    return run_.settings.task == training::TaskKind::Text;
}

void TrainingLesson::retranslate() {
    updateInsideControls();  // the models' names
    drawInside();
}

LabSettings TrainingLesson::settings() const {
    LabSettings s;
    s.task = static_cast<training::TaskKind>(std::max(task_->currentIndex(), 0));
    if (s.task == training::TaskKind::Text) s.textFile = textPath_.toStdString();
    s.encodings.clear();
    for (int e = 0; e < kEncodings; ++e) {
        if (encodingBoxes_[e]->isChecked()) s.encodings.push_back(training::allEncodings[e]);
    }
    const SizePreset& size = kSizes[static_cast<std::size_t>(std::max(size_->currentIndex(), 0))];
    s.layers = size.layers;
    s.width = size.width;
    s.heads = size.heads;
    s.trainLength = trainLength_->value();
    s.steps = steps_->value();
    s.seed = static_cast<std::uint64_t>(seed_->value());
    s.ropeTheta = ropeBase_->value();
    s.fineTuneSteps = fineTuneSteps_->value();
    return s;
}

void TrainingLesson::setSettings(const LabSettings& s) {
    task_->setCurrentIndex(static_cast<int>(s.task));
    textPath_ = QString::fromStdString(s.textFile);
    if (!textPath_.isEmpty()) textFile_->setText(QFileInfo(textPath_).fileName());
    for (int e = 0; e < kEncodings; ++e) {
        encodingBoxes_[e]->setChecked(std::find(s.encodings.begin(), s.encodings.end(),
                                                training::allEncodings[e]) != s.encodings.end());
    }
    for (std::size_t i = 0; i < kSizes.size(); ++i) {
        if (kSizes[i].layers == s.layers && kSizes[i].width == s.width &&
            kSizes[i].heads == s.heads) {
            size_->setCurrentIndex(static_cast<int>(i));
        }
    }
    trainLength_->setValue(s.trainLength);
    steps_->setValue(static_cast<int>(s.steps));
    seed_->setValue(static_cast<int>(s.seed));
    ropeBase_->setValue(s.ropeTheta);
    fineTuneSteps_->setValue(static_cast<int>(s.fineTuneSteps));
}

QString TrainingLesson::cachePath() {
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return folder.isEmpty() ? QString() : folder + QStringLiteral("/training-last-run.json");
}

void TrainingLesson::showRun(LabRun run) {
    run_ = std::move(run);
    clearReadouts();  // the readouts of models this run does not have
    trained_.clear();
    trainedTask_.reset();
    updateInsideControls();
    ++revision_;
    runGuarded([this] { updateFigures(); });
}

bool TrainingLesson::training() const {
    return queue_->running();
}

void TrainingLesson::setMaxParallel(int models) {
    queue_->setParallel(models);
}

bool TrainingLesson::train() {
    if (training()) return false;
    const LabSettings s = settings();
    auto task = std::make_shared<training::Task>();
    const bool ok = runGuarded([&] {
        if (s.encodings.empty()) {
            throw InputError(tr("Tick at least one encoding to train.").toStdString());
        }
        for (PositionEncoding e : s.encodings) {
            const training::ModelConfig config = training::labModelConfig(s, e, 17);
            training::validate(config);
        }
        *task = training::labTask(s);
    });
    if (!ok) return false;
    run_ = LabRun{s, task->source, {}};
    recorded_ = false;
    trained_.clear();
    trainedTask_ = task;
    updateInsideControls();
    ++revision_;
    clearReadouts();
    live_.clear();
    std::vector<LatestJob::Work> work;
    for (PositionEncoding encoding : s.encodings) {
        auto live = std::make_unique<Live>();
        live->encoding = encoding;
        live->steps = training::labModelSteps(s, encoding);
        work.push_back([this, s, task, encoding, buffer = live->buffer,
                        index = live_.size()](const Execution& exec) -> LatestJob::Apply {
            auto model = std::make_shared<training::Model>();
            auto result = std::make_shared<LabModelResult>(training::runLabModel(
                s, *task, encoding, exec,
                [buffer](std::int64_t, double loss) {
                    std::lock_guard lock(buffer->mutex);
                    buffer->losses.push_back(loss);
                },
                model.get()));
            return
                [this, index, result, model] { modelFinished(index, std::move(*result), model); };
        });
        live_.push_back(std::move(live));
    }
    queue_->start(std::move(work));
    trainButton_->setEnabled(false);
    cancelButton_->setEnabled(true);
    setProgressValue(progress_, 0);
    progress_->setVisible(true);
    status_->setText(
        tr("Training %n model(s), %1 at a time…", nullptr, static_cast<int>(live_.size()))
            .arg(std::min(queue_->parallel(), static_cast<int>(live_.size()))));
    poll_->start();
    return true;
}

void TrainingLesson::cancel() {
    queue_->cancel();
}

void TrainingLesson::pollLosses() {
    int losses = 0;
    double done = 0;
    double total = 0;
    for (std::size_t i = 0; i < live_.size(); ++i) {
        Live* live = live_[i].get();
        {
            std::lock_guard lock(live->buffer->mutex);
            const std::vector<double>& buffered = live->buffer->losses;
            live->shown.insert(live->shown.end(), buffered.begin() + live->shown.size(),
                               buffered.end());
        }
        losses += static_cast<int>(live->shown.size());
        done += queue_->done(i) * static_cast<double>(live->steps);
        total += static_cast<double>(live->steps);
    }
    if (total > 0) setProgressValue(progress_, static_cast<int>(1000 * done / total));
    if (losses != lossPoints_) {
        lossPoints_ = losses;
        updateFigures();
    }
}

void TrainingLesson::modelFinished(std::size_t index, LabModelResult result,
                                   std::shared_ptr<const training::Model> model) {
    if (index >= live_.size()) return;
    run_.models.push_back(std::move(result));
    std::sort(run_.models.begin(), run_.models.end(), [](const auto& a, const auto& b) {
        return encodingIndex(a.encoding) < encodingIndex(b.encoding);
    });
    trained_.push_back(std::move(model));
    std::sort(trained_.begin(), trained_.end(), [](const auto& a, const auto& b) {
        return encodingIndex(a->config.encoding) < encodingIndex(b->config.encoding);
    });
    updateInsideControls();
    ++revision_;
    updateFigures();
}

void TrainingLesson::trainingEnded() {
    poll_->stop();
    pollLosses();
    trainButton_->setEnabled(true);
    cancelButton_->setEnabled(false);
    progress_->setVisible(false);
    const int trained = static_cast<int>(run_.models.size());
    const int asked = static_cast<int>(live_.size());
    if (trained < asked) {
        failures_.prepend(tr("%1 of %2 models finished and are shown.").arg(trained).arg(asked));
        status_->setText(failures_.join(QLatin1Char(' ')));
    } else {
        status_->setText(tr("%n model(s) trained.", nullptr, trained));
    }
    failures_.clear();
    live_.clear();
    ++revision_;
    updateFigures();
    // The run the lesson opens with next time.
    const QString path = cachePath();
    if (path.isEmpty() || run_.models.empty()) return;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(QByteArray::fromStdString(training::labRunToJson(run_)));
        file.commit();
    }
}

void TrainingLesson::declareTrainingFigures() {
    // The loss curves follow every poll while models train; the length curves follow the run.
    declareInlineFigures(
        {lossPlot_},
        [this] {
            return std::pair{revision_, lossPoints_};
        },
        [this](const std::pair<int, int>&) {
            for (QCPGraph* g : lossGraphs_) g->data()->clear();
            std::int64_t steps = 1;
            const auto show = [&](PositionEncoding e, const std::vector<double>& losses) {
                setIndexedData(lossGraphs_[encodingIndex(e)], losses, 1.0);
                steps = std::max<std::int64_t>(steps, static_cast<std::int64_t>(losses.size()));
            };
            for (const LabModelResult& m : run_.models) show(m.encoding, m.losses);
            for (std::size_t i = 0; i < live_.size(); ++i) {
                if (!queue_->ended(i)) show(live_[i]->encoding, live_[i]->shown);
            }
            lossPlot_->xAxis->setRange(0, std::max<std::int64_t>(steps, run_.settings.steps));
            lossPlot_->yAxis->rescale();
            lossPlot_->yAxis->setRangeLower(0);
            // A replay draws the first steps in the whole run's axes.
            const double drawn = std::min(1.0, replay_ / kReplayLossShare);
            if (drawn < 1.0) {
                const double last = std::round(drawn * static_cast<double>(steps));
                for (QCPGraph* g : lossGraphs_) g->data()->removeAfter(last);
            }
        });
    FigureTask* lengths = declareInlineFigures(
        {lengthPlot_, rescuePlot_}, [this] { return revision_; },
        [this](int) {
            const bool text = textMetric();
            const auto metric = [text](const LengthResult& r) {
                return text ? r.loss : r.accuracy;
            };
            const std::vector<int> lengths = training::labLengths(run_.settings);
            // A replay shows the lengths one by one once the loss curves are whole.
            const auto shownLengths = static_cast<std::size_t>(
                std::ceil(std::max(0.0, replay_ - kReplayLossShare) / (1.0 - kReplayLossShare) *
                          static_cast<double>(lengths.size())));
            QStringList cannot;
            for (int e = 0; e < kEncodings; ++e) lengthGraphs_[e]->data()->clear();
            for (const LabModelResult& m : run_.models) {
                QVector<double> x, y;
                for (const LengthResult& r : m.byLength) {
                    if (!r.ran) {
                        const auto at = std::find(lengths.begin(), lengths.end(), r.length);
                        if (at - lengths.begin() < static_cast<std::ptrdiff_t>(shownLengths)) {
                            cannot.append(QString::number(r.length));
                        }
                        continue;
                    }
                    x.append(r.length);
                    y.append(metric(r));
                }
                lengthGraphs_[encodingIndex(m.encoding)]->setData(x, y, true);
            }
            cannotRun_->setText(cannot.isEmpty() ? QString()
                                                 : tr("learned: cannot run at %1 tokens")
                                                       .arg(cannot.join(QStringLiteral(", "))));
            for (QCPGraph* g : rescueGraphs_) g->data()->clear();
            const LabModelResult* rope = findModel(run_, PositionEncoding::Rope);
            if (rope != nullptr) {
                const auto draw = [&](QCPGraph* g, const std::vector<LengthResult>& results) {
                    QVector<double> x, y;
                    for (const LengthResult& r : results) {
                        if (!r.ran) continue;
                        x.append(r.length);
                        y.append(metric(r));
                    }
                    g->setData(x, y, true);
                };
                draw(rescueGraphs_[0], rope->byLength);
                for (const training::RescuedCurve& c : rope->rescued) {
                    const auto* it = std::find(std::begin(training::allRescues),
                                               std::end(training::allRescues), c.rescue);
                    draw(rescueGraphs_[1 + (it - std::begin(training::allRescues))], c.byLength);
                }
                for (const training::FineTunedCurve& c : rope->fineTuned) {
                    draw(rescueGraphs_[kRescues + (c.interpolated ? 2 : 1)], c.byLength);
                }
            }
            const QString yLabel =
                text ? tr("mean loss (nats, lower is better)") : tr("accuracy after the separator");
            for (int p = 0; p < 2; ++p) {
                QCustomPlot* plot = p == 0 ? lengthPlot_ : rescuePlot_;
                plot->yAxis->setLabel(yLabel);
                plot->xAxis->setRange(0, lengths.back() * 1.08);
                if (text) {
                    plot->yAxis->rescale();
                    plot->yAxis->setRangeLower(0);
                } else {
                    plot->yAxis->setRange(0, 1.05);
                }
                const double L = run_.settings.trainLength;
                trainLengthLines_[p]->point1->setCoords(L, 0);
                trainLengthLines_[p]->point2->setCoords(L, 1);
                trainLengthLabels_[p]->position->setCoords(L, 0.02);
            }
            lengthTitle_->setText(tr("Each encoding against length, trained at L = %1")
                                      .arg(run_.settings.trainLength));
            // A run without fine-tuning names no fine-tuned curve.
            for (int t = 1; t <= kFineTunings; ++t) {
                QCPGraph* g = rescueGraphs_[kRescues + t];
                showWithLegendEntry(g, !g->data()->isEmpty());
            }
            if (shownLengths < lengths.size()) {
                for (QCPGraph* g : lengthGraphs_) keepUpTo(g, lengths, shownLengths);
                for (QCPGraph* g : rescueGraphs_) keepUpTo(g, lengths, shownLengths);
            }
            const bool tuned = rope != nullptr && !rope->fineTuned.empty();
            rescueTitle_->setText(rope == nullptr ? tr("No RoPE model in this run")
                                  : tuned ? tr("The RoPE model: each method, and fine-tuned at 2L")
                                          : tr("The RoPE model with each method at evaluation"));
            updateReadout();
        });
    redrawOnLanguageChange({lengths});  // titles and readouts are translated text
}

void TrainingLesson::updateReadout() {
    const bool text = textMetric();
    const auto value = [text](const std::vector<LengthResult>& results, std::size_t i) {
        if (i >= results.size()) return QStringLiteral("—");
        const LengthResult& r = results[i];
        if (!r.ran) return tr("cannot run");
        return QString::number(text ? r.loss : r.accuracy, 'f', 2);
    };
    const std::vector<int> lengths = training::labLengths(run_.settings);
    QList<Readout> readouts;
    readouts.append({.label = text ? tr("<b>mean loss</b>") : tr("<b>accuracy</b>"),
                     .text = tr("at %1").arg(lengths.front()),
                     .second = tr("at %1").arg(lengths.back())});
    // A model's row shows the chosen metric at L and 4L; a step can conceal it alone by its
    // accuracy at 4L, published below with the rest of the run.
    const auto row = [&](const QString& id, const QString& label,
                         const std::vector<LengthResult>& results) {
        readouts.append({.id = id,
                         .label = label,
                         .text = value(results, 0),
                         .second = value(results, 3),
                         .concealAlone = true});
    };
    QString best;
    double bestValue = text ? HUGE_VAL : -1.0;
    for (const LabModelResult& m : run_.models) {
        const QString key = encodingKey(m.encoding);
        row(key + QStringLiteral("_accuracy_4x"), encodingName(m.encoding), m.byLength);
        if (m.byLength.size() > 3 && m.byLength[3].ran) {
            const double v = text ? m.byLength[3].loss : m.byLength[3].accuracy;
            if (text ? v < bestValue : v > bestValue) {
                bestValue = v;
                best = encodingName(m.encoding);
            }
        }
    }
    if (const LabModelResult* rope = findModel(run_, PositionEncoding::Rope)) {
        for (const training::RescuedCurve& c : rope->rescued) {
            row(QStringLiteral("rope_%1_accuracy_4x")
                    .arg(QString::fromLatin1(training::toString(c.rescue))),
                tr(rescueSource(c.rescue)), c.byLength);
        }
        for (const training::FineTunedCurve& c : rope->fineTuned) {
            row(fineTunedKey(c) + QStringLiteral("_accuracy_4x"),
                c.interpolated ? tr("RoPE fine-tuned with PI") : tr("RoPE fine-tuned"), c.byLength);
        }
    }
    const LabSettings& s = run_.settings;
    const QString taskName = s.task == training::TaskKind::Copy      ? tr("copy")
                             : s.task == training::TaskKind::Reverse ? tr("reverse")
                                                                     : tr("text");
    QString note =
        (recorded_ ? tr("Shown: the recorded default run") : tr("Shown: your last run")) +
        QStringLiteral(" — ") +
        tr("%1 task, %2 layers, width %3, %4 heads, trained at L = %5 for %6 steps, "
           "seed %7, RoPE base %8.")
            .arg(taskName)
            .arg(s.layers)
            .arg(s.width)
            .arg(s.heads)
            .arg(s.trainLength)
            .arg(s.steps)
            .arg(s.seed)
            .arg(s.ropeTheta, 0, 'g', 8);
    if (!best.isEmpty()) {
        note += QLatin1Char(' ') +
                (text ? tr("At %1 tokens (4L) the lowest loss in this run: %2, %3.")
                      : tr("At %1 tokens (4L) the highest accuracy in this run: %2, %3."))
                    .arg(lengths.back())
                    .arg(best)
                    .arg(bestValue, 0, 'f', 2);
    }
    const LabModelResult* rope = findModel(run_, PositionEncoding::Rope);
    if (rope != nullptr && rope->fineTuned.size() == 2 && rope->byLength.size() > 2 &&
        rope->fineTuned[0].byLength.size() > 2 && rope->fineTuned[1].byLength.size() > 2) {
        const auto at2L = [text](const LengthResult& r) {
            return QString::number(text ? r.loss : r.accuracy, 'f', 2);
        };
        note += QLatin1Char(' ') +
                (text ? tr("Mean loss at %1 tokens (2L): RoPE as trained %2; fine-tuned there "
                           "for %3 steps %4, with PI %5.")
                      : tr("Accuracy at %1 tokens (2L): RoPE as trained %2; fine-tuned there "
                           "for %3 steps %4, with PI %5."))
                    .arg(lengths[2])
                    .arg(at2L(rope->byLength[2]))
                    .arg(s.fineTuneSteps)
                    .arg(at2L(rope->fineTuned[0].byLength[2]))
                    .arg(at2L(rope->fineTuned[1].byLength[2]));
    }
    readouts.append({QStringLiteral("train_length"), {}, run_.settings.trainLength});
    readouts.append({QStringLiteral("models"), {}, run_.models.size()});
    const auto metrics = [&](const QString& prefix, const std::vector<LengthResult>& results) {
        for (std::size_t i = 0; i < results.size() && i < kFactorIds.size(); ++i) {
            if (!results[i].ran) continue;
            const QString factor = QString::fromLatin1(kFactorIds[i]);
            readouts.append(
                {prefix + QStringLiteral("_accuracy_") + factor, {}, results[i].accuracy});
            readouts.append({prefix + QStringLiteral("_loss_") + factor, {}, results[i].loss});
        }
    };
    for (const LabModelResult& m : run_.models) {
        metrics(encodingKey(m.encoding), m.byLength);
        for (const training::RescuedCurve& c : m.rescued) {
            metrics(QStringLiteral("rope_") + QString::fromLatin1(training::toString(c.rescue)),
                    c.byLength);
        }
        for (const training::FineTunedCurve& c : m.fineTuned) metrics(fineTunedKey(c), c.byLength);
    }
    setReadouts(readouts, QStringLiteral("<p>%1</p>").arg(note.toHtmlEscaped()));
    settingsNote_->setText(recorded_ ? tr("Press Train to train these models yourself (about a "
                                          "minute per model on one core).")
                                     : QString());
}

TrainingLesson::View TrainingLesson::view() const {
    return static_cast<View>(std::max(view_->currentIndex(), 0));
}

void TrainingLesson::setView(View view) {
    view_->setCurrentIndex(static_cast<int>(view));
}

std::vector<PositionEncoding> TrainingLesson::trainedModels() const {
    std::vector<PositionEncoding> encodings;
    for (const auto& model : trained_) encodings.push_back(model->config.encoding);
    return encodings;
}

void TrainingLesson::lookInside(PositionEncoding encoding, int layer, int head) {
    const int index = insideModel_->findData(encodingIndex(encoding));
    if (index >= 0) insideModel_->setCurrentIndex(index);
    insideLayer_->setValue(layer);
    insideHead_->setValue(head);
}

void TrainingLesson::updateInsideControls() {
    const QVariant chosen = insideModel_->currentData();
    {
        const QSignalBlocker blocker(insideModel_);
        insideModel_->clear();
        for (const auto& model : trained_) {
            insideModel_->addItem(encodingName(model->config.encoding),
                                  encodingIndex(model->config.encoding));
        }
        const int again = insideModel_->findData(chosen);
        // RoPE first when there is one: the model both plots speak of.
        const int rope = insideModel_->findData(encodingIndex(PositionEncoding::Rope));
        insideModel_->setCurrentIndex(again >= 0 ? again : std::max(rope, 0));
    }
    const bool any = !trained_.empty();
    for (QWidget* field :
         std::initializer_list<QWidget*>{insideModel_, insideLayer_, insideHead_}) {
        field->setEnabled(any);
    }
    const training::ModelConfig config = any ? trained_.front()->config : training::ModelConfig{};
    insideLayer_->setRange(0, any ? config.layers - 1 : 0);
    insideHead_->setRange(0, any ? config.heads - 1 : 0);
    updateFigures();
}

void TrainingLesson::declareInsideFigures() {
    declareFigures(
        {attentionPlot_, pairPlot_}, FigureRun::Background,
        [this] {
            InsideKey key;
            const int index = insideModel_->currentIndex();
            if (index >= 0 && index < static_cast<int>(trained_.size())) {
                key.model = trained_[static_cast<std::size_t>(index)];
            }
            for (const auto& model : trained_) {
                if (model->config.encoding == PositionEncoding::Rope) key.rope = model;
            }
            key.task = trainedTask_;
            key.layer = insideLayer_->value();
            key.head = insideHead_->value();
            return key;
        },
        [](const InsideKey& key, const Execution& exec) { return computeInside(key, exec); },
        [this](const InsideKey&, std::shared_ptr<const Inside>& result) {
            inside_ = result;
            drawInside();
        });
}

void TrainingLesson::drawInside() {
    const Inside* in = inside_.get();
    const bool haveModel = in != nullptr && in->length > 0;
    const int L = run_.settings.trainLength;
    // The attention weights: keys across, queries down.
    const bool ran = haveModel && !in->weights.empty();
    if (ran) {
        const Eigen::Map<
            const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>
            weights(in->weights.data(), in->length, in->length);
        attentionMap_.map->setData(colorMapData(weights).release(), false);
        attentionMap_.map->setDataRange(QCPRange(0.0, 1.0));
        attentionPlot_->xAxis->setRange(-0.5, in->length - 0.5);
        attentionPlot_->yAxis->setRange(-0.5, in->length - 0.5);
        attentionLines_[0]->point1->setCoords(L - 0.5, 0);
        attentionLines_[0]->point2->setCoords(L - 0.5, 1);
        attentionLines_[1]->point1->setCoords(0, L - 0.5);
        attentionLines_[1]->point2->setCoords(1, L - 0.5);
    } else {
        attentionMap_.map->data()->clear();
    }
    attentionMap_.map->setVisible(ran);
    for (QCPItemStraightLine* line : attentionLines_) line->setVisible(ran);
    const QString taskName = run_.settings.task == training::TaskKind::Copy      ? tr("copy")
                             : run_.settings.task == training::TaskKind::Reverse ? tr("reverse")
                                                                                 : tr("text");
    QString note;
    if (!haveModel) {
        setTitleText(attentionTitle_, tr("No trained model to look inside"));
        note =
            tr("The run shown keeps the numbers of its models, not their weights (the "
               "recorded run, or a run of an earlier session). Press Train: the models you "
               "train can be looked inside here.");
        setTitleText(attentionSubtitle_, note);
    } else {
        setTitleText(attentionTitle_, tr("Attention weights: %1, layer %2, head %3")
                                          .arg(encodingName(in->encoding))
                                          .arg(in->layer)
                                          .arg(in->head));
        setTitleText(attentionSubtitle_, tr("one %1 sequence of %2 tokens (2L); dashed: L = %3")
                                             .arg(taskName)
                                             .arg(in->length)
                                             .arg(L));
        note = ran ? tr("Each row is a query, each column a key it may attend to (earlier "
                        "positions only). Queries and keys beyond the dashed lines sit at "
                        "positions the model never saw in training.")
                   : tr("The learned model cannot run at %1 tokens: its table has %2 rows.")
                         .arg(in->length)
                         .arg(L);
    }
    // Which pairs the RoPE model uses.
    const bool lens = haveModel && in->haveLens;
    qNorms_->data()->clear();
    kNorms_->data()->clear();
    if (lens) {
        qNorms_->setData(toQVector(in->wavelength), toQVector(in->lens.qNorm), true);
        kNorms_->setData(toQVector(in->wavelength), toQVector(in->lens.kNorm), true);
        // Every pair and the training length in view, with a margin on the log axis.
        const auto [shortest, longest] =
            std::minmax_element(in->wavelength.begin(), in->wavelength.end());
        pairPlot_->xAxis->setRange(std::min<double>(*shortest, L) / 1.5,
                                   std::max<double>(*longest, L) * 1.5);
        pairPlot_->yAxis->rescale();
        pairPlot_->yAxis->setRangeLower(0);
        pairPlot_->yAxis->setRangeUpper(pairPlot_->yAxis->range().upper * 1.1);
        pairLine_->point1->setCoords(L, 0);
        pairLine_->point2->setCoords(L, 1);
        pairLabel_->position->setCoords(L, 0.02);
        setTitleText(pairTitle_, tr("Which pairs the RoPE model uses: layer %1, head %2")
                                     .arg(in->lens.layer)
                                     .arg(in->lens.head));
        note += QLatin1Char(' ') +
                tr("In layer %1, head %2 of the RoPE model, pairs whose wavelength exceeds L = "
                   "%3 (they turn less than once within it) hold %4% of ‖q rows‖·‖k rows‖.")
                    .arg(in->lens.layer)
                    .arg(in->lens.head)
                    .arg(L)
                    .arg(100.0 * in->lens.beyondShare, 0, 'f', 0);
    } else {
        setTitleText(pairTitle_, haveModel ? tr("No RoPE model in this run")
                                           : tr("No trained RoPE model to look inside"));
    }
    pairLine_->setVisible(lens);
    pairLabel_->setVisible(lens);
    insideNote_->setText(note);
}

}  // namespace ropelab::ui
