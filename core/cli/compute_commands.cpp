// Commands of core/compute (owned by the GPU helper: backends, device checks).
// Add a function per command and list it below; see command.h for the framework API.

#include "cli/command.h"

namespace ropelab::cli {

std::vector<Command> computeCommands() {
    return {};
}

}  // namespace ropelab::cli
