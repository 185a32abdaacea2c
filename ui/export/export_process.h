// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File → Export without freezing the window. QCustomPlot draws only on the GUI thread and one
// vector heat map takes about a second, so the files are rendered by the same binary's headless
// `ropelab export` in a child process, given the app's state through a temporary session file and
// the dialog's choices as flags. Each path it prints is one complete file (the progress); Cancel
// kills it, and as every file is written atomically only complete files remain. The child never
// outlives the app: it is killed with its ExportProcess and, on Linux, when the app dies.

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <memory>

#include "export/export_options.h"
#include "lessons/session_file.h"

class QProcess;
class QTemporaryDir;
class QWidget;

namespace ropelab::ui {

struct ExportJob {
    QString program;  // the ropelab binary: QCoreApplication::applicationFilePath() in the app
    SessionState session;
    QStringList lessons;  // ids, in export order
    QString figure;       // only this figure of the one lesson; empty: every shown figure
    QList<ExportFormat> formats;
    ExportOptions options;
    QString folder;
    QString language;  // "en", "zh_CN"
    bool dark = false;
    bool presenter = false;
    int plotTextSize = 0;  // points; 0: the child's default

    // `ropelab export`'s arguments for this job, with the session read from `sessionFile`.
    QStringList arguments(const QString& sessionFile) const;
};

struct ExportOutcome {
    QStringList written;  // complete files, in the order they were written
    QStringList errors;   // one translated sentence each; empty when every file was written
    bool cancelled = false;
};

class ExportProcess : public QObject {
    Q_OBJECT
public:
    explicit ExportProcess(QObject* parent = nullptr);
    ~ExportProcess() override;  // kills a child still running

    // Starts the export; finished() follows, also when the child cannot start.
    void start(const ExportJob& job);
    // Kills the child; the files it wrote stay, each complete.
    void cancel();
    bool isFinished() const { return finished_; }
    const ExportOutcome& outcome() const { return outcome_; }

signals:
    void fileWritten(const QString& path);
    void finished();

private:
    void readPaths();
    void readMessages();
    void onFinished(int exitCode, bool crashed);
    void finish();

    QProcess* process_;
    std::unique_ptr<QTemporaryDir> sessionDir_;
    QStringList messages_;  // the child's stderr lines, without its "ropelab export: " prefix
    ExportOutcome outcome_;
    bool finished_ = false;
};

// Runs `job` behind a window-modal progress dialog over `parent` (shown only after 300 ms) that
// counts files up to `expectedFiles` and offers Cancel; the UI thread handles events throughout.
ExportOutcome runExport(const ExportJob& job, int expectedFiles, QWidget* parent);

}  // namespace ropelab::ui
