// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/cli.h"

#include "cli/parameter_flags.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <exception>
#include <new>
#include <ostream>
#include <sstream>

#include "cli/command.h"
#include "cli/parameter_flags.h"
#include "common/build_info.h"
#include "common/errors.h"

namespace ropelab::cli {

namespace {

constexpr const char* toolName = "ropelab-cli";

std::string toolHelp(const std::vector<Command>& commands) {
    std::ostringstream text;
    text << "Usage: " << toolName << " COMMAND [options] [--format csv|json]\n\n"
         << "RoPE Lab's numbers from the command line: positional encodings computed exactly as\n"
         << "the published implementations (HuggingFace transformers, Meta llama, T5, ALiBi).\n\n"
         << "Commands:\n";
    std::size_t width = 0;
    for (const Command& command : commands) width = std::max(width, command.name.size());
    for (const Command& command : commands) {
        text << "  " << command.name << std::string(width - command.name.size() + 2, ' ')
             << command.summary << '\n';
    }
    text << "\nOutput: CSV with a header row (default), or with --format json one object whose\n"
         << "keys are the columns (arrays of numbers) and scalar results.\n"
         << "RANGE is A:B or A:B:STEP (half-open, like Python); LIST is comma-separated numbers.\n"
         << "Exit status: 0 on success, 2 on bad input (one line on stderr).\n\n"
         << "Run '" << toolName << " COMMAND --help' for a command's options, '" << toolName
         << " --version' for the version.\n";
    return text.str();
}

// Keeps the promise of one short line on stderr whatever the message holds: control characters
// (a newline or escape inside an echoed value) become spaces, and the middle of a huge echoed
// value is left out, keeping the start (the option) and the end (the allowed values).
std::string oneLine(std::string text) {
    for (char& c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    }
    constexpr std::size_t kHead = 400;
    constexpr std::size_t kTail = 200;
    if (text.size() <= kHead + kTail + 40) return text;
    const auto continuation = [&](std::size_t i) {
        return (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80;  // inside a UTF-8 character
    };
    std::size_t headEnd = kHead;
    while (headEnd > 0 && continuation(headEnd)) --headEnd;
    std::size_t tailBegin = text.size() - kTail;
    while (tailBegin < text.size() && continuation(tailBegin)) ++tailBegin;
    return text.substr(0, headEnd) + " [... " + std::to_string(tailBegin - headEnd) +
           " bytes left out ...] " + text.substr(tailBegin);
}

const Command* findCommand(const std::vector<Command>& commands, const std::string& name) {
    for (const Command& command : commands) {
        if (command.name == name) return &command;
    }
    return nullptr;
}

std::string commandList(const std::vector<Command>& commands) {
    std::string names;
    for (const Command& command : commands) {
        if (!names.empty()) names += ", ";
        names += command.name;
    }
    return names;
}

}  // namespace

std::vector<Command> allCommands() {
    std::vector<Command> commands = encodingCommands();
    for (std::vector<Command> more :
         {analysisCommands(), computeCommands(), weightsCommands(), trainingCommands()}) {
        for (Command& command : more) commands.push_back(std::move(command));
    }
    return commands;
}

std::string commandHelp(const Command& command) {
    std::vector<OptionSpec> options = command.options;
    options.push_back({"--format", "csv|json", "output format (default csv)"});
    options.push_back({"--help", "", "show this help"});
    std::ostringstream text;
    text << "Usage: " << toolName << ' ' << command.name << " [options]\n\n"
         << command.summary << "\n\n";
    if (!command.description.empty()) text << command.description << "\n\n";
    text << "Options:\n";
    std::vector<std::string> heads;
    std::size_t width = 0;
    for (const OptionSpec& option : options) {
        heads.push_back(option.valueName.empty() ? option.name
                                                 : option.name + ' ' + option.valueName);
        width = std::max(width, heads.back().size());
    }
    for (std::size_t i = 0; i < options.size(); ++i) {
        text << "  " << heads[i] << std::string(width - heads[i].size() + 2, ' ') << options[i].help
             << '\n';
    }
    return text.str();
}

namespace {

int runCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::string prefix = toolName;
    try {
        const std::vector<Command> commands = allCommands();
        if (args.empty()) {
            err << toolName << ": no command given; run '" << toolName << " --help'\n";
            return 2;
        }
        const std::string& name = args.front();
        if (name == "--version") {
            out << versionLine() << '\n';
            return 0;
        }
        if (name == "--help" || name == "-h" || name == "help") {
            if (args.size() >= 2 && name == "help") {
                const Command* command = findCommand(commands, args[1]);
                if (command == nullptr) {
                    err << toolName << ": "
                        << oneLine("unknown command '" + args[1] +
                                   "'; commands: " + commandList(commands))
                        << '\n';
                    return 2;
                }
                out << commandHelp(*command);
                return 0;
            }
            out << toolHelp(commands);
            return 0;
        }
        const Command* command = findCommand(commands, name);
#ifndef ROPELAB_WITH_TRAINING
        // The training lab's commands in a build that leaves it out: why, not "unknown".
        if (command == nullptr && (name == "train" || name == "evaluate" || name == "experiment")) {
            err << toolName << ": " << name
                << " needs the training lab, which this build leaves out (built without "
                   "libtorch-dev, or with -DROPELAB_WITH_TRAINING=OFF)\n";
            return 2;
        }
#endif
        if (command == nullptr) {
            err << toolName << ": "
                << oneLine("unknown command '" + name + "'; commands: " + commandList(commands))
                << '\n';
            return 2;
        }
        prefix += ' ' + command->name;
        // --help wins over every other problem on the line, so scan for it first.
        const std::vector<std::string> rest(args.begin() + 1, args.end());
        if (std::find(rest.begin(), rest.end(), "--help") != rest.end() ||
            std::find(rest.begin(), rest.end(), "-h") != rest.end()) {
            out << commandHelp(*command);
            return 0;
        }
        if (command->runTokens) return command->runTokens(rest, out, err);
        const Args parsed(command->name, rest, command->options);
        parsed.format();  // reject a bad --format before any work
        return command->run(parsed, out, err);
    } catch (const ParameterError& error) {
        err << prefix << ": " << oneLine(flagMessage(error.problem())) << '\n';
        return 2;
    } catch (const InputError& error) {
        err << prefix << ": " << oneLine(error.what()) << '\n';
        return 2;
    } catch (const ResourceError& error) {
        err << prefix << ": " << oneLine(flagMessage(error)) << '\n';
        return 2;
    } catch (const std::bad_alloc&) {
        err << prefix << ": out of memory; ask for fewer values\n";
        return 2;
    } catch (const std::exception& error) {
        err << prefix << ": internal error: " << oneLine(error.what()) << '\n';
        return 1;
    } catch (...) {
        err << prefix << ": internal error\n";
        return 1;
    }
}

}  // namespace

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const int status = runCommand(args, out, err);
    // A full disk or a closed output must not pass for success with half a table written.
    out.flush();
    if (status == 0 && !out) {
        const int error = errno;
        err << toolName << (args.empty() ? "" : " " + oneLine(args.front()))
            << ": could not write the output"
            << (error != 0 ? std::string(" (") + std::strerror(error) + ")" : std::string())
            << '\n';
        return 1;
    }
    return status;
}

}  // namespace ropelab::cli
