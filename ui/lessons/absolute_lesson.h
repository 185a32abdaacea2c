// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 2, absolute encodings: a learned table with a hard maximum length, the sinusoidal table
// (positions × dimensions), the similarity PE(p)·PE(q), and a shift by k as a per-pair rotation.

#include <array>
#include <optional>

#include "lessons/lesson_page.h"

class QCPColorMap;
class QCPCurve;
class QCPGraph;
class QCPItemLine;
class QCPItemRect;
class QCPItemText;
class QCPTextElement;

namespace ropelab::ui {

class LabeledSlider;
class LatestJob;

class AbsoluteLesson : public LessonPage {
    Q_OBJECT
public:
    explicit AbsoluteLesson(const LessonContext& context, QWidget* parent = nullptr);
    ~AbsoluteLesson() override;

    QString id() const override { return QStringLiteral("absolute"); }
    QString title() const override;
    void retranslate() override;
    SharedParameters sharedParameters() const override;
    QJsonObject saveState() const override;
    void restoreState(const QJsonObject& state) override;

    int maxLength() const;
    void setMaxLength(int length);
    int pairIndex() const { return pair_; }
    void setPairIndex(int pair);
    int shift() const;
    void setShift(int k);
    // The pair i components (PE(p, 2i), PE(p, 2i+1)) drawn for p and p + k.
    QPointF pointAtP() const { return pointP_; }
    QPointF pointAtPPlusK() const { return pointPK_; }
    QCPCurve* shiftArc() const { return arc_; }  // from PE(p) to PE(p + k), kω mod one turn
    QCPColorMap* sinusoidalMap() const { return sinusoidalMap_; }
    QCPColorMap* similarityMap() const { return similarityMap_; }
    QCPColorMap* learnedMap() const { return learnedMap_; }
    void waitForComputation();

protected:
    void applyTheme(const PlotTheme& theme) override;

private:
    struct TableKey {
        int dim;
        double base;
        int sequenceLength;
        int maxLength;
        unsigned seed;
        bool operator==(const TableKey&) const = default;
    };

    void refresh();
    void requestTables();
    void updateShift();
    void updateImpossibleRegion();

    QCustomPlot* learnedPlot_;
    QCustomPlot* sinusoidalPlot_;
    QCustomPlot* similarityPlot_;
    QCustomPlot* shiftPlot_;
    QCPTextElement* learnedTitle_;
    QCPTextElement* sinusoidalTitle_;
    QCPTextElement* similarityTitle_;
    QCPTextElement* shiftTitle_;
    QCPColorMap* learnedMap_;
    QCPColorMap* sinusoidalMap_;
    QCPColorMap* similarityMap_;
    QCPItemRect* impossible_;
    QCPItemText* impossibleLabel_;
    QCPCurve* circle_;
    QCPCurve* arc_;
    QCPItemLine* fromArrow_;
    QCPItemLine* toArrow_;
    QCPItemText* fromLabel_;
    QCPItemText* toLabel_;

    LabeledSlider* maxLengthSlider_;
    LabeledSlider* pairSlider_;
    LabeledSlider* shiftSlider_;
    LatestJob* job_;

    int pair_ = 0;
    std::optional<TableKey> tableKey_;
    std::optional<std::array<int, 3>> regionKey_;  // L, N, d of the hatched region drawn
    QPointF pointP_;
    QPointF pointPK_;
};

}  // namespace ropelab::ui
