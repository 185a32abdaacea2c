// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/command.h"

namespace ropelab::cli {

std::vector<Command> weightsCommands() {
    return {};
}

}  // namespace ropelab::cli
