// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/latest_job.h"

#include <pthread.h>
#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stop_token>

#include "common/errors.h"
#include "model/parameter_text.h"

namespace ropelab::ui {

namespace {

constexpr qint64 kProgressIntervalMs = 50;
// Core's work keeps its data on the heap; glibc's default 8 MiB stack per worker only reserves
// address space, which the app's 1 GiB budget counts.
constexpr std::size_t kWorkerStackBytes = 2u << 20;
constexpr int kMaxWorkers = 2;
constexpr std::chrono::seconds kWorkerIdle{30};

QString messageFor(const std::exception& e) {
    if (dynamic_cast<const InputError*>(&e) != nullptr) {
        return LatestJob::tr("Invalid parameter: %1").arg(errorText(e));
    }
    if (isTooLarge(e)) return LatestJob::tr("Too large to compute: %1").arg(errorText(e));
    return LatestJob::tr("Could not compute this view: %1").arg(errorText(e));
}

}  // namespace

// What workers share with the UI side. receiver is cleared (under the mutex) when the job object
// dies, so a worker never posts to a deleted object.
struct LatestJob::Shared {
    std::mutex mutex;
    LatestJob* receiver = nullptr;
    std::stop_source stop;
    // Jobs waiting for a worker, and the workers: at most kMaxWorkers, each ending after
    // kWorkerIdle without a job, as a QThreadPool's do.
    std::deque<std::function<void()>> queue;
    int workers = 0;
    int idle = 0;  // workers waiting for a job
    bool closing = false;
    std::condition_variable wake;  // a job was queued, or the job object is going
    std::condition_variable gone;  // a worker ended

    // Queues fn(receiver) to run on the receiver's thread, if the receiver still exists.
    template <class Fn>
    void post(Fn fn) {
        std::lock_guard lock(mutex);
        if (receiver != nullptr) {
            QMetaObject::invokeMethod(
                receiver, [fn = std::move(fn), target = receiver] { fn(target); },
                Qt::QueuedConnection);
        }
    }
};

LatestJob::LatestJob(QObject* parent) : QObject(parent), shared_(std::make_shared<Shared>()) {
    shared_->receiver = this;
}

LatestJob::~LatestJob() {
    std::deque<std::function<void()>> unstarted;
    std::unique_lock lock(shared_->mutex);
    shared_->receiver = nullptr;
    shared_->stop.request_stop();
    shared_->closing = true;
    unstarted.swap(shared_->queue);
    shared_->wake.notify_all();
    // Workers keep `shared_` alive; wait here so none outlives the application objects.
    shared_->gone.wait(lock, [this] { return shared_->workers == 0; });
}

void* LatestJob::runWorker(void* data) {
    const std::shared_ptr<Shared> shared(std::move(*static_cast<std::shared_ptr<Shared>*>(data)));
    delete static_cast<std::shared_ptr<Shared>*>(data);
    std::unique_lock lock(shared->mutex);
    while (true) {
        if (!shared->queue.empty()) {
            std::function<void()> job = std::move(shared->queue.front());
            shared->queue.pop_front();
            lock.unlock();
            job();
            job = nullptr;  // what the job holds goes before the job object may
            lock.lock();
            continue;
        }
        if (shared->closing) break;
        ++shared->idle;
        const bool woken = shared->wake.wait_for(
            lock, kWorkerIdle, [&] { return !shared->queue.empty() || shared->closing; });
        --shared->idle;
        if (!woken) break;
    }
    --shared->workers;
    shared->gone.notify_all();
    return nullptr;
}

bool LatestJob::startWorker() {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, kWorkerStackBytes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    auto* shared = new std::shared_ptr<Shared>(shared_);
    pthread_t thread;
    const bool started = pthread_create(&thread, &attributes, runWorker, shared) == 0;
    pthread_attr_destroy(&attributes);
    if (!started) delete shared;
    return started;
}

void LatestJob::start(Work work, int threads) {
    std::stop_source source;
    {
        std::lock_guard lock(shared_->mutex);
        shared_->stop.request_stop();
        shared_->stop = source;
    }
    const quint64 generation = ++generation_;
    running_ = true;
    finishedAfterMs_ = -1;
    clock_.restart();
    emit started();

    std::shared_ptr<Shared> shared = shared_;
    auto gate = std::make_shared<QElapsedTimer>();
    gate->start();
    Execution exec;
    exec.threads = std::max(1, threads);
    exec.stop = source.get_token();
    // parallelFor serialises progress calls, so the gate needs no lock of its own.
    exec.progress = [shared, gate, generation](double fraction) {
        if (fraction < 1.0 && gate->elapsed() < kProgressIntervalMs) return;
        gate->restart();
        shared->post([generation, fraction](LatestJob* receiver) {
            if (receiver->generation_ == generation && receiver->running_) {
                emit receiver->progress(fraction);
            }
        });
    };

    // Our own workers, not a QThreadPool: a pool cannot tell that the system refused it a
    // thread, and would wait for that job for ever. A stale job stops within a chunk; a second
    // worker lets the new one start meanwhile.
    {
        std::unique_lock lock(shared->mutex);
        shared->queue.push_back([shared, work = std::move(work), exec, generation] {
            Apply apply;
            QString error;
            bool stopped = false;
            try {
                apply = work(exec);
            } catch (const Cancelled&) {
                stopped = true;
            } catch (const std::exception& e) {
                error = messageFor(e);
            }
            shared->post(
                [generation, apply = std::move(apply), error, stopped](LatestJob* receiver) {
                    if (!receiver->end(generation)) return;
                    if (stopped) {
                        emit receiver->cancelled();
                    } else if (!error.isEmpty()) {
                        emit receiver->failed(error);
                    } else {
                        if (apply) apply();
                        emit receiver->finished();
                    }
                });
        });
        if (shared->idle > 0) {
            shared->wake.notify_one();
            return;
        }
        if (shared->workers >= kMaxWorkers) return;  // a busy worker takes it next
        ++shared->workers;
        lock.unlock();
        if (startWorker()) return;
        lock.lock();
        --shared->workers;
        // A busy worker still takes it; with none, nothing would.
        if (shared->workers > 0) return;
        shared->queue.pop_back();
    }
    // The system refused the thread (no memory or address space left): said, not waited for.
    shared->post([generation](LatestJob* receiver) {
        if (!receiver->end(generation)) return;
        emit receiver->failed(
            tr("Could not start a worker thread: the system has no memory or "
               "threads left for one. Close other programs or choose smaller "
               "sizes, then try again."));
    });
}

void LatestJob::cancel() {
    {
        std::lock_guard lock(shared_->mutex);
        shared_->stop.request_stop();
    }
    if (!running_) return;
    ++generation_;  // whatever the stopped job still sends is dropped
    running_ = false;
    finishedAfterMs_ = clock_.elapsed();
    emit cancelled();
}

bool LatestJob::end(quint64 generation) {
    if (generation != generation_) return false;  // superseded or cancelled
    running_ = false;
    finishedAfterMs_ = clock_.elapsed();
    return true;
}

qint64 LatestJob::elapsedMs() const {
    if (!clock_.isValid()) return 0;
    return finishedAfterMs_ >= 0 ? finishedAfterMs_ : clock_.elapsed();
}

bool LatestJob::waitForIdle(int timeoutMs) {
    QDeadlineTimer deadline(timeoutMs);
    while (running_ && !deadline.hasExpired()) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    return !running_;
}

}  // namespace ropelab::ui
