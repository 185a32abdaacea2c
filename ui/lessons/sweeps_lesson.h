// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 9, long sweeps: RoPE score curves up to 2^24 distances and pooled heat maps up to 65536
// positions, for several bases at once, on the compute backend the user picks (CPU, OpenCL, CUDA
// or auto). Each mode is a background figure of the page that Run asks for (core's sweeps run it
// off the UI thread), with progress, Cancel and elapsed time; a cancelled or failed sweep leaves
// the previous result on screen. Curves are drawn as min/max per pixel column (core's
// CurveEnvelope), never as millions of points.

#include <QCheckBox>
#include <QComboBox>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "compute/compute_engine.h"
#include "compute/shared_engine.h"
#include "compute/sweeps.h"
#include "lessons/lesson_page.h"
#include "widgets/backend_picker.h"
#include "widgets/heat_map.h"
#include "widgets/labeled_slider.h"
#include "widgets/run_status.h"

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace ropelab::ui {

class EnvelopeStack;
class HeatMapRow;
class LatestJob;

// What Run asked for: the sweep, the backend and which press of Run it was (pressing Run again
// sweeps again, e.g. to time a GPU backend once its program is compiled). Not nested in the
// lesson: clang 14 cannot generate code for a lambda reading a nested template's member.
template <class Sweep>
struct SweepRequest {
    Sweep sweep;
    BackendChoice backend = BackendChoice::Auto;
    int run = 0;
    bool operator==(const SweepRequest&) const = default;
};

class SweepsLesson : public LessonPage {
    Q_OBJECT
public:
    explicit SweepsLesson(const LessonContext& context, QWidget* parent = nullptr);
    ~SweepsLesson() override;

    QString id() const override { return QStringLiteral("sweeps"); }
    QString title() const override { return tr("Long sweeps"); }
    void retranslate() override;
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Layout;
    }
    void restoreState(const QJsonObject& state) override;

    enum class Mode { Curves = 0, Heatmaps = 1 };
    static constexpr int kMaxBases = 4;
    static constexpr int kCurveColumns = 1500;
    static constexpr int kHeatCells = 512;
    static constexpr int kMaxCurveLog2 = 26;
    static constexpr int kMaxHeatLog2 = 24;

    void setMode(Mode mode) { mode_->setCurrentIndex(static_cast<int>(mode)); }
    Mode mode() const { return static_cast<Mode>(mode_->currentIndex()); }
    // N = 2^log2Length distances (curves) or positions (heat maps).
    void setLog2Length(int log2Length);
    std::int64_t length() const { return std::int64_t{1} << log2Length_->value(); }
    // A comma-separated list of bases (rope_theta), at most kMaxBases; false with the banner when
    // an entry is not a valid base.
    bool setBasesText(const QString& text);
    void setBackendChoice(BackendChoice choice) { backends_->setChoice(choice); }
    void setLogDistanceAxis(bool on) { logAxis_->setChecked(on); }
    void setPooling(Pooling pooling) { pooling_->setCurrentIndex(static_cast<int>(pooling)); }
    void setSameVectorsEverywhere(bool on) { inputs_->setCurrentIndex(on ? 0 : 1); }

    // Starts the sweep with the current settings (stopping one still running), now, even on a
    // lesson put away; false with the banner when the bases are not valid.
    bool run();
    // Stops the running sweep; the previous result stays.
    void cancel() { cancelComputation(); }

    // What the views show, for tests and the benchmark. job(): the current mode's sweep.
    LatestJob* job() const { return (mode() == Mode::Curves ? curveFigure_ : heatFigure_)->job(); }
    const std::vector<double>& shownBases() const { return shownBases_; }
    const std::vector<CurveEnvelope>& envelopes() const { return envelopes_; }
    std::int64_t firstDistance() const { return firstDistance_; }  // sample 0 of the envelopes
    const std::vector<PooledGrid>& grids() const { return grids_; }
    QString statusText() const { return statusText_; }
    QComboBox* backendBox() const { return backends_->box(); }
    QPushButton* cancelButton() const { return cancelButton_; }
    QProgressBar* progressBar() const { return status_->bar(); }

protected:
    void showEvent(QShowEvent* event) override;
    void figureStarted(FigureTask* figure) override;
    void figureProgress(FigureTask* figure, double fraction) override;
    void figureEnded(FigureTask* figure, FigureEnd end, const QString& message) override;

private:
    using CurveRequest = SweepRequest<CurveSweepParams>;
    using HeatRequest = SweepRequest<HeatmapSweepParams>;

    std::vector<double> parseBases(const QString& text) const;
    void declareSweepFigures();
    // Commits the settings as the current mode's request; the figure sweeps when shown.
    bool request();
    void updateModeControls();
    void updateLengthLabel();
    void showCurves(const CurveSweepParams& sweep, Computed<CurveSweep>& result);
    void showHeatmaps(const HeatmapSweepParams& sweep, Computed<std::vector<PooledGrid>>& result);
    void labelCurveRects();
    // After a sweep drew: its readouts (span: the largest |score| drawn) and its status.
    template <class T>
    void finishShowing(Mode mode, double span, const LatestJob& job, const Computed<T>& result);
    // The named readouts of the result shown (activities check them).
    void updateReadouts();

    QCustomPlot* curvePlot_;
    QCustomPlot* heatPlot_;
    std::unique_ptr<EnvelopeStack> curves_;
    std::unique_ptr<HeatMapRow> heatRow_;

    QComboBox* mode_;
    LabeledSlider* log2Length_;
    QLineEdit* basesEdit_;
    QCheckBox* logAxis_;
    QLabel* poolingLabel_;
    QComboBox* pooling_;
    QComboBox* inputs_;
    BackendPicker* backends_;
    QPushButton* cancelButton_;
    RunStatus* status_;  // the sweep's progress and what came of it
    FigureTask* curveFigure_ = nullptr;
    FigureTask* heatFigure_ = nullptr;

    std::shared_ptr<SharedEngine> engine_;
    std::vector<double> baseValues_{10000.0, 500000.0, 1000000.0};
    std::vector<double> shownBases_;
    std::vector<CurveEnvelope> envelopes_;
    std::int64_t firstDistance_ = 0;
    std::vector<PooledGrid> grids_;
    std::int64_t gridPositions_ = 0;
    QString statusText_;
    int runs_ = 0;
    std::optional<CurveRequest> curveRequest_;  // empty until the first curve sweep is asked for
    std::optional<HeatRequest> heatRequest_;
    Mode shownMode_ = Mode::Curves;
    double shownSpan_ = 0.0;  // largest |score| shown: the common y range or colour range
};

}  // namespace ropelab::ui
