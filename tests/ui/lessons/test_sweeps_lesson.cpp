// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson 9 (long sweeps): results arrive from the background and match core, Cancel keeps the
// previous result, a sweep larger than memory says so, and backends show their availability.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QJsonObject>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>
#include <cmath>

#include "analysis/score_curve.h"
#include "analysis/score_heatmap.h"
#include "compute/backend_registry.h"
#include "encodings/learned_absolute.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/sweeps_lesson.h"
#include "model/latest_job.h"
#include "model/parameter_text.h"
#include "style/language_controller.h"

namespace ropelab::ui {
namespace {

using testing::LessonHarness;

struct Sweeps : ::testing::Test {
    LessonHarness<SweepsLesson> h;
    void SetUp() override {
        h.model.setHeadDim(16);
        h.lesson.setBackendChoice(BackendChoice::Cpu);
    }
    bool runAndWait() {
        if (!h.lesson.run()) return false;
        return h.lesson.job()->waitForIdle(60000);
    }
};

TEST_F(Sweeps, CurveEnvelopesArriveAndMatchCore) {
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 500000")));
    h.lesson.setLogDistanceAxis(false);
    h.lesson.setLog2Length(12);
    ASSERT_TRUE(runAndWait());
    ASSERT_TRUE(h.lesson.problem().isEmpty()) << h.lesson.problem().toStdString();
    ASSERT_EQ(h.lesson.envelopes().size(), 2u) << h.lesson.statusText().toStdString();
    EXPECT_EQ(h.lesson.shownBases(), (std::vector<double>{10000.0, 500000.0}));
    const CurveEnvelope& e = h.lesson.envelopes()[1];
    EXPECT_EQ(e.sampleCount(), 4096);
    // Brute force: core's curve for base 500000 over distances 0 … 4095.
    RopeParams p = h.model.rope();
    p.ropeTheta = 500000.0;
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, h.model.seed());
    const std::vector<double> curve =
        ropeScoreCurve(qk.row(0).transpose(), qk.row(1).transpose(), ropeFrequencies(p),
                       h.model.layout(), DistanceRange{0, 4096, 1}, Execution{});
    for (int c : {0, 700, e.columns() - 1}) {
        const auto first = curve.begin() + e.columnStart(c);
        const auto last = curve.begin() + e.columnStart(c + 1);
        EXPECT_NEAR(e.minimum(c), *std::min_element(first, last), 1e-9) << c;
        EXPECT_NEAR(e.maximum(c), *std::max_element(first, last), 1e-9) << c;
    }
    // The plot holds the decimated envelope, never the 4096 samples.
    // Per base: min, max, and the band between them (two points per column).
    EXPECT_EQ(h.figure("sweep-score-curves")->graph(3)->data()->size(), e.columns());
    EXPECT_EQ(h.figure("sweep-score-curves")->graph(5)->data()->size(), 2 * e.columns());
    EXPECT_LE(e.columns(), SweepsLesson::kCurveColumns);
    EXPECT_TRUE(h.lesson.statusText().contains(QStringLiteral("cpu")))
        << h.lesson.statusText().toStdString();
    EXPECT_EQ(h.lesson.progressBar()->value(), h.lesson.progressBar()->maximum());
}

TEST_F(Sweeps, LogAxisStartsAtDistanceOne) {
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000")));
    h.lesson.setLogDistanceAxis(true);
    h.lesson.setLog2Length(10);
    ASSERT_TRUE(runAndWait());
    EXPECT_EQ(h.lesson.firstDistance(), 1);
    EXPECT_EQ(h.figure("sweep-score-curves")->xAxis->scaleType(), QCPAxis::stLogarithmic);
}

TEST_F(Sweeps, CancelStopsAndKeepsThePreviousResult) {
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000")));
    h.lesson.setLog2Length(10);
    ASSERT_TRUE(runAndWait());
    const double before = h.lesson.envelopes()[0].maximum(5);
    const QString statusBefore = h.lesson.statusText();

    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 20000, 40000, 80000")));
    h.lesson.setLog2Length(SweepsLesson::kMaxCurveLog2);  // 2^26 × 4 bases: many seconds
    QSignalSpy progress(h.lesson.job(), &LatestJob::progress);
    ASSERT_TRUE(h.lesson.run());
    EXPECT_TRUE(h.lesson.cancelButton()->isEnabled());
    ASSERT_TRUE(progress.wait(20000));  // the first progress update arrives
    h.lesson.cancel();
    EXPECT_FALSE(h.lesson.job()->isRunning());
    EXPECT_FALSE(h.lesson.cancelButton()->isEnabled());
    QTest::qWait(100);
    ASSERT_EQ(h.lesson.envelopes().size(), 1u);  // still the previous sweep
    EXPECT_EQ(h.lesson.envelopes()[0].maximum(5), before);
    EXPECT_TRUE(h.lesson.statusText().contains(QStringLiteral("Cancelled")));
    EXPECT_NE(h.lesson.statusText(), statusBefore);
}

// "Stopped: the figures still show the previous result." goes from the status bar once a sweep
// has finished: the last status message is then empty.
TEST_F(Sweeps, AFinishedSweepClearsTheStoppedStatus) {
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 20000, 40000, 80000")));
    h.lesson.setLog2Length(SweepsLesson::kMaxCurveLog2);
    QSignalSpy status(&h.lesson, &Lesson::statusMessage);
    QSignalSpy progress(h.lesson.job(), &LatestJob::progress);
    ASSERT_TRUE(h.lesson.run());
    ASSERT_TRUE(progress.wait(20000));
    h.lesson.cancel();
    ASSERT_FALSE(status.isEmpty());
    EXPECT_TRUE(status.last().at(0).toString().startsWith(QStringLiteral("Stopped")));
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000")));
    h.lesson.setLog2Length(10);
    ASSERT_TRUE(runAndWait());
    QCoreApplication::processEvents();
    EXPECT_TRUE(status.last().at(0).toString().isEmpty())
        << status.last().at(0).toString().toStdString();
}

TEST_F(Sweeps, RopeHeatmapIsCoresAndConstantAlongDiagonals) {
    h.lesson.setMode(SweepsLesson::Mode::Heatmaps);
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 1000000")));
    h.lesson.setLog2Length(8);  // 256 positions, one cell each
    h.lesson.setPooling(Pooling::Mean);
    h.lesson.setSameVectorsEverywhere(true);
    ASSERT_TRUE(runAndWait());
    ASSERT_EQ(h.lesson.grids().size(), 2u);
    const PooledGrid& grid = h.lesson.grids()[0];
    ASSERT_EQ(grid.width, 256);
    double spread = 0.0;
    for (int offset = 1; offset < 200; offset += 37) {
        for (int r = 0; r + offset < 256; ++r) {
            spread = std::max(spread, std::abs(grid.at(r, r + offset) - grid.at(0, offset)));
        }
    }
    EXPECT_LT(spread, 1e-9);
    // Against core directly.
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, h.model.seed());
    const Eigen::MatrixXd queries = qk.row(0).replicate(256, 1);
    const Eigen::MatrixXd keys = qk.row(1).replicate(256, 1);
    RopeParams p = h.model.rope();
    p.ropeTheta = 1000000.0;
    const PooledGrid expected = ropeScoreHeatmap(
        queries, keys, ropeFrequencies(p), h.model.layout(), 256, 256, Pooling::Mean, Execution{});
    for (int i : {0, 1000, 65535}) {
        EXPECT_NEAR(h.lesson.grids()[1].values[i], expected.values[i], 1e-9);
    }
}

TEST_F(Sweeps, HeatmapLargerThanMemorySaysSoAndKeepsTheResult) {
    h.lesson.setMode(SweepsLesson::Mode::Heatmaps);
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000")));
    h.lesson.setLog2Length(7);
    ASSERT_TRUE(runAndWait());
    ASSERT_EQ(h.lesson.grids().size(), 1u);
    const double cell = h.lesson.grids()[0].values[3];
    h.model.setHeadDim(512);
    h.lesson.setLog2Length(SweepsLesson::kMaxHeatLog2);  // 2 × 2^24 × 512 doubles = 128 GiB
    ASSERT_TRUE(runAndWait());
    const QString problem = h.lesson.problem();
    EXPECT_TRUE(problem.contains(QStringLiteral("Too large"))) << problem.toStdString();
    EXPECT_TRUE(problem.contains(QStringLiteral("GiB"))) << problem.toStdString();
    EXPECT_EQ(h.lesson.grids()[0].values[3], cell);
}

TEST_F(Sweeps, BadBasesAreRejectedBeforeAnythingRuns) {
    EXPECT_FALSE(h.lesson.setBasesText(QStringLiteral("10000, banana")));
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("banana")));
    EXPECT_FALSE(h.lesson.setBasesText(QStringLiteral("0.5")));
    EXPECT_TRUE(h.lesson.problem().contains(
        QStringLiteral("Base (rope_theta) must be greater than 1; got 0.5")))
        << h.lesson.problem().toStdString();
    EXPECT_FALSE(h.lesson.setBasesText(QStringLiteral("2, 3, 4, 5, 6")));
    EXPECT_TRUE(h.lesson.problem().contains(QStringLiteral("at most 4")));
    EXPECT_FALSE(h.lesson.job()->isRunning());
}

TEST_F(Sweeps, BackendsShowWhetherTheyAreAvailableAndWhy) {
    QComboBox* box = h.lesson.backendBox();
    auto* model = qobject_cast<QStandardItemModel*>(box->model());
    ASSERT_NE(model, nullptr);
    ASSERT_EQ(box->count(), 4);  // auto, cpu, opencl, cuda
    // Not probed until shown (an export never loads a GPU driver): every kind is offered.
    auto* info = h.lesson.findChild<QLabel*>(QStringLiteral("backendInfo"));
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->text(), QStringLiteral("Looking for GPUs…"));
    for (int row = 1; row < box->count(); ++row) EXPECT_TRUE(model->item(row)->isEnabled());
    h.lesson.show();
    QTRY_VERIFY_WITH_TIMEOUT(info->text() != QStringLiteral("Looking for GPUs…"), 30000);
    ASSERT_EQ(box->count(), 4);
    EXPECT_EQ(box->currentData().toString(), QStringLiteral("cpu"));  // the choice is kept
    const std::vector<BackendInfo> probed = probeBackends();
    for (std::size_t i = 0; i < probed.size(); ++i) {
        const int row = static_cast<int>(i) + 1;
        EXPECT_EQ(model->item(row)->isEnabled(), probed[i].available);
        if (!probed[i].available) {
            ASSERT_TRUE(probed[i].problem.has_value());
            EXPECT_EQ(box->itemData(row, Qt::ToolTipRole).toString(),
                      deviceProblemText(*probed[i].problem));
        }
    }
    EXPECT_TRUE(model->item(1)->isEnabled());  // the CPU always works
}

TEST_F(Sweeps, EveryAvailableBackendAgreesWithTheCpu) {
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 1000000")));
    h.lesson.setLogDistanceAxis(false);
    h.lesson.setLog2Length(14);
    ASSERT_TRUE(runAndWait());
    const std::vector<CurveEnvelope> cpu = h.lesson.envelopes();
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, h.model.seed());
    // GPU backends compute in float32 with exact phase reduction: |GPU − fp64| ≤ 1e-4·‖q‖‖k‖.
    const double tolerance = 1e-4 * qk.row(0).norm() * qk.row(1).norm();
    int compared = 0;
    for (const BackendInfo& info : probeBackends()) {
        if (info.kind == BackendKind::Cpu || !info.available) continue;
        h.lesson.setBackendChoice(info.kind == BackendKind::Cuda ? BackendChoice::Cuda
                                                                 : BackendChoice::OpenCl);
        ASSERT_TRUE(runAndWait());
        ASSERT_TRUE(h.lesson.problem().isEmpty()) << h.lesson.problem().toStdString();
        EXPECT_TRUE(h.lesson.statusText().contains(QString::fromUtf8(toString(info.kind).data())))
            << h.lesson.statusText().toStdString();
        ASSERT_EQ(h.lesson.envelopes().size(), cpu.size());
        for (std::size_t b = 0; b < cpu.size(); ++b) {
            for (int c = 0; c < cpu[b].columns(); c += 97) {
                EXPECT_NEAR(h.lesson.envelopes()[b].maximum(c), cpu[b].maximum(c), tolerance);
                EXPECT_NEAR(h.lesson.envelopes()[b].minimum(c), cpu[b].minimum(c), tolerance);
            }
        }
        ++compared;
    }
    if (compared == 0) GTEST_SKIP() << "no GPU or OpenCL backend on this machine";
}

TEST_F(Sweeps, OnlyRunSweepsAndOnlyTheFigureOfTheModeShown) {
    const QString curves = QStringLiteral("sweep-score-curves");
    const QString heat = QStringLiteral("sweep-heatmaps");
    const auto jobs = [&](const QString& name) { return h.lesson.figureJobs(name); };
    const auto repaints = [&](const QString& name) { return h.lesson.figureRepaints(name); };
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 500000")));
    h.lesson.setLog2Length(10);
    ASSERT_TRUE(runAndWait());
    EXPECT_EQ(jobs(curves), 1);
    EXPECT_EQ(jobs(heat), 0);
    const int curveRepaints = repaints(curves);
    const int heatRepaints = repaints(heat);

    // Every other control only changes what the next run sweeps.
    h.lesson.setLog2Length(12);
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000")));
    h.lesson.setLogDistanceAxis(false);
    h.lesson.setBackendChoice(BackendChoice::Auto);
    h.lesson.setPooling(Pooling::Max);
    h.lesson.setSameVectorsEverywhere(false);
    h.lesson.setMode(SweepsLesson::Mode::Heatmaps);
    h.lesson.setMode(SweepsLesson::Mode::Curves);
    h.model.setHeadDim(32);
    h.model.setLayout(RopeLayout::Interleaved);
    QCoreApplication::processEvents();
    EXPECT_FALSE(h.lesson.computing());
    EXPECT_EQ(jobs(curves), 1);
    EXPECT_EQ(jobs(heat), 0);
    EXPECT_EQ(repaints(curves), curveRepaints);
    EXPECT_EQ(repaints(heat), heatRepaints);
    ASSERT_EQ(h.lesson.envelopes().size(), 2u);  // still the sweep run
    EXPECT_EQ(h.lesson.envelopes()[0].sampleCount(), 1024);

    // Run sweeps the curves with the new settings and leaves the heat maps alone.
    ASSERT_TRUE(runAndWait());
    EXPECT_EQ(jobs(curves), 2);
    EXPECT_EQ(jobs(heat), 0);
    EXPECT_EQ(repaints(curves), curveRepaints + 1);
    EXPECT_EQ(repaints(heat), heatRepaints);
    ASSERT_EQ(h.lesson.envelopes().size(), 1u);
    EXPECT_EQ(h.lesson.envelopes()[0].sampleCount(), 4096);
    EXPECT_EQ(h.lesson.firstDistance(), 0);

    // A heat-map run, the other way round; Run again with nothing changed sweeps again.
    h.lesson.setMode(SweepsLesson::Mode::Heatmaps);
    h.lesson.setLog2Length(8);
    ASSERT_TRUE(runAndWait());
    ASSERT_TRUE(runAndWait());
    EXPECT_EQ(jobs(curves), 2);
    EXPECT_EQ(jobs(heat), 2);
    EXPECT_EQ(repaints(curves), curveRepaints + 1);
    EXPECT_EQ(repaints(heat), heatRepaints + 2);
    ASSERT_EQ(h.lesson.grids().size(), 1u);
    EXPECT_EQ(h.lesson.grids()[0].width, 256);

    // Settings restored while the lesson is put away sweep once, when it is shown.
    h.lesson.setAttribute(Qt::WA_DontShowOnScreen);
    h.lesson.show();
    h.lesson.hide();
    QJsonObject state = h.lesson.saveState();
    state[QStringLiteral("log2Length")] = 9;
    h.lesson.restoreState(state);
    EXPECT_FALSE(h.lesson.computing());
    EXPECT_EQ(jobs(heat), 2);
    EXPECT_EQ(h.lesson.grids()[0].width, 256);
    h.lesson.show();
    ASSERT_TRUE(h.lesson.job()->waitForIdle(60000));
    EXPECT_EQ(jobs(heat), 3);
    EXPECT_EQ(jobs(curves), 2);
    EXPECT_EQ(h.lesson.grids()[0].width, 512);
    h.lesson.hide();
    h.lesson.show();
    EXPECT_EQ(jobs(heat), 3);
}

TEST_F(Sweeps, Screenshot) {
    h.model.setHeadDim(128);
    ASSERT_TRUE(h.lesson.setBasesText(QStringLiteral("10000, 500000, 1000000")));
    h.lesson.setLog2Length(20);
    runAndWait();
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson9-sweeps-curves"));
    h.lesson.setMode(SweepsLesson::Mode::Heatmaps);
    h.lesson.setLog2Length(12);
    runAndWait();
    testing::saveScreenshot(h.lesson, QStringLiteral("lesson9-sweeps-heatmaps"));
}

// Why a backend is unavailable, in Chinese: core's typed reason worded by the app, the driver's
// detail in it as it came.
TEST(SweepsLesson, UnavailableBackendsSayWhyInChinese) {
    LanguageController language;
    ASSERT_TRUE(language.setLanguage(QStringLiteral("zh_CN")));
    LessonHarness<SweepsLesson> h;
    h.lesson.show();
    auto* info = h.lesson.findChild<QLabel*>(QStringLiteral("backendInfo"));
    ASSERT_NE(info, nullptr);
    QTRY_VERIFY_WITH_TIMEOUT(info->text() != h.lesson.tr("Looking for GPUs…"), 30000);
    QComboBox* box = h.lesson.backendBox();
    int unavailable = 0;
    for (const BackendInfo& b : probeBackends()) {
        if (b.available) continue;
        const int row = box->findData(QString::fromUtf8(toString(b.kind).data()));
        const QString tip = box->itemData(row, Qt::ToolTipRole).toString();
        ASSERT_TRUE(b.problem.has_value());
        EXPECT_EQ(tip, deviceProblemText(*b.problem));
        EXPECT_NE(tip, QString::fromStdString(describe(*b.problem)));
        EXPECT_TRUE(tip.contains(QString::fromStdString(b.problem->detail))) << tip.toStdString();
        ++unavailable;
    }
    ASSERT_TRUE(language.setLanguage(QStringLiteral("en")));
    if (unavailable == 0) GTEST_SKIP() << "every backend is available on this machine";
}

TEST(SweepsLesson, StatesTheSlowestWavelengthAndNamesBackendsNotHardware) {
    LessonHarness<SweepsLesson> h;
    const QString text = testing::labelTexts(h.lesson);
    EXPECT_TRUE(text.contains(QStringLiteral("2π·base<sup>(d−2)/d</sup>"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("about 2π·base")));
    EXPECT_FALSE(text.contains(QStringLiteral("stretches everything")));
    EXPECT_TRUE(text.contains(QStringLiteral("the OpenCL and CUDA backends compute in float32")));
    EXPECT_FALSE(text.contains(QStringLiteral("GPUs in float32")));
}

}  // namespace
}  // namespace ropelab::ui
