// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 4 (RoPE in 2D): the arrows, angle and scores follow the RoPE formulas from core.
#include <gtest/gtest.h>

#include <QAction>
#include <QClipboard>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QPushButton>
#include <QSlider>
#include <QTest>
#include <cmath>
#include <numbers>

#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "lesson_harness.h"
#include "lessons/rope_2d_lesson.h"
#include "widgets/labeled_slider.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

double angleOf(QPointF p) {
    return std::atan2(p.y(), p.x());
}

double wrapped(double x) {
    return std::remainder(x, 2.0 * std::numbers::pi);
}

TEST(Rope2dLesson, ShiftingBothPositionsLeavesScoreAndAngleUnchanged) {
    LessonHarness<Rope2dLesson> h;
    h.model.setPositions(5, 2);
    const double score = h.lesson.score();
    const double angle = h.lesson.angleBetween();
    const QPointF queryBefore = h.lesson.queryTip();
    h.lesson.shiftBoth(+7);
    EXPECT_EQ(h.model.queryPosition(), 12);
    EXPECT_EQ(h.model.keyPosition(), 9);
    EXPECT_NEAR(h.lesson.score(), score, 1e-9 * std::abs(score));
    EXPECT_NEAR(h.lesson.angleBetween(), angle, 1e-12);
    // Both arrows turned by 7·θ_0 = 7 rad (pair 0 has θ_0 = 1).
    EXPECT_NEAR(wrapped(angleOf(h.lesson.queryTip()) - angleOf(queryBefore) - 7.0), 0.0, 1e-12);
}

TEST(Rope2dLesson, MovingQueryTurnsItsArrowByThetaPerToken) {
    LessonHarness<Rope2dLesson> h;
    h.model.setRopeTheta(10000.0);
    h.model.setHeadDim(64);
    h.lesson.setPairIndex(8);
    h.model.setPositions(3, 3);
    const double before = angleOf(h.lesson.queryTip());
    const double keyBefore = angleOf(h.lesson.keyTip());
    const double betweenBefore = h.lesson.angleBetween();
    h.model.setPositions(4, 3);
    // θ_8 = 10000^(−16/64) = 0.1.
    const double theta8 = std::pow(10000.0, -16.0 / 64.0);
    EXPECT_NEAR(wrapped(angleOf(h.lesson.queryTip()) - before - theta8), 0.0, 1e-12);
    EXPECT_NEAR(angleOf(h.lesson.keyTip()), keyBefore, 1e-15);
    EXPECT_NEAR(wrapped(h.lesson.angleBetween() - betweenBefore - theta8), 0.0, 1e-12);
}

TEST(Rope2dLesson, ScoreEqualsDotProductOfRotatedVectors) {
    LessonHarness<Rope2dLesson> h;
    h.model.setHeadDim(16);
    h.model.setLayout(RopeLayout::Interleaved);
    h.model.setPositions(11, 4);
    const RopeFrequencies freqs = ropeFrequencies(h.model.rope());
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, h.model.seed());
    const Eigen::VectorXd q = applyRope(qk.row(0).transpose(), 11, freqs, RopeLayout::Interleaved);
    const Eigen::VectorXd k = applyRope(qk.row(1).transpose(), 4, freqs, RopeLayout::Interleaved);
    EXPECT_NEAR(h.lesson.score(), q.dot(k), 1e-9);
    h.lesson.setPairIndex(3);
    EXPECT_NEAR(h.lesson.pairScore(), q[6] * k[6] + q[7] * k[7], 1e-9);
    // The arrow shows the direction of pair 3 = components (6, 7) after rotation.
    EXPECT_NEAR(angleOf(h.lesson.queryTip()), std::atan2(q[7], q[6]), 1e-12);
}

TEST(Rope2dLesson, ScoreCurveIsPlottedAgainstDistanceAndMarksCurrentDistance) {
    LessonHarness<Rope2dLesson> h;
    h.model.setSequenceLength(64);
    h.model.setPositions(10, 30);
    QCustomPlot* plot = h.figure(QStringLiteral("score-vs-distance"));
    ASSERT_NE(plot, nullptr);
    QCPGraph* full = plot->graph(0);
    ASSERT_EQ(full->dataCount(), 2 * 63 + 1);
    EXPECT_EQ(full->data()->at(0)->key, -63.0);
    const auto current = full->data()->findBegin(-20.0, false);
    EXPECT_EQ(current->key, -20.0);
    EXPECT_NEAR(current->value, h.lesson.score(), 1e-9);
}

// The score curves read the configuration, the pair and N, not the positions: moving m and n
// recomputes and repaints only the rotating pair; a new pair recomputes the curves once.
TEST(Rope2dLesson, APositionMoveLeavesTheScoreCurvesAsTheyAre) {
    LessonHarness<Rope2dLesson> h;
    h.model.setSequenceLength(64);
    const QString curves = QStringLiteral("score-vs-distance");
    const QString pair = QStringLiteral("rotating-pair");
    const int runs = h.lesson.figureInlineRuns(curves);
    const int repaints = h.lesson.figureRepaints(curves);
    const int pairRepaints = h.lesson.figureRepaints(pair);
    QCPGraph* full = h.figure(curves)->graph(0);
    const double atTen = full->data()->findBegin(10.0, false)->value;
    for (int m = 20; m < 25; ++m) h.model.setPositions(m, 10);
    EXPECT_EQ(h.lesson.figureInlineRuns(curves), runs);
    EXPECT_EQ(h.lesson.figureRepaints(curves), repaints);
    EXPECT_EQ(h.lesson.figureRepaints(pair), pairRepaints + 5);
    EXPECT_NEAR(full->data()->findBegin(14.0, false)->value, h.lesson.score(), 1e-9);
    h.lesson.setPairIndex(3);
    EXPECT_EQ(h.lesson.figureInlineRuns(curves), runs + 1);
    EXPECT_EQ(h.lesson.figureRepaints(curves), repaints + 1);
    h.lesson.setPairIndex(0);
    EXPECT_EQ(full->data()->findBegin(10.0, false)->value, atTen);
}

// m − n moves the marker on the score plot alone; a new pair repaints the curves, markers too.
TEST(Rope2dLesson, APositionMoveRepaintsOnlyTheScoreMarkers) {
    LessonHarness<Rope2dLesson> h;
    h.model.setSequenceLength(64);
    const QString curves = QStringLiteral("score-vs-distance");
    QCoreApplication::processEvents();  // the first full repaints
    const int markers = h.lesson.figureMarkerRepaints(curves);
    for (int m = 20; m < 25; ++m) h.model.setPositions(m, 10);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(curves), markers + 5);
    const int repaints = h.lesson.figureRepaints(curves);
    h.lesson.setPairIndex(3);
    h.model.setPositions(30, 10);
    EXPECT_EQ(h.lesson.figureRepaints(curves), repaints + 1);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(curves), markers + 5);
}

TEST(Rope2dLesson, PairSliderRangeFollowsHeadDimension) {
    LessonHarness<Rope2dLesson> h;
    h.model.setHeadDim(64);
    EXPECT_EQ(h.lesson.pairSlider()->maximum(), 31);
    h.lesson.setPairIndex(30);
    h.model.setHeadDim(8);
    EXPECT_EQ(h.lesson.pairSlider()->maximum(), 3);
    EXPECT_EQ(h.lesson.pairIndex(), 3);
    // Dragging the slider selects the pair live.
    h.lesson.pairSlider()->slider()->setValue(1);
    EXPECT_EQ(h.lesson.pairIndex(), 1);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

TEST(Rope2dLesson, PlayAdvancesQueryPositionAndBothModeKeepsDistance) {
    LessonHarness<Rope2dLesson> h;
    h.model.setPositions(5, 2);
    h.lesson.advanceAnimation();
    EXPECT_EQ(h.model.queryPosition(), 6);
    EXPECT_EQ(h.model.keyPosition(), 2);
    h.lesson.restoreState(QJsonObject{{QStringLiteral("animateBoth"), true}});
    const double score = h.lesson.score();
    h.lesson.advanceAnimation();
    EXPECT_EQ(h.model.queryPosition(), 7);
    EXPECT_EQ(h.model.keyPosition(), 3);
    EXPECT_NEAR(h.lesson.score(), score, 1e-9 * std::abs(score));
    h.lesson.playButton()->setChecked(true);
    EXPECT_EQ(h.lesson.playButton()->text(), QStringLiteral("Pause"));
    h.lesson.playButton()->setChecked(false);
}

TEST(Rope2dLesson, ShiftBelowZeroIsRefusedWithAMessage) {
    LessonHarness<Rope2dLesson> h;
    h.model.setPositions(0, 3);
    QString message;
    QObject::connect(&h.lesson, &Lesson::statusMessage, [&](const QString& m) { message = m; });
    h.lesson.shiftBoth(-1);
    EXPECT_EQ(h.model.queryPosition(), 0);
    EXPECT_FALSE(message.isEmpty());
}

TEST(Rope2dLesson, ArrowsAreDrawnAtTheirTrueLengthsOnTheirCircles) {
    LessonHarness<Rope2dLesson> h;
    h.lesson.setPairIndex(5);
    h.model.setPositions(9, 2);
    const Eigen::MatrixXd qk = seededStandardNormal(2, h.model.rope().headDim, h.model.seed());
    const RopePair pair = ropePair(5, h.model.rope().headDim, h.model.layout());
    const double qNorm = std::hypot(qk(0, pair.a), qk(0, pair.b));
    const double kNorm = std::hypot(qk(1, pair.a), qk(1, pair.b));
    // Not unit arrows: the tips lie on circles of the pair's own lengths, as the readout says.
    EXPECT_NEAR(std::hypot(h.lesson.queryTip().x(), h.lesson.queryTip().y()), qNorm, 1e-12);
    EXPECT_NEAR(std::hypot(h.lesson.keyTip().x(), h.lesson.keyTip().y()), kNorm, 1e-12);
    EXPECT_NEAR(h.lesson.queryCircleRadius(), qNorm, 1e-12);
    EXPECT_TRUE(h.lesson.readoutText().contains(QString::number(qNorm, 'f', 3)));
    // The readouts' context menu copies them as that text.
    auto* readouts = h.lesson.findChild<QWidget*>(QStringLiteral("readouts"));
    ASSERT_NE(readouts, nullptr);
    ASSERT_EQ(readouts->actions().size(), 1);
    readouts->actions().first()->trigger();
    EXPECT_EQ(QGuiApplication::clipboard()->text(), h.lesson.readoutText());
    // YaRN multiplies cos and sin by the attention factor: the turned arrows grow by it.
    ASSERT_TRUE(h.model.setRope(testing::yarnFourTimes(h.model.rope())));
    const double a = 0.1 * std::log(4.0) + 1.0;
    EXPECT_NEAR(h.lesson.queryCircleRadius(), a * qNorm, 1e-12);
    EXPECT_NEAR(std::hypot(h.lesson.keyTip().x(), h.lesson.keyTip().y()), a * kNorm, 1e-12);
}

TEST(Rope2dLesson, FrequencyStatementsFollowTheConfiguration) {
    LessonHarness<Rope2dLesson> h;
    QString text = testing::labelTexts(h.lesson);
    ASSERT_EQ(h.model.rope().headDim, 64);
    EXPECT_TRUE(text.contains(QStringLiteral("θᵢ = base^(−2i/d) = 10000^(−2i/64)")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("θ₀ = 1 rad/token")));
    EXPECT_FALSE(text.contains(QStringLiteral("attention factor")));
    // Linear ×4: θ₀ = 1/4, and the closed formula is not claimed.
    RopeParams linear = h.model.rope();
    linear.ropeType = RopeType::Linear;
    linear.factor = 4.0;
    ASSERT_TRUE(h.model.setRope(linear));
    text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("θ₀ = 0.25 rad/token"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("θ₀ = 1 rad/token")));
    EXPECT_FALSE(text.contains(QStringLiteral("= 10000^(−2i/64)")));
    // YaRN: θ₀ stays 1, the attention factor 0.1·ln 4 + 1 = 1.139 and its square are named.
    ASSERT_TRUE(h.model.setRope(testing::yarnFourTimes(h.model.rope())));
    text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("θ₀ = 1 rad/token")));
    EXPECT_TRUE(text.contains(QStringLiteral("attention factor a = 1.139")));
    EXPECT_TRUE(text.contains(QStringLiteral("a² = 1.296")));
}

}  // namespace
}  // namespace ropelab::ui
