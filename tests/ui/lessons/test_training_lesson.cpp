// SPDX-License-Identifier: GPL-3.0-or-later
// The training lesson: it opens on the recorded default run and publishes exactly its numbers;
// a tiny run trains in the background, draws its loss curve as it goes, and a cancel keeps the
// models that finished.
#include <gtest/gtest.h>

#include <qcustomplot.h>

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProgressBar>
#include <QTemporaryDir>
#include <QThread>
#include <string_view>

#include "export/figure_export.h"
#include "lesson_harness.h"
#include "lesson_screenshot.h"
#include "lessons/training_lesson.h"
#include "style/language_controller.h"

namespace ropelab::ui {
namespace {

using testing::labelTexts;
using testing::LessonHarness;

// Processes events until `done` or timeoutMs; the longest gap between two event-loop turns is
// how long the UI thread was busy.
template <class Done>
bool waitFor(Done done, int timeoutMs, qint64* longestGapMs = nullptr) {
    QElapsedTimer clock, gap;
    clock.start();
    gap.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (longestGapMs != nullptr) *longestGapMs = std::max(*longestGapMs, gap.restart());
        QThread::msleep(2);
        gap.restart();
    }
    return true;
}

QJsonObject recordedRun() {
    QFile file(QStringLiteral(":/training/default-run.json"));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    return QJsonDocument::fromJson(file.readAll()).object();
}

// A run small enough for a test: size preset `size`, trained at L = 6.
training::LabSettings tinyRun(std::vector<training::PositionEncoding> encodings, std::int64_t steps,
                              std::size_t size = 0) {
    training::LabSettings s;
    s.encodings = std::move(encodings);
    s.layers = TrainingLesson::kSizes[size].layers;
    s.width = TrainingLesson::kSizes[size].width;
    s.heads = TrainingLesson::kSizes[size].heads;
    s.trainLength = 6;
    s.steps = steps;
    return s;
}

struct Training : ::testing::Test {
    void SetUp() override { QFile::remove(TrainingLesson::cachePath()); }
    void TearDown() override { QFile::remove(TrainingLesson::cachePath()); }
};

TEST_F(Training, OpensOnTheRecordedRunAndItsReadoutsAreTheRecordedNumbers) {
    QElapsedTimer clock;
    clock.start();
    LessonHarness<TrainingLesson> h;
    EXPECT_LT(clock.elapsed(), 2000);  // real results within 2 s of opening

    // Read with Qt's JSON parser, not the lesson's (core's nlohmann reader).
    const QJsonObject run = recordedRun();
    const QJsonObject settings = run[QStringLiteral("settings")].toObject();
    const int trainLength = settings[QStringLiteral("train_length")].toInt();
    ASSERT_EQ(h.lesson.readout(QStringLiteral("training.train_length")), trainLength);
    const QJsonArray models = run[QStringLiteral("models")].toArray();
    ASSERT_EQ(models.size(), 6);
    EXPECT_EQ(h.lesson.readout(QStringLiteral("training.models")), 6.0);
    const QStringList factors{QStringLiteral("1x"), QStringLiteral("1_5x"), QStringLiteral("2x"),
                              QStringLiteral("4x")};
    int cannotRun = 0;
    const auto expectCurve = [&](const QString& prefix, const QJsonArray& lengths) {
        ASSERT_EQ(lengths.size(), 4);
        for (int i = 0; i < 4; ++i) {
            const QJsonObject r = lengths[i].toObject();
            EXPECT_EQ(r[QStringLiteral("length")].toInt(),
                      std::lround(std::array{1.0, 1.5, 2.0, 4.0}[i] * trainLength));
            const QString id = QStringLiteral("training.%1_accuracy_%2").arg(prefix, factors[i]);
            if (!r[QStringLiteral("ran")].toBool()) {
                ++cannotRun;
                EXPECT_FALSE(h.lesson.readout(id).has_value()) << id.toStdString();
                continue;
            }
            EXPECT_EQ(h.lesson.readout(id), r[QStringLiteral("accuracy")].toDouble())
                << id.toStdString();
            EXPECT_EQ(
                h.lesson.readout(QStringLiteral("training.%1_loss_%2").arg(prefix, factors[i])),
                r[QStringLiteral("loss")].toDouble());
        }
    };
    for (const QJsonValue& value : models) {
        const QJsonObject m = value.toObject();
        const QString encoding = m[QStringLiteral("encoding")].toString();
        expectCurve(encoding, m[QStringLiteral("by_length")].toArray());
        const QJsonObject rescued = m[QStringLiteral("rescued")].toObject();
        EXPECT_EQ(rescued.size(), encoding == QStringLiteral("rope") ? 4 : 0);
        for (auto it = rescued.begin(); it != rescued.end(); ++it) {
            expectCurve(QStringLiteral("rope_") + it.key(), it.value().toArray());
        }
        EXPECT_EQ(m[QStringLiteral("losses")].toArray().size(),
                  settings[QStringLiteral("steps")].toInt());
    }
    // Only the learned table stops: 1.5×, 2× and 4× L have no rows.
    EXPECT_EQ(cannotRun, 3);
    // The recorded run fine-tuned its RoPE model, plain and with PI: their readouts are its
    // numbers.
    EXPECT_GT(settings[QStringLiteral("fine_tune_steps")].toInt(), 0);
    for (const QJsonValue& value : models) {
        const QJsonObject m = value.toObject();
        const QJsonArray fineTuned = m[QStringLiteral("fine_tuned")].toArray();
        if (m[QStringLiteral("encoding")].toString() != QStringLiteral("rope")) {
            EXPECT_TRUE(fineTuned.isEmpty());
            continue;
        }
        ASSERT_EQ(fineTuned.size(), 2);
        for (const QJsonValue& curve : fineTuned) {
            const bool linear = curve[QStringLiteral("interpolated")].toBool();
            expectCurve(
                linear ? QStringLiteral("rope_finetune_linear") : QStringLiteral("rope_finetune"),
                curve[QStringLiteral("by_length")].toArray());
        }
    }

    // The plotted ALiBi curve is the recorded accuracies, at the recorded lengths.
    QCustomPlot* lengths = h.figure(QStringLiteral("metric-vs-length"));
    ASSERT_NE(lengths, nullptr);
    const auto alibi = lengths->graph(4)->data();
    ASSERT_EQ(alibi->size(), 4);
    EXPECT_EQ(alibi->at(3)->key, 4 * trainLength);
    EXPECT_EQ(alibi->at(3)->value, h.lesson.readout(QStringLiteral("training.alibi_accuracy_4x")));
    // The learned curve stops at L.
    EXPECT_EQ(lengths->graph(1)->data()->size(), 1);
}

// The CSV export writes as `figure`'s file, split into rows of fields.
QList<QList<QByteArray>> exportedTable(LessonHarness<TrainingLesson>& h, const QString& figure) {
    QTemporaryDir dir;
    FigureExporter exporter(h.theme);
    const QList<WriteResult> written =
        exporter.exportLesson(h.lesson, dir.path(), {ExportFormat::Csv}, ExportOptions{}, figure);
    EXPECT_EQ(written.size(), 1);
    QFile file(written.value(0).path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << written.value(0).error.toStdString();
    QList<QList<QByteArray>> rows;
    for (const QByteArray& line : file.readAll().split('\n')) {
        if (!line.trimmed().isEmpty()) rows.append(line.trimmed().split(','));
    }
    return rows;
}

// Sessions and activity steps keep the settings under their keys, with their JSON types; a key
// the state lacks takes its default, and "replay" is read but never saved.
TEST_F(Training, SavedStateKeepsItsKeysAndDefaults) {
    LessonHarness<TrainingLesson> h;
    training::LabSettings s = tinyRun({training::PositionEncoding::Rope}, 40, 2);
    s.seed = 7;
    s.ropeTheta = 500.0;
    s.fineTuneSteps = 20;
    h.lesson.setSettings(s);
    const QJsonObject saved = h.lesson.saveState();
    EXPECT_EQ(QJsonDocument(saved).toJson(QJsonDocument::Compact),
              QByteArray(R"({"fine_tune_steps":20,"rope_theta":500,"seed":7,"size":2,"steps":40,)"
                         R"("task":"copy","train_length":6})"));
    LessonHarness<TrainingLesson> other;
    QJsonObject replayed = saved;
    replayed.insert(QStringLiteral("replay"), 0.5);
    other.lesson.restoreState(replayed);
    EXPECT_EQ(other.lesson.saveState(), saved);
    // Defaults for what is missing; the training length and base stay as shown.
    other.lesson.restoreState({});
    const training::LabSettings restored = other.lesson.settings();
    EXPECT_EQ(restored.task, training::TaskKind::Copy);
    EXPECT_EQ(restored.layers, TrainingLesson::kSizes[1].layers);
    EXPECT_EQ(restored.steps, 1000);
    EXPECT_EQ(restored.seed, 0U);
    EXPECT_EQ(restored.fineTuneSteps, 0);
    EXPECT_EQ(restored.trainLength, 6);
    EXPECT_EQ(restored.ropeTheta, 500.0);
}

// The user's last run opens with the settings it was trained with: its task and model size show
// in their lists (which were once filled only after the settings were applied).
TEST_F(Training, TheCachedRunOpensWithItsOwnTaskAndSize) {
    QJsonObject run = recordedRun();
    QJsonObject settings = run[QStringLiteral("settings")].toObject();
    settings[QStringLiteral("task")] = QStringLiteral("reverse");
    settings[QStringLiteral("layers")] = TrainingLesson::kSizes[0].layers;
    settings[QStringLiteral("width")] = TrainingLesson::kSizes[0].width;
    settings[QStringLiteral("heads")] = TrainingLesson::kSizes[0].heads;
    run[QStringLiteral("settings")] = settings;
    const QString path = TrainingLesson::cachePath();
    ASSERT_FALSE(path.isEmpty());
    ASSERT_TRUE(QDir().mkpath(QFileInfo(path).absolutePath()));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(run).toJson());
    file.close();

    LessonHarness<TrainingLesson> h;
    EXPECT_EQ(h.lesson.settings().task, training::TaskKind::Reverse);
    EXPECT_EQ(h.lesson.settings().layers, TrainingLesson::kSizes[0].layers);
    EXPECT_EQ(h.lesson.findChild<QComboBox*>(QStringLiteral("taskBox"))->currentText(),
              QStringLiteral("reverse the symbols"));
    EXPECT_EQ(h.lesson.findChild<QComboBox*>(QStringLiteral("sizeBox"))->currentIndex(), 0);
}

TEST_F(Training, TheResultTableExportsAsCsvWithTheRunsNumbers) {
    LessonHarness<TrainingLesson> h;
    const training::LabRun& run = h.lesson.run();
    ASSERT_FALSE(run.models.empty());
    const QList<QByteArray> header{"encoding", "method",     "length",   "ran",
                                   "loss",     "perplexity", "accuracy", "exact_match"};
    // Every row of the run in its order: each model as trained, then RoPE's rescues, fine-tunings.
    const auto expectRows = [&](const QList<QList<QByteArray>>& rows, bool ropeOnly) {
        ASSERT_FALSE(rows.isEmpty());
        EXPECT_EQ(rows.front(), header);
        qsizetype next = 1;
        int cannotRun = 0;
        const auto expectCurve = [&](const training::LabModelResult& m, const QByteArray& method,
                                     const std::vector<training::LengthResult>& results) {
            for (const training::LengthResult& r : results) {
                ASSERT_LT(next, rows.size());
                const QList<QByteArray>& row = rows[next++];
                ASSERT_EQ(row.size(), header.size());
                EXPECT_EQ(row[0].toStdString(), training::toString(m.encoding));
                EXPECT_EQ(row[1], method);
                EXPECT_EQ(row[2].toInt(), r.length);
                EXPECT_EQ(row[3], r.ran ? QByteArray("1") : QByteArray("0"));
                if (!r.ran) {
                    ++cannotRun;
                    EXPECT_TRUE(row[4].isEmpty() && row[7].isEmpty());
                    continue;
                }
                EXPECT_EQ(row[4].toDouble(), r.loss);
                EXPECT_EQ(row[5].toDouble(), r.perplexity);
                EXPECT_EQ(row[6].toDouble(), r.accuracy);
                EXPECT_EQ(row[7].toDouble(), r.exactMatch);
            }
        };
        for (const training::LabModelResult& m : run.models) {
            if (ropeOnly && m.encoding != training::PositionEncoding::Rope) continue;
            expectCurve(m, "none", m.byLength);
            for (const training::RescuedCurve& c : m.rescued) {
                expectCurve(m, QByteArray(training::toString(c.rescue).data()), c.byLength);
            }
            for (const training::FineTunedCurve& c : m.fineTuned) {
                expectCurve(m, c.interpolated ? "finetune_linear" : "finetune", c.byLength);
            }
        }
        EXPECT_EQ(next, rows.size());
        EXPECT_EQ(cannotRun, ropeOnly ? 0 : 3);  // the learned table beyond L
    };
    expectRows(exportedTable(h, QStringLiteral("metric-vs-length")), false);
    expectRows(exportedTable(h, QStringLiteral("rope-rescue")), true);
}

// Core's typed problem with the text file is worded by the app, in the user's language.
TEST_F(Training, AnEmptyTextFileIsRefusedInTheUsersLanguage) {
    const QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const QString path = folder.filePath(QStringLiteral("empty.txt"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    LessonHarness<TrainingLesson> h;
    training::LabSettings s = tinyRun({training::PositionEncoding::Rope}, 10);
    s.task = training::TaskKind::Text;
    s.textFile = path.toStdString();
    h.lesson.setSettings(s);
    for (const char* language : {"en", "zh_CN"}) {
        LanguageController languages;
        ASSERT_TRUE(languages.setLanguage(QString::fromLatin1(language)));
        QCoreApplication::processEvents();
        EXPECT_FALSE(h.lesson.train());
        EXPECT_TRUE(h.lesson.problem().contains(path)) << h.lesson.problem().toStdString();
        EXPECT_TRUE(h.lesson.problem().endsWith(std::string_view(language) == "en"
                                                    ? QStringLiteral("is empty")
                                                    : QStringLiteral("是空的")))
            << h.lesson.problem().toStdString();
    }
    LanguageController().setLanguage(QStringLiteral("en"));
}

TEST_F(Training, ATinyRunTrainsInTheBackgroundAndCancelKeepsTheFinishedModels) {
    LessonHarness<TrainingLesson> h;
    h.lesson.setMaxParallel(1);  // one model after the other: the second is still training
    h.lesson.setSettings(
        tinyRun({training::PositionEncoding::Alibi, training::PositionEncoding::Rope}, 400));
    ASSERT_TRUE(h.lesson.train());
    EXPECT_TRUE(h.lesson.training());
    EXPECT_EQ(h.lesson.run().models.size(), 0u);

    QCustomPlot* loss = h.figure(QStringLiteral("training-loss"));
    ASSERT_NE(loss, nullptr);
    // ALiBi's loss curve grows while it trains (polled every 100 ms).
    ASSERT_TRUE(waitFor([&] { return loss->graph(4)->data()->size() >= 5; }, 120000));
    qint64 longestGap = 0;
    ASSERT_TRUE(waitFor([&] { return h.lesson.run().models.size() == 1; }, 300000, &longestGap));
    std::cout << "longest UI-thread gap while training: " << longestGap << " ms\n";
    ASSERT_TRUE(h.lesson.training());  // RoPE is still training
    h.lesson.cancel();
    ASSERT_TRUE(waitFor([&] { return !h.lesson.training(); }, 60000));

    const training::LabRun& run = h.lesson.run();
    ASSERT_EQ(run.models.size(), 1u);
    EXPECT_EQ(run.models[0].encoding, training::PositionEncoding::Alibi);
    EXPECT_EQ(run.models[0].losses.size(), 400u);
    EXPECT_EQ(loss->graph(4)->data()->size(), 400);
    EXPECT_EQ(loss->graph(5)->data()->size(), 0);  // the cancelled RoPE model left nothing
    // The readouts are the finished model's evaluation.
    EXPECT_EQ(h.lesson.readout(QStringLiteral("training.alibi_accuracy_4x")),
              run.models[0].byLength[3].accuracy);
    EXPECT_EQ(h.lesson.readout(QStringLiteral("training.models")), 1.0);
    EXPECT_FALSE(h.lesson.readout(QStringLiteral("training.rope_accuracy_1x")).has_value());
    EXPECT_EQ(run.models[0].byLength[3].length, 24);
}

TEST_F(Training, ProgressCountsTheFineTuningSteps) {
    LessonHarness<TrainingLesson> h;
    training::LabSettings s = tinyRun({training::PositionEncoding::Rope}, 20);
    s.fineTuneSteps = 300;
    h.lesson.setSettings(s);
    ASSERT_TRUE(h.lesson.train());
    auto* progress = h.lesson.findChild<QProgressBar*>(QStringLiteral("trainingProgress"));
    ASSERT_NE(progress, nullptr);
    QCustomPlot* loss = h.figure(QStringLiteral("training-loss"));
    // Every training step drawn, the fine-tuning still to come: far from done.
    ASSERT_TRUE(waitFor([&] { return loss->graph(5)->data()->size() == 20; }, 120000));
    const int trainingShare = 1000 * 20 / (20 + 2 * 300);
    if (h.lesson.training()) {
        EXPECT_LT(progress->value(), 1000 - trainingShare);
    }
    // The fine-tuning steps move the bar on.
    int fineTuning = 0;
    ASSERT_TRUE(waitFor(
        [&] {
            if (h.lesson.training()) fineTuning = std::max(fineTuning, progress->value());
            return !h.lesson.training();
        },
        300000));
    EXPECT_GT(fineTuning, trainingShare);
    ASSERT_EQ(h.lesson.run().models.size(), 1u);
    EXPECT_EQ(h.lesson.run().models[0].fineTuned.size(), 2u);
}

TEST_F(Training, TheRecordedRunHasNoModelsToLookInsideAndSaysSo) {
    LessonHarness<TrainingLesson> h;
    h.lesson.setView(TrainingLesson::View::Inside);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.trainedModels().empty());
    ASSERT_NE(h.lesson.inside(), nullptr);
    EXPECT_EQ(h.lesson.inside()->length, 0);  // nothing computed, nothing invented
    auto* heat =
        qobject_cast<QCPColorMap*>(h.figure(QStringLiteral("attention-weights"))->plottable(0));
    ASSERT_NE(heat, nullptr);
    EXPECT_FALSE(heat->visible());
    EXPECT_TRUE(h.figure(QStringLiteral("rope-pair-norms"))->graph(0)->data()->isEmpty());
    EXPECT_TRUE(labelTexts(h.lesson).contains(QStringLiteral("not their weights")));
    QCoreApplication::processEvents();  // the queued replots
    testing::saveScreenshot(h.lesson, QStringLiteral("training-inside-recorded"), QSize(1024, 768));
}

TEST_F(Training, LooksInsideTheTrainedModelsOffTheUiThread) {
    LessonHarness<TrainingLesson> h;
    // Two layers, to look inside the second.
    training::LabSettings s =
        tinyRun({training::PositionEncoding::Learned, training::PositionEncoding::Alibi,
                 training::PositionEncoding::Rope},
                30, 1);
    s.fineTuneSteps = 10;
    h.lesson.setSettings(s);
    ASSERT_TRUE(h.lesson.train());
    ASSERT_TRUE(waitFor([&] { return !h.lesson.training(); }, 300000));
    ASSERT_EQ(h.lesson.run().models.size(), 3u);
    ASSERT_EQ(h.lesson.run().settings, s);

    // Fine-tuning: two more curves on the rescue figure, and their rows in the table.
    const training::LabModelResult& rope = h.lesson.run().models[2];
    ASSERT_EQ(rope.fineTuned.size(), 2u);
    QCustomPlot* rescue = h.figure(QStringLiteral("rope-rescue"));
    EXPECT_EQ(rescue->graph(5)->data()->size(), 4);
    EXPECT_EQ(rescue->graph(6)->data()->at(2)->value, rope.fineTuned[1].byLength[2].accuracy);
    // ... and their readouts, plain and with PI, at every length; a row each in the panel.
    const QStringList factors{QStringLiteral("1x"), QStringLiteral("1_5x"), QStringLiteral("2x"),
                              QStringLiteral("4x")};
    for (int i = 0; i < 4; ++i) {
        for (const training::FineTunedCurve& c : rope.fineTuned) {
            const QString prefix = c.interpolated ? QStringLiteral("training.rope_finetune_linear_")
                                                  : QStringLiteral("training.rope_finetune_");
            EXPECT_EQ(h.lesson.readout(prefix + QStringLiteral("accuracy_") + factors[i]),
                      c.byLength[static_cast<std::size_t>(i)].accuracy);
            EXPECT_EQ(h.lesson.readout(prefix + QStringLiteral("loss_") + factors[i]),
                      c.byLength[static_cast<std::size_t>(i)].loss);
        }
    }
    const QString panel = h.lesson.readoutText();
    EXPECT_TRUE(panel.contains(QStringLiteral("RoPE fine-tuned with PI"))) << panel.toStdString();
    // The PI row is its own: concealing its readout leaves the other rows in sight.
    h.lesson.concealReadouts({QStringLiteral("rope_finetune_linear_accuracy_4x")});
    EXPECT_TRUE(h.lesson.readoutsConcealed(QStringLiteral("rope_finetune_linear_accuracy_4x")));
    EXPECT_FALSE(h.lesson.readoutsConcealed(QStringLiteral("rope_finetune_accuracy_4x")));
    h.lesson.revealAll();

    EXPECT_EQ(h.lesson.trainedModels().size(), 3u);
    h.lesson.setView(TrainingLesson::View::Inside);
    h.lesson.lookInside(training::PositionEncoding::Alibi, 1, 2);
    ASSERT_TRUE(h.lesson.waitForComputation());
    const TrainingLesson::Inside* inside = h.lesson.inside();
    ASSERT_NE(inside, nullptr);
    EXPECT_EQ(inside->encoding, training::PositionEncoding::Alibi);
    EXPECT_EQ(inside->layer, 1);
    EXPECT_EQ(inside->head, 2);
    ASSERT_EQ(inside->length, 12);  // 2L
    ASSERT_EQ(inside->weights.size(), 144u);
    for (int q = 0; q < 12; ++q) {
        double sum = 0;
        for (int k = 0; k < 12; ++k) sum += inside->weights[static_cast<std::size_t>(q * 12 + k)];
        EXPECT_NEAR(sum, 1.0, 1e-9);
    }
    // The heat map shows exactly those weights: key across, query down.
    auto* heat =
        qobject_cast<QCPColorMap*>(h.figure(QStringLiteral("attention-weights"))->plottable(0));
    ASSERT_NE(heat, nullptr);
    EXPECT_TRUE(heat->visible());
    EXPECT_EQ(heat->data()->cell(3, 7), inside->weights[7 * 12 + 3]);
    // The RoPE model's pairs, from core's lens: one point a pair of the head.
    ASSERT_TRUE(inside->haveLens);
    EXPECT_EQ(inside->lens.layer, 1);
    EXPECT_EQ(inside->lens.head, 2);
    const int pairs = s.width / s.heads / 2;
    ASSERT_EQ(inside->lens.qNorm.size(), static_cast<std::size_t>(pairs));
    QCustomPlot* norms = h.figure(QStringLiteral("rope-pair-norms"));
    EXPECT_EQ(norms->graph(0)->data()->size(), pairs);
    EXPECT_EQ(norms->graph(1)->data()->size(), pairs);
    // Computed by the figure's background job, never on the UI thread.
    EXPECT_GE(h.lesson.figureJobs(QStringLiteral("attention-weights")), 1);
    EXPECT_EQ(h.lesson.figureInlineRuns(QStringLiteral("attention-weights")), 0);

    // The learned model cannot run at 2L: no weights, and the lesson says why.
    h.lesson.lookInside(training::PositionEncoding::Learned, 0, 0);
    ASSERT_TRUE(h.lesson.waitForComputation());
    EXPECT_TRUE(h.lesson.inside()->weights.empty());
    EXPECT_FALSE(heat->visible());
    EXPECT_TRUE(labelTexts(h.lesson).contains(QStringLiteral("cannot run at 12 tokens")));

    // Both views at 1024 × 768 (saved where ROPELAB_SCREENSHOT_DIR says), in English and
    // Chinese: switching language redraws what the look inside shows.
    h.lesson.lookInside(training::PositionEncoding::Rope, 1, 2);
    for (const char* language : {"en", "zh_CN"}) {
        LanguageController languages;
        ASSERT_TRUE(languages.setLanguage(QString::fromLatin1(language)));
        QCoreApplication::processEvents();  // the posted LanguageChange retranslates
        EXPECT_EQ(h.lesson.findChild<QComboBox*>(QStringLiteral("viewBox"))->itemText(1),
                  std::string_view(language) == "en" ? QStringLiteral("Look inside the models")
                                                     : QStringLiteral("看看模型内部"));
        for (TrainingLesson::View view :
             {TrainingLesson::View::Results, TrainingLesson::View::Inside}) {
            h.lesson.setView(view);
            ASSERT_TRUE(h.lesson.waitForComputation());
            QCoreApplication::processEvents();  // the queued replots
            testing::saveScreenshot(
                h.lesson,
                QStringLiteral("training-%1-%2")
                    .arg(view == TrainingLesson::View::Inside ? "inside" : "results",
                         QString::fromLatin1(language)),
                QSize(1024, 768));
        }
    }
    EXPECT_EQ(h.lesson.inside()->encoding, training::PositionEncoding::Rope);
}

}  // namespace
}  // namespace ropelab::ui
