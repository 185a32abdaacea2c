// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 4, RoPE in 2D: one pair of q and k as arrows on the unit circle, rotated by mθ_i and
// nθ_i; the score q·k against m − n; shifting both positions leaves q·k unchanged.

#include <QPointF>
#include <cmath>
#include <memory>

#include "analysis/pair_turn.h"
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
    double score() const { return shown_.turn.score; }            // q_m·k_n over all pairs
    double pairScore() const { return shown_.turn.pairScore; }    // this pair's part of q_m·k_n
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
    // What it shows: core's numbers of the turned pair, and the pair as the view draws it.
    struct PairView {
        RopeFrequencies freqs;
        PairTurn turn;
        TurnedPair vectors;
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
