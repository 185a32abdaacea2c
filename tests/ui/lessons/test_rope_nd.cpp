// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 5 (RoPE in n-D): clock hands, the path R(x, p), the helix and the pairing all follow
// core's RoPE; moving the position turns every hand by its own θ_i.
#include <gtest/gtest.h>

#include <qcustomplot.h>
#include <QCoreApplication>

#include <QComboBox>
#include <cmath>
#include <numbers>

#include "analysis/trajectory.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "lesson_harness.h"
#include "lessons/rope_nd_lesson.h"
#include "widgets/labeled_slider.h"
#include "widgets/orbit_camera.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

double wrapped(double x) {
    return std::remainder(x, 2.0 * std::numbers::pi);
}

TEST(RopeNdLesson, ClockHandsTurnByThetaIWhenThePositionMoves) {
    LessonHarness<RopeNdLesson> h;
    h.model.setHeadDim(16);
    h.model.setPositions(10, 0);
    const RopeFrequencies freqs = ropeFrequencies(h.model.rope());
    ASSERT_EQ(h.lesson.clockHands().size(), 8u);
    const std::vector<QPointF> before = h.lesson.clockHands();
    for (int i = 0; i < 8; ++i) {
        EXPECT_NEAR(before[std::size_t(i)].x(), std::cos(10 * freqs.invFreq[std::size_t(i)]),
                    1e-14);
        EXPECT_NEAR(before[std::size_t(i)].y(), std::sin(10 * freqs.invFreq[std::size_t(i)]),
                    1e-14);
    }
    h.model.setPositions(11, 0);
    for (int i = 0; i < 8; ++i) {
        const QPointF a = before[std::size_t(i)];
        const QPointF b = h.lesson.clockHands()[std::size_t(i)];
        EXPECT_NEAR(wrapped(std::atan2(b.y(), b.x()) - std::atan2(a.y(), a.x()) -
                            freqs.invFreq[std::size_t(i)]),
                    0.0, 1e-12);
    }
}

TEST(RopeNdLesson, SpiralInChosenComponentsIsXRotatedToEachPosition) {
    LessonHarness<RopeNdLesson> h;
    h.model.setHeadDim(32);
    h.model.setSequenceLength(100);
    h.lesson.setComponents(0, 5, 20);
    h.lesson.setPrincipalComponents(false);
    h.lesson.waitForComputation();
    const auto& spiral = h.lesson.spiral();
    ASSERT_EQ(spiral.x.size(), 100u);
    const RopeFrequencies freqs = ropeFrequencies(h.model.rope());
    const Eigen::VectorXd x = seededStandardNormal(1, 32, h.model.seed()).row(0).transpose();
    // The first point is x itself (rotation by 0).
    EXPECT_DOUBLE_EQ(spiral.x[0], x[0]);
    EXPECT_DOUBLE_EQ(spiral.y[0], x[5]);
    EXPECT_DOUBLE_EQ(spiral.z[0], x[20]);
    const Eigen::VectorXd r = applyRope(x, 57, freqs, h.model.layout());
    EXPECT_NEAR(spiral.x[57], r[0], 1e-12);
    EXPECT_NEAR(spiral.y[57], r[5], 1e-12);
    EXPECT_NEAR(spiral.z[57], r[20], 1e-12);
}

// Along its principal directions the path is a smooth curve, drawn antialiased; in three
// components of the fastest pairs it jumps across the view at every position, a tangle drawn
// without (which painted 3x longer and looked the same).
TEST(RopeNdLesson, TheSpiralIsAntialiasedUnlessItIsATangle) {
    LessonHarness<RopeNdLesson> h;
    h.model.setHeadDim(128);
    h.model.setSequenceLength(4096);
    ASSERT_TRUE(h.lesson.waitForComputation());
    QCustomPlot* plot = h.figure(QStringLiteral("spiral-3d"));
    ASSERT_NE(plot, nullptr);
    auto* path = qobject_cast<QCPCurve*>(plot->plottable(0));
    ASSERT_NE(path, nullptr);
    EXPECT_TRUE(path->antialiased());
    h.lesson.setComponents(0, 1, 2);
    h.lesson.setPrincipalComponents(false);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_FALSE(path->antialiased());
    h.lesson.setPrincipalComponents(true);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(path->antialiased());
}

TEST(RopeNdLesson, HelixIsTheContinuousCurveWithWholePositionsMarked) {
    LessonHarness<RopeNdLesson> h;
    h.model.setSequenceLength(64);
    h.lesson.setPairIndex(3);
    h.lesson.waitForComputation();
    const RopeFrequencies freqs = ropeFrequencies(h.model.rope());
    const double theta = freqs.invFreq[3];
    // The curve: core's continuous helix over p = 0 … 63 (63·θ₃ = 4.2 turns at d = 64), far more
    // points than positions, never more than a 64th of a turn apart: not a polygon through the
    // integers.
    const auto& helix = h.lesson.helix();
    const HelixCurve expected = ropeHelixCurve(freqs, 3, 0.0, 63.0, 64, 96);
    ASSERT_EQ(helix.z, expected.position);
    EXPECT_GT(helix.z.size(), 4 * 64u);
    for (std::size_t i = 1; i < helix.z.size(); ++i) {
        EXPECT_LE((helix.z[i] - helix.z[i - 1]) * theta, 2.0 * std::numbers::pi / 64 + 1e-12);
    }
    for (std::size_t i = 0; i < helix.z.size(); i += 37) {
        EXPECT_NEAR(helix.x[i], std::cos(helix.z[i] * theta), 1e-14);
        EXPECT_NEAR(helix.y[i], std::sin(helix.z[i] * theta), 1e-14);
    }
    // The dots: every whole position, on the curve.
    const auto& dots = h.lesson.helixPositions();
    ASSERT_EQ(dots.z.size(), 64u);
    EXPECT_EQ(dots.z[40], 40.0);
    EXPECT_NEAR(dots.x[40], std::cos(40 * theta), 1e-14);
    EXPECT_NEAR(dots.y[40], std::sin(40 * theta), 1e-14);
    EXPECT_EQ(h.figure(QStringLiteral("pair-helix"))->graph(0)->dataCount(), 64);
}

TEST(RopeNdLesson, LayoutToggleRedrawsThePairing) {
    LessonHarness<RopeNdLesson> h;
    h.model.setHeadDim(8);
    h.model.setLayout(RopeLayout::HalfSplit);
    EXPECT_EQ(h.lesson.drawnPairs(),
              (std::vector<std::pair<int, int>>{{0, 4}, {1, 5}, {2, 6}, {3, 7}}));
    h.model.setLayout(RopeLayout::Interleaved);
    EXPECT_EQ(h.lesson.drawnPairs(),
              (std::vector<std::pair<int, int>>{{0, 1}, {2, 3}, {4, 5}, {6, 7}}));
}

TEST(RopeNdLesson, ThePairingRedrawsOnlyWhenThePairsOrTheChosenPairChange) {
    LessonHarness<RopeNdLesson> h;
    const QString pairing = QStringLiteral("pair-layout");
    const int runs = h.lesson.figureInlineRuns(pairing);
    const int repaints = h.lesson.figureRepaints(pairing);
    h.model.setRopeTheta(500000.0);  // the angles change, the pairs do not
    h.model.setPositions(9, 0);
    EXPECT_EQ(h.lesson.figureInlineRuns(pairing), runs);
    EXPECT_EQ(h.lesson.figureRepaints(pairing), repaints);
    h.lesson.setPairIndex(5);
    EXPECT_EQ(h.lesson.figureInlineRuns(pairing), runs + 1);
    EXPECT_EQ(h.lesson.figureRepaints(pairing), repaints + 1);
    h.model.setLayout(RopeLayout::Interleaved);
    EXPECT_EQ(h.lesson.figureInlineRuns(pairing), runs + 2);
    EXPECT_EQ(h.lesson.figureRepaints(pairing), repaints + 2);
}

// The clocks show the hands at the query position and the helix a window around it: the layout
// leaves both as they are, the sequence length the clocks. New angles move the hands alone, on
// their layer; a new position also writes the title, and a new head size draws new faces.
TEST(RopeNdLesson, TheClocksAndTheHelixRedrawOnlyWhenWhatTheyShowChanges) {
    LessonHarness<RopeNdLesson> h;
    h.model.setHeadDim(16);
    QCoreApplication::processEvents();
    const QString clocks = QStringLiteral("clock-hands");
    const QString helix = QStringLiteral("pair-helix");
    const auto runs = [&](const QString& name) { return h.lesson.figureInlineRuns(name); };
    const auto full = [&] { return h.lesson.figureRepaints(clocks); };
    const auto hands = [&] { return h.lesson.figureMarkerRepaints(clocks); };
    const auto settle = [] { QCoreApplication::processEvents(); };
    const int faceRuns = runs(clocks), helixRuns = runs(helix);
    const int fullRepaints = full(), handRepaints = hands();
    h.model.setLayout(RopeLayout::Interleaved);
    settle();
    EXPECT_EQ(runs(helix), helixRuns);
    EXPECT_EQ(full(), fullRepaints);
    EXPECT_EQ(hands(), handRepaints);
    h.model.setSequenceLength(h.model.sequenceLength() / 2);
    settle();
    EXPECT_EQ(runs(helix), helixRuns + 1);
    EXPECT_EQ(full(), fullRepaints);
    EXPECT_EQ(hands(), handRepaints);
    h.model.setRopeTheta(500.0);
    settle();
    EXPECT_EQ(runs(helix), helixRuns + 2);
    EXPECT_EQ(full(), fullRepaints);
    EXPECT_EQ(hands(), handRepaints + 1);
    // The hands drawn are those of the new angles: θ₁ = 500^(−2/16) at p = 10.
    h.model.setPositions(10, 0);
    settle();
    EXPECT_EQ(full(), fullRepaints + 1);
    const QPointF hand = h.lesson.clockHands()[1];
    EXPECT_NEAR(std::atan2(hand.y(), hand.x()), wrapped(10.0 * std::pow(500.0, -2.0 / 16.0)),
                1e-12);
    EXPECT_EQ(runs(clocks), faceRuns);
    h.model.setHeadDim(32);
    settle();
    EXPECT_EQ(runs(clocks), faceRuns + 1);
    EXPECT_EQ(h.lesson.clockHands().size(), 16u);
}

// Whatever the path's arrival changed in another plot would not be painted until that plot
// repaints for another reason (and a wrapped title would read unwrapped meanwhile).
TEST(RopeNdLesson, TheSpiralsPathArrivingDrawsIntoTheSpiralAlone) {
    LessonHarness<RopeNdLesson> h;
    h.lesson.waitForComputation();
    h.model.setSeed(h.model.seed() + 1);  // a new path: a background job
    ASSERT_TRUE(h.lesson.computing());
    QCustomPlot* helix = h.figure(QStringLiteral("pair-helix"));
    helix->replot();  // wraps its title to its width
    const auto* title = qobject_cast<QCPTextElement*>(helix->plotLayout()->element(0, 0));
    ASSERT_NE(title, nullptr);
    const QString wrapped = title->text();
    ASSERT_TRUE(wrapped.startsWith(QStringLiteral("Helix")));
    ASSERT_GT(wrapped.count(QLatin1Char('\n')), 1);  // wrapped, not just its own two lines
    const int helixRepaints = h.lesson.figureRepaints(QStringLiteral("pair-helix"));
    const int spiralRepaints = h.lesson.figureRepaints(QStringLiteral("spiral-3d"));
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_EQ(h.lesson.figureRepaints(QStringLiteral("spiral-3d")), spiralRepaints + 1);
    EXPECT_EQ(h.lesson.figureRepaints(QStringLiteral("pair-helix")), helixRepaints);
    EXPECT_EQ(title->text().toStdString(), wrapped.toStdString());
}

// Turning the view draws the spiral and the helix again; a new position moves the spiral's
// marker alone, on its layer above the path.
TEST(RopeNdLesson, TurningRedrawsBothViewsAndANewPositionMovesOnlyTheSpiralsMarker) {
    LessonHarness<RopeNdLesson> h;
    ASSERT_TRUE(h.lesson.waitForComputation());
    QCoreApplication::processEvents();
    const QString spiral = QStringLiteral("spiral-3d");
    const QString helix = QStringLiteral("pair-helix");
    const auto full = [&](const QString& name) { return h.lesson.figureRepaints(name); };
    const auto marker = [&] { return h.lesson.figureMarkerRepaints(spiral); };
    const auto* path = qobject_cast<QCPCurve*>(h.figure(spiral)->plottable(0));
    ASSERT_NE(path, nullptr);
    const double start = path->data()->begin()->key;
    const int spiralRepaints = full(spiral), helixRepaints = full(helix), markers = marker();
    h.lesson.camera()->setAngles(120.0, -30.0);
    QCoreApplication::processEvents();
    EXPECT_EQ(full(spiral), spiralRepaints + 1);
    EXPECT_EQ(full(helix), helixRepaints + 1);
    EXPECT_EQ(marker(), markers);
    EXPECT_NE(path->data()->begin()->key, start);
    QCPGraph* dot = h.figure(spiral)->graph(0);
    const double dotWas = dot->data()->begin()->key;
    h.model.setPositions(h.model.queryPosition() + 1, h.model.keyPosition());
    QCoreApplication::processEvents();
    EXPECT_EQ(full(spiral), spiralRepaints + 1);
    EXPECT_EQ(marker(), markers + 1);
    EXPECT_NE(dot->data()->begin()->key, dotWas);
}

TEST(RopeNdLesson, PrincipalComponentsExplainTheirShareOfVariance) {
    LessonHarness<RopeNdLesson> h;
    h.model.setHeadDim(8);
    h.model.setSequenceLength(512);
    h.lesson.setPrincipalComponents(true);
    h.lesson.waitForComputation();
    EXPECT_TRUE(h.lesson.problem().isEmpty()) << h.lesson.problem().toStdString();
    EXPECT_EQ(h.lesson.spiral().x.size(), 512u);
}

TEST(RopeNdLesson, TurningTheViewKeepsTheData) {
    LessonHarness<RopeNdLesson> h;
    h.lesson.waitForComputation();
    const double first = h.lesson.spiral().x[1];
    h.lesson.camera()->setAngles(120.0, -30.0);
    EXPECT_EQ(h.lesson.camera()->yawDegrees(), 120.0);
    EXPECT_EQ(h.lesson.spiral().x[1], first);
    h.lesson.camera()->setAngles(0.0, 200.0);
    EXPECT_EQ(h.lesson.camera()->pitchDegrees(), 90.0);  // clamped, never flips
}

TEST(RopeNdLesson, PcaOfATwoDimensionalHeadIsExplainedNotACrash) {
    LessonHarness<RopeNdLesson> h;
    h.lesson.waitForComputation();
    h.model.setHeadDim(2);
    h.lesson.setPrincipalComponents(true);
    h.lesson.waitForComputation();
    // Core's typed problem, worded with the control's label: the head dimension needs three.
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("Head dimension d")) &&
                h.lesson.problem().contains(QStringLiteral("at least 3")))
        << h.lesson.problem().toStdString();
    h.model.setHeadDim(8);
    h.lesson.waitForComputation();
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

TEST(RopeNdLesson, ExplanationFollowsAScaledConfiguration) {
    LessonHarness<RopeNdLesson> h;
    EXPECT_TRUE(testing::labelTexts(h.lesson).contains(QStringLiteral("θ₀ = 1 rad/token")));
    RopeParams linear = h.model.rope();
    linear.ropeType = RopeType::Linear;
    linear.factor = 2.0;
    ASSERT_TRUE(h.model.setRope(linear));
    const QString text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("θ₀ = 0.5 rad/token"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("rope_type linear")));
    EXPECT_FALSE(text.contains(QStringLiteral("pair 0 turns one radian per token")));
}

}  // namespace
}  // namespace ropelab::ui
