// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 4, RoPE in 2D: one pair of q and k as arrows on the unit circle, rotated by mθ_i and
// nθ_i; the score q·k against m − n; shifting both positions leaves q·k unchanged.

#include <Eigen/Core>
#include <optional>

#include "encodings/rope_frequencies.h"
#include "lessons/lesson_page.h"

class QCPCurve;
class QCPGraph;
class QCPItemLine;
class QCPItemStraightLine;
class QCPItemText;
class QCPItemTracer;
class QCPLayer;
class QCPTextElement;
class QComboBox;
class QPushButton;
class QTimer;

namespace ropelab::ui {

class LabeledSlider;
class PlotLabel;

class Rope2dLesson : public LessonPage {
    Q_OBJECT
public:
    explicit Rope2dLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("rope-2d"); }
    QString title() const override;
    void retranslate() override;
    SharedParameters sharedParameters() const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;

    // What the views show, for tests and the benchmark.
    int pairIndex() const { return pair_; }
    void setPairIndex(int pair);
    double score() const { return score_; }          // q_m·k_n over all pairs
    double pairScore() const { return pairScore_; }  // this pair's part of q_m·k_n
    double angleBetween() const { return angle_; }   // radians, k → q, in (−π, π]
    QPointF queryTip() const;  // arrow tips as drawn: the turned pair at its true length
    QPointF keyTip() const;
    double queryCircleRadius() const { return queryRadius_; }  // the circles the tips run on
    double keyCircleRadius() const { return keyRadius_; }
    LabeledSlider* pairSlider() const { return pairSlider_; }
    QPushButton* playButton() const { return playButton_; }
    void shiftBoth(int delta);
    // One animation step (what the play timer does).
    void advanceAnimation();

private:
    void refresh();
    // True when the curves were recomputed (else only the marker moves).
    void updateReadout(const RopeFrequencies& freqs);
    // The explanation with the paragraph on θ_i for the shown configuration.
    void updateExplanation();
    void setPlaying(bool playing);

    QCustomPlot* circlePlot_;
    QCustomPlot* scorePlot_;
    QCPTextElement* circleTitle_;
    QCPTextElement* scoreTitle_;
    QCPCurve* queryCircle_;
    QCPCurve* keyCircle_;
    QCPCurve* angleArc_;
    QCPItemLine* queryArrow_;
    QCPItemLine* keyArrow_;
    QCPItemLine* queryStart_;
    QCPItemLine* keyStart_;
    PlotLabel* queryLabel_;
    PlotLabel* keyLabel_;
    QCPItemText* angleLabel_;
    QCPGraph* queryTrail_;
    QCPGraph* keyTrail_;
    QCPGraph* scoreGraph_;
    QCPGraph* pairGraph_;
    QCPItemStraightLine* distanceMarker_;
    QCPItemTracer* scoreTracer_;
    QCPLayer* scoreOverlay_;

    LabeledSlider* pairSlider_;
    QPushButton* playButton_;
    QComboBox* animateMode_;
    LabeledSlider* speedSlider_;
    QPushButton* shiftLeft_;
    QPushButton* shiftRight_;
    QTimer* timer_;

    int pair_ = 0;
    FigureTask* curves_;
    double score_ = 0.0;
    double shiftChange_ = 0.0;
    double pairScore_ = 0.0;
    double angle_ = 0.0;
    double theta_ = 0.0;
    double queryNorm_ = 0.0;
    double keyNorm_ = 0.0;
    double queryRadius_ = 0.0;
    double keyRadius_ = 0.0;
    double extent_ = 0.0;                  // half the side of the square shown
    std::optional<RopeParams> explained_;  // the configuration the explanation describes
};

}  // namespace ropelab::ui
