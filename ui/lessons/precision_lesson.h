// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 10, precision: how far a float32 RoPE angle drifts from the exact phase p·θ_i as the
// position grows, per pair, for HF-style float32, fast GPU trig and the exact-turns fix, against
// θ_i (one token's turn: an error beyond it blurs neighbouring positions).

#include "analysis/phase_precision.h"
#include "lessons/lesson_page.h"

namespace ropelab::ui {

class LabeledDoubleSlider;
class LabeledSlider;

class PrecisionLesson : public LessonPage {
    Q_OBJECT
public:
    explicit PrecisionLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("precision"); }
    QString title() const override { return tr("Precision: float32 angles at long range"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base;
    }

    static constexpr int kMaxLog2Position = 24;
    static constexpr int kSamplesPerOctave = 32;
    // Errors below this are drawn at it (a log axis has no 0).
    static constexpr double kErrorFloor = 1e-10;

    void setPair(int pair);
    void setPosition(std::int64_t position);
    int pair() const { return pair_; }

    // What the views show, for tests and the benchmark.
    const PhaseErrors& errorsAlongPositions() const { return alongPositions_; }
    const PhaseErrors& errorsAcrossPairs() const { return acrossPairs_; }
    double theta() const { return theta_; }
    LabeledSlider* pairSlider() const { return pairSlider_; }

private:
    void refresh();
    void updateReadout();

    LabeledSlider* pairSlider_;
    LabeledDoubleSlider* positionSlider_;

    int pair_ = 1;  // pair 0 (θ_0 = 1) is exact in float32 below 2^24: a poor first view
    std::int64_t position_ = 1 << 20;
    PhaseErrors alongPositions_;
    PhaseErrors acrossPairs_;
    double theta_ = 0.0;
    double exactPhase_ = 0.0;
};

}  // namespace ropelab::ui
