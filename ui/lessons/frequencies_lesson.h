// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 7, frequencies and context extension: each pair's wavelength against the context
// length (log axis) with the bands linear / dynamic / YaRN / Llama 3 / LongRoPE create, every
// rope_type parameter, presets of published models, config.json import, and a second
// configuration side by side (frequencies and score curves).

#include <QCheckBox>
#include <QLabel>
#include <QString>
#include <array>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "analysis/frequency_bands.h"
#include "encodings/model_presets.h"
#include "lessons/lesson_page.h"
#include "widgets/envelope_stack.h"
#include "widgets/line_labels.h"
#include "widgets/rope_config_picker.h"

class QCPGraph;
class QCPItemStraightLine;
class QCPTextElement;
class QComboBox;
class QTabWidget;

namespace ropelab::ui {

class RopeConfigEditor;

class FrequenciesLesson : public LessonPage {
    Q_OBJECT
public:
    explicit FrequenciesLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("frequencies"); }
    QString title() const override { return tr("Frequencies and context extension"); }
    void retranslate() override;
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout;
    }

    // Configuration A is the shared parameters' RoPE; B is this lesson's own.
    enum Config { A = 0, B = 1 };

    RopeParams config(Config which) const { return which == A ? parameters().rope() : configB_; }
    // Validates through core; false (and the banner says why) leaves everything as it was.
    bool setConfig(Config which, const RopeParams& params);
    void setComparing(bool on) { compare_->setChecked(on); }
    bool comparing() const { return compare_->isChecked(); }
    // Reads a HuggingFace config.json into A or B; false with the banner on any problem.
    bool importConfig(const QString& path, Config which);
    // Replaces the preset list from presets-file text; false (and says why) keeps the old list.
    bool loadPresets(const QByteArray& json, const QString& source);
    const std::vector<ModelPreset>& presets() const { return pickers_[A]->presets(); }
    // Applies preset `index` of presets() to a configuration.
    bool applyPreset(Config which, int index);

    // What the views show, for tests and the benchmark.
    const FrequencyBands& bands(Config which) const { return bands_[which]; }
    LatestJob* curveJob() const { return curves_->job(); }
    RopeConfigEditor* editor(Config which) const { return pickers_[which]->editor(); }
    QComboBox* presetBox(Config which) const { return pickers_[which]->presetBox(); }
    QString presetSourceText(Config which) const { return pickers_[which]->sourceLabel()->text(); }

private:
    struct Side {
        std::array<QCPGraph*, 3> bandGraphs{};  // kept, blended, divided by factor
        QCPGraph* wavelengthLine = nullptr;
        QCPGraph* scaleGraph = nullptr;
        LabelledLine context;  // the trained context L₀
        LabelledLine target;   // max_position_embeddings
        // The target label's text in full, and in the shorter words shown where one of its words
        // is wider than the plot.
        std::array<QString, 2> targetTexts;
        QCPItemStraightLine* curveContextLine = nullptr;
    };

    QWidget* makeConfigTab(Config which);
    void refresh();
    // The context labels sit above their lines; two on the same side that would overlap (large
    // presenter fonts on a short plot) put the lower line's label below it. Run after each layout.
    void separateContextLabels();
    // What the wavelength and slowdown figures show: configurations A and B (B only while
    // comparing) and, during a base sweep, its first and last base.
    struct FrequencyKey {
        std::array<RopeParams, 2> configs;
        bool both = false;
        std::optional<std::pair<double, double>> sweep;
        bool operator==(const FrequencyKey&) const = default;
    };
    struct FrequencyResult {
        std::array<FrequencyBands, 2> bands;
        std::array<double, 2> attentionFactor{1.0, 1.0};
        // The lowest and highest wavelength of A over the sweep's ends, when sweeping.
        std::optional<std::pair<double, double>> sweepRange;
    };
    static FrequencyResult computeFrequencies(const FrequencyKey& key);
    void drawFrequencies(const FrequencyKey& key, const FrequencyResult& result);
    void updateReadout(const FrequencyKey& key, const FrequencyResult& result);
    void showCurveRectB(bool on);
    // "A: d = 64, base 10000, yarn ×4" for A, and B's under it while both are shown: what the
    // configurations are, for the figure titles.
    QString configSummaries(const std::array<RopeParams, 2>& configs, bool both) const;

    QCustomPlot* wavePlot_;
    QCustomPlot* scalePlot_;
    QCustomPlot* curvePlot_;
    // A figure's title and, under it, what A and B are (a slide shows no side panel).
    struct Titles {
        QCPTextElement* title;
        QCPTextElement* configs;
    };
    Titles waveTitles_;
    Titles scaleTitles_;
    std::unique_ptr<EnvelopeStack> scores_;  // A's score curve, and B's under it
    QCPGraph* originalLine_;
    std::array<Side, 2> sides_;
    QCheckBox* compare_;
    QTabWidget* tabs_;
    std::array<RopeConfigPicker*, 2> pickers_{};
    FigureTask* curves_;

    RopeParams configB_;
    std::array<FrequencyBands, 2> bands_;
    // Set by an animation that sweeps A's base (its first and last base): axes fixed for it.
    std::optional<std::pair<double, double>> baseSweep_;
};

}  // namespace ropelab::ui
