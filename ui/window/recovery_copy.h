// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Nothing lost: a recovery copy of the whole teaching state (lesson, parameters, every lesson's
// view state), written as a session file (session_file.h) a few seconds after it changes, and
// atomically, to recovery.ropelab in the app's data folder; beside it, as activity files
// (activity.h), a teacher's unsaved activity draft and the activity in progress. A clean exit
// removes them; if they are still there at the next start, the app crashed or was killed, and the
// user is asked whether to restore them. A second window running at the same time (the lock is
// held) keeps no copy.

#include <QLockFile>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <functional>
#include <memory>
#include <optional>

#include "activities/activity.h"
#include "lessons/session_file.h"

namespace ropelab::ui {

class MainWindow;

class RecoveryCopy : public QObject {
    Q_OBJECT
public:
    enum class Answer { Restore, Discard };
    // Asks the user (a message box by default; tests pass their own).
    using Prompt = std::function<Answer(MainWindow& window)>;

    static constexpr int kIntervalMs = 2000;  // how often the state is compared with the copy

    explicit RecoveryCopy(MainWindow& window, QObject* parent = nullptr);
    ~RecoveryCopy() override;

    // recovery.ropelab in QStandardPaths::AppDataLocation.
    static QString path();
    // The unsaved activity draft and the running activity, beside it; absent when there is none.
    static QString draftPath();
    static QString activityPath();

    // Whether a copy from a run that did not exit cleanly is waiting (false while another
    // instance holds the lock).
    bool pending() const;
    // Offers a pending copy: Restore applies it as File → Open would (without making it the
    // current file), Discard removes it. Then starts keeping the copy. Empty, or why the copy
    // could not be restored (it is then left in place for a later start).
    QString offer(const Prompt& prompt);
    // Starts keeping the copy without offering anything.
    void start();
    // Writes the copy now if the state differs from the last one written.
    void writeIfChanged();
    // A clean exit: the copy is removed (connected to QCoreApplication::aboutToQuit).
    void finish();

    static Answer askWithMessageBox(MainWindow& window);

private:
    struct Kept {
        SessionState session;
        QList<Activity> draft;
        std::optional<Activity> running;
        bool operator==(const Kept&) const = default;
    };

    // Why the copy could not be restored, and the file that was not usable.
    struct Failure {
        QString error;
        QString file;
    };

    Kept capture() const;
    Failure restore();
    bool write(const Kept& kept) const;
    static void removeFiles();

    MainWindow& window_;
    std::unique_ptr<QLockFile> lock_;
    bool owner_ = false;
    QTimer timer_;
    std::optional<Kept> written_;
};

// The recovery hook of the app's main: takes `--recovery=ask|restore|discard` out of `arguments`
// (ask, the default, shows the message box), offers a pending copy and starts keeping one. Empty,
// or a one-line reason for a bad option value or a copy that could not be restored.
QString startRecovery(RecoveryCopy& recovery, QStringList& arguments);

}  // namespace ropelab::ui
