// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 11 (the confusion clinic): every view shows core's numbers: the conventions of the
// chosen scaling, the layout identity, the KV-cache drift and the 16-bit positions.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QFontMetrics>
#include <QTableWidget>

#include "lesson_harness.h"
#include "lessons/clinic_lesson.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

struct Clinic : ::testing::Test {
    LessonHarness<ClinicLesson> h;
    void SetUp() override {
        h.model.setHeadDim(64);
        h.model.setRopeTheta(500000.0);
        // The KV-cache and 16-bit figures are computed in the background.
        ASSERT_TRUE(h.lesson.waitForComputation());
    }
};

TEST_F(Clinic, ConventionsTableIsCoresForTheChosenScaling) {
    h.lesson.setExample(ClinicLesson::Example::Llama3);
    QTableWidget* table = h.lesson.conventionsTable();
    ASSERT_EQ(table->rowCount(), 6);
    EXPECT_EQ(h.lesson.conventions().tools.size(), 6u);
    EXPECT_TRUE(table->item(0, 1)->text().contains("\"rope_type\":\"llama3\""));
    EXPECT_TRUE(table->item(1, 1)->text().contains("--rope-freq-base = 500000"));
    EXPECT_TRUE(table->item(1, 2)->text().contains("rope_freqs.weight"));
    EXPECT_TRUE(table->item(5, 1)->text().contains("use_scaled_rope = true"));
    h.lesson.setExample(ClinicLesson::Example::Linear);
    EXPECT_TRUE(table->item(4, 1)->text().contains("compress_pos_emb = 4"));
    EXPECT_TRUE(table->item(1, 1)->text().contains("--rope-freq-scale = 0.25"));
    // The shared layout is the table's: interleaved needs the permutation for HF.
    EXPECT_TRUE(table->item(0, 2)->text().isEmpty());
    h.model.setLayout(RopeLayout::Interleaved);
    EXPECT_TRUE(table->item(0, 2)->text().contains("Meta-to-HF"));
}

// The height a row's contents ask for: public on QAbstractItemView, whose call reaches
// QTableView's override.
int contentHeight(const QAbstractItemView& table, int row) {
    return table.sizeHintForRow(row);
}

// The table is told only of the cells that changed; every row still fits its text, as many lines
// as its longest cell has at least.
TEST_F(Clinic, EveryRowFitsItsTextAfterSomeCellsChange) {
    QTableWidget* table = h.lesson.conventionsTable();
    h.lesson.resize(1200, 900);
    h.lesson.show();
    const int line = QFontMetrics(table->font()).lineSpacing();
    const auto expectRowsFit = [table, line](const char* step) {
        QCoreApplication::processEvents();
        for (int row = 0; row < table->rowCount(); ++row) {
            EXPECT_EQ(table->rowHeight(row), contentHeight(*table, row)) << step << ", row " << row;
            for (int column = 0; column < table->columnCount(); ++column) {
                const qsizetype lines = table->item(row, column)->text().count(u'\n') + 1;
                EXPECT_GE(table->rowHeight(row), lines * line) << step << ", row " << row;
            }
        }
    };
    expectRowsFit("default");
    h.lesson.setExample(ClinicLesson::Example::Llama3);
    expectRowsFit("llama3");
    h.model.setHeadDim(128);
    expectRowsFit("head dim");
    h.lesson.setExample(ClinicLesson::Example::Yarn);
    expectRowsFit("yarn");
    h.model.setLayout(RopeLayout::Interleaved);
    expectRowsFit("interleaved");
    h.lesson.setExample(ClinicLesson::Example::Default);
    expectRowsFit("default again");
}

TEST_F(Clinic, LayoutCurvesCoincideAndTheUnpermutedOneDoesNot) {
    const LayoutScores& s = h.lesson.layoutScores();
    ASSERT_EQ(s.meta.size(), static_cast<std::size_t>(ClinicLesson::kLayoutDistances));
    double gap = 0.0;
    for (std::size_t i = 0; i < s.meta.size(); ++i) {
        EXPECT_NEAR(s.hf[i], s.meta[i], 1e-9);
        gap = std::max(gap, std::abs(s.unpermuted[i] - s.meta[i]));
    }
    EXPECT_GT(gap, 1.0);
    const auto plotted = h.figure("layout-permutation-scores")->graph(1)->data();
    ASSERT_EQ(plotted->size(), ClinicLesson::kLayoutDistances);
    EXPECT_EQ(plotted->at(7)->value, s.hf[7]);
}

TEST_F(Clinic, KvCacheDriftIsZeroUntilTheMaxPositionThenGrows) {
    const KvCacheDrift& dynamic = h.lesson.dynamicDrift();
    ASSERT_EQ(dynamic.length.size(), static_cast<std::size_t>(ClinicLesson::kGenerate));
    for (std::size_t g = 0; g < dynamic.length.size(); ++g) {
        if (dynamic.length[g] <= ClinicLesson::kMaxPosition) {
            EXPECT_EQ(dynamic.maxAbsScoreError[g], 0.0);
        } else {
            EXPECT_GT(dynamic.maxAbsScoreError[g], 0.0);
        }
        EXPECT_EQ(h.lesson.defaultDrift().maxAbsScoreError[g], 0.0);
    }
    EXPECT_EQ(h.figure("kv-cache-drift")->graph(0)->data()->size(), ClinicLesson::kGenerate);
}

TEST_F(Clinic, TheKvCacheReadoutWaitsForItsFigureAndAHiddenLessonComputesNothing) {
    EXPECT_EQ(h.lesson.readout(QStringLiteral("clinic.kv_cache_max_error")),
              h.lesson.dynamicDrift().maxAbsScoreError.back());
    h.lesson.hide();
    const int jobs = h.lesson.figureJobs(QStringLiteral("kv-cache-drift"));
    h.model.setHeadDim(128);
    h.lesson.setExample(ClinicLesson::Example::Dynamic);
    EXPECT_EQ(h.lesson.figureJobs(QStringLiteral("kv-cache-drift")), jobs);
    EXPECT_EQ(h.lesson.dynamicDrift().maxAbsScoreError.size(),
              static_cast<std::size_t>(ClinicLesson::kGenerate));
    h.lesson.show();
    EXPECT_EQ(h.lesson.figureJobs(QStringLiteral("kv-cache-drift")), jobs + 1);
    // Until the new drift is in, no readout judges the old one.
    EXPECT_FALSE(h.lesson.readout(QStringLiteral("clinic.kv_cache_max_error")).has_value());
    ASSERT_TRUE(h.lesson.waitForComputation());
    const KvCacheDrift& dynamic = h.lesson.dynamicDrift();
    RopeParams expected;
    expected.headDim = 128;
    expected.ropeTheta = 500000.0;
    expected.ropeType = RopeType::Dynamic;
    expected.factor = ClinicLesson::kDynamicFactor;
    expected.maxPositionEmbeddings = ClinicLesson::kMaxPosition;
    EXPECT_EQ(dynamic.maxAbsScoreError,
              kvCacheDrift(expected, ClinicLesson::kPrompt, ClinicLesson::kGenerate, 0,
                           Execution{2, {}, {}})
                  .maxAbsScoreError);
    EXPECT_EQ(h.lesson.readout(QStringLiteral("clinic.kv_cache_max_error")),
              dynamic.maxAbsScoreError.back());
}

TEST_F(Clinic, SixteenBitPositionsAreCores) {
    const PhaseErrors& e = h.lesson.lowPrecision();
    ASSERT_EQ(e.position.size(), static_cast<std::size_t>(ClinicLesson::kLowPrecisionPositions));
    EXPECT_EQ(e.bfloat16Position[257], 256.0);
    EXPECT_EQ(e.float16Position[2049], 2048.0);
    const auto bf = h.figure("low-precision-positions")->graph(0)->data();
    EXPECT_EQ(bf->at(257)->value, -1.0);
    EXPECT_TRUE(h.lesson.readoutText().contains("15,936") ||
                h.lesson.readoutText().contains("15936"));
    EXPECT_TRUE(h.lesson.readoutText().contains("overflow"));
    EXPECT_EQ(h.lesson.readout(QStringLiteral("clinic.bfloat16_15962")), 15936.0);
    EXPECT_EQ(h.lesson.readout(QStringLiteral("clinic.float16_15962")), 15960.0);
}

}  // namespace
}  // namespace ropelab::ui
