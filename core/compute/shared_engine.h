// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One ComputeEngine reused by jobs on any thread (OpenCL compiles its program once per engine): a
// job holds it for its whole run, so a stopping job and its successor never share it.

#include <memory>
#include <mutex>
#include <utility>

#include "compute/compute_engine.h"

namespace ropelab {

class SharedEngine {
public:
    // work(engine) on the engine for `choice`, made anew when the choice changed; waits while
    // another job holds it.
    template <class Work>
    decltype(auto) use(BackendChoice choice, Work&& work) {
        std::lock_guard lock(mutex_);
        if (!engine_ || engine_->choice() != choice) {
            engine_ = std::make_unique<ComputeEngine>(choice);
        }
        return std::forward<Work>(work)(*engine_);
    }

private:
    std::mutex mutex_;
    std::unique_ptr<ComputeEngine> engine_;
};

}  // namespace ropelab
