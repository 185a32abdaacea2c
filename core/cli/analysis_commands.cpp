// Commands of core/analysis (owned by the analysis helper: score curves, heatmaps, `bench`).
// Add a function per command and list it below; see command.h for the framework API.

#include "cli/command.h"

namespace ropelab::cli {

std::vector<Command> analysisCommands() {
    return {};
}

}  // namespace ropelab::cli
