// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 4, RoPE in 2D: one pair of q and k as arrows on the unit circle, rotated by mθ_i and
// nθ_i; the score q·k against m − n; shifting both positions leaves q·k unchanged.

#include <QPointF>
#include <cmath>
#include <memory>

#include "encodings/rope_apply.h"
#include "encodings/rope_frequencies.h"
#include "lessons/lesson_page.h"
#include "widgets/vector_pair_view.h"

class QCPTextElement;
class QComboBox;
class QPushButton;

namespace ropelab::ui {

class LabeledSlider;

class Rope2dLesson : public LessonPage {
    Q_OBJECT
public:
    explicit Rope2dLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("rope-2d"); }
    QString title() const override { return tr("RoPE in 2D: rotating pairs"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Layout |
               SharedParameter::Positions | SharedParameter::SequenceLength;
    }

    // What the views show, for tests and the benchmark.
    int pairIndex() const { return pair_; }
    void setPairIndex(int pair);
    double score() const { return shown_.score; }                 // q_m·k_n over all pairs
    double pairScore() const { return shown_.pairScore; }         // this pair's part of q_m·k_n
    double angleBetween() const { return shown_.vectors.angle; }  // radians, k → q, in (−π, π]
    // Arrow tips as drawn: the turned pair at its true length, on the circle it runs on.
    QPointF queryTip() const { return shown_.vectors.tips[0]; }
    QPointF keyTip() const { return shown_.vectors.tips[1]; }
    double queryCircleRadius() const { return std::hypot(queryTip().x(), queryTip().y()); }
    LabeledSlider* pairSlider() const { return pairSlider_; }
    QPushButton* playButton() const { return playButton_; }
    void shiftBoth(int delta);
    // One animation step (what the play timer does).
    void advanceAnimation();

private:
    // What the rotating pair reads: the configuration, the pair and both positions.
    struct PairKey;
    // What it shows, from core, [0] for q and [1] for k: pair i at true length before turning
    // (starts) and after turning by mθ_i and nθ_i (tips), the tips at the positions before
    // (trails), and q·k at m − n.
    struct PairView {
        RopeFrequencies freqs;
        RopePair components{0, 1};
        TurnedPair vectors;
        double score = 0.0;
        double pairScore = 0.0;
        // What "Shift both ▶" would change: q·k at (m + 1, n + 1) minus q·k at (m, n).
        double shiftChange = 0.0;
    };
    PairKey pairKey() const;
    static PairView computePair(const PairKey& key, const Execution& exec);
    void drawPair(const PairKey& key, PairView& view);
    void refresh();
    // The readouts of the pair shown, for a sequence of sequenceLength tokens.
    void updateReadout(const PairKey& key, int sequenceLength);

    QCustomPlot* circlePlot_;
    QCPTextElement* circleTitle_;
    std::unique_ptr<VectorPairView> vectors_;
    LabeledSlider* pairSlider_;
    QPushButton* playButton_;
    QComboBox* animateMode_;

    int pair_ = 0;
    PairView shown_;  // what the rotating pair and the readouts show
};

}  // namespace ropelab::ui
