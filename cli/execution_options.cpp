// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/execution_options.h"

#include <algorithm>
#include <thread>

namespace ropelab::cli {

OptionSpec threadsOption() {
    return {"--threads", "N", "worker threads (default: the machine's hardware threads)"};
}

Execution executionFromArgs(const Args& args) {
    const auto hardware =
        static_cast<std::int64_t>(std::max(1u, std::thread::hardware_concurrency()));
    Execution exec;
    exec.threads = static_cast<int>(args.integerOr("--threads", hardware, 1, 4096));
    return exec;
}

}  // namespace ropelab::cli
