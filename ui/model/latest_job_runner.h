#pragma once
// Runs heavy computations off the UI thread with the latest-value-wins rule: while one job runs,
// a new request replaces any waiting one (older waiting requests are dropped, never queued) and
// asks the running one to stop; only the newest result is applied, on the UI thread.

#include <QObject>
#include <functional>
#include <memory>
#include <stop_token>

namespace ropelab::ui {

class LatestJobRunner : public QObject {
    Q_OBJECT
public:
    // What a job hands back to the UI thread: applies the result (may rethrow the job's error).
    using Apply = std::function<void()>;
    // The computation; runs on a worker thread; should pass `stop` to core (Execution::stop).
    using Job = std::function<Apply(std::stop_token stop)>;

    explicit LatestJobRunner(QObject* parent = nullptr);
    ~LatestJobRunner() override;

    // apply is called on the UI thread with the newest job's result; errors (InputError,
    // ResourceError) come out of its call, so wrap it in the lesson's runGuarded.
    void submit(Job job, std::function<void(const Apply&)> deliver);
    bool busy() const { return running_; }
    // Processes events until every submitted job has been delivered (tests, benchmarks, export).
    void waitForIdle();

signals:
    void idle();

private:
    struct Request {
        Job job;
        std::function<void(const Apply&)> deliver;
        quint64 generation = 0;
    };
    void start(Request request);

    bool running_ = false;
    quint64 generation_ = 0;
    std::unique_ptr<Request> waiting_;
    std::stop_source runningStop_;
    std::shared_ptr<bool> alive_;
};

}  // namespace ropelab::ui
