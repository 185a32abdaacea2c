// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Lesson 1, why order matters (狗追猪 / 猪追狗): a tiny self-attention gives each word the same
// output in both orders unless a positional encoding is added.

#include <QComboBox>
#include <QVector>
#include <array>
#include <vector>

#include "analysis/toy_attention.h"
#include "lessons/lesson_page.h"
#include "widgets/numbered_heat_map.h"
#include "widgets/ordered_list.h"

class QCPGraph;
class QCPItemLine;
class QCPItemText;
class QCPTextElement;

namespace ropelab::ui {

class OrderLesson : public LessonPage {
    Q_OBJECT
public:
    explicit OrderLesson(const LessonContext& context, QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("order"); }
    QString title() const override { return tr("Why order matters"); }
    SharedParameters sharedParameters() const override { return SharedParameter::Base; }

    // The token ids in the user's order (0 dog 狗, 1 chases 追, 2 pig 猪).
    std::vector<int> order() const { return tokenList_->order(); }
    void setOrder(const std::vector<int>& order);
    ToyPosition position() const { return static_cast<ToyPosition>(positionBox_->currentIndex()); }
    void setPosition(ToyPosition position) {
        positionBox_->setCurrentIndex(static_cast<int>(position));
    }
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
    // One word's marks on the output plot: its output in both orders, the move, its name.
    struct TokenMarks {
        QCPGraph* reference;
        QCPGraph* current;
        QCPItemLine* move;
        QCPItemText* label;
    };

    void refresh();
    void drawAttention(const OrderKey& key, const Attention& attention);
    void moveSelected(int delta);
    static void fillWeights(NumberedHeatMap& grid, const Eigen::MatrixXd& weights,
                            const std::vector<int>& order);

    ToyAttention model_ = toyAttentionExample();
    QCustomPlot* outputPlot_;
    std::array<TokenMarks, kTokens> tokens_{};
    QCPGraph* currentLegend_;
    QCPTextElement* sameLabel_;
    // Each order's attention weights, 狗追猪 then the user's order, under a caption.
    std::array<QCPTextElement*, 2> captions_{};
    std::vector<NumberedHeatMap> grids_;

    OrderedList* tokenList_;
    QComboBox* positionBox_;
    double difference_ = 0.0;
};

}  // namespace ropelab::ui
