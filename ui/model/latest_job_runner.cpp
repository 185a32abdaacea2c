#include "model/latest_job_runner.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QMetaObject>
#include <QThreadPool>
#include <exception>

#include "common/errors.h"

namespace ropelab::ui {

LatestJobRunner::LatestJobRunner(QObject* parent)
    : QObject(parent), alive_(std::make_shared<bool>(true)) {}

LatestJobRunner::~LatestJobRunner() {
    // A finishing worker checks this flag before touching us; wait so it never outlives its data.
    *alive_ = false;
    runningStop_.request_stop();
    waiting_.reset();
    QThreadPool::globalInstance()->waitForDone();
}

void LatestJobRunner::submit(Job job, std::function<void(const Apply&)> deliver) {
    Request request{std::move(job), std::move(deliver), ++generation_};
    if (running_) {
        // Latest value wins: drop what was waiting and cut the running job short.
        waiting_ = std::make_unique<Request>(std::move(request));
        runningStop_.request_stop();
        return;
    }
    start(std::move(request));
}

void LatestJobRunner::start(Request request) {
    running_ = true;
    runningStop_ = std::stop_source();
    const std::stop_token stop = runningStop_.get_token();
    const std::shared_ptr<bool> alive = alive_;
    auto shared = std::make_shared<Request>(std::move(request));
    QThreadPool::globalInstance()->start([this, shared, stop, alive] {
        Apply apply;
        try {
            apply = shared->job(stop);
        } catch (const Cancelled&) {
            apply = nullptr;  // superseded: nothing to show
        } catch (...) {
            const std::exception_ptr error = std::current_exception();
            apply = [error] { std::rethrow_exception(error); };
        }
        QMetaObject::invokeMethod(
            this,
            [this, shared, apply, alive] {
                if (!*alive) return;
                running_ = false;
                if (apply && shared->generation == generation_) shared->deliver(apply);
                if (waiting_) {
                    std::unique_ptr<Request> next = std::move(waiting_);
                    start(std::move(*next));
                } else {
                    emit idle();
                }
            },
            Qt::QueuedConnection);
    });
}

void LatestJobRunner::waitForIdle() {
    while (running_) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
}

}  // namespace ropelab::ui
