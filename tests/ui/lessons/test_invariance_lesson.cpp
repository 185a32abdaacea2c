// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 6 (dot product vs relative distance): plotted heat maps and curves are core's, relative
// encodings are constant along diagonals and their curves coincide, absolute ones not; the decay
// bound and the measured mean |score| are core's and follow base and d.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QComboBox>
#include <cmath>
#include <limits>

#include "analysis/invariance.h"
#include "analysis/score_curve.h"
#include "analysis/score_decay.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_decay_bound.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/invariance_lesson.h"
#include "model/latest_job.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

// Over the cells that have a score (ALiBi masks keys after the query: −∞).
double diagonalSpread(const PooledGrid& g) {
    double largest = 0.0;
    for (double v : g.values) {
        if (std::isfinite(v)) largest = std::max(largest, std::abs(v));
    }
    double spread = 0.0;
    for (int offset = -(g.width - 1); offset < g.width; ++offset) {
        double lo = INFINITY, hi = -INFINITY;
        for (int r = std::max(0, -offset); r < g.height && r + offset < g.width; ++r) {
            if (!std::isfinite(g.at(r, r + offset))) continue;
            lo = std::min(lo, g.at(r, r + offset));
            hi = std::max(hi, g.at(r, r + offset));
        }
        if (lo <= hi) spread = std::max(spread, hi - lo);
    }
    return spread / largest;
}

// Largest difference between the curves for different key positions at equal m − n.
double curveDisagreement(QCustomPlot* plot) {
    double worst = 0.0;
    const auto reference = plot->graph(0)->data();
    for (int j = 1; j < 3; ++j) {
        const auto other = plot->graph(j)->data();
        for (auto it = other->constBegin(); it != other->constEnd(); ++it) {
            const auto match = reference->findBegin(it->key, false);
            if (match != reference->constEnd() && match->key == it->key) {
                worst = std::max(worst, std::abs(match->value - it->value));
            }
        }
    }
    return worst;
}

struct Invariance : ::testing::Test {
    LessonHarness<InvarianceLesson> h;
    void SetUp() override {
        h.model.setHeadDim(32);
        h.model.setSequenceLength(64);
        ASSERT_TRUE(h.lesson.waitForComputation(20000));
    }
    // The heat maps, curves and decay are computed off the UI thread.
    void show(int side, ScoreEncoding encoding) {
        h.lesson.setEncoding(side, encoding);
        ASSERT_TRUE(h.lesson.waitForComputation(20000));
    }
};

TEST_F(Invariance, RelativeEncodingsAreConstantAlongDiagonals) {
    for (ScoreEncoding e : {ScoreEncoding::Rope, ScoreEncoding::T5, ScoreEncoding::Alibi}) {
        show(0, e);
        ASSERT_EQ(h.lesson.grid(0).width, 64);
        EXPECT_LT(diagonalSpread(h.lesson.grid(0)), 1e-12) << toString(e);
        EXPECT_LT(curveDisagreement(h.figure("score-vs-distance-1")), 1e-9) << toString(e);
        EXPECT_LT(h.lesson.deviation(0), 1e-12) << toString(e);
    }
}

// ALiBi is causal: no score for a key after the query, so the map is empty above the diagonal
// and every curve has a gap for m − n < 0; below, q·k − m·(m − n) with head 1's slope 2⁻¹.
TEST_F(Invariance, AlibiScoresOnlyKeysAtOrBeforeTheQuery) {
    show(0, ScoreEncoding::Alibi);
    const PooledGrid& grid = h.lesson.grid(0);
    const Eigen::MatrixXd qk = seededStandardNormal(2, 32, h.model.seed());
    const double dot = qk.row(0).dot(qk.row(1));
    EXPECT_EQ(grid.at(3, 5), -std::numeric_limits<double>::infinity());
    EXPECT_NEAR(grid.at(5, 3), dot - 1.0, 1e-12);
    const auto curve = h.figure("score-vs-distance-1")->graph(1)->data();  // key at n = 16
    for (auto it = curve->constBegin(); it != curve->constEnd(); ++it) {
        if (it->key < 0) {
            EXPECT_TRUE(std::isnan(it->value)) << it->key;
        } else {
            EXPECT_NEAR(it->value, dot - 0.5 * it->key, 1e-9) << it->key;
        }
    }
}

TEST_F(Invariance, AddedEncodingsAreNot) {
    for (ScoreEncoding e : {ScoreEncoding::Sinusoidal, ScoreEncoding::Seed}) {
        show(1, e);
        EXPECT_GT(diagonalSpread(h.lesson.grid(1)), 1e-2) << toString(e);
        EXPECT_GT(curveDisagreement(h.figure("score-vs-distance-2")), 1e-3) << toString(e);
        EXPECT_GT(h.lesson.deviation(1), 1e-2) << toString(e);
    }
    show(1, ScoreEncoding::Learned);
    EXPECT_GT(h.lesson.deviation(1), 1e-6);  // small table values, still not relative
}

TEST_F(Invariance, DeviationAndCurvesAreCore) {
    show(1, ScoreEncoding::Sinusoidal);
    const Eigen::MatrixXd qk = seededStandardNormal(2, 32, h.model.seed());
    ScoreEncodingParams sin;
    sin.encoding = ScoreEncoding::Sinusoidal;
    sin.sinusoidalBase = h.model.rope().ropeTheta;
    const InvarianceResult expected =
        invariance(qk.row(0).transpose(), qk.row(1).transpose(), sin, 64, Execution{});
    EXPECT_DOUBLE_EQ(h.lesson.deviation(1), expected.maxDeviation);
    // The curve for the key at n = 16 at m − n = 5: f(q, 21)·f(k, 16).
    const std::vector<double> curve = scoreCurve(qk.row(0).transpose(), qk.row(1).transpose(), sin,
                                                 DistanceRange{5, 6, 1}, 16, Execution{});
    const auto plotted = h.figure("score-vs-distance-2")->graph(1)->data()->findBegin(5.0, false);
    ASSERT_EQ(h.lesson.keyPosition(1), 16);
    EXPECT_DOUBLE_EQ(plotted->value, curve[0]);
}

TEST_F(Invariance, DecayBoundAndMeanScoreAreCoreAndFollowTheBase) {
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    const RopeFrequencies freqs = ropeFrequencies(h.model.rope());
    const Eigen::VectorXd q = seededStandardNormal(2, 32, h.model.seed()).row(0).transpose();
    // The bound itself for q = k, in the score's units, on the same axis as the scores.
    const std::vector<double> bound =
        ropeDecayBoundFor(q, q, freqs, h.model.layout(), h.lesson.decayDistances());
    ASSERT_EQ(h.lesson.decayBound().size(), 64u);
    EXPECT_EQ(h.lesson.decayBound(), bound);
    QCustomPlot* decay = h.figure("long-term-decay");
    EXPECT_DOUBLE_EQ(decay->graph(0)->data()->at(10)->value, bound[10]);
    for (int g = 0; g < 3; ++g) EXPECT_EQ(decay->graph(g)->valueAxis(), decay->yAxis);
    EXPECT_EQ(decay->yAxis->scaleType(), QCPAxis::stLogarithmic);
    // It bounds the plotted |score| for q = k at every distance, and falls with distance.
    for (int i = 0; i < 64; ++i) {
        EXPECT_LE(decay->graph(1)->data()->at(i)->value, bound[std::size_t(i)] + 1e-9) << i;
        EXPECT_DOUBLE_EQ(decay->graph(1)->data()->at(i)->value,
                         std::abs(h.lesson.alignedScore()[std::size_t(i)]));
    }
    EXPECT_LT(bound[63], bound[0]);
    const std::vector<double> mean =
        ropeMeanAbsScore(freqs, h.model.layout(), DistanceRange{0, 64, 1},
                         InvarianceLesson::kDecaySamples, h.model.seed(), Execution{});
    EXPECT_EQ(h.lesson.meanAbsScore(), mean);
    // q = k: the aligned case starts at |q|² and stays below it.
    ASSERT_EQ(h.lesson.alignedScore().size(), 64u);
    EXPECT_NEAR(h.lesson.alignedScore()[0], q.squaredNorm(), 1e-9);
    for (std::size_t i = 8; i < 64; ++i) EXPECT_LT(h.lesson.alignedScore()[i], q.squaredNorm());
    EXPECT_EQ(h.figure("long-term-decay")->graph(1)->data()->size(), 64);
    // A larger base slows the decay: the bound at distance 40 grows.
    const double before = h.lesson.decayBound()[40];
    h.model.setRopeTheta(1000000.0);
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    EXPECT_GT(h.lesson.decayBound()[40], before);
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    EXPECT_NE(h.lesson.meanAbsScore(), mean);
}

TEST_F(Invariance, EncodingComboSwitchesTheSide) {
    QComboBox* box = h.lesson.encodingBox(0);
    box->setCurrentIndex(box->findData(static_cast<int>(ScoreEncoding::Seed)));
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    EXPECT_EQ(h.lesson.encoding(0), ScoreEncoding::Seed);
    EXPECT_GT(h.lesson.deviation(0), 1e-2);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

TEST_F(Invariance, Screenshot) {
    h.model.setHeadDim(64);
    h.model.setSequenceLength(256);
    h.lesson.waitForComputation(20000);
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson6-invariance"));
}

}  // namespace
}  // namespace ropelab::ui
