// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 2, absolute encodings: a learned table with a hard maximum length, the sinusoidal table
// (positions × dimensions), the similarity PE(p)·PE(q), and a shift by k as a per-pair rotation.

#include <QPointF>
#include <memory>

#include "encodings/sinusoidal.h"
#include "lessons/lesson_page.h"
#include "widgets/hatched_region.h"
#include "widgets/heat_map.h"
#include "widgets/labeled_slider.h"

class QCPCurve;
class QCPItemLine;
class QCPTextElement;

namespace ropelab::ui {

class PlotLabel;

class AbsoluteLesson : public LessonPage {
    Q_OBJECT
public:
    explicit AbsoluteLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("absolute"); }
    QString title() const override { return tr("Absolute encodings"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::HeadDim | SharedParameter::Base | SharedParameter::Positions |
               SharedParameter::SequenceLength;
    }

    int maxLength() const { return maxLengthSlider_->value(); }
    void setMaxLength(int length) {
        maxLengthSlider_->setValue(length);
        refresh();
    }
    void setPairIndex(int pair) {
        if (choosePair(pair_, pair)) refresh();
    }
    int shift() const { return shiftSlider_->value(); }
    void setShift(int k) {
        shiftSlider_->setValue(k);
        refresh();
    }
    // The pair i components (PE(p, 2i), PE(p, 2i+1)) drawn for p and p + k.
    QPointF pointAtP() const { return {shown_.atP[0], shown_.atP[1]}; }
    QPointF pointAtPPlusK() const { return {shown_.atPK[0], shown_.atPK[1]}; }
    QCPCurve* shiftArc() const { return arc_; }  // from PE(p) to PE(p + k), kω mod one turn
    QCPColorMap* sinusoidalMap() const { return sinusoidalMap_; }
    QCPColorMap* similarityMap() const { return similarityMap_; }
    QCPColorMap* learnedMap() const { return learnedMap_; }

protected:
    void applyTheme(const PlotTheme& theme) override;

private:
    void refresh();
    void updateSimilarityTitle();
    void drawShift();
    void updateReadouts();
    void updateImpossibleRegion();

    QCustomPlot* learnedPlot_;
    QCustomPlot* shiftPlot_;
    QCPTextElement* similarityTitle_;
    QCPTextElement* shiftTitle_;
    ColouredMap* learnedMap_;
    ColouredMap* sinusoidalMap_;
    ColouredMap* similarityMap_;
    std::unique_ptr<HatchedRegion> impossible_;
    QCPCurve* arc_;
    QCPItemLine* fromArrow_;
    QCPItemLine* toArrow_;
    PlotLabel* fromLabel_;
    PlotLabel* toLabel_;

    LabeledSlider* maxLengthSlider_;
    LabeledSlider* pairSlider_;
    LabeledSlider* shiftSlider_;

    int pair_ = 0;
    int similarityLength_ = 0;  // N of the similarity map drawn
    SinusoidalShift shown_;     // as drawn in the lower right plot
};

}  // namespace ropelab::ui
