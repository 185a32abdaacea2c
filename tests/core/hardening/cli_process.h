// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs the real ropelab-cli binary as a child process with a deadline, and reports how it ended
// (exit status or signal), what it printed, how long it took and its peak resident memory.

#include <chrono>
#include <string>
#include <vector>

namespace ropelab::hardening {

struct ProcessResult {
    bool exited = false;  // ended by exit(), not by a signal or our kill
    int status = -1;      // exit status when exited
    int signal = 0;       // the signal that ended it, if any
    bool timedOut = false;
    std::string out;
    std::string err;
    double seconds = 0.0;
    long maxRssKb = 0;  // the child's peak resident set (getrusage ru_maxrss)
};

// Runs `program args...` with stdout/stderr captured and the given extra environment entries
// ("NAME=value"); kills it (SIGKILL) when it runs past timeout.
ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout,
                         const std::vector<std::string>& extraEnvironment = {});

// The same for ROPELAB_CLI_PATH.
ProcessResult runCliProcess(const std::vector<std::string>& args,
                            std::chrono::milliseconds timeout = std::chrono::seconds(10),
                            const std::vector<std::string>& extraEnvironment = {});

// A short description for failure messages: the command line, how it ended and its stderr.
std::string describe(const std::vector<std::string>& args, const ProcessResult& result,
                     const std::string& program = "ropelab-cli");

}  // namespace ropelab::hardening
