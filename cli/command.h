// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The ropelab-cli command framework. A command is a value: its name, help text, the options it
// accepts and a function that runs it. Each core folder contributes its commands through one
// function below; cli.cpp collects them, parses the command line and handles --help and errors.
//
// Adding a command (e.g. in cli/analysis_commands.cpp):
//
//   Command scoreCurve() {
//       Command command;
//       command.name = "score-curve";
//       command.summary = "RoPE attention score against distance";      // one line, tool help
//       command.description = "Prints columns distance,score ...";        // command help
//       command.options = ropeOptionSpecs();                               // rope_options.h
//       command.options.push_back({"--distances", "RANGE|LIST", "distances m-n (required)"});
//       command.run = [](const Args& args, std::ostream& out, std::ostream& err) {
//           const RopeParams params = ropeParamsFromArgs(args);           // InputError if bad
//           const std::vector<double> d = parseRangeOrList(args.required("--distances"),
//                                                          "--distances");
//           Table table;                                                   // table_output.h
//           table.addColumn("distance", d);
//           table.addColumn("score", ...);
//           table.write(out, args.format());
//           return 0;
//       };
//       return command;
//   }
//   std::vector<Command> analysisCommands() { return {scoreCurve()}; }
//
// Rules the framework enforces, so commands need not:
// - Options not in `options` (plus --format and --help, added by the framework) are rejected
//   before run is called; so is an option with a missing value or a flag given a value.
// - `ropelab-cli NAME --help` prints the generated help (usage, description, options) and exits 0.
// - run throws InputError (common/errors.h) for bad input: cli::run prints
//   "ropelab-cli NAME: <what()>" as ONE line on err and exits 2. Messages must be one line and
//   name the option and the allowed values. ResourceError is reported the same way (exit 2);
//   any other exception is an internal error (exit 1). run returns the exit status (0 = success).
// - Compute everything before writing to out, so a failure never leaves half a table.

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "cli/args.h"

namespace ropelab::cli {

struct Command {
    std::string name;         // e.g. "inv-freq"
    std::string summary;      // one line for `ropelab-cli --help`
    std::string description;  // paragraphs for `ropelab-cli NAME --help`: what it prints
    std::vector<OptionSpec> options;
    std::function<int(const Args& args, std::ostream& out, std::ostream& err)> run;
    // Set instead of run by a command that parses its own tokens (all after its name), such as
    // `bench COMMAND [that command's options]`; errors are reported as for run.
    std::function<int(const std::vector<std::string>& tokens, std::ostream& out, std::ostream& err)>
        runTokens;
};

// Commands of each folder, in the order they appear in the tool's help.
std::vector<Command> encodingCommands();  // cli/encoding_commands.cpp
std::vector<Command> analysisCommands();  // cli/analysis_commands.cpp
std::vector<Command> computeCommands();   // cli/compute_commands.cpp
// conventions, layout-permutation, kv-cache (cli/clinic_commands.cpp); listed after the
// analysis commands.
std::vector<Command> clinicCommands();
std::vector<Command> weightsCommands();   // lens (cli/weights_commands.cpp)
std::vector<Command> trainingCommands();  // train, evaluate, experiment (cli/training_commands.cpp)

// Every command of the tool, collected from the functions above.
std::vector<Command> allCommands();

// The text `ropelab-cli NAME --help` prints.
std::string commandHelp(const Command& command);

}  // namespace ropelab::cli
