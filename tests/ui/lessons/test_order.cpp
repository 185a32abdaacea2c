// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 1 (why order matters): without positions each word's output is the same in both orders;
// with sinusoidal or rotary positions it moves, exactly as core's toy attention computes.
#include <gtest/gtest.h>

#include <QListWidget>
#include <QPushButton>

#include "analysis/toy_attention.h"
#include "lesson_harness.h"
#include "lessons/order_lesson.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

TEST(OrderLesson, StartsOnPigChasesDogWithIdenticalOutputs) {
    LessonHarness<OrderLesson> h;
    EXPECT_EQ(h.lesson.order(), (std::vector<int>{2, 1, 0}));
    EXPECT_EQ(h.lesson.position(), ToyPosition::None);
    EXPECT_LT(h.lesson.outputDifference(), 1e-12);
    for (int t = 0; t < 3; ++t) {
        const QPointF a = h.lesson.referencePoint(t);
        const QPointF b = h.lesson.currentPoint(t);
        EXPECT_NEAR(a.x(), b.x(), 1e-12);
        EXPECT_NEAR(a.y(), b.y(), 1e-12);
    }
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

TEST(OrderLesson, PositionInformationMovesTheOutputsAsCoreSays) {
    LessonHarness<OrderLesson> h;
    for (const ToyPosition position : {ToyPosition::Sinusoidal, ToyPosition::Rope}) {
        h.lesson.setPosition(position);
        EXPECT_GT(h.lesson.outputDifference(), 0.01);
        const ToyAttentionResult expected =
            toySelfAttention(toyAttentionExample(), {2, 1, 0}, position, h.model.rope().ropeTheta);
        for (int t = 0; t < 3; ++t) {
            EXPECT_DOUBLE_EQ(h.lesson.currentPoint(t).x(), expected.outputsByToken(t, 0));
            EXPECT_DOUBLE_EQ(h.lesson.currentPoint(t).y(), expected.outputsByToken(t, 1));
        }
        // Back in the reference order nothing differs, positions or not.
        h.lesson.setOrder({0, 1, 2});
        EXPECT_EQ(h.lesson.outputDifference(), 0.0);
        h.lesson.setOrder({2, 1, 0});
    }
}

TEST(OrderLesson, ReverseAndMoveButtonsReorderTheTokens) {
    LessonHarness<OrderLesson> h;
    auto buttons = h.lesson.findChildren<QPushButton*>();
    QPushButton* reverse = nullptr;
    QPushButton* right = nullptr;
    for (QPushButton* b : buttons) {
        if (b->text() == QStringLiteral("Reverse")) reverse = b;
        if (b->text().startsWith(QStringLiteral("Move right"))) right = b;
    }
    ASSERT_NE(reverse, nullptr);
    ASSERT_NE(right, nullptr);
    reverse->click();
    EXPECT_EQ(h.lesson.order(), (std::vector<int>{0, 1, 2}));
    h.lesson.tokenList()->setCurrentRow(0);
    right->click();
    EXPECT_EQ(h.lesson.order(), (std::vector<int>{1, 0, 2}));
}

TEST(OrderLesson, DraggingInTheListRecomputes) {
    LessonHarness<OrderLesson> h;
    h.lesson.setPosition(ToyPosition::Sinusoidal);
    const double before = h.lesson.outputDifference();
    // What a drag does: the list model moves a row.
    ASSERT_TRUE(h.lesson.tokenList()->model()->moveRow(QModelIndex(), 2, QModelIndex(), 0));
    EXPECT_EQ(h.lesson.order(), (std::vector<int>{0, 2, 1}));
    EXPECT_NE(h.lesson.outputDifference(), before);
}

TEST(OrderLesson, OnlyAChangedOrderPositionOrBaseRecomputes) {
    LessonHarness<OrderLesson> h;
    const QString outputs = QStringLiteral("token-outputs");
    const int runs = h.lesson.figureInlineRuns(outputs);
    h.lesson.setOrder({2, 1, 0});  // the order shown
    h.model.setPositions(3, 1);    // a shared parameter the lesson does not read
    EXPECT_EQ(h.lesson.figureInlineRuns(outputs), runs);
    h.lesson.setPosition(ToyPosition::Rope);
    EXPECT_EQ(h.lesson.figureInlineRuns(outputs), runs + 1);
    const double before = h.lesson.outputDifference();
    ASSERT_TRUE(h.model.setRopeTheta(500.0));
    EXPECT_EQ(h.lesson.figureInlineRuns(outputs), runs + 2);
    EXPECT_NE(h.lesson.outputDifference(), before);
    EXPECT_EQ(*h.lesson.readout(QStringLiteral("order.output_difference")),
              h.lesson.outputDifference());
}

TEST(OrderLesson, ReadoutListsEachWordsOutputInBothOrders) {
    LessonHarness<OrderLesson> h;
    h.lesson.setPosition(ToyPosition::Rope);
    const ToyAttentionResult reference = toySelfAttention(
        toyAttentionExample(), {0, 1, 2}, ToyPosition::Rope, h.model.rope().ropeTheta);
    const ToyAttentionResult mine = toySelfAttention(toyAttentionExample(), {2, 1, 0},
                                                     ToyPosition::Rope, h.model.rope().ropeTheta);
    const auto point = [](const ToyAttentionResult& r, int t) {
        return QStringLiteral("(%1, %2)")
            .arg(r.outputsByToken(t, 0), 0, 'f', 3)
            .arg(r.outputsByToken(t, 1), 0, 'f', 3);
    };
    // One line per row: name, then the value in 狗追猪 and in the order shown.
    const auto readoutLines = [&h] {
        QStringList lines;
        for (const QString& line : h.lesson.readoutText().split(QLatin1Char('\n'))) {
            lines << line.trimmed();
        }
        return lines;
    };
    const QStringList lines = readoutLines();
    EXPECT_TRUE(lines.contains(QStringLiteral("Largest change of a word's output %1")
                                   .arg(h.lesson.outputDifference(), 0, 'f', 4)));
    EXPECT_TRUE(lines.contains(QStringLiteral("Output of each word 狗追猪 猪追狗")));
    // 追 stands in the middle of both sentences; its output still moves.
    EXPECT_TRUE(
        lines.contains(QStringLiteral("追 %1 %2").arg(point(reference, 1), point(mine, 1))));
    // Without positions nothing moves, and the readout says it is rounding at most.
    h.lesson.setPosition(ToyPosition::None);
    EXPECT_TRUE(readoutLines().contains(
        QStringLiteral("Largest change of a word's output 0 (up to rounding)")));
}

TEST(OrderLesson, SavesAndRestoresOrderAndPositionMode) {
    LessonHarness<OrderLesson> a;
    a.lesson.setOrder({1, 2, 0});
    a.lesson.setPosition(ToyPosition::Rope);
    LessonHarness<OrderLesson> b;
    b.lesson.restoreState(a.lesson.saveState());
    EXPECT_EQ(b.lesson.order(), (std::vector<int>{1, 2, 0}));
    EXPECT_EQ(b.lesson.position(), ToyPosition::Rope);
}

TEST(OrderLesson, SaysWhereEquivarianceHoldsAndWhichDkScales) {
    LessonHarness<OrderLesson> h;
    const QString text = testing::labelTexts(h.lesson);
    // The toy head's d_k, not the panel's d = 128, divides the scores.
    EXPECT_EQ(toyAttentionExample().query.cols(), 4);
    EXPECT_TRUE(text.contains(QStringLiteral("d<sub>k</sub> = 4"))) << text.toStdString();
    // Equivariance is a property of unmasked attention; a causal decoder can infer order.
    EXPECT_TRUE(text.contains(QStringLiteral("without a mask")));
    EXPECT_TRUE(text.contains(QStringLiteral("NoPE")));
    auto* weights = h.figure(QStringLiteral("attention-weights"));
    ASSERT_NE(weights, nullptr);
    auto* title = qobject_cast<QCPTextElement*>(weights->plotLayout()->element(0, 0));
    ASSERT_NE(title, nullptr);
    EXPECT_EQ(title->text(), QStringLiteral("Attention weights softmax(q·k/√d_k), d_k = 4"));
}

}  // namespace
}  // namespace ropelab::ui
