// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 1, why order matters (狗追猪 / 猪追狗): a tiny self-attention gives each word the same
// output in both orders unless a positional encoding is added.

#include <QVector>
#include <array>
#include <vector>

#include "analysis/toy_attention.h"
#include "lessons/lesson_page.h"

class QCPAxisRect;
class QCPColorMap;
class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;
class QComboBox;
class QListWidget;

namespace ropelab::ui {

class OrderLesson : public LessonPage {
    Q_OBJECT
public:
    explicit OrderLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("order"); }
    QString title() const override;
    SharedParameters sharedParameters() const override { return SharedParameter::Base; }

    // The token ids in the user's order (0 dog 狗, 1 chases 追, 2 pig 猪).
    std::vector<int> order() const;
    void setOrder(const std::vector<int>& order);
    ToyPosition position() const;
    void setPosition(ToyPosition position);
    // Largest |difference| of a word's output between 狗追猪 and the user's order.
    double outputDifference() const { return difference_; }
    // Plotted output point of a token in the reference order (狗追猪) and in the user's order.
    QPointF referencePoint(int token) const;
    QPointF currentPoint(int token) const;
    QListWidget* tokenList() const { return tokenList_; }

protected:
    void applyTheme(const PlotTheme& theme) override;

private:
    static constexpr int kTokens = 3;

    // What the figures read: the user's order, the position information and the shared base.
    struct OrderKey {
        std::vector<int> order;
        ToyPosition position;
        double base;
        bool operator==(const OrderKey&) const = default;
    };
    // The toy attention of 狗追猪, of the user's order and of its reverse (what Reverse would do).
    struct Attention {
        ToyAttentionResult reference;
        ToyAttentionResult mine;
        ToyAttentionResult reversed;
    };

    void refresh();
    Attention computeAttention(const OrderKey& key) const;
    void drawAttention(const OrderKey& key, const Attention& attention);
    void moveSelected(int delta);
    void fillWeights(QCPColorMap* map, const std::array<QCPItemText*, 9>& labels,
                     const Eigen::MatrixXd& weights, const std::vector<int>& order,
                     QCPAxisRect* rect);
    void colourCellLabels();

    ToyAttention model_ = toyAttentionExample();
    QCustomPlot* outputPlot_;
    QCustomPlot* weightPlot_;
    std::array<QCPGraph*, kTokens> referenceGraphs_{};
    std::array<QCPGraph*, kTokens> currentGraphs_{};
    std::array<QCPItemLine*, kTokens> moves_{};
    std::array<QCPItemText*, kTokens> tokenLabels_{};
    QCPGraph* referenceLegend_;
    QCPGraph* currentLegend_;
    QCPTextElement* sameLabel_;
    QCPAxisRect* referenceRect_;
    QCPAxisRect* currentRect_;
    QCPColorMap* referenceWeights_;
    QCPColorMap* currentWeights_;
    std::array<QCPItemText*, 9> referenceCells_{};
    std::array<QCPItemText*, 9> currentCells_{};
    QCPTextElement* referenceCaption_;
    QCPTextElement* currentCaption_;

    QListWidget* tokenList_;
    QComboBox* positionBox_;
    FigureTask* attention_ = nullptr;
    double difference_ = 0.0;
};

}  // namespace ropelab::ui
