// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs a batch of long jobs (models to train) at most `parallel` at a time, in the order given,
// each on a LatestJob of its own, and says how far each got and how each ended. A job's result
// reaches the UI thread through its Apply, as with LatestJob.

#include <QObject>
#include <QString>
#include <cstddef>
#include <vector>

#include "model/latest_job.h"

namespace ropelab::ui {

class RunQueue : public QObject {
    Q_OBJECT
public:
    explicit RunQueue(int parallel, QObject* parent = nullptr);
    ~RunQueue() override;  // stops the running jobs and waits for them

    void setParallel(int parallel);
    int parallel() const { return parallel_; }
    // Starts a new batch (the previous one must have ended): jobs 0 … work.size() − 1.
    void start(std::vector<LatestJob::Work> work);
    // Queued jobs end without starting; running ones stop at their next step.
    void cancel();
    // Some job of the batch has not ended yet.
    bool running() const;
    std::size_t size() const { return jobs_.size(); }
    // The share of job `index` done, as it last reported (1 once its result is applied).
    double done(std::size_t index) const { return jobs_[index].done; }
    // Job `index` applied its result, failed or was cancelled.
    bool ended(std::size_t index) const { return jobs_[index].ended; }

signals:
    // Job `index` failed with core's message.
    void failed(std::size_t index, const QString& message);
    // Every job of the batch has ended: finished, failed or cancelled (once per batch).
    void batchEnded();

private:
    struct Job {
        LatestJob* job = nullptr;
        LatestJob::Work work;
        bool started = false;
        bool ended = false;
        double done = 0;
    };
    void startQueued();
    void jobEnded(std::size_t index);
    void endBatchIfDone();

    int parallel_;
    std::vector<Job> jobs_;
    bool open_ = false;  // batchEnded not yet emitted for this batch
};

}  // namespace ropelab::ui
