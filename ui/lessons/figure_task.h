// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One figure of a lesson page, or a group of figures computed together, declared as
//     key() → compute(key, exec) → draw(key, result)
// key() reads the parameters the figures show into a small equality-comparable value (UI thread;
// an empty std::optional asks for nothing yet, for a figure computed on request);
// compute() is the core work, run off the UI thread by a latest-wins LatestJob, or inline for
// cheap figures (deterministic for tests); draw() puts the result into the plots (UI thread).
// LessonPage decides when a figure runs (shown and its key changed) and repaints what it drew.

#include <QList>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

#include "common/execution.h"
#include "model/latest_job.h"

class QCPLayer;
class QCustomPlot;

namespace ropelab::ui {

enum class FigureRun {
    Background,  // compute through the figure's LatestJob
    Inline,      // compute on the UI thread, within update (its errors reach the caller)
};

class FigureTask {
public:
    virtual ~FigureTask() = default;
    FigureTask(const FigureTask&) = delete;
    FigureTask& operator=(const FigureTask&) = delete;

    // The plots its draw step fills: repainted (and counted) each time it draws.
    const QList<QCustomPlot*>& plots() const { return plots_; }
    // The background job; nullptr for an inline figure.
    LatestJob* job() const { return job_; }
    bool isRunning() const { return job_ != nullptr && job_->isRunning(); }
    // Forgets what is drawn, so the next update computes and draws again (for a drawing that holds
    // translated text, or a result that core could not produce).
    virtual void invalidate() = 0;

protected:
    FigureTask(QList<QCustomPlot*> plots, LatestJob* job) : plots_(std::move(plots)), job_(job) {}

protected:
    friend class LessonPage;
    enum class Step { None, Started, Drawn };
    // Computes (or starts computing) if the key differs from the one drawn or being computed.
    virtual Step update() = 0;
    // Stops the running job; remember: its key is not started again until the key changes (what
    // the user stopped stays stopped).
    virtual void stop(bool remember) = 0;
    virtual void jobEnded() = 0;

    std::function<void(FigureTask*)> drawn_;  // the page's repaint and count, after draw()
    // Markers: the buffered layers its draw step changes, each repainted alone when its plot is
    // not repainting in full anyway (LessonPage::declareMarkers).
    QList<QCPLayer*> markerLayers_;

private:
    QList<QCustomPlot*> plots_;
    LatestJob* job_;
};

template <class T>
inline constexpr bool isOptionalKey = false;
template <class T>
inline constexpr bool isOptionalKey<std::optional<T>> = true;

template <class Key, class Result>
class DeclaredFigure final : public FigureTask {
public:
    using KeyFn = std::function<Key()>;
    using ComputeFn = std::function<Result(const Key&, const Execution&)>;
    using DrawFn = std::function<void(const Key&, Result&)>;

    DeclaredFigure(QList<QCustomPlot*> plots, LatestJob* job, int threads, KeyFn key,
                   ComputeFn compute, DrawFn draw)
        : FigureTask(std::move(plots), job),
          threads_(threads),
          key_(std::move(key)),
          compute_(std::move(compute)),
          draw_(std::move(draw)) {}

    void invalidate() override {
        shown_.reset();
        stopped_.reset();
    }

private:
    Step update() override {
        Key key = key_();
        if constexpr (isOptionalKey<Key>) {
            // Nothing asked for yet (a figure computed on request): it computes nothing.
            if (!key) return Step::None;
        }
        if (pending_ ? *pending_ == key : shown_ == key) return Step::None;
        if (shown_ == key) {  // back to what is on screen: the job for another key is stale
            stop(false);
            return Step::None;
        }
        if (stopped_ == key) return Step::None;
        stopped_.reset();
        if (job() == nullptr) {
            Result result = compute_(key, Execution{});
            shown_ = key;
            draw_(key, result);
            drawn_(this);
            return Step::Drawn;
        }
        pending_ = key;
        job()->start(
            [this, key, compute = compute_](const Execution& exec) -> LatestJob::Apply {
                // Shared: an Apply is copyable; draw may move parts out of the result.
                auto result = std::make_shared<Result>(compute(key, exec));
                return [this, key, result] {
                    pending_.reset();
                    shown_ = key;
                    draw_(key, *result);
                    drawn_(this);
                };
            },
            threads_);
        return Step::Started;
    }

    void stop(bool remember) override {
        if (!pending_) return;
        if (remember) stopped_ = pending_;
        pending_.reset();
        job()->cancel();
    }

    void jobEnded() override { pending_.reset(); }

    int threads_;
    KeyFn key_;
    ComputeFn compute_;
    DrawFn draw_;
    std::optional<Key> shown_;    // the key of what the plots show
    std::optional<Key> pending_;  // the key the running job computes
    std::optional<Key> stopped_;  // the key whose job the user stopped
};

}  // namespace ropelab::ui
