// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 10 (precision): the plotted phase errors are core's, float32 loses the phase of fast
// pairs at long range while the exact-turns fix stays near float32 resolution.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QCoreApplication>

#include <cmath>

#include "analysis/phase_precision.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/precision_lesson.h"
#include "widgets/labeled_slider.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

struct Precision : ::testing::Test {
    LessonHarness<PrecisionLesson> h;
    void SetUp() override {
        h.model.setHeadDim(64);
        h.model.setRopeTheta(10000.0);
    }
};

TEST_F(Precision, PerPairErrorsAreCore) {
    h.lesson.setPosition(1'000'000);
    const PhaseErrors expected = ropePhaseErrors(
        ropeFrequencies(h.model.rope()), DistanceRange{1'000'000, 1'000'001, 1}, {}, Execution{});
    const PhaseErrors& shown = h.lesson.errorsAcrossPairs();
    ASSERT_EQ(shown.float32Error.size(), 32u);
    EXPECT_EQ(shown.float32Error, expected.float32Error);
    EXPECT_EQ(shown.exactTurnsError, expected.exactTurnsError);
    const auto plotted = h.figure("phase-error-per-pair")->graph(0)->data();
    ASSERT_EQ(plotted->size(), 32);
    EXPECT_DOUBLE_EQ(plotted->at(0)->value,
                     std::max(std::abs(expected.float32Error[0]), PrecisionLesson::kErrorFloor));
}

TEST_F(Precision, Float32LosesTheFastPairsPhaseAndTheFixDoesNot) {
    h.lesson.setPosition((1 << 24) - 1);
    const PhaseErrors& e = h.lesson.errorsAcrossPairs();
    // Pair 0 has θ_0 = 1: p·θ_0 is an integer below 2^24, exact in float32.
    EXPECT_EQ(e.float32Error[0], 0.0);
    // Pair 1 (θ_1 = 10000^(−2/64) ≈ 0.75): the angle ≈ 1.26e7 rad, float32 spacing 1 rad,
    // and θ_1's own rounding (≈ 3e-8) times p ≈ 0.5 rad.
    EXPECT_GT(std::abs(e.float32Error[1]), 1e-2);
    for (double err : e.exactTurnsError) EXPECT_LT(std::abs(err), 1e-6);
    // At p = 10 the float32 angle is still good.
    h.lesson.setPosition(10);
    EXPECT_LT(std::abs(h.lesson.errorsAcrossPairs().float32Error[1]), 1e-5);
}

TEST_F(Precision, ErrorsAlongPositionsFollowThePairSlider) {
    h.lesson.pairSlider()->setValue(5);
    emit h.lesson.pairSlider()->valueChanged(5);
    EXPECT_EQ(h.lesson.pair(), 5);
    const PhaseErrors& along = h.lesson.errorsAlongPositions();
    ASSERT_FALSE(along.pair.empty());
    for (int p : along.pair) EXPECT_EQ(p, 5);
    EXPECT_EQ(along.position.front(), 1);
    EXPECT_LT(along.position.back(), std::int64_t{1} << PrecisionLesson::kMaxLog2Position);
    // Spot check one sampled position against core.
    const std::size_t r = along.position.size() / 2;
    const PhaseErrors one = ropePhaseErrors(
        ropeFrequencies(h.model.rope()), DistanceRange{along.position[r], along.position[r] + 1, 1},
        {5}, Execution{});
    EXPECT_EQ(along.float32Error[r], one.float32Error[0]);
    EXPECT_DOUBLE_EQ(h.lesson.theta(), ropeFrequencies(h.model.rope()).invFreq[5]);
    EXPECT_EQ(h.figure("phase-error-vs-position")->graph(2)->data()->size(),
              static_cast<int>(along.position.size()));
}

TEST_F(Precision, HeadDimChangeClampsThePair) {
    h.lesson.setPair(31);
    h.model.setHeadDim(16);
    EXPECT_EQ(h.lesson.pair(), 7);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

// The markers follow both sliders: on the plot that keeps its points only their layer repaints,
// on the plot repainting in full they are painted with it.
TEST_F(Precision, MarkersRepaintAloneOnlyOnThePlotThatKeepsItsPoints) {
    const QString along = QStringLiteral("phase-error-vs-position");
    const QString across = QStringLiteral("phase-error-per-pair");
    QCoreApplication::processEvents();  // the first full repaints
    const int alongMarkers = h.lesson.figureMarkerRepaints(along);
    const int acrossMarkers = h.lesson.figureMarkerRepaints(across);
    const int acrossRepaints = h.lesson.figureRepaints(across);
    h.lesson.setPosition(12345);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(along), alongMarkers + 1);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(across), acrossMarkers);
    EXPECT_EQ(h.lesson.figureRepaints(across), acrossRepaints + 1);
    QCoreApplication::processEvents();
    const int alongRepaints = h.lesson.figureRepaints(along);
    h.lesson.setPair(3);
    EXPECT_EQ(h.lesson.figureRepaints(along), alongRepaints + 1);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(along), alongMarkers + 1);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(across), acrossMarkers + 1);
    // Both before a repaint ran: the second move paints the pair plot's markers with its points.
    h.lesson.setPosition(777);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(along), alongMarkers + 1);
    EXPECT_EQ(h.lesson.figureMarkerRepaints(across), acrossMarkers + 1);
}

TEST_F(Precision, APositionMoveRecomputesAndRepaintsOnlyThePerPairFigure) {
    const QString along = QStringLiteral("phase-error-vs-position");
    const QString across = QStringLiteral("phase-error-per-pair");
    const int alongRuns = h.lesson.figureInlineRuns(along);
    const int alongRepaints = h.lesson.figureRepaints(along);
    const int acrossRuns = h.lesson.figureInlineRuns(across);
    const int acrossRepaints = h.lesson.figureRepaints(across);
    h.lesson.setPosition(12345);
    EXPECT_EQ(h.lesson.figureInlineRuns(along), alongRuns);
    EXPECT_EQ(h.lesson.figureRepaints(along), alongRepaints);
    EXPECT_EQ(h.lesson.figureInlineRuns(across), acrossRuns + 1);
    EXPECT_EQ(h.lesson.figureRepaints(across), acrossRepaints + 1);
    EXPECT_EQ(h.lesson.errorsAcrossPairs().position.front(), 12345);
    // The pair moves the other figure; the same pair again does nothing.
    h.lesson.setPair(3);
    h.lesson.setPair(3);
    EXPECT_EQ(h.lesson.figureInlineRuns(along), alongRuns + 1);
    EXPECT_EQ(h.lesson.figureInlineRuns(across), acrossRuns + 1);
    EXPECT_EQ(h.lesson.errorsAlongPositions().pair.front(), 3);
    EXPECT_DOUBLE_EQ(*h.lesson.readout(QStringLiteral("precision.theta")),
                     ropeFrequencies(h.model.rope()).invFreq[3]);
}

TEST_F(Precision, Screenshot) {
    h.model.setHeadDim(128);
    h.lesson.setPosition(1 << 20);
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson10-precision"));
}

}  // namespace
}  // namespace ropelab::ui
