// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// ropelab-cli: every command, Qt-free, callable in-process (tests) or from the thin main.

#include <iosfwd>
#include <string>
#include <vector>

namespace ropelab::cli {

// Runs one invocation (args without the program name). Returns the exit status:
// 0 on success, 2 on bad input with one clear line written to err, 1 when out could not be
// written (a full disk) or on an internal error, also with one line on err.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace ropelab::cli
