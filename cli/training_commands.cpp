// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/command.h"

namespace ropelab::cli {

std::vector<Command> trainingCommands() {
    return {};
}

}  // namespace ropelab::cli
