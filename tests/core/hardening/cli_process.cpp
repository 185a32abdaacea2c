// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

extern char** environ;

namespace ropelab::hardening {

namespace {

std::string readAndRemove(const std::string& path) {
    std::string text;
    {
        std::ifstream stream(path, std::ios::binary);
        text.assign(std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>());
    }
    std::remove(path.c_str());
    return text;
}

std::string temporaryPath(const char* stem) {
    std::string path = std::string("/tmp/ropelab_hardening_") + stem + "_XXXXXX";
    const int fd = mkstemp(path.data());
    if (fd >= 0) close(fd);
    return path;
}

}  // namespace

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout,
                         const std::vector<std::string>& extraEnvironment) {
    ProcessResult result;
    const std::string outPath = temporaryPath("out");
    const std::string errPath = temporaryPath("err");

    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    std::vector<std::string> environment(extraEnvironment);
    for (char** entry = environ; *entry != nullptr; ++entry) environment.emplace_back(*entry);
    std::vector<char*> envp;
    for (std::string& entry : environment) envp.push_back(entry.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outPath.c_str(), O_WRONLY | O_TRUNC,
                                     0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errPath.c_str(), O_WRONLY | O_TRUNC,
                                     0);
    pid_t pid = -1;
    const auto start = std::chrono::steady_clock::now();
    const int spawned =
        posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) {
        result.err = "posix_spawn failed for " + program;
        std::remove(outPath.c_str());
        std::remove(errPath.c_str());
        return result;
    }

    int status = 0;
    rusage usage{};
    for (;;) {
        const pid_t done = wait4(pid, &status, WNOHANG, &usage);
        if (done == pid) break;
        if (std::chrono::steady_clock::now() - start > timeout) {
            kill(pid, SIGKILL);
            wait4(pid, &status, 0, &usage);
            result.timedOut = true;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.maxRssKb = usage.ru_maxrss;
    if (!result.timedOut && WIFEXITED(status)) {
        result.exited = true;
        result.status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
    }
    result.out = readAndRemove(outPath);
    result.err = readAndRemove(errPath);
    return result;
}

ProcessResult runCliProcess(const std::vector<std::string>& args, std::chrono::milliseconds timeout,
                            const std::vector<std::string>& extraEnvironment) {
    return runProcess(ROPELAB_CLI_PATH, args, timeout, extraEnvironment);
}

std::string describe(const std::vector<std::string>& args, const ProcessResult& result,
                     const std::string& program) {
    std::ostringstream text;
    text << program;
    for (const std::string& arg : args) text << " '" << arg.substr(0, 80) << "'";
    if (result.timedOut) {
        text << " → timed out";
    } else if (result.exited) {
        text << " → exit " << result.status;
    } else {
        text << " → signal " << result.signal;
    }
    text << " after " << result.seconds << " s, stderr: " << result.err.substr(0, 400);
    return text.str();
}

}  // namespace ropelab::hardening
