// SPDX-License-Identifier: GPL-3.0-or-later
// The RoPE lens in-process, for tools/bench_lens.py: opens a model, computes the whole usage
// table (every layer and head) with core's Execution, and prints one CSV line
// seconds,weights_mb,mb_per_s,peak_rss_mib — the process's peak resident memory (getrusage), so
// what ropelab-cli loads besides core (its libraries) is not counted.
//   bench_lens MODEL [THREADS]

#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "common/execution.h"
#include "weights/qk_model.h"
#include "weights/rope_lens.h"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_lens MODEL [THREADS]\n");
        return 2;
    }
    try {
        const auto start = std::chrono::steady_clock::now();
        const ropelab::QkModel model(argv[1]);
        ropelab::Execution exec;
        exec.threads = argc > 2 ? std::atoi(argv[2]) : 2;
        const ropelab::LensResult result = ropelab::ropeLens(model, {}, exec);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        const double mb = static_cast<double>(result.weightBytes) / 1e6;
        std::printf("%.3f,%.0f,%.0f,%.0f\n", seconds, mb, mb / seconds,
                    static_cast<double>(usage.ru_maxrss) / 1024.0);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "bench_lens: %s\n", error.what());
        return 2;
    }
    return 0;
}
