#pragma once
// ropelab-cli: every command, Qt-free, callable in-process (tests) or from the thin main.

#include <iosfwd>
#include <string>
#include <vector>

namespace ropelab::cli {

// Runs one invocation (args without the program name). Returns the exit status:
// 0 on success, 2 on bad input with one clear line written to err.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace ropelab::cli
