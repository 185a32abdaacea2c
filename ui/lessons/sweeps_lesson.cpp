// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/sweeps_lesson.h"

#include <qcustomplot.h>

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <mutex>

#include "common/errors.h"
#include "compute/backend_registry.h"
#include "encodings/rope_params.h"
#include "model/latest_job.h"
#include "model/parameter_model.h"
#include "model/parameter_text.h"
#include "widgets/choice_box.h"
#include "widgets/heat_map_row.h"
#include "widgets/labeled_slider.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/progress_value.h"
#include "widgets/score_plot_helpers.h"
#include "widgets/stacked_axis_rect.h"
#include "widgets/wrapped_label.h"

namespace ropelab::ui {

namespace {

QString baseText(double base) {
    return QLocale().toString(base, 'g', 10);
}

QString kindName(BackendKind kind) {
    return QString::fromUtf8(toString(kind).data());
}

QString backendText(BackendKind kind, const std::string& device) {
    return device.empty()
               ? kindName(kind)
               : QStringLiteral("%1 (%2)").arg(kindName(kind), QString::fromStdString(device));
}

void setLinearAxis(QCPAxis* axis) {
    axis->setScaleType(QCPAxis::stLinear);
    axis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    axis->setNumberFormat(QStringLiteral("gb"));
    axis->setNumberPrecision(6);
}

}  // namespace

// One engine per lesson, reused across sweeps (OpenCL compiles its program once); a sweep holds
// the mutex for its whole run, so a stopping sweep and its successor never share it.
struct SweepsLesson::EngineSlot {
    std::mutex mutex;
    std::unique_ptr<ComputeEngine> engine;

    ComputeEngine& get(BackendChoice choice) {
        if (!engine || engine->choice() != choice) engine = std::make_unique<ComputeEngine>(choice);
        return *engine;
    }
};

SweepsLesson::SweepsLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent),
      clock_(new QTimer(this)),
      engines_(std::make_shared<EngineSlot>()) {
    curvePlot_ = createPlot(
        QStringLiteral("sweep-score-curves"),
        {QT_TR_NOOP("Score q·k against distance, per base (min and max per pixel column)")});
    heatPlot_ = createPlot(QStringLiteral("sweep-heatmaps"),
                           {QT_TR_NOOP("Pooled score(m, n), one map per base")});
    auto* stack = new QStackedWidget(plotArea());
    stack->addWidget(curvePlot_);
    stack->addWidget(heatPlot_);
    placePlots({{stack}});

    // Curves: one min/max band per base, each on its own axes (stacked, same x range), since
    // overlapping noisy bands hide each other.
    bindExplanation(
        QT_TR_NOOP(
            "<p>RoPE's score for one q and k at distance Δ = m − n is "
            "Σ<sub>i</sub> Re(a<sub>i</sub> e<sup>iΔθ<sub>i</sub></sup>): a sum of d/2 waves. "
            "Over millions of distances the waves never line up the same way twice, and the "
            "slowest pair (in plain RoPE its wavelength is 2π·base<sup>(d−2)/d</sup>) sets how "
            "far the pattern keeps changing: a larger base slows the slow pairs and stretches the "
            "long-range pattern. At Δ of a few tokens only the fastest pairs have turned much, and "
            "they hardly depend on the base "
            "(θ<sub>0</sub> = base<sup>0</sup> = 1 in plain RoPE), so at small Δ the curves of "
            "all bases nearly coincide.</p>"
            "<p>Score curves run up to 2<sup>24</sup> distances; each pixel column shows the "
            "lowest and highest score of the distances it covers, so no peak is lost. On the "
            "logarithmic axis a column further right covers more distances, so the band widens: "
            "it shows the range of scores reached, not a growing score. Heat maps "
            "run up to 65536 positions, pooled to %1 × %1 cells (mean or max of each block) "
            "without ever holding N × N scores.</p>"
            "<p>The sweep runs in the background on the chosen backend: the CPU backend "
            "computes in double precision; the OpenCL and CUDA backends compute in float32 with "
            "the phase reduced exactly, whatever device they run on (an OpenCL device may be a "
            "CPU, such as PoCL). Cancel keeps the previous result.</p>"),
        kHeatCells);
    // Thousands of envelope columns: antialiased fills would cost more than everything else.
    turnOffAntialiasing(curvePlot_, QCP::aeFills);
    for (int b = 0; b < kMaxBases; ++b) {
        QCPAxisRect* rect = b == 0 ? curvePlot_->axisRect() : addStackedAxisRect(curvePlot_);
        const EnvelopeBand curve =
            addEnvelopeBand(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft),
                            QStringLiteral("score, base %1").arg(b + 1));
        setSeriesStyle(curve.band, {categorical(b), Qt::SolidLine, 0.5}, theme());
        curveRects_.push_back(rect);
        curves_.push_back(curve);
    }
    curvePlot_->legend->setVisible(false);
    layoutCurveRects(1);

    // Heat maps: one axis rect per base in a row under the title, one shared colour scale.
    heatRow_ = std::make_unique<HeatMapRow>(heatPlot_, kMaxBases, Gradient::Diverging);
    bindText(heatRow_->scale()->axis(), QT_TR_NOOP("pooled score"));

    // Controls.
    mode_ = addChoice({.name = "sweepMode",
                       .accessibleName = QT_TR_NOOP("What to sweep"),
                       .items = {QT_TR_NOOP("Score curves (up to 2^24 distances)"),
                                 QT_TR_NOOP("Heat maps (up to 65536 positions)")},
                       .state = "mode"},
                      [this, stack](int mode) {
                          stack->setCurrentIndex(mode);
                          updateModeControls();
                      });
    log2Length_ =
        addSlider({.name = "log2Length",
                   .label = QT_TR_NOOP("log₂ N"),
                   .range = {8, kMaxCurveLog2, 20},
                   .toolTip = QT_TR_NOOP("N = 2^k distances (curves) or positions (heat maps)."),
                   .state = "log2Length"},
                  [this] { updateLengthLabel(); });
    // A row of the controls, for a field after its buddy label.
    const auto controlsRow = [this] {
        auto* row = new QHBoxLayout;
        controlsLayout()->addLayout(row);
        return row;
    };
    basesEdit_ = new QLineEdit(this);
    placeControl(basesEdit_, "bases", nullptr, controlsRow(), 1, nullptr, QT_TR_NOOP("Bases"));
    bindText(QT_TR_NOOP("rope_theta values, separated by commas (at most %1)."),
             [this](const QString& text) { basesEdit_->setToolTip(text.arg(kMaxBases)); });
    basesEdit_->setText(QStringLiteral("10000, 500000, 1000000"));
    logAxis_ = addCheckBox({.name = "logAxis",
                            .text = QT_TR_NOOP("Logarithmic distance axis"),
                            .checked = true,
                            .state = "logAxis"},
                           [] {});
    QHBoxLayout* poolingRow = controlsRow();
    poolingLabel_ = new QLabel(this);
    bindText(poolingLabel_, QT_TR_NOOP("Pooling"));
    poolingRow->addWidget(poolingLabel_);
    // The choices in Pooling's order: the index is the pooling.
    pooling_ =
        addChoice({.name = "pooling",
                   .accessibleName = nullptr,
                   .items = {QT_TR_NOOP("mean of each block"), QT_TR_NOOP("max of each block")},
                   .state = "pooling",
                   .layout = poolingRow,
                   .stretch = 1},
                  [] {});
    poolingLabel_->setBuddy(pooling_);
    inputs_ = addChoice({.name = "sweepInputs",
                         .accessibleName = QT_TR_NOOP("Heat map inputs"),
                         .items = {QT_TR_NOOP("the same q and k at every position"),
                                   QT_TR_NOOP("random q and k per position")}},
                        [] {});
    backend_ = new ChoiceBox(this);
    placeControl(backend_, "backend", nullptr, controlsRow(), 1, nullptr, QT_TR_NOOP("Backend"));
    auto* runRow = new QHBoxLayout;
    controlsLayout()->addLayout(runRow);
    // Run stays enabled while a sweep runs: running again restarts (latest wins).
    addButton({.name = "runSweep", .text = QT_TR_NOOP("Run sweep"), .layout = runRow},
              [this] { run(); });
    cancelButton_ =
        addButton({.name = "cancelSweep", .text = QT_TR_NOOP("Cancel"), .layout = runRow},
                  [this] { cancel(); });
    cancelButton_->setEnabled(false);
    progressBar_ = new QProgressBar(this);
    progressBar_->setRange(0, 1000);
    progressBar_->setValue(0);
    controlsLayout()->addWidget(progressBar_);
    status_ = new WrappedLabel(this);
    controlsLayout()->addWidget(status_);
    // The backends' long description last: Run sweep stays near the settings it runs.
    backendInfo_ = new WrappedLabel(this);
    backendInfo_->setObjectName(QStringLiteral("backendInfo"));
    backendInfo_->setTextFormat(Qt::RichText);
    controlsLayout()->addWidget(backendInfo_);
    clock_->setInterval(100);

    connect(basesEdit_, &QLineEdit::editingFinished, this,
            [this] { setBasesText(basesEdit_->text()); });
    connect(clock_, &QTimer::timeout, this, [this] {
        status_->setText(tr("Running… %1 s").arg(timed_->elapsedMs() / 1000.0, 0, 'f', 1));
    });
    declareSweepFigures();
    showProgressInControls();

    bindState(
        QStringLiteral("bases"), QString(), [this] { return basesEdit_->text(); },
        [this](const QString& bases) {
            if (!bases.isEmpty()) setBasesText(bases);
        });
    bindState(
        QStringLiteral("randomInputs"), false, [this] { return inputs_->currentIndex() == 1; },
        [this](bool random) { inputs_->setCurrentIndex(random ? 1 : 0); });
    bindState(
        QStringLiteral("backend"), QString(), [this] { return backend_->currentData().toString(); },
        [this](const QString& name) {
            const int backend = backend_->findData(name);
            if (backend >= 0) backend_->setCurrentIndex(backend);
        });
    retranslate();
    updateModeControls();
    applyTheme(theme());
}

SweepsLesson::~SweepsLesson() = default;

void SweepsLesson::retranslate() {
    fillBackends();
    updateLengthLabel();
    labelCurveRects();
}

void SweepsLesson::restoreState(const QJsonObject& state) {
    LessonPage::restoreState(state);
    // What is shown follows the restored settings (an activity step's numbers describe them);
    // a lesson put away sweeps when shown.
    request();
}

void SweepsLesson::setLog2Length(int log2Length) {
    log2Length_->setValue(std::clamp(log2Length, log2Length_->minimum(), log2Length_->maximum()));
    updateLengthLabel();
}

void SweepsLesson::setBackendChoice(BackendChoice choice) {
    const int index = backend_->findData(QString::fromUtf8(toString(choice).data()));
    if (index >= 0) backend_->setCurrentIndex(index);
}

std::vector<double> SweepsLesson::parseBases(const QString& text) const {
    std::vector<double> bases;
    const QStringList parts =
        text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        bool ok = false;
        const double base = QLocale::c().toDouble(part, &ok);
        if (!ok) {
            throw InputError(tr("Bases: '%1' is not a number").arg(part).toStdString());
        }
        RopeParams check = parameters().rope();
        check.ropeTheta = base;
        validate(check);  // core names the problem (rope_theta must be > 1, …)
        bases.push_back(base);
    }
    if (bases.empty()) throw InputError(tr("Bases: give at least one rope_theta").toStdString());
    if (bases.size() > static_cast<std::size_t>(kMaxBases)) {
        throw InputError(
            tr("Bases: at most %1 at once, got %2").arg(kMaxBases).arg(bases.size()).toStdString());
    }
    return bases;
}

bool SweepsLesson::setBasesText(const QString& text) {
    std::vector<double> parsed;
    if (!runGuarded([&] { parsed = parseBases(text); })) return false;
    basesEdit_->setText(text);
    baseValues_ = parsed;
    return true;
}

void SweepsLesson::updateModeControls() {
    const bool heat = mode() == Mode::Heatmaps;
    log2Length_->setRange(heat ? 6 : 8, heat ? kMaxHeatLog2 : kMaxCurveLog2);
    if (heat && log2Length_->value() > 16) log2Length_->setValue(12);
    logAxis_->setVisible(!heat);
    poolingLabel_->setVisible(heat);
    pooling_->setVisible(heat);
    inputs_->setVisible(heat);
    updateLengthLabel();
}

void SweepsLesson::updateLengthLabel() {
    log2Length_->setUnit(tr("N = %1").arg(QLocale().toString(static_cast<qlonglong>(length()))));
}

void SweepsLesson::fillBackends() {
    const QString current = backend_->currentData().toString();
    backend_->clear();
    backend_->addItem(tr("auto (GPU for large sweeps)"), QStringLiteral("auto"));
    if (backends_.empty()) {
        // Not probed yet (probing maps the OpenCL driver, LLVM included): every kind is listed.
        for (BackendKind kind : {BackendKind::Cpu, BackendKind::OpenCl, BackendKind::Cuda})
            backend_->addItem(kindName(kind), kindName(kind));
        backendInfo_->setText(tr("Looking for GPUs…"));
    }
    QString info;
    for (const BackendInfo& b : backends_) {
        const QString name = kindName(b.kind);
        backend_->addItem(name, name);
        const int index = backend_->count() - 1;
        if (!b.available) {
            // Greyed out, with the reason as its tooltip.
            if (auto* model = qobject_cast<QStandardItemModel*>(backend_->model())) {
                model->item(index)->setEnabled(false);
            }
            const QString reason = b.problem ? deviceProblemText(*b.problem) : QString();
            backend_->setItemData(index, reason, Qt::ToolTipRole);
            info += tr("<b>%1</b>: unavailable — %2<br>").arg(name, reason.toHtmlEscaped());
        } else {
            backend_->setItemData(index, QString::fromStdString(b.device), Qt::ToolTipRole);
            info +=
                tr("<b>%1</b>: %2<br>").arg(name, QString::fromStdString(b.device).toHtmlEscaped());
        }
    }
    if (!backends_.empty()) backendInfo_->setText(info);
    const int index = backend_->findData(current);
    backend_->setCurrentIndex(index >= 0 ? index : 0);
}

void SweepsLesson::showEvent(QShowEvent* event) {
    LessonPage::showEvent(event);  // which starts a sweep asked for while the lesson was away
    // Backends are probed once the lesson is on a screen, off the UI thread: an export, which
    // shows it off screen, loads no GPU driver for the menu.
    if (backends_.empty() && probe_ == nullptr &&
        !window()->testAttribute(Qt::WA_DontShowOnScreen)) {
        probe_ = new LatestJob(this);
        probe_->start(
            [this](const Execution&) -> LatestJob::Apply {
                return [this, found = probeBackends()] {
                    backends_ = found;
                    fillBackends();
                };
            },
            1);
    }
    // The first look at the lesson starts the sweep its controls show.
    if (!curveRequest_ && !heatRequest_) run();
}

void SweepsLesson::declareSweepFigures() {
    // Each mode is a figure of its own, computed when Run asks for it: a heat-map run leaves the
    // curves as they are, and the other way round.
    std::shared_ptr<EngineSlot> engines = engines_;
    curveFigure_ = declareFigures(
        {curvePlot_}, FigureRun::Background, [this] { return curveRequest_; },
        [engines](const std::optional<CurveRequest>& request, const Execution& exec) {
            std::lock_guard lock(engines->mutex);
            return ropeCurveSweep(engines->get(request->backend), request->sweep, exec);
        },
        [this](const std::optional<CurveRequest>& request, Computed<CurveSweep>& result) {
            showCurves(request->sweep, result);
        },
        allThreads());
    heatFigure_ = declareFigures(
        {heatPlot_}, FigureRun::Background, [this] { return heatRequest_; },
        [engines](const std::optional<HeatRequest>& request, const Execution& exec) {
            std::lock_guard lock(engines->mutex);
            return ropeHeatmapSweep(engines->get(request->backend), request->sweep, exec);
        },
        [this](const std::optional<HeatRequest>& request,
               Computed<std::vector<PooledGrid>>& result) { showHeatmaps(request->sweep, result); },
        allThreads());
}

void SweepsLesson::figureStarted(FigureTask* figure) {
    timed_ = figure->job();
    clearReadouts();  // nothing is judged on the previous result while the sweep runs
    setRunning(true);
}

void SweepsLesson::figureProgress(FigureTask*, double fraction) {
    setProgressValue(progressBar_, static_cast<int>(std::lround(1000.0 * fraction)));
}

void SweepsLesson::figureEnded(FigureTask* figure, FigureEnd end, const QString& message) {
    setRunning(false);
    if (end == FigureEnd::Drawn) return;  // the draw step wrote the status
    // The previous result stays on screen; a failure's message is in the banner too.
    statusText_ = end == FigureEnd::Failed
                      ? message
                      : tr("Cancelled after %1 s; the previous result stays.")
                            .arg(figure->job()->elapsedMs() / 1000.0, 0, 'f', 1);
    status_->setText(statusText_);
    updateReadouts();
}

bool SweepsLesson::request() {
    if (!setBasesText(basesEdit_->text())) return false;
    // One sweep at a time: a sweep of the other mode that still runs gives way.
    if ((mode() == Mode::Curves ? heatFigure_ : curveFigure_)->isRunning()) cancelComputation();
    const BackendChoice backend =
        parseBackendChoice(backend_->currentData().toString().toStdString());
    const SweepInputs inputs{parameters().rope(), parameters().layout(), parameters().seed(),
                             baseValues_};
    ++runs_;
    if (mode() == Mode::Curves) {
        curveRequest_ = CurveRequest{{.inputs = inputs,
                                      .length = length(),
                                      .columns = kCurveColumns,
                                      .logarithmic = logAxis_->isChecked()},
                                     backend,
                                     runs_};
    } else {
        heatRequest_ = HeatRequest{{.inputs = inputs,
                                    .positions = length(),
                                    .cells = kHeatCells,
                                    .pooling = static_cast<Pooling>(pooling_->currentIndex()),
                                    .sameVectors = inputs_->currentIndex() == 0},
                                   backend,
                                   runs_};
    }
    updateFigures();
    return true;
}

bool SweepsLesson::run() {
    if (!request()) return false;
    catchUp();  // a lesson put away sweeps now too: Run was asked for
    return true;
}

void SweepsLesson::setRunning(bool running) {
    cancelButton_->setEnabled(running);
    if (running) {
        setProgressValue(progressBar_, 0);
        clock_->start();
        // "Running…" keeps the room of the result it replaces: the panel does not jump, nor does
        // its scroll bar come and go and make every label wrap again.
        status_->setMinimumHeight(status_->height());
        status_->setText(tr("Running…"));
    } else {
        clock_->stop();
        status_->setMinimumHeight(0);
    }
}

template <class T>
void SweepsLesson::finishShowing(Mode mode, double span, const LatestJob& job,
                                 const Computed<T>& result) {
    shownMode_ = mode;
    shownSpan_ = span;
    updateReadouts();
    statusText_ = tr("Computed on %1 in %2 s.")
                      .arg(backendText(result.backend, result.device))
                      .arg(job.elapsedMs() / 1000.0, 0, 'f', 2);
    if (result.fallback) statusText_ += QLatin1Char(' ') + backendFallbackText(*result.fallback);
    status_->setText(statusText_);
    setProgressValue(progressBar_, progressBar_->maximum());
    clearProblem();
}

void SweepsLesson::showCurves(const CurveSweepParams& sweep, Computed<CurveSweep>& result) {
    envelopes_ = std::move(result.value.envelopes);
    shownBases_ = sweep.inputs.bases;
    firstDistance_ = result.value.firstDistance;
    const bool logColumns = sweep.logarithmic;
    const int count = static_cast<int>(envelopes_.size());
    layoutCurveRects(count);
    double span = 0.0;
    const double last = static_cast<double>(firstDistance_ + envelopes_.front().sampleCount() - 1);
    for (int b = 0; b < kMaxBases; ++b) {
        const auto index = static_cast<std::size_t>(b);
        if (b < count) {
            // Column centres on the axis the columns were made for.
            span =
                std::max(span, showEnvelopeBand(curves_[index], envelopes_[index],
                                                static_cast<double>(firstDistance_), logColumns));
        } else {
            showEnvelopeBand(curves_[index], {}, {}, {});
        }
        QCPAxis* xAxis = curveRects_[index]->axis(QCPAxis::atBottom);
        if (logColumns) {
            setLogAxis(xAxis);
            xAxis->setRange(1.0, std::max(2.0, last));
        } else {
            setLinearAxis(xAxis);
            xAxis->setRange(0.0, std::max(1.0, last));
        }
    }
    // One y range for all bases, so their sizes compare at a glance.
    for (QCPAxisRect* rect : curveRects_) {
        if (span > 0.0) rect->axis(QCPAxis::atLeft)->setRange(-1.05 * span, 1.05 * span);
    }
    labelCurveRects();
    applyPlotTheme(curvePlot_, theme());
    finishShowing(Mode::Curves, span, *curveFigure_->job(), result);
}

void SweepsLesson::layoutCurveRects(int count) {
    // Under the title, one row per base.
    showStackedAxisRects(curveRects_, count);
    for (int b = 0; b < kMaxBases; ++b) {
        setEnvelopeBandVisible(curves_[static_cast<std::size_t>(b)], b < count);
    }
    applyPlotTheme(curvePlot_, theme());
}

void SweepsLesson::labelCurveRects() {
    const int count = std::max<int>(1, static_cast<int>(shownBases_.size()));
    for (int b = 0; b < kMaxBases; ++b) {
        QCPAxisRect* rect = curveRects_[static_cast<std::size_t>(b)];
        const QString base = b < static_cast<int>(shownBases_.size())
                                 ? baseText(shownBases_[static_cast<std::size_t>(b)])
                                 : QString();
        rect->axis(QCPAxis::atLeft)
            ->setLabel(base.isEmpty() ? tr("score q·k") : tr("base %1").arg(base));
        // Only the lowest axes carry the distance label.
        rect->axis(QCPAxis::atBottom)
            ->setLabel(b == count - 1 ? tr("distance Δ = m − n (tokens)") : QString());
    }
}

void SweepsLesson::showHeatmaps(const HeatmapSweepParams& sweep,
                                Computed<std::vector<PooledGrid>>& result) {
    grids_ = std::move(result.value);
    shownBases_ = sweep.inputs.bases;
    gridPositions_ = sweep.positions;
    const int count = static_cast<int>(grids_.size());
    heatRow_->show(count);
    applyPlotTheme(heatPlot_, theme());
    double span = 0.0;
    for (int b = 0; b < count; ++b) {
        const auto index = static_cast<std::size_t>(b);
        showPooledGrid(heatRow_->heatMap(b), grids_[index], gridPositions_, HeatRange::Symmetric);
        for (double v : grids_[index].values) {
            if (std::isfinite(v)) span = std::max(span, std::abs(v));
        }
        QCPAxisRect* rect = heatRow_->rect(b);
        rect->axis(QCPAxis::atBottom)
            ->setLabel(tr("key n — base %1").arg(baseText(shownBases_[index])));
        rect->axis(QCPAxis::atLeft)->setLabel(b == 0 ? tr("query position m") : QString());
    }
    // One colour scale for all maps, so the bases compare directly.
    if (span > 0.0) heatRow_->setDataRange(QCPRange(-span, span));
    finishShowing(Mode::Heatmaps, span, *heatFigure_->job(), result);
}

void SweepsLesson::updateReadouts() {
    // Samples per column: distances of a curve's pixel column, positions along a heat-map cell.
    std::int64_t length = 0;
    int columns = 0;
    std::int64_t first = 0;
    std::int64_t last = 0;
    if (shownMode_ == Mode::Curves) {
        if (envelopes_.empty()) return;
        const CurveEnvelope& envelope = envelopes_.front();
        length = envelope.sampleCount();
        columns = envelope.columns();
        first = envelope.columnStart(1) - envelope.columnStart(0);
        last = envelope.columnStart(columns) - envelope.columnStart(columns - 1);
    } else {
        if (grids_.empty()) return;
        length = gridPositions_;
        columns = grids_.front().width;
        first = poolBlockStart(length, columns, 1);
        last = length - poolBlockStart(length, columns, columns - 1);
    }
    // Published only: the figures say the rest.
    setReadouts({{QStringLiteral("mode"), {}, static_cast<int>(shownMode_)},
                 {QStringLiteral("length"), {}, length},
                 {QStringLiteral("bases"), {}, shownBases_.size()},
                 {QStringLiteral("columns"), {}, columns},
                 {QStringLiteral("first_column_count"), {}, first},
                 {QStringLiteral("last_column_count"), {}, last},
                 {QStringLiteral("score_span"), {}, shownSpan_}});
}

}  // namespace ropelab::ui
