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
#include <QPushButton>
#include <QRegularExpression>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "common/errors.h"
#include "encodings/rope_params.h"
#include "model/latest_job.h"
#include "model/parameter_model.h"
#include "model/parameter_text.h"
#include "widgets/backend_picker.h"
#include "widgets/choice_box.h"
#include "widgets/envelope_stack.h"
#include "widgets/heat_map_row.h"
#include "widgets/labeled_slider.h"
#include "widgets/plot_fit.h"
#include "widgets/plot_helpers.h"
#include "widgets/run_status.h"
#include "widgets/score_plot_helpers.h"

namespace ropelab::ui {

namespace {

QString baseText(double base) {
    return QLocale().toString(base, 'g', 10);
}

}  // namespace

SweepsLesson::SweepsLesson(const LessonContext& context, QWidget* parent)
    : LessonPage(context, parent), engine_(std::make_shared<SharedEngine>()) {
    curvePlot_ = createPlot(
        QStringLiteral("sweep-score-curves"),
        {QT_TR_NOOP("Score q·k against distance, per base (min and max per pixel column)")});
    heatPlot_ = createPlot(QStringLiteral("sweep-heatmaps"),
                           {QT_TR_NOOP("Pooled score(m, n), one map per base")});
    auto* stack = new QStackedWidget(plotArea());
    stack->addWidget(curvePlot_);
    stack->addWidget(heatPlot_);
    placePlots({{stack}});

    // Curves: one min/max band per base, each on its own axes (same x range).
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
    curves_ = std::make_unique<EnvelopeStack>(
        curvePlot_, kMaxBases, [](int b) { return QStringLiteral("score, base %1").arg(b + 1); });
    for (int b = 0; b < kMaxBases; ++b) {
        setSeriesStyle(curves_->band(b).band, {categorical(b), Qt::SolidLine, 0.5}, theme());
    }
    curvePlot_->legend->setVisible(false);
    applyPlotTheme(curvePlot_, theme());

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
    backends_ = new BackendPicker(this);
    placeControl(backends_->box(), "backend", nullptr, controlsRow(), 1, nullptr,
                 QT_TR_NOOP("Backend"));
    auto* runRow = new QHBoxLayout;
    controlsLayout()->addLayout(runRow);
    // Run stays enabled while a sweep runs: running again restarts (latest wins).
    addButton({.name = "runSweep", .text = QT_TR_NOOP("Run sweep"), .layout = runRow},
              [this] { run(); });
    cancelButton_ =
        addButton({.name = "cancelSweep", .text = QT_TR_NOOP("Cancel"), .layout = runRow},
                  [this] { cancel(); });
    cancelButton_->setEnabled(false);
    status_ = new RunStatus(
        this, [this](double seconds) { return tr("Running… %1 s").arg(seconds, 0, 'f', 1); });
    controlsLayout()->addWidget(status_->bar());
    controlsLayout()->addWidget(status_->line());
    // The backends' long description last: Run sweep stays near the settings it runs.
    backends_->info()->setObjectName(QStringLiteral("backendInfo"));
    controlsLayout()->addWidget(backends_->info());

    connect(basesEdit_, &QLineEdit::editingFinished, this,
            [this] { setBasesText(basesEdit_->text()); });
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
        QStringLiteral("backend"), QString(),
        [this] { return backends_->box()->currentData().toString(); },
        [this](const QString& name) {
            const int backend = backends_->box()->findData(name);
            if (backend >= 0) backends_->box()->setCurrentIndex(backend);
        });
    retranslate();
    updateModeControls();
    applyTheme(theme());
}

SweepsLesson::~SweepsLesson() = default;

void SweepsLesson::retranslate() {
    backends_->setTexts({.automatic = tr("auto (GPU for large sweeps)"),
                         .probing = tr("Looking for GPUs…"),
                         .unavailable = tr("<b>%1</b>: unavailable — %2<br>"),
                         .available = tr("<b>%1</b>: %2<br>")});
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

void SweepsLesson::showEvent(QShowEvent* event) {
    LessonPage::showEvent(event);  // which starts a sweep asked for while the lesson was away
    // Backends are probed once the lesson is on a screen: an export, which shows it off screen,
    // loads no GPU driver for the menu.
    if (!window()->testAttribute(Qt::WA_DontShowOnScreen)) backends_->probe();
    // The first look at the lesson starts the sweep its controls show.
    if (!curveRequest_ && !heatRequest_) run();
}

void SweepsLesson::declareSweepFigures() {
    // Each mode is a figure of its own, computed when Run asks for it: a heat-map run leaves the
    // curves as they are, and the other way round.
    // One engine for the lesson's sweeps, reused (a stopping sweep and its successor wait their
    // turn for it).
    std::shared_ptr<SharedEngine> engine = engine_;
    curveFigure_ = declareFigures(
        {curvePlot_}, FigureRun::Background, [this] { return curveRequest_; },
        [engine](const std::optional<CurveRequest>& request, const Execution& exec) {
            return engine->use(request->backend, [&](ComputeEngine& e) {
                return ropeCurveSweep(e, request->sweep, exec);
            });
        },
        [this](const std::optional<CurveRequest>& request, Computed<CurveSweep>& result) {
            showCurves(request->sweep, result);
        },
        allThreads());
    heatFigure_ = declareFigures(
        {heatPlot_}, FigureRun::Background, [this] { return heatRequest_; },
        [engine](const std::optional<HeatRequest>& request, const Execution& exec) {
            return engine->use(request->backend, [&](ComputeEngine& e) {
                return ropeHeatmapSweep(e, request->sweep, exec);
            });
        },
        [this](const std::optional<HeatRequest>& request,
               Computed<std::vector<PooledGrid>>& result) { showHeatmaps(request->sweep, result); },
        allThreads());
}

void SweepsLesson::figureStarted(FigureTask* figure) {
    clearReadouts();  // nothing is judged on the previous result while the sweep runs
    cancelButton_->setEnabled(true);
    status_->started(figure->job(), tr("Running…"));
}

void SweepsLesson::figureProgress(FigureTask*, double fraction) {
    status_->setFraction(fraction);
}

void SweepsLesson::figureEnded(FigureTask* figure, FigureEnd end, const QString& message) {
    cancelButton_->setEnabled(false);
    status_->ended();
    if (end == FigureEnd::Drawn) return;  // the draw step wrote the status
    // The previous result stays on screen; a failure's message is in the banner too.
    statusText_ = end == FigureEnd::Failed
                      ? message
                      : tr("Cancelled after %1 s; the previous result stays.")
                            .arg(figure->job()->elapsedMs() / 1000.0, 0, 'f', 1);
    status_->say(statusText_);
    updateReadouts();
}

bool SweepsLesson::request() {
    if (!setBasesText(basesEdit_->text())) return false;
    // One sweep at a time: a sweep of the other mode that still runs gives way.
    if ((mode() == Mode::Curves ? heatFigure_ : curveFigure_)->isRunning()) cancelComputation();
    const BackendChoice backend = backends_->choice();
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
    status_->say(statusText_, true);
    clearProblem();
}

void SweepsLesson::showCurves(const CurveSweepParams& sweep, Computed<CurveSweep>& result) {
    envelopes_ = std::move(result.value.envelopes);
    shownBases_ = sweep.inputs.bases;
    firstDistance_ = result.value.firstDistance;
    const bool logColumns = sweep.logarithmic;
    curves_->show(static_cast<int>(envelopes_.size()));
    applyPlotTheme(curvePlot_, theme());
    // Column centres on the axis the columns were made for.
    const double span = curves_->draw(envelopes_, static_cast<double>(firstDistance_), logColumns);
    const double last = static_cast<double>(firstDistance_ + envelopes_.front().sampleCount() - 1);
    for (int b = 0; b < kMaxBases; ++b) {
        QCPAxis* xAxis = curves_->rect(b)->axis(QCPAxis::atBottom);
        if (logColumns) {
            setLogAxis(xAxis);
            xAxis->setRange(1.0, std::max(2.0, last));
        } else {
            setLinearAxis(xAxis);
            xAxis->setRange(0.0, std::max(1.0, last));
        }
    }
    curves_->setSpan(span, 1.05);
    labelCurveRects();
    applyPlotTheme(curvePlot_, theme());
    finishShowing(Mode::Curves, span, *curveFigure_->job(), result);
}

void SweepsLesson::labelCurveRects() {
    const int count = std::max<int>(1, static_cast<int>(shownBases_.size()));
    for (int b = 0; b < kMaxBases; ++b) {
        QCPAxisRect* rect = curves_->rect(b);
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
