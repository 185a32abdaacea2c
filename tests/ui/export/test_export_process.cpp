// SPDX-License-Identifier: GPL-3.0-or-later
// File → Export in a child process (export/export_process.h): the UI thread keeps running while
// slow figures render, the child gets the app's state, Cancel and destruction kill it and leave
// only complete files, and its one-line errors come back.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProgressDialog>
#include <QPushButton>
#include <QSet>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <ctime>

#include "export/export_process.h"
#include "export/figure_export.h"
#include "lesson_harness.h"
#include "lessons/session_file.h"

namespace ropelab::ui {
namespace {

using testing::AllLessons;

constexpr qint64 kMaxBlockMs = 100;  // issue 18: no UI-thread event longer than this

ExportJob jobFor(const AllLessons& app, const QString& lesson, const QString& folder) {
    ExportJob job;
    job.program = QStringLiteral(ROPELAB_APP_PATH);
    job.session = captureSession(app.model, app.lessons(), app.lesson(lesson));
    job.lessons = QStringList{lesson};
    job.folder = folder;
    job.language = QStringLiteral("en");
    return job;
}

// The absolute lesson's four figures (three heat maps) as vector files: about a second each.
ExportJob slowJob(const AllLessons& app, const QString& folder) {
    ExportJob job = jobFor(app, QStringLiteral("absolute"), folder);
    job.formats = {ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Png, ExportFormat::Csv};
    job.options.size = QSizeF(1600, 1000);
    return job;
}

// The calling thread's CPU time: a loaded machine delays a timer without the app doing anything,
// so a block is what the UI thread itself spent between two ticks.
qint64 threadCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<qint64>(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

// The most UI-thread CPU time spent without running a 10 ms timer while `work` ran.
template <class Work>
qint64 longestBlockMs(Work work) {
    qint64 last = threadCpuMs();
    qint64 longest = 0;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(10);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        longest = std::max(longest, threadCpuMs() - last);
        last = threadCpuMs();
    });
    tick.start();
    work();
    tick.stop();
    return std::max(longest, threadCpuMs() - last);
}

void processEventsFor(int ms) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
}

// Lessons made just now lay out and compute on their first events: let them, so a measurement
// sees only the export.
void settle() {
    processEventsFor(1000);
}

QStringList filesIn(const QString& folder) {
    QStringList names = QDir(folder).entryList(QDir::Files | QDir::Hidden | QDir::System);
    names.sort();
    return names;
}

// Whole files only: each one's format ends as it should (a killed write would be cut short).
void expectComplete(const QString& path) {
    SCOPED_TRACE(path.toStdString());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (path.endsWith(QLatin1String(".svg"))) {
        EXPECT_TRUE(bytes.trimmed().endsWith("</svg>"));
    } else if (path.endsWith(QLatin1String(".pdf"))) {
        EXPECT_TRUE(bytes.trimmed().endsWith("%%EOF"));
    } else if (path.endsWith(QLatin1String(".png"))) {
        EXPECT_FALSE(QImage::fromData(bytes, "PNG").isNull());
    } else if (path.endsWith(QLatin1String(".csv"))) {
        EXPECT_TRUE(bytes.startsWith("series,kind,x,y,z\r\n"));
        EXPECT_TRUE(bytes.endsWith("\r\n"));
    } else {
        ADD_FAILURE() << "not an export file (a temporary one left behind?)";
    }
}

TEST(ExportProcess, SlowFiguresLeaveTheUiThreadResponsiveAndCancelLeavesCompleteFiles) {
    AllLessons app;
    settle();
    QTemporaryDir dir;
    const ExportJob job = slowJob(app, dir.path());
    // Cancel as a user would, once the dialog shows and a file is done.
    QTimer user;
    bool clicked = false;
    QObject::connect(&user, &QTimer::timeout, [&clicked] {
        for (QWidget* widget : QApplication::topLevelWidgets()) {
            auto* progress = qobject_cast<QProgressDialog*>(widget);
            if (progress == nullptr || !progress->isVisible() || progress->value() < 1) continue;
            if (const QString shots = qEnvironmentVariable("ROPELAB_SCREENSHOT_DIR");
                !shots.isEmpty()) {
                progress->grab().save(QDir(shots).filePath(QStringLiteral("export-progress.png")));
            }
            progress->findChild<QPushButton*>()->click();
            clicked = true;
        }
    });
    user.start(20);
    ExportOutcome outcome;
    const qint64 longest = longestBlockMs([&] { outcome = runExport(job, 16, nullptr); });
    ASSERT_TRUE(clicked) << "the progress dialog showed and counted a file";
    RecordProperty("longest_block_ms", static_cast<int>(longest));
    EXPECT_LT(longest, kMaxBlockMs);
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_TRUE(outcome.errors.isEmpty()) << outcome.errors.join(u'\n').toStdString();
    ASSERT_FALSE(outcome.written.isEmpty());
    // The child is gone: nothing more appears, and what is there is whole.
    const QStringList atCancel = filesIn(dir.path());
    processEventsFor(1500);
    EXPECT_EQ(filesIn(dir.path()), atCancel);
    EXPECT_LT(atCancel.size(), 16);
    for (const QString& path : outcome.written) {
        EXPECT_TRUE(atCancel.contains(QFileInfo(path).fileName())) << path.toStdString();
    }
    for (const QString& name : atCancel) expectComplete(QDir(dir.path()).filePath(name));
}

TEST(ExportProcess, WritesEveryChosenFileWithTheUiThreadResponsive) {
    AllLessons app;
    settle();
    QTemporaryDir dir;
    ExportJob job = slowJob(app, dir.path());
    job.figure = QStringLiteral("sinusoidal-table");
    job.formats = {ExportFormat::Svg, ExportFormat::Pdf};
    ExportOutcome outcome;
    const qint64 longest = longestBlockMs([&] { outcome = runExport(job, 2, nullptr); });
    RecordProperty("longest_block_ms", static_cast<int>(longest));
    EXPECT_LT(longest, kMaxBlockMs);
    EXPECT_FALSE(outcome.cancelled);
    EXPECT_TRUE(outcome.errors.isEmpty()) << outcome.errors.join(u'\n').toStdString();
    const QStringList expected{dir.filePath(QStringLiteral("absolute_sinusoidal-table.svg")),
                               dir.filePath(QStringLiteral("absolute_sinusoidal-table.pdf"))};
    EXPECT_EQ(outcome.written, expected);
    EXPECT_EQ(filesIn(dir.path()).size(), 2);
    for (const QString& path : outcome.written) expectComplete(path);
}

TEST(ExportProcess, TheChildExportsTheAppsStateAsTheAppWould) {
    AllLessons app;
    app.model.setSequenceLength(20);
    app.model.setPositions(4, 1);
    QTemporaryDir dir;
    ExportJob job = jobFor(app, QStringLiteral("rope-2d"), dir.filePath(QStringLiteral("child")));
    job.figure = QStringLiteral("score-vs-distance");
    job.formats = {ExportFormat::Csv};
    ASSERT_TRUE(QDir().mkpath(job.folder));
    const ExportOutcome outcome = runExport(job, 1, nullptr);
    ASSERT_TRUE(outcome.errors.isEmpty()) << outcome.errors.join(u'\n').toStdString();
    ASSERT_EQ(outcome.written.size(), 1);

    FigureExporter exporter(app.theme);
    const QList<WriteResult> here =
        exporter.exportLesson(*app.lesson(QStringLiteral("rope-2d")), dir.path(),
                              {ExportFormat::Csv}, ExportOptions{}, job.figure);
    ASSERT_EQ(here.size(), 1);
    QFile child(outcome.written.front());
    QFile local(here.front().path);
    ASSERT_TRUE(child.open(QIODevice::ReadOnly));
    ASSERT_TRUE(local.open(QIODevice::ReadOnly));
    const QByteArray childBytes = child.readAll();
    EXPECT_TRUE(childBytes.contains(",graph,-19,")) << "a 20-token sequence, not the default";
    EXPECT_EQ(childBytes, local.readAll());
}

TEST(ExportProcess, DestroyingItKillsTheChild) {
    AllLessons app;
    QTemporaryDir dir;
    auto process = std::make_unique<ExportProcess>();
    QEventLoop firstFile;
    QObject::connect(process.get(), &ExportProcess::fileWritten, &firstFile, &QEventLoop::quit);
    QObject::connect(process.get(), &ExportProcess::finished, &firstFile, &QEventLoop::quit);
    process->start(slowJob(app, dir.path()));
    firstFile.exec();
    ASSERT_FALSE(process->isFinished()) << process->outcome().errors.join(u'\n').toStdString();
    process.reset();
    const QStringList atDestruction = filesIn(dir.path());
    processEventsFor(1500);
    EXPECT_EQ(filesIn(dir.path()), atDestruction);
    for (const QString& name : atDestruction) expectComplete(QDir(dir.path()).filePath(name));
}

TEST(ExportProcess, TheChildsErrorsComeBackOneLineEach) {
    AllLessons app;
    QTemporaryDir dir;
    // A file's name taken by a folder: that one file fails, the rest are written.
    const QString blocker = dir.filePath(QStringLiteral("rope-2d_score-vs-distance.png"));
    ASSERT_TRUE(QDir().mkpath(blocker));
    ExportJob job = jobFor(app, QStringLiteral("rope-2d"), dir.path());
    job.figure = QStringLiteral("score-vs-distance");
    job.formats = {ExportFormat::Png, ExportFormat::Csv};
    job.language = QStringLiteral("zh_CN");
    const ExportOutcome outcome = runExport(job, 2, nullptr);
    EXPECT_EQ(outcome.written,
              QStringList{dir.filePath(QStringLiteral("rope-2d_score-vs-distance.csv"))});
    ASSERT_EQ(outcome.errors.size(), 1) << outcome.errors.join(u'\n').toStdString();
    EXPECT_TRUE(outcome.errors.front().contains(QStringLiteral("rope-2d_score-vs-distance.png")));
    EXPECT_FALSE(outcome.errors.front().contains(QStringLiteral("Could not write")))
        << "in the language the app shows: " << outcome.errors.front().toStdString();

    job.program = dir.filePath(QStringLiteral("no-such-program"));
    const ExportOutcome missing = runExport(job, 2, nullptr);
    ASSERT_EQ(missing.errors.size(), 1);
    EXPECT_TRUE(missing.errors.front().contains(QStringLiteral("no-such-program")));
}

}  // namespace
}  // namespace ropelab::ui
