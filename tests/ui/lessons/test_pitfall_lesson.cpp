// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 8 (the pitfall): the plotted heat maps, singular values and norms are core's, RoPE's
// heat map is constant along diagonals and the seed code's is not.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QCheckBox>
#include <QTest>
#include <cmath>

#include "analysis/invariance.h"
#include "analysis/seed_pitfall.h"
#include "encodings/learned_absolute.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/pitfall_lesson.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

QCPColorMap* colorMap(QCustomPlot* plot) {
    for (int i = 0; i < plot->plottableCount(); ++i) {
        if (auto* map = qobject_cast<QCPColorMap*>(plot->plottable(i))) return map;
    }
    return nullptr;
}

// max over diagonals of (max − min) cell value, relative to the largest |cell|.
double diagonalSpread(QCPColorMapData* data) {
    const int n = data->keySize();
    double largest = 0.0;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) largest = std::max(largest, std::abs(data->cell(c, r)));
    double spread = 0.0;
    for (int offset = -(n - 1); offset < n; ++offset) {
        double lo = INFINITY, hi = -INFINITY;
        for (int r = std::max(0, -offset); r < n && r + offset < n; ++r) {
            const double v = data->cell(r + offset, r);
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        spread = std::max(spread, hi - lo);
    }
    return spread / largest;
}

struct Pitfall : ::testing::Test {
    LessonHarness<PitfallLesson> h;
    void SetUp() override {
        h.model.setHeadDim(32);
        h.model.setSequenceLength(48);
        ASSERT_TRUE(h.lesson.waitForComputation(20000));  // computed off the UI thread
    }
};

TEST_F(Pitfall, RopeHeatmapIsConstantAlongDiagonalsSeedIsNot) {
    QCPColorMapData* rope = colorMap(h.figure("rope-heatmap"))->data();
    QCPColorMapData* seed = colorMap(h.figure("seed-code-heatmap"))->data();
    ASSERT_EQ(rope->keySize(), 48);  // one cell per position at N = 48
    ASSERT_EQ(seed->keySize(), 48);
    EXPECT_LT(diagonalSpread(rope), 1e-12);
    EXPECT_GT(diagonalSpread(seed), 1e-2);
    EXPECT_TRUE(h.lesson.problem().isEmpty());
}

TEST_F(Pitfall, HeatmapCellsAreCoreScores) {
    // Cell (n, m) = f(q, m)·f(k, n) with the lesson's q, k (seeded normals), brute force.
    const Eigen::MatrixXd qk = seededStandardNormal(2, 32, h.model.seed());
    ScoreEncodingParams seed;
    seed.encoding = ScoreEncoding::Seed;
    QCPColorMapData* data = colorMap(h.figure("seed-code-heatmap"))->data();
    const Eigen::MatrixXd m = seedCodeMatrix(32);
    for (auto [qm, kn] : {std::pair{0, 0}, std::pair{5, 17}, std::pair{47, 3}}) {
        Eigen::RowVectorXd fq = qk.row(0), fk = qk.row(1);
        for (int j = 0; j < 32; ++j) {
            fq[j] += std::cos(qm * j * 0.01);
            fk[j] += std::cos(kn * j * 0.01);
        }
        const double expected = (fq * m).dot(fk * m);
        EXPECT_NEAR(data->cell(kn, qm), expected, 1e-9 * std::abs(expected)) << qm << "," << kn;
    }
}

TEST_F(Pitfall, DeviationsAreCoreInvariance) {
    const Eigen::MatrixXd qk = seededStandardNormal(2, 32, h.model.seed());
    ScoreEncodingParams seed;
    seed.encoding = ScoreEncoding::Seed;
    const double expected =
        invariance(qk.row(0).transpose(), qk.row(1).transpose(), seed, 48, Execution{})
            .maxDeviation;
    EXPECT_DOUBLE_EQ(h.lesson.seedDeviation(), expected);
    EXPECT_GT(h.lesson.seedDeviation(), 1e-2);
    EXPECT_LT(h.lesson.ropeDeviation(), 1e-12);
}

TEST_F(Pitfall, SingularValuesShowRotationAgainstNonRotation) {
    const QSharedPointer<QCPGraphDataContainer> seed =
        h.figure("singular-values")->graph(0)->data();
    const QSharedPointer<QCPGraphDataContainer> rope =
        h.figure("singular-values")->graph(1)->data();
    ASSERT_EQ(seed->size(), 32);
    ASSERT_EQ(rope->size(), 32);
    const Eigen::VectorXd expected = singularValues(seedCodeMatrix(32));
    for (int i = 0; i < 32; ++i) {
        EXPECT_DOUBLE_EQ(seed->at(i)->value, expected[i]);
        EXPECT_NEAR(rope->at(i)->value, 1.0, 1e-12);
    }
    EXPECT_GT(expected[0], 2.0);   // stretches
    EXPECT_LT(expected[31], 0.5);  // and squashes
    EXPECT_EQ(h.lesson.seedRank(), numericalRank(expected, 32, 32));
    EXPECT_LT(h.lesson.seedRank(), 32);
    EXPECT_EQ(h.lesson.ropeRank(), 32);
    EXPECT_TRUE(h.lesson.readoutText().contains(QStringLiteral("m, n < 48")));
}

TEST_F(Pitfall, LengthRatiosAreOfTheMapAloneWithNothingAdded) {
    // ‖x·M‖/‖x‖ of the matrices alone (the added PE would make even a rotation fail).
    for (double r : h.lesson.ropeNormRatios()) EXPECT_NEAR(r, 1.0, 1e-12);
    const auto& seed = h.lesson.seedNormRatios();
    EXPECT_EQ(seed, lengthRatios(seedCodeMatrix(32), 256, h.model.seed()));
    const Eigen::VectorXd sigma = singularValues(seedCodeMatrix(32));
    EXPECT_GE(seed.front(), sigma.minCoeff());
    EXPECT_LE(seed.back(), sigma.maxCoeff());
    EXPECT_GT(seed.back() - seed.front(), 0.1);
    const QCPGraph* plotted = h.figure("norm-ratio")->graph(0);
    ASSERT_EQ(plotted->data()->size(), 256);
    EXPECT_EQ(plotted->data()->at(0)->key, 1.0);  // sorted directions 1 … 256
    EXPECT_EQ(plotted->data()->at(255)->value, seed.back());
}

TEST_F(Pitfall, ColourRangesAreNamedWhereTheMapsAre) {
    const double seedTop = colorMap(h.figure("seed-code-heatmap"))->dataRange().upper;
    const double ropeTop = colorMap(h.figure("rope-heatmap"))->dataRange().upper;
    EXPECT_GT(seedTop, 10.0 * ropeTop);  // the reason one colour scale would hide RoPE's map
    auto* seedTitle =
        qobject_cast<QCPTextElement*>(h.figure("seed-code-heatmap")->plotLayout()->element(0, 0));
    auto* ropeTitle =
        qobject_cast<QCPTextElement*>(h.figure("rope-heatmap")->plotLayout()->element(0, 0));
    ASSERT_NE(seedTitle, nullptr);
    ASSERT_NE(ropeTitle, nullptr);
    // Written as plain numbers: a range like 1.51e+04 is not read by students.
    const QString seedText =
        seedTop >= 100 ? QString::number(std::lround(seedTop)) : QString::number(seedTop, 'g', 3);
    EXPECT_TRUE(seedTitle->text().contains(QStringLiteral("±") + seedText))
        << seedTitle->text().toStdString();
    EXPECT_TRUE(ropeTitle->text().contains(QStringLiteral("±") + QString::number(ropeTop, 'g', 3)));
    EXPECT_FALSE(seedTitle->text().contains(QStringLiteral("e+")));
    EXPECT_TRUE(h.lesson.readoutText().contains(seedText));
}

// Either side may arrive first and be replotted before the other: the titles the later side
// sets must still be replotted, wrapped to the plot's width and naming the new range.
TEST_F(Pitfall, TitlesSetByTheLaterSideAreWrappedToTheirPlots) {
    h.lesson.resize(640, 600);
    h.lesson.show();
    for (unsigned seed : {3u, 4u, 5u, 6u}) {
        h.model.setSeed(seed);
        ASSERT_TRUE(h.lesson.waitForComputation(20000));
        for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
        for (const char* name : {"seed-code-heatmap", "rope-heatmap"}) {
            QCustomPlot* plot = h.figure(QString::fromLatin1(name));
            auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->element(0, 0));
            ASSERT_NE(title, nullptr);
            const double top = colorMap(plot)->dataRange().upper;
            const QString range =
                top >= 100 ? QString::number(std::lround(top)) : QString::number(top, 'g', 3);
            EXPECT_TRUE(title->text().contains(range))
                << name << ": " << title->text().toStdString();
            const QFontMetrics metrics(title->font());
            for (const QString& line : title->text().split(QLatin1Char('\n'))) {
                EXPECT_LE(metrics.horizontalAdvance(line), plot->width())
                    << name << " seed " << seed << ": " << line.toStdString();
            }
        }
    }
}

TEST_F(Pitfall, TextNamesTheWrongCodeAndFollowsTheAttentionFactor) {
    QString text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("widely copied wrong implementation")));
    EXPECT_FALSE(text.contains(QStringLiteral("seed text")));
    EXPECT_FALSE(text.contains(QStringLiteral("attention factor")));
    ASSERT_TRUE(h.model.setRope(testing::yarnFourTimes(h.model.rope())));
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    // RoPE's singular values are now the attention factor, and the text says so.
    EXPECT_NEAR(h.lesson.ropeSingularValues().minCoeff(), 0.1 * std::log(4.0) + 1.0, 1e-12);
    text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("its singular values there are 1.139")))
        << text.toStdString();
}

TEST_F(Pitfall, SeedTextDimensionTwoIsNearlySingular) {
    h.lesson.seedDimensionBox()->setChecked(true);
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    EXPECT_EQ(h.lesson.dimension(), 2);
    ASSERT_EQ(h.lesson.seedSingularValues().size(), 2);
    EXPECT_LT(h.lesson.seedSingularValues()[1], 1e-4);
    EXPECT_NEAR(h.lesson.seedSingularValues()[0], 2.0, 1e-3);
    EXPECT_LT(h.lesson.ropeDeviation(), 1e-12);
}

TEST_F(Pitfall, LongSequencesArePooledAndCapped) {
    h.model.setSequenceLength(2000);
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    EXPECT_EQ(h.lesson.positions(), PitfallLesson::kMaxPositions);
    EXPECT_EQ(colorMap(h.figure("rope-heatmap"))->data()->keySize(), 256);
    // Equal blocks (512 = 2·256): pooled RoPE cells still depend on the block offset only.
    EXPECT_LT(diagonalSpread(colorMap(h.figure("rope-heatmap"))->data()), 1e-12);
}

TEST_F(Pitfall, Screenshot) {
    h.model.setHeadDim(64);
    h.model.setSequenceLength(128);
    ASSERT_TRUE(h.lesson.waitForComputation(20000));
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson8-pitfall"));
}

}  // namespace
}  // namespace ropelab::ui
