// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 12, inside a real model: which RoPE pairs a checkpoint's q and k weights use (issue 39).
// A safetensors file or folder or a GGUF file is read by core's QkModel and analysed by ropeLens
// off the UI thread (the page's progress and Cancel); the lesson draws the usage per layer and
// pair, one layer's heads, and the positional profiles of chosen heads. Without a file it opens
// an example model that RoPE Lab writes itself (lessons/example_model.h), labelled as such. A file
// that cannot be used leaves the previous model on screen and says why in the banner.

#include <QString>
#include <memory>
#include <optional>

#include "lessons/lesson_page.h"
#include "weights/rope_lens.h"
#include "widgets/heat_map.h"

class QLabel;
class QSpinBox;
class QCPItemStraightLine;
class QCPItemText;
class QCPGraph;
class QCPTextElement;

namespace ropelab::ui {

// What the lesson asked to open; `run` counts the requests, so opening the same file again reads
// it again. Not nested: clang 14 cannot generate code for a lambda reading a nested member.
struct ModelRequest {
    QString path;
    bool example = false;
    int run = 0;
    bool operator==(const ModelRequest&) const = default;
};

// One opened model: the analysis, or why the file could not be used (translated).
struct OpenedModel {
    std::shared_ptr<const LensResult> lens;
    QString problem;
};

class RealModelLesson : public LessonPage {
    Q_OBJECT
public:
    explicit RealModelLesson(const LessonContext& context, QWidget* parent = nullptr);
    ~RealModelLesson() override;

    QString id() const override { return QStringLiteral("real-model"); }
    QString title() const override { return tr("Inside a real model"); }
    void retranslate() override;
    SharedParameters sharedParameters() const override { return SharedParameters(0); }

    // Whether `path` names something this lesson opens (a folder, .safetensors or .gguf), for the
    // command line and drag and drop.
    static bool isModelPath(const QString& path);

    // Reads and analyses the model in the background; the previous one stays until it is done.
    void openModel(const QString& path);
    // Writes the example model to its cache folder and opens it.
    void openExampleModel();
    // Asks for a file with a dialog, then opens it.
    void chooseModelFile();
    void setLayer(int layer);
    void setHead(int head);

    // What is shown, for tests: the analysis (null before the first model) and whether it is the
    // example model.
    const LensResult* lens() const { return lens_.get(); }
    bool showingExample() const { return shownExample_; }
    int layer() const;
    int head() const;
    // The folder the example model is written to (in the user's cache).
    static QString exampleModelPath();

protected:
    void showEvent(QShowEvent* event) override;
    void figureStarted(FigureTask* figure) override;
    void figureEnded(FigureTask* figure, FigureEnd end, const QString& message) override;

private:
    // Translated sentence for anything opening a model threw.
    static QString modelProblemText(const std::exception& error);
    void showModel(const ModelRequest& request, OpenedModel& opened);
    void drawUsageMap();
    void drawChosenLayer();
    void updateReadouts();
    void updateModelNote();
    // The analysed layer index of model layer `layer` (the lens analyses every layer).
    std::size_t layerIndex(int layer) const;

    QCustomPlot* usagePlot_;
    QCustomPlot* headsPlot_;
    QCustomPlot* profilePlot_;
    HeatMap usageMap_;
    HeatMap headsMap_;
    QCPTextElement* headsTitle_;
    QCPItemStraightLine* usageContext_;
    QCPItemText* usageContextLabel_;
    QCPItemStraightLine* headsContext_;
    QCPItemStraightLine* profileContext_;
    QCPGraph* chosenProfile_;
    QCPGraph* positionalProfile_;
    QCPGraph* semanticProfile_;

    QLabel* modelNote_;
    QSpinBox* layerBox_;
    QSpinBox* headBox_;

    FigureTask* openFigure_ = nullptr;  // reads the model file and its lens
    std::optional<ModelRequest> request_;
    int runs_ = 0;
    std::shared_ptr<const LensResult> lens_;
    bool shownExample_ = false;
    int lensGeneration_ = 0;  // counts models shown, part of the chosen layer's figure key
    QString failedPath_;      // the last file that could not be used (for the note)
};

}  // namespace ropelab::ui
