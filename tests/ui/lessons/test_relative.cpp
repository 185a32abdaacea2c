// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 3 (relative bias): the plotted T5 buckets, ALiBi slopes and both bias matrices are core's,
// with known answers from HF T5 and the ALiBi paper; bad bucket settings give a clear message.
#include <gtest/gtest.h>

#include <QJsonObject>
#include <QSignalSpy>

#include <cmath>

#include "encodings/alibi.h"
#include "encodings/learned_absolute.h"
#include "encodings/t5_buckets.h"
#include "lesson_harness.h"
#include "lessons/relative_lesson.h"
#include "widgets/labeled_slider.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

double valueAt(QCPGraph* graph, double key) {
    return graph->data()->findBegin(key, false)->value;
}

TEST(RelativeLesson, BucketCurvesAreHfT5BucketingAsStepsOnALogAxis) {
    LessonHarness<RelativeLesson> h;
    T5BucketParams params;  // 32 buckets, max_distance 128, bidirectional (HF defaults)
    h.lesson.setT5Params(params);
    QCPGraph* before = h.lesson.bucketGraph(true);
    QCPGraph* after = h.lesson.bucketGraph(false);
    // Steps (a bucket holds until the next distance), against log |i − j|: the exact zone 1 … 7
    // is not squeezed into a few pixels.
    EXPECT_EQ(before->lineStyle(), QCPGraph::lsStepLeft);
    EXPECT_EQ(after->lineStyle(), QCPGraph::lsStepLeft);
    EXPECT_EQ(before->keyAxis()->scaleType(), QCPAxis::stLogarithmic);
    EXPECT_EQ(before->data()->at(0)->key, 1.0);
    // HF _relative_position_bucket(key − query): +20 → 16 + 8 + ⌊ln(20/8)/ln(16)·8⌋ = 26 for a
    // key 20 after the query; −3 → 3 for a key 3 before it.
    EXPECT_EQ(valueAt(after, 20), 26.0);
    EXPECT_EQ(valueAt(before, 3), 3.0);
    EXPECT_EQ(valueAt(after, 150), 31.0);  // beyond max_distance: last bucket
    for (int rel : {-100, -17, -8, 7, 64}) {
        EXPECT_EQ(valueAt(h.lesson.bucketGraph(rel < 0), std::abs(rel)),
                  t5RelativePositionBucket(rel, params));
    }
    // Moving the num_buckets slider redraws with the new bucketing.
    h.lesson.bucketSlider()->slider()->setValue((64 - 4) / 2);
    EXPECT_EQ(h.lesson.t5Params().numBuckets, 64);
    params.numBuckets = 64;
    EXPECT_EQ(valueAt(after, 20), t5RelativePositionBucket(20, params));
    EXPECT_NE(t5RelativePositionBucket(20, params), 26);
}

// The title names the current pair's distance and bucket, and a ring marks it on its curve.
TEST(RelativeLesson, BucketTitleAndMarkerFollowTheCurrentDistance) {
    LessonHarness<RelativeLesson> h;
    auto* title = qobject_cast<QCPTextElement*>(
        h.figure(QStringLiteral("t5-buckets"))->plotLayout()->element(0, 0));
    ASSERT_NE(title, nullptr);
    // Key 20 tokens after the query: HF bucket(+20) = 16 + 8 + ⌊ln(20/8)/ln(16)·8⌋ = 26.
    ASSERT_TRUE(h.model.setPositions(10, 30));
    EXPECT_TRUE(title->text().contains(QStringLiteral("i − j = -20: bucket 26")))
        << title->text().toStdString();
    ASSERT_EQ(h.lesson.bucketMarker()->dataCount(), 1);
    EXPECT_EQ(h.lesson.bucketMarker()->data()->at(0)->key, 20.0);
    EXPECT_EQ(h.lesson.bucketMarker()->data()->at(0)->value, 26.0);
    // Key 3 before the query: bucket 3 of the exact zone.
    ASSERT_TRUE(h.model.setPositions(10, 7));
    EXPECT_TRUE(title->text().contains(QStringLiteral("i − j = 3: bucket 3")))
        << title->text().toStdString();
    EXPECT_EQ(h.lesson.bucketMarker()->data()->at(0)->value, 3.0);
    ASSERT_TRUE(h.model.setPositions(10, 10));
    EXPECT_TRUE(title->text().contains(QStringLiteral("i − j = 0: bucket 0")));
    EXPECT_EQ(h.lesson.bucketMarker()->dataCount(), 0);  // no place for 0 on the log axis
}

TEST(RelativeLesson, CausalBucketsPutEveryLaterKeyInBucketZero) {
    LessonHarness<RelativeLesson> h;
    T5BucketParams params;
    params.bidirectional = false;
    h.lesson.setT5Params(params);
    EXPECT_EQ(valueAt(h.lesson.bucketGraph(false), 5), 0.0);
    EXPECT_EQ(valueAt(h.lesson.bucketGraph(true), 5), 5.0);
}

TEST(RelativeLesson, OneSignConventionAndTheReadoutFollowsIt) {
    LessonHarness<RelativeLesson> h;
    h.model.setPositions(40, 10);  // query i = 40, key j = 10: distance i − j = 30
    const QString readout = h.lesson.readoutText();
    EXPECT_TRUE(readout.contains(QStringLiteral("distance i − j"))) << readout.toStdString();
    EXPECT_TRUE(readout.contains(QStringLiteral("30"))) << readout.toStdString();
    EXPECT_FALSE(readout.contains(QStringLiteral("j − i")));
    const QString text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("query position minus the key position")));
    // Only bias methods leave q and k alone.
    EXPECT_FALSE(text.contains(QStringLiteral("Relative methods leave q and k alone")));
    EXPECT_TRUE(text.contains(QStringLiteral("Bias methods such as T5 and ALiBi leave q and k")));
}

TEST(RelativeLesson, SlopeFormulaIsShownOnlyWhereItHolds) {
    LessonHarness<RelativeLesson> h;
    auto* title = qobject_cast<QCPTextElement*>(
        h.figure(QStringLiteral("alibi-slopes"))->plotLayout()->element(0, 0));
    ASSERT_NE(title, nullptr);
    h.lesson.setAlibi(8, 1);
    EXPECT_TRUE(title->text().contains(QStringLiteral("2^(−8h/H)"))) << title->text().toStdString();
    h.lesson.setAlibi(6, 1);
    EXPECT_FALSE(title->text().contains(QStringLiteral("2^(−8h/H)")));
    EXPECT_TRUE(title->text().contains(QStringLiteral("those of 4 heads, then every other of 8")))
        << title->text().toStdString();
}

TEST(RelativeLesson, SlopesArePowersOfTwoPerHead) {
    LessonHarness<RelativeLesson> h;
    h.lesson.setAlibi(8, 3);
    ASSERT_EQ(h.lesson.slopeBars()->dataCount(), 8);
    for (int head = 1; head <= 8; ++head) {
        EXPECT_DOUBLE_EQ(h.lesson.slopeBars()->data()->at(head - 1)->value, std::pow(2.0, -head));
    }
    // Six heads (not a power of two): slopes(4) then every other slope of slopes(8).
    h.lesson.setAlibi(6, 1);
    const std::vector<double> expected{0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125};
    for (int i = 0; i < 6; ++i) {
        EXPECT_DOUBLE_EQ(h.lesson.slopeBars()->data()->at(i)->value, expected[std::size_t(i)]);
    }
}

TEST(RelativeLesson, BiasMatricesAreCoresBiases) {
    LessonHarness<RelativeLesson> h;
    h.model.setSequenceLength(64);
    h.lesson.setAlibi(8, 2);
    h.lesson.waitForComputation();
    QCPColorMapData* alibi = h.lesson.alibiMap()->data();
    ASSERT_EQ(alibi->keySize(), 64);
    // query i = 40, key j = 10, head 2 of 8: −2⁻²·(40 − 10) = −7.5.
    EXPECT_DOUBLE_EQ(alibi->cell(10, 40), -7.5);
    // ALiBi is causal: the key j = 40 after the query i = 10 has no score (an empty cell).
    EXPECT_TRUE(std::isnan(alibi->cell(40, 10)));
    // One colour scale for every head: head 1's (slope 2⁻¹) −(64 − 1)/2, also for heads 2 and 8.
    EXPECT_DOUBLE_EQ(h.lesson.alibiMap()->dataRange().lower, -31.5);
    h.lesson.setAlibi(8, 8);
    h.lesson.waitForComputation();
    EXPECT_DOUBLE_EQ(h.lesson.alibiMap()->dataRange().lower, -31.5);
    EXPECT_DOUBLE_EQ(h.lesson.alibiMap()->data()->cell(10, 40), -30.0 / 256);
    QCPColorMapData* t5 = h.lesson.t5Map()->data();
    const T5BucketParams params = h.lesson.t5Params();
    const Eigen::MatrixXd table = seededStandardNormal(params.numBuckets, 1, h.model.seed());
    const Eigen::MatrixXd bias = t5BiasMatrix(64, params, table.col(0));
    for (const auto& [i, j] : {std::pair{0, 0}, std::pair{40, 10}, std::pair{3, 60}}) {
        EXPECT_NEAR(t5->cell(j, i), bias(i, j), 1e-12);  // block means: summation order
    }
}

// The heads move ALiBi's map alone and the seed T5's alone: neither recomputes nor repaints the
// other.
TEST(RelativeLesson, EachBiasMapRecomputesOnlyForItsOwnInputs) {
    LessonHarness<RelativeLesson> h;
    h.model.setSequenceLength(64);
    ASSERT_TRUE(h.lesson.waitForComputation());
    const QString t5 = QStringLiteral("t5-bias");
    const QString alibi = QStringLiteral("alibi-bias");
    const int t5Jobs = h.lesson.figureJobs(t5), alibiJobs = h.lesson.figureJobs(alibi);
    const int t5Repaints = h.lesson.figureRepaints(t5);
    h.lesson.setAlibi(8, 3);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_EQ(h.lesson.figureJobs(t5), t5Jobs);
    EXPECT_EQ(h.lesson.figureRepaints(t5), t5Repaints);
    EXPECT_EQ(h.lesson.figureJobs(alibi), alibiJobs + 1);
    // query i = 40, key j = 10, head 3 of 8: −2⁻³·(40 − 10) = −3.75.
    EXPECT_DOUBLE_EQ(h.lesson.alibiMap()->data()->cell(10, 40), -3.75);
    // T5's learned bias table is seeded; ALiBi's slopes are not.
    h.model.setSeed(h.model.seed() + 1);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_EQ(h.lesson.figureJobs(t5), t5Jobs + 1);
    EXPECT_EQ(h.lesson.figureJobs(alibi), alibiJobs + 1);
}

TEST(RelativeLesson, InvalidBucketSettingsShowCoresMessage) {
    LessonHarness<RelativeLesson> h;
    T5BucketParams params;
    params.numBuckets = 64;  // max_exact = 16 per direction
    params.maxDistance = 10;
    h.lesson.setT5Params(params);
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("max")))
        << h.lesson.problem().toStdString();
    params.maxDistance = 128;
    h.lesson.setT5Params(params);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

// Sessions and activity steps keep their keys and value types; a missing key takes its default.
TEST(RelativeLesson, SavedStateKeepsItsKeysAndDefaults) {
    LessonHarness<RelativeLesson> h;
    T5BucketParams params;
    params.numBuckets = 8;
    params.maxDistance = 1024;
    params.bidirectional = false;
    h.lesson.setT5Params(params);
    h.lesson.setAlibi(16, 5);
    const QJsonObject saved = h.lesson.saveState();
    EXPECT_EQ(saved, (QJsonObject{{QStringLiteral("numBuckets"), 8},
                                  {QStringLiteral("maxDistance"), 1024},
                                  {QStringLiteral("bidirectional"), false},
                                  {QStringLiteral("heads"), 16},
                                  {QStringLiteral("head"), 5}}));
    LessonHarness<RelativeLesson> other;
    other.lesson.restoreState(saved);
    EXPECT_EQ(other.lesson.t5Params(), params);
    EXPECT_EQ(other.lesson.alibiHeads(), 16);
    EXPECT_EQ(other.lesson.alibiHead(), 5);
    // 128 causal buckets with max_distance 33 would be invalid: the three are set together, so
    // the status bar hears of no problem on the way.
    const QSignalSpy messages(&h.lesson, &Lesson::statusMessage);
    h.lesson.restoreState(
        {{QStringLiteral("numBuckets"), 128}, {QStringLiteral("maxDistance"), 33}});
    EXPECT_EQ(messages.count(), 0);
    EXPECT_EQ(h.lesson.t5Params(), (T5BucketParams{128, 33, true}));
    EXPECT_EQ(h.lesson.alibiHeads(), 8);
    EXPECT_EQ(h.lesson.alibiHead(), 1);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

}  // namespace
}  // namespace ropelab::ui
