// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/run_queue.h"

#include <algorithm>
#include <utility>

namespace ropelab::ui {

RunQueue::RunQueue(int parallel, QObject* parent)
    : QObject(parent), parallel_(std::max(1, parallel)) {}

RunQueue::~RunQueue() {
    blockSignals(true);  // a batch that ends because its queue goes has nobody to tell
    // Each LatestJob's destructor waits for its worker.
    for (const Job& job : jobs_) job.job->cancel();
}

void RunQueue::setParallel(int parallel) {
    parallel_ = std::max(1, parallel);
}

void RunQueue::start(std::vector<LatestJob::Work> work) {
    for (const Job& old : jobs_) old.job->deleteLater();
    jobs_.clear();
    for (LatestJob::Work& w : work) {
        const std::size_t index = jobs_.size();
        auto* job = new LatestJob(this);
        // A signal still queued from a batch that has been cleared away finds another job here.
        const auto mine = [this, index, job] {
            return index < jobs_.size() && jobs_[index].job == job;
        };
        connect(job, &LatestJob::progress, this, [this, index, mine](double fraction) {
            if (mine()) jobs_[index].done = fraction;
        });
        connect(job, &LatestJob::finished, this, [this, index, mine] {
            if (!mine()) return;
            jobs_[index].done = 1.0;
            jobEnded(index);
        });
        connect(job, &LatestJob::failed, this, [this, index, mine](const QString& message) {
            if (!mine()) return;
            emit failed(index, message);
            jobEnded(index);
        });
        connect(job, &LatestJob::cancelled, this, [this, index, mine] {
            if (mine()) jobEnded(index);
        });
        jobs_.push_back({job, std::move(w)});
    }
    open_ = true;
    startQueued();
    endBatchIfDone();  // an empty batch ends at once
}

void RunQueue::cancel() {
    for (Job& job : jobs_) {
        if (!job.started) job.started = job.ended = true;
    }
    for (const Job& job : jobs_) {
        if (!job.ended) job.job->cancel();  // which ends it, and may end the batch
    }
    endBatchIfDone();
}

bool RunQueue::running() const {
    return std::any_of(jobs_.begin(), jobs_.end(), [](const Job& job) { return !job.ended; });
}

void RunQueue::startQueued() {
    int running = 0;
    for (const Job& job : jobs_) running += job.started && !job.ended ? 1 : 0;
    for (Job& job : jobs_) {
        if (running >= parallel_) break;
        if (job.started) continue;
        job.started = true;
        job.job->start(std::move(job.work), 1);
        ++running;
    }
}

void RunQueue::jobEnded(std::size_t index) {
    if (std::exchange(jobs_[index].ended, true)) return;
    startQueued();
    endBatchIfDone();
}

void RunQueue::endBatchIfDone() {
    if (running() || !std::exchange(open_, false)) return;
    emit batchEnded();
}

}  // namespace ropelab::ui
