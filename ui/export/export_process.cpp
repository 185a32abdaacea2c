// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/export_process.h"

#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QLocale>
#include <QProcess>
#include <QProcessEnvironment>
#include <QProgressDialog>
#include <QTemporaryDir>

#include <algorithm>

#ifdef Q_OS_LINUX
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>
#endif

namespace ropelab::ui {

namespace {

constexpr int kProgressDelayMs = 300;  // a quick export shows no dialog
constexpr auto kMessagePrefix = "ropelab export: ";

// The shortest text that reads back as the same number, never with an exponent (--size, --dpi).
QString number(double value) {
    return QString::number(value, 'f', QLocale::FloatingPointShortest);
}

}  // namespace

QStringList ExportJob::arguments(const QString& sessionFile) const {
    QStringList names;
    for (ExportFormat format : formats) names.append(formatSuffix(format));
    QStringList arguments{
        QStringLiteral("export"),
        QStringLiteral("--out"),
        folder,
        QStringLiteral("--session"),
        sessionFile,
        QStringLiteral("--lesson"),
        lessons.join(QLatin1Char(',')),
        QStringLiteral("--format"),
        names.join(QLatin1Char(',')),
        QStringLiteral("--size"),
        QStringLiteral("%1x%2%3").arg(
            number(options.size.width()), number(options.size.height()),
            options.unit == SizeUnit::Centimetres ? QStringLiteral("cm") : QStringLiteral("px")),
        QStringLiteral("--dpi"),
        number(options.dpi),
        QStringLiteral("--background"),
        backgroundName(options.background),
        QStringLiteral("--lang"),
        language,
        QStringLiteral("--theme"),
        dark ? QStringLiteral("dark") : QStringLiteral("light")};
    if (!figure.isEmpty()) arguments << QStringLiteral("--figure") << figure;
    if (presenter) arguments << QStringLiteral("--presenter");
    if (plotTextSize > 0)
        arguments << QStringLiteral("--plot-text-size") << QString::number(plotTextSize);
    return arguments;
}

ExportProcess::ExportProcess(QObject* parent) : QObject(parent), process_(new QProcess(this)) {
    connect(process_, &QProcess::readyReadStandardOutput, this, &ExportProcess::readPaths);
    connect(process_, &QProcess::readyReadStandardError, this, &ExportProcess::readMessages);
    connect(process_, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        onFinished(exitCode, status == QProcess::CrashExit);
    });
    connect(process_, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart) return;  // the rest end in finished()
        outcome_.errors.append(
            tr("Could not start %1: %2")
                .arg(QDir::toNativeSeparators(process_->program()), process_->errorString()));
        finish();
    });
}

ExportProcess::~ExportProcess() {
    if (process_->state() == QProcess::NotRunning) return;
    process_->disconnect(this);
    process_->kill();
    process_->waitForFinished();
}

void ExportProcess::start(const ExportJob& job) {
    outcome_ = ExportOutcome{};
    messages_.clear();
    finished_ = false;
    sessionDir_ = std::make_unique<QTemporaryDir>();
    const QString sessionFile =
        sessionDir_->filePath(QStringLiteral("export.%1").arg(QLatin1String(kSessionSuffix)));
    // A plain write: a temporary file the child reads at once needs no sync to the disk.
    QFile session(sessionFile);
    const QByteArray json = sessionToJson(job.session);
    if (!session.open(QIODevice::WriteOnly) || session.write(json) != json.size() ||
        !session.flush()) {
        outcome_.errors.append(
            tr("Could not write the temporary session %1: %2")
                .arg(QDir::toNativeSeparators(sessionFile), session.errorString()));
        finish();
        return;
    }
    session.close();
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // Files must not depend on the screen the app is on, and the child needs no display.
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process_->setProcessEnvironment(environment);
#ifdef Q_OS_LINUX
    // If the app dies (a crash, a kill), so does the child, instead of writing on unasked.
    const pid_t app = ::getpid();
    process_->setChildProcessModifier([app] {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != app) ::_exit(1);  // the app died before prctl took hold
    });
#endif
    process_->start(job.program, job.arguments(sessionFile), QIODevice::ReadOnly);
}

void ExportProcess::cancel() {
    if (process_->state() == QProcess::NotRunning) return;
    outcome_.cancelled = true;
    process_->kill();
}

void ExportProcess::readPaths() {
    while (process_->canReadLine()) {
        const QString path = QString::fromLocal8Bit(process_->readLine()).trimmed();
        if (path.isEmpty()) continue;
        outcome_.written.append(path);
        emit fileWritten(path);
    }
}

void ExportProcess::readMessages() {
    process_->setReadChannel(QProcess::StandardError);
    while (process_->canReadLine()) {
        const QString line = QString::fromLocal8Bit(process_->readLine()).trimmed();
        // Other lines are Qt's own warnings, not meant for the user.
        if (line.startsWith(QLatin1String(kMessagePrefix))) {
            messages_.append(line.mid(QLatin1String(kMessagePrefix).size()));
        }
    }
    process_->setReadChannel(QProcess::StandardOutput);
}

void ExportProcess::onFinished(int exitCode, bool crashed) {
    readPaths();
    readMessages();
    if (!outcome_.cancelled && (crashed || exitCode != 0)) {
        // Lines on stderr of a successful run are notes, not errors.
        outcome_.errors = messages_;
        if (crashed) {
            outcome_.errors.append(
                tr("The export stopped unexpectedly; the files written so far "
                   "are complete."));
        } else if (messages_.isEmpty()) {
            outcome_.errors.append(tr("The export failed (exit code %1).").arg(exitCode));
        }
    }
    finish();
}

void ExportProcess::finish() {
    sessionDir_.reset();
    finished_ = true;
    emit finished();
}

ExportOutcome runExport(const ExportJob& job, int expectedFiles, QWidget* parent) {
    QProgressDialog progress(ExportProcess::tr("Exporting figures…"), ExportProcess::tr("Cancel"),
                             0, std::max(expectedFiles, 1), parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(kProgressDelayMs);
    progress.setValue(0);  // starts the delay before the dialog shows
    ExportProcess process;
    QEventLoop loop;
    int done = 0;
    QObject::connect(&process, &ExportProcess::fileWritten, &progress, [&progress, &done] {
        // A lesson may show more figures once computed than it did before: the bar waits.
        progress.setValue(std::min(++done, progress.maximum() - 1));
    });
    QObject::connect(&progress, &QProgressDialog::canceled, &process, &ExportProcess::cancel);
    QObject::connect(&process, &ExportProcess::finished, &loop, &QEventLoop::quit);
    process.start(job);
    // Returns early when the app quits; the child dies with `process`.
    if (!process.isFinished()) loop.exec();
    progress.reset();
    return process.outcome();
}

}  // namespace ropelab::ui
