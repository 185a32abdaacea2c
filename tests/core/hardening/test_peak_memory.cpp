// SPDX-License-Identifier: GPL-3.0-or-later
// The largest sweeps the app and CLI allow stay within the memory they announce: the real
// binary's peak resident set is at most the estimate its memory check uses (core's requireMemory
// formulas) plus what the same program needs for a tiny run of the same command.
#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

#include "cli_process.h"

namespace ropelab::hardening {
namespace {

using Args = std::vector<std::string>;

constexpr double kMiB = 1024.0 * 1024.0;

double peakMiB(const Args& args) {
    const ProcessResult result = runCliProcess(args, std::chrono::seconds(300));
    EXPECT_TRUE(result.exited && result.status == 0) << describe(args, result);
    return static_cast<double>(result.maxRssKb) / 1024.0;
}

struct Case {
    const char* what;
    Args largest;
    Args tiny;  // the same command, a negligible size: the program's own footprint
    double estimateBytes;
};

TEST(PeakMemory, LargestSweepsStayWithinTheirEstimate) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine inflate the resident set";
#endif
    const Args curve = {"bench",     "score-curve", "--q",       "random:1", "--k",
                        "random:2",  "--head-dim",  "128",       "--repeat", "1",
                        "--backend", "cpu",         "--threads", "2"};
    const Args heatmap = {"bench",    "heatmap", "--head-dim", "128", "--grid",    "512x512",
                          "--repeat", "1",       "--backend",  "cpu", "--threads", "2"};
    const auto with = [](Args args, std::initializer_list<std::string> more) {
        args.insert(args.end(), more);
        return args;
    };
    const double n = 65536.0, d = 128.0, grid = 512.0 * 512.0;
    const std::vector<Case> cases = {
        // The sweeps lesson's longest curve: one double per distance.
        {"score curve, 2^24 distances", with(curve, {"--distances", "0:16777216"}),
         with(curve, {"--distances", "0:16"}), 8.0 * 16777216.0},
        // Its largest heat map: q and k at every position (2·8·N·d) and the mean-pooling state.
        {"heat map, N = 65536, mean", with(heatmap, {"--length", "65536"}),
         with(heatmap, {"--length", "16", "--grid", "16x16"}),
         2.0 * 8.0 * n * d + 8.0 * (2.0 * grid + 1024.0 * d + 2.0 * n)},
    };
    for (const Case& c : cases) {
        const double footprint = peakMiB(c.tiny);
        const double peak = peakMiB(c.largest);
        const double allowed = footprint + c.estimateBytes / kMiB + 16.0;
        std::cout << c.what << ": peak RSS " << peak << " MiB, estimate " << c.estimateBytes / kMiB
                  << " MiB + program " << footprint << " MiB\n";
        RecordProperty(c.what, std::to_string(peak) + " MiB");
        EXPECT_LE(peak, allowed) << c.what;
        // And the estimate is not wildly pessimistic either: the work really is that big.
        EXPECT_GE(peak, footprint + 0.5 * c.estimateBytes / kMiB) << c.what;
    }
}

}  // namespace
}  // namespace ropelab::hardening
