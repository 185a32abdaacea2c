// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The training lab, "train short, test long" (issue 38): small transformers, one per position
// encoding, trained on the same task in the background (one LatestJob and one thread each), then
// evaluated at 1, 1.5, 2 and 4 times their training length; the RoPE model also with PI, NTK,
// YaRN and Llama 3 applied at evaluation, and fine-tuned at twice its length with and without
// PI. Opening it shows the user's last run, else the recorded default run
// (resources/training/default-run.json); the text states what that run measured and what the
// papers found. A second view looks inside the models the user trained in this session: one
// head's attention weights on a sequence twice the training length, and which RoPE pairs the
// RoPE model's q and k weights use (core's lens, as lesson 12).

#include <QString>
#include <QStringList>
#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "lessons/lesson_page.h"
#include "training/lab_run.h"
#include "weights/rope_lens.h"
#include "widgets/heat_map.h"

class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTimer;

namespace ropelab::ui {

class RunQueue;

class TrainingLesson : public LessonPage {
    Q_OBJECT
public:
    explicit TrainingLesson(const LessonContext& context, QWidget* parent = nullptr);
    ~TrainingLesson() override;

    QString id() const override { return QStringLiteral("training"); }
    QString title() const override { return tr("Train short, test long"); }
    void retranslate() override;
    SharedParameters sharedParameters() const override { return {}; }

    static constexpr int kEncodings = 6;
    static constexpr int kRescues = 4;
    static constexpr int kFineTunings = 2;  // plain, then with Position Interpolation
    // Model sizes offered: layers, width, heads.
    struct SizePreset {
        int layers;
        int width;
        int heads;
    };
    static constexpr std::array<SizePreset, 3> kSizes{{{1, 32, 4}, {2, 64, 4}, {4, 128, 8}}};

    // The run shown (recorded, cached or being trained).
    const training::LabRun& run() const { return run_; }
    // Shows `run` (a recorded or cached run) as if it had just trained.
    void showRun(training::LabRun run);
    // The settings the controls describe.
    training::LabSettings settings() const;
    void setSettings(const training::LabSettings& settings);
    // Starts training every chosen encoding in the background (false with the banner when the
    // task cannot be made, e.g. an unreadable text file).
    bool train();
    // Stops the models still training; the ones that finished stay.
    void cancel();
    bool training() const;
    // Models trained at once, each on one thread (default: the machine's hardware threads); the
    // rest wait their turn.
    void setMaxParallel(int models);
    // Where the last finished or cancelled run is kept; empty in tests that set no cache.
    static QString cachePath();

    // What the plot area shows: the results, or inside the trained models.
    enum class View { Results, Inside };
    void setView(View view);
    View view() const;
    // The models of the run shown that can be looked inside: those trained in this session (a
    // recorded or cached run keeps only its numbers).
    std::vector<training::PositionEncoding> trainedModels() const;
    // The model, layer and head looked inside (the encoding must be one of trainedModels()).
    void lookInside(training::PositionEncoding encoding, int layer, int head);

    // What the look inside computed (off the UI thread) and shows.
    struct Inside {
        training::PositionEncoding encoding = training::PositionEncoding::Rope;
        int layer = 0;
        int head = 0;
        int length = 0;               // the sequence: twice the training length
        std::vector<double> weights;  // [query, key] row-major; empty: the model cannot run it
        bool haveLens = false;        // the run has a RoPE model: its lens of layer, head
        HeadLens lens;
        std::vector<double> wavelength;  // of each pair, positions
    };
    // Null until a trained model was looked inside.
    const Inside* inside() const { return inside_.get(); }

private:
    struct Live;  // one model training: the losses its worker thread appends
    void buildControls();
    void declareTrainingFigures();
    void buildInside();
    void declareInsideFigures();
    void updateInsideControls();
    void drawInside();
    void pollLosses();
    void modelFinished(std::size_t index, training::LabModelResult result,
                       std::shared_ptr<const training::Model> model);
    void trainingEnded();
    void updateReadout();
    // The names of encodings and rescue methods, untranslated (bound) and translated.
    static const char* encodingSource(training::PositionEncoding encoding);
    static const char* rescueSource(training::RopeRescue rescue);
    QString encodingName(training::PositionEncoding encoding) const;
    bool textMetric() const;

    training::LabRun run_;
    // How much of run_ the figures draw, 0 … 1 (restoreState's "replay", for the training
    // animation): the loss curves step by step, then the length curves length by length.
    double replay_ = 1.0;
    int revision_ = 0;      // bumped when run_ or replay_ changes: the length figures' key
    int lossPoints_ = 0;    // losses shown so far: the loss figure's key
    bool recorded_ = true;  // run_ is the shipped recording (else the user's own)
    std::vector<std::unique_ptr<Live>> live_;
    RunQueue* queue_;  // the models training, live_[i] for job i
    QTimer* poll_;
    QStringList failures_;  // why models of the current run stopped
    // The trained models of run_ (this session's), and the task they trained on.
    std::vector<std::shared_ptr<const training::Model>> trained_;
    std::shared_ptr<const training::Task> trainedTask_;
    std::shared_ptr<const Inside> inside_;

    QCustomPlot* lossPlot_;
    QCustomPlot* lengthPlot_;
    QCustomPlot* rescuePlot_;
    QCPTextElement* lengthTitle_ = nullptr;
    QCPTextElement* rescueTitle_ = nullptr;
    std::array<QCPGraph*, kEncodings> lossGraphs_{};
    std::array<QCPGraph*, kEncodings> lengthGraphs_{};
    std::array<QCPGraph*, kRescues + 1 + kFineTunings> rescueGraphs_{};
    std::array<QCPItemStraightLine*, 2> trainLengthLines_{};
    std::array<QCPItemText*, 2> trainLengthLabels_{};
    QCPItemText* cannotRun_ = nullptr;

    QStackedWidget* plotStack_;
    QCustomPlot* attentionPlot_;
    QCustomPlot* pairPlot_;
    HeatMap attentionMap_;
    QCPTextElement* attentionTitle_ = nullptr;
    QCPTextElement* attentionSubtitle_ = nullptr;
    QCPTextElement* pairTitle_ = nullptr;
    std::array<QCPItemStraightLine*, 2> attentionLines_{};  // key = L and query = L
    QCPItemStraightLine* pairLine_ = nullptr;
    QCPItemText* pairLabel_ = nullptr;
    QCPGraph* qNorms_ = nullptr;
    QCPGraph* kNorms_ = nullptr;

    QComboBox* task_;
    QLabel* textFile_;
    QString textPath_;
    std::array<QCheckBox*, kEncodings> encodingBoxes_{};
    QComboBox* size_;
    QSpinBox* trainLength_;
    QSpinBox* steps_;
    QSpinBox* seed_;
    QDoubleSpinBox* ropeBase_;
    QSpinBox* fineTuneSteps_;
    QComboBox* view_;
    QWidget* insideControls_;
    QComboBox* insideModel_;
    QSpinBox* insideLayer_;
    QSpinBox* insideHead_;
    QLabel* insideNote_;
    QPushButton* trainButton_;
    QPushButton* cancelButton_;
    QProgressBar* progress_;
    QLabel* status_;
    QLabel* settingsNote_;
};

}  // namespace ropelab::ui
