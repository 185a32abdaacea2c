// SPDX-License-Identifier: GPL-3.0-or-later
#include "session/recovery_copy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <cstdio>

#include "window/main_window.h"

namespace ropelab::ui {

namespace {

QString dataFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

QStringList lessonIds(const MainWindow& window) {
    QStringList ids;
    for (const Lesson* lesson : window.lessons()) ids.append(lesson->id());
    return ids;
}

SessionState capture(const MainWindow& window) {
    return captureSession(window.parameterModel(), window.lessons(), window.currentLesson());
}

}  // namespace

RecoveryCopy::RecoveryCopy(MainWindow& window, QObject* parent) : QObject(parent), window_(window) {
    QDir().mkpath(dataFolder());
    lock_ =
        std::make_unique<QLockFile>(QDir(dataFolder()).filePath(QStringLiteral("recovery.lock")));
    // Stale only when the process that took it is gone (killed, crashed), never by age.
    lock_->setStaleLockTime(0);
    owner_ = lock_->tryLock(0);
    timer_.setInterval(kIntervalMs);
    connect(&timer_, &QTimer::timeout, this, &RecoveryCopy::writeIfChanged);
    connect(qApp, &QCoreApplication::aboutToQuit, this, &RecoveryCopy::finish);
}

RecoveryCopy::~RecoveryCopy() = default;

QString RecoveryCopy::path() {
    return QDir(dataFolder()).filePath(QStringLiteral("recovery.ropelab"));
}

bool RecoveryCopy::pending() const {
    return owner_ && !written_ && QFile::exists(path());
}

QString RecoveryCopy::offer(const Prompt& prompt) {
    QString problem;
    if (pending()) {
        if (prompt(window_) == Answer::Discard) {
            QFile::remove(path());
        } else {
            const SessionLoad load = loadSessionFile(path(), capture(window_), lessonIds(window_));
            QString error =
                load.state ? applySession(*load.state, window_.parameterModel(), window_.lessons())
                           : load.error;
            if (error.isEmpty()) {
                if (!load.state->lessonId.isEmpty()) window_.showLesson(load.state->lessonId);
            } else {
                // Kept aside, so that the next copy does not overwrite it.
                const QString aside =
                    QDir(dataFolder()).filePath(QStringLiteral("recovery-unusable.ropelab"));
                QFile::remove(aside);
                QFile::rename(path(), aside);
                problem = tr("The recovery copy could not be restored: %1 It was kept as %2.")
                              .arg(error, QDir::toNativeSeparators(aside));
            }
        }
    }
    start();
    return problem;
}

void RecoveryCopy::start() {
    if (!owner_) return;
    written_ = capture(window_);
    timer_.start();
}

void RecoveryCopy::writeIfChanged() {
    if (!owner_) return;
    SessionState state = capture(window_);
    if (written_ && *written_ == state) return;
    QDir().mkpath(dataFolder());
    // Atomic: a kill mid-write leaves the previous copy whole. A failed write is retried on the
    // next tick, as the state still differs.
    if (saveSessionFile(path(), state).ok()) written_ = std::move(state);
}

void RecoveryCopy::finish() {
    timer_.stop();
    if (!owner_) return;
    QFile::remove(path());
    lock_->unlock();
    owner_ = false;
}

RecoveryCopy::Answer RecoveryCopy::askWithMessageBox(MainWindow& window) {
    QMessageBox box(QMessageBox::Question, tr("Restore your last session?"),
                    tr("RoPE Lab did not close properly last time. Restore the lesson, the "
                       "parameters and the views it had a few seconds before?"),
                    QMessageBox::NoButton, &window);
    QPushButton* restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
    box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    box.setDefaultButton(restore);
    box.exec();
    return box.clickedButton() == restore ? Answer::Restore : Answer::Discard;
}

QString startRecovery(RecoveryCopy& recovery, QStringList& arguments) {
    QString mode = QStringLiteral("ask");
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--recovery") && i + 1 < arguments.size()) {
            mode = arguments.takeAt(i + 1);
            arguments.removeAt(i);
            break;
        }
        if (arguments[i].startsWith(QLatin1String("--recovery="))) {
            mode = arguments.takeAt(i).mid(11);
            break;
        }
    }
    RecoveryCopy::Prompt prompt;
    if (mode == QLatin1String("ask")) {
        prompt = &RecoveryCopy::askWithMessageBox;
    } else if (mode == QLatin1String("restore") || mode == QLatin1String("discard")) {
        const RecoveryCopy::Answer answer = mode == QLatin1String("restore")
                                                ? RecoveryCopy::Answer::Restore
                                                : RecoveryCopy::Answer::Discard;
        prompt = [answer](MainWindow&) { return answer; };
    } else {
        return RecoveryCopy::tr("--recovery: use ask, restore or discard, not '%1'").arg(mode);
    }
    // A copy that cannot be restored does not stop the app: it says so and starts as usual.
    if (const QString problem = recovery.offer(prompt); !problem.isEmpty()) {
        std::fprintf(stderr, "ropelab: %s\n", qPrintable(problem));
        if (mode == QLatin1String("ask")) {
            QMessageBox::warning(nullptr, RecoveryCopy::tr("Could not restore"), problem);
        }
    }
    return {};
}

}  // namespace ropelab::ui
