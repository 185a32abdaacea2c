// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/parameter_flags.h"

#include <algorithm>
#include <vector>

#include "cli/rope_flags.h"

namespace ropelab::cli {

std::string flagOf(std::string_view parameter) {
    if (const RopeFieldInfo* field = ropeFieldByKey(parameter)) {
        const RopeFlag& row = ropeFlag(field->id);
        // A switch's flag says the opposite value (--no-truncate); the value is still truncate.
        if (!row.valueName.empty()) return std::string(row.flag);
    }
    std::string flag = "--" + std::string(parameter);
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::string flagMessage(const ParameterProblem& problem) {
    std::string message = describe(problem, flagOf);
    // Where to look, and what works instead, for a device backend this machine lacks.
    if (problem.parameter == "backend" && problem.rule == Rule::Unavailable) {
        message += " (see `ropelab-cli backends`; use --backend auto or cpu)";
    }
    return message;
}

std::string flagMessage(const ResourceError& error) {
    std::string message = error.what();
    if (!error.problem()) return message;
    const std::vector<std::string>& fewer = error.problem()->fewer;
    for (std::size_t i = 0; i < fewer.size(); ++i) {
        message += (i == 0 ? ": ask for fewer " : " or ") + flagOf(fewer[i]);
    }
    return message;
}

}  // namespace ropelab::cli
