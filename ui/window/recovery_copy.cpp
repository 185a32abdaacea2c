// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/recovery_copy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <cstdio>

#include "activities/activity_catalog.h"
#include "activities/activity_controller.h"
#include "model/atomic_write.h"
#include "style/language_controller.h"
#include "window/app_controller.h"
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

QString inDataFolder(const char* name) {
    return QDir(dataFolder()).filePath(QLatin1String(name));
}

// Where a copy that could not be restored is kept, so that the next copy does not overwrite it:
// recovery.ropelab → recovery-unusable.ropelab.
QString asideOf(const QString& path) {
    const QFileInfo file(path);
    return file.dir().filePath(file.baseName() + QStringLiteral("-unusable.") +
                               file.completeSuffix());
}

// Writes `activities` as an activity file, or removes the file when there are none.
bool keepActivities(const QString& path, const QList<Activity>& activities) {
    if (activities.isEmpty()) return !QFile::exists(path) || QFile::remove(path);
    return writeFileAtomically(path, activitiesToJson(activities)).ok();
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
    return inDataFolder("recovery.ropelab");
}

QString RecoveryCopy::draftPath() {
    return inDataFolder("recovery-draft.ropelab-activity");
}

QString RecoveryCopy::activityPath() {
    return inDataFolder("recovery-running.ropelab-activity");
}

RecoveryCopy::Kept RecoveryCopy::capture() const {
    const ActivityController& activities = window_.app().activities();
    const Activity* running = activities.runningActivity();
    return Kept{
        captureSession(window_.parameterModel(), window_.lessons(), window_.currentLesson()),
        activities.draft(), running != nullptr ? std::optional<Activity>(*running) : std::nullopt};
}

bool RecoveryCopy::write(const Kept& kept) const {
    QDir().mkpath(dataFolder());
    const bool session = saveSessionFile(path(), kept.session).ok();
    const bool draft = keepActivities(draftPath(), kept.draft);
    const bool running = keepActivities(
        activityPath(), kept.running ? QList<Activity>{*kept.running} : QList<Activity>{});
    return session && draft && running;
}

void RecoveryCopy::removeFiles() {
    for (const QString& file : {path(), draftPath(), activityPath()}) QFile::remove(file);
}

RecoveryCopy::Failure RecoveryCopy::restore() {
    // Everything is read before anything changes, so a damaged file changes nothing.
    const SessionLoad load = loadSessionFile(path(), capture().session, lessonIds(window_));
    if (!load.state) return {load.error, path()};
    const ActivityCatalog& catalog = ActivityCatalog::builtIn();
    std::optional<ActivityLoad> running;
    std::optional<ActivityLoad> draft;
    for (auto [file, read] :
         {std::pair{activityPath(), &running}, std::pair{draftPath(), &draft}}) {
        if (!QFile::exists(file)) continue;
        *read = loadActivityFile(file, catalog);
        if (!(*read)->error.isEmpty()) return {(*read)->error, file};
    }
    ActivityController& activities = window_.app().activities();
    // The activity first (its step sets parameters up), then what the student had changed.
    if (running) {
        if (QString error = activities.resumeActivity(running->activities.front());
            !error.isEmpty()) {
            return {error, activityPath()};
        }
    }
    if (draft) activities.restoreDraft(draft->activities);
    if (QString error = applySession(*load.state, window_.parameterModel(), window_.lessons());
        !error.isEmpty()) {
        return {error, path()};
    }
    if (!load.state->lessonId.isEmpty()) window_.showLesson(load.state->lessonId);
    return {};
}

bool RecoveryCopy::pending() const {
    return owner_ && !written_ && QFile::exists(path());
}

QString RecoveryCopy::offer(const Prompt& prompt) {
    QString problem;
    if (pending()) {
        if (prompt(window_) == Answer::Discard) {
            removeFiles();
        } else if (const Failure failure = restore(); !failure.error.isEmpty()) {
            for (const QString& file : {path(), draftPath(), activityPath()}) {
                QFile::remove(asideOf(file));
                QFile::rename(file, asideOf(file));
            }
            problem = tr("The recovery copy could not be restored: %1 It was kept as %2.")
                          .arg(failure.error, QDir::toNativeSeparators(asideOf(failure.file)));
        }
    }
    start();
    return problem;
}

void RecoveryCopy::start() {
    if (!owner_) return;
    written_ = capture();
    timer_.start();
}

void RecoveryCopy::writeIfChanged() {
    if (!owner_) return;
    Kept kept = capture();
    if (written_ && *written_ == kept) return;
    // Atomic: a kill mid-write leaves the previous copy whole. A failed write is retried on the
    // next tick, as the state still differs.
    if (write(kept)) written_ = std::move(kept);
}

void RecoveryCopy::finish() {
    timer_.stop();
    if (!owner_) return;
    removeFiles();
    lock_->unlock();
    owner_ = false;
}

RecoveryCopy::Answer RecoveryCopy::askWithMessageBox(MainWindow& window) {
    QMessageBox box(QMessageBox::Question, tr("Restore your last session?"),
                    tr("RoPE Lab did not close properly last time. Restore the lesson, the "
                       "parameters, the views and any activity or unsaved activity draft it had a "
                       "few seconds before?"),
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
    // The question comes before the other arguments are applied, but in the language they ask
    // for (an unknown one is reported by applyStartupArguments).
    QString language;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size()) {
            language = arguments[i + 1];
        } else if (arguments[i].startsWith(QLatin1String("--lang="))) {
            language = arguments[i].mid(7);
        }
    }
    RecoveryCopy::Prompt prompt;
    if (mode == QLatin1String("ask")) {
        prompt = [language](MainWindow& window) {
            if (!language.isEmpty()) window.app().language().setLanguage(language);
            return RecoveryCopy::askWithMessageBox(window);
        };
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
