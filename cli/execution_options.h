// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// --threads N, shared by the commands that run in parallel.

#include "cli/args.h"
#include "common/execution.h"

namespace ropelab::cli {

OptionSpec threadsOption();

// Execution with --threads (default: the machine's hardware threads, at least 1).
Execution executionFromArgs(const Args& args);

}  // namespace ropelab::cli
