// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 3, relative bias: T5 buckets (relative position → bucket, the bias matrix a per-bucket
// table gives) and ALiBi (a slope per head, the linear bias matrix).

#include <memory>

#include "analysis/score_encoding.h"
#include "lessons/lesson_page.h"
#include "widgets/highlighted_bars.h"
#include "widgets/labeled_slider.h"

class QCheckBox;
class QCPBars;
class QCPColorMap;
class QCPCurve;
class QCPGraph;
class QCPTextElement;

namespace ropelab::ui {

class PlotLabel;

class RelativeLesson : public LessonPage {
    Q_OBJECT
public:
    explicit RelativeLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("relative"); }
    QString title() const override { return tr("Relative position bias"); }
    SharedParameters sharedParameters() const override {
        return SharedParameter::Positions | SharedParameter::SequenceLength;
    }

    T5BucketParams t5Params() const;
    void setT5Params(const T5BucketParams& params);
    int alibiHeads() const { return headsSlider_->value(); }
    int alibiHead() const { return headSlider_->value(); }
    void setAlibi(int heads, int head);

    // Bucket against the distance d = i − j > 0 (key before the query) or the distance −d
    // (key after it), on a logarithmic axis of d.
    QCPGraph* bucketGraph(bool keyBefore) const { return keyBefore ? beforeGraph_ : afterGraph_; }
    QCPGraph* bucketMarker() const { return currentBucket_; }
    QCPBars* slopeBars() const { return slopeBars_->bars(); }
    QCPColorMap* t5Map() const { return t5Map_; }
    QCPColorMap* alibiMap() const { return alibiMap_; }
    LabeledSlider* bucketSlider() const { return bucketSlider_; }

protected:
    void applyTheme(const PlotTheme& theme) override;

private:
    void refresh();
    void updateBuckets(const T5BucketParams& params, int distance);
    void updateSlopes(int heads, int head);
    void updateMask();
    void updateReadout();

    QCustomPlot* bucketPlot_;
    QCustomPlot* slopePlot_;
    QCPTextElement* bucketTitle_;
    QCPTextElement* slopeTitle_;
    QCPGraph* beforeGraph_;
    QCPGraph* afterGraph_;
    QCPGraph* currentBucket_;  // a ring at the current i − j
    QCPGraph* exactEdges_;     // max_exact, named in the legend
    QCPGraph* distanceEdges_;  // max_distance
    std::unique_ptr<HighlightedBars> slopeBars_;
    QCPColorMap* t5Map_;
    QCPColorMap* alibiMap_;
    QCPCurve* mask_;
    PlotLabel* maskLabel_;

    LabeledSlider* bucketSlider_;
    LabeledSlider* distanceSlider_;
    QCheckBox* bidirectional_;
    LabeledSlider* headsSlider_;
    LabeledSlider* headSlider_;
};

}  // namespace ropelab::ui
