// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// --backend auto|cpu|opencl|cuda for every sweep command (score-curve, heatmap, bench …):
//   command.options.push_back(backendOptionSpec());
//   ComputeEngine engine(backendChoiceFromArgs(args));      // InputError (exit 2) if unavailable
//   const auto result = engine.ropeScoreCurves(...);
//   if (result.fallback) reportBackendNote(args, fallbackNote(*result.fallback), err);

#include <ostream>
#include <string>

#include "cli/args.h"
#include "compute/compute_engine.h"

namespace ropelab::cli {

inline OptionSpec backendOptionSpec() {
    return {"--backend", "auto|cpu|opencl|cuda",
            "compute backend (default auto: a GPU for large jobs, else the CPU; see backends)"};
}

inline BackendChoice backendChoiceFromArgs(const Args& args) {
    return parseBackendChoice(args.value("--backend").value_or("auto"));
}

// Why the engine computed on the CPU, in English: "opencl failed (…); computed on the CPU
// instead".
std::string fallbackNote(const BackendFallback& fallback);

// One line on err when a job ran on the CPU instead of the backend asked for.
inline void reportBackendNote(const Args& args, const std::string& note, std::ostream& err) {
    if (!note.empty()) err << "ropelab-cli " << args.command() << ": " << note << '\n';
}

}  // namespace ropelab::cli
