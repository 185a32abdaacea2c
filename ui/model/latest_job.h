// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs heavy core work off the UI thread with the latest-value-wins rule: starting a job stops
// the one still running (through Execution's stop token), and only the newest job's progress and
// result reach the UI (queued to this object's thread). Cancel stops it and delivers nothing, so
// the previous result stays on screen.

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

#include "common/execution.h"

namespace ropelab::ui {

class LatestJob : public QObject {
    Q_OBJECT
public:
    // What a job hands back to the UI thread: applied only if the job is still the latest.
    using Apply = std::function<void()>;
    // Runs on a worker thread; must not touch widgets. exec carries the stop token and progress.
    using Work = std::function<Apply(const Execution& exec)>;

    explicit LatestJob(QObject* parent = nullptr);
    ~LatestJob() override;

    // Stops the running job (if any) and starts this one with `threads` compute threads.
    void start(Work work, int threads);
    // Stops the running job; its result and errors are dropped.
    void cancel();
    bool isRunning() const { return running_; }
    // Milliseconds since the latest job started (its run time once finished).
    qint64 elapsedMs() const;
    // Test and benchmark helper: processes events until no job runs or timeoutMs passes.
    bool waitForIdle(int timeoutMs);

signals:
    void started();
    // Fraction done in [0, 1], at most about every 50 ms.
    void progress(double fraction);
    // The latest job's result was applied.
    void finished();
    // The latest job failed: core's message (InputError, ResourceError, other).
    void failed(const QString& message);
    // The latest job was stopped by cancel() (not by a newer job).
    void cancelled();

private:
    struct Shared;
    // A worker thread's loop: runs queued jobs, ends when idle a while or the job object goes.
    static void* runWorker(void* shared);
    // Starts one more worker thread; false when the system refuses it.
    bool startWorker();
    // Marks job `generation` ended; false when a newer job or cancel() superseded it.
    bool end(quint64 generation);
    std::shared_ptr<Shared> shared_;
    quint64 generation_ = 0;
    bool running_ = false;
    QElapsedTimer clock_;
    qint64 finishedAfterMs_ = -1;
};

}  // namespace ropelab::ui
