// SPDX-License-Identifier: GPL-3.0-or-later
// Bad input for every ropelab-cli command and for the config.json loader: each must end with
// exit status 2 and exactly one stderr line that names the problem, print nothing on stdout (no
// half table), never die by a signal and never hang (output that cannot be written is exit 1).
// The commands come from `ropelab-cli --help`, so a new command without a row here fails.
//
// Three layers: a generic matrix (every value option of every command × malformed values) run
// in-process through cli::run, the same function the binary's main calls; a table of specific bad
// inputs run through the real binary (signals, deadline, peak memory); and generated bad
// config.json files through the binary.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/command.h"
#include "cli_process.h"

namespace {

namespace fs = std::filesystem;
using ropelab::hardening::describe;
using ropelab::hardening::ProcessResult;
using ropelab::hardening::runCliProcess;
using Args = std::vector<std::string>;

// A small valid invocation of each command; bad inputs are appended to it (the last occurrence
// of an option wins), so the error must come from the bad option and nothing else.
const std::map<std::string, Args>& baselines() {
    static const std::map<std::string, Args> table = {
        {"inv-freq", {"--head-dim", "8"}},
        {"rope-apply", {"--vector", "1,0,0,1", "--positions", "0:3"}},
        {"sinusoidal", {"--dim", "4", "--positions", "0:3"}},
        {"t5-bucket", {"--relative", "-3:3"}},
        {"alibi-slopes", {"--heads", "4"}},
        {"decay-bound", {"--head-dim", "8", "--distances", "0:5"}},
        {"learned-absolute", {"--dim", "4", "--positions", "0:3"}},
        {"score-curve",
         {"--q", "ones", "--k", "ones", "--head-dim", "8", "--distances", "0:5", "--threads", "1"}},
        {"invariance", {"--length", "8", "--head-dim", "8", "--threads", "1"}},
        {"heatmap", {"--length", "16", "--grid", "4", "--head-dim", "8", "--threads", "1"}},
        {"decay", {"--head-dim", "8", "--distances", "0:5", "--samples", "2", "--threads", "1"}},
        {"spiral", {"--head-dim", "8", "--positions", "0:5", "--threads", "1"}},
        {"bands", {"--head-dim", "8"}},
        {"precision", {"--head-dim", "8", "--positions", "0:5", "--threads", "1"}},
        {"bench",
         {"score-curve", "--q", "ones", "--k", "ones", "--head-dim", "8", "--distances", "0:5",
          "--threads", "1", "--repeat", "1"}},
        {"backends", {}},
        {"conventions", {"--head-dim", "8"}},
        {"layout-permutation", {"--head-dim", "8", "--heads", "2"}},
        {"kv-cache",
         {"--head-dim", "8", "--rope-type", "dynamic", "--factor", "2", "--max-position-embeddings",
          "8", "--prompt-length", "6", "--generate", "4", "--threads", "1"}},
        {"lens",
         {"--model", ROPELAB_SOURCE_DIR "/tests/core/weights/data/tiny_llama", "--threads", "1"}},
        // The training lab (where it is built): tiny models, a few steps.
        {"train",
         {"--layers", "1", "--width", "8", "--heads", "2", "--train-length", "6", "--steps", "2",
          "--batch", "2", "--threads", "1", "--out",
          (fs::temp_directory_path() / "ropelab_bad_input_train.safetensors").string()}},
        {"evaluate",
         {"--model", ROPELAB_SOURCE_DIR "/tests/fuzz/corpus/training_model/tiny_rope.safetensors",
          "--count", "2", "--threads", "1"}},
        {"experiment",
         {"--encodings", "rope", "--layers", "1", "--width", "8", "--heads", "2", "--train-length",
          "6", "--steps", "2", "--batch", "2", "--count", "2", "--threads", "1"}},
    };
    return table;
}

Args invocation(const std::string& command, const Args& extra) {
    Args args{command};
    const Args& base = baselines().at(command);
    args.insert(args.end(), base.begin(), base.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

std::string joined(const Args& args) {
    std::string text;
    for (const std::string& arg : args) text += (text.empty() ? "'" : " '") + arg + "'";
    return text;
}

// Exactly one line, prefixed with the tool and command, naming `mention`.
void expectOneClearLine(const std::string& err, const std::string& command,
                        const std::string& mention, const std::string& context) {
    ASSERT_FALSE(err.empty()) << context << ": nothing on stderr";
    EXPECT_EQ(err.back(), '\n') << context;
    EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << context << ": " << err;
    const std::string prefix = "ropelab-cli" + (command.empty() ? "" : " " + command) + ": ";
    EXPECT_EQ(err.rfind(prefix, 0), 0u) << context << ": " << err;
    EXPECT_NE(err.find(mention), std::string::npos)
        << context << ": the message should name " << mention << ", got " << err;
    EXPECT_EQ(err.find("internal error"), std::string::npos) << context << ": " << err;
}

struct InProcess {
    int status = -1;
    std::string out, err;
};

InProcess runInProcess(const Args& args) {
    std::ostringstream out, err;
    InProcess result;
    result.status = ropelab::cli::run(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

void expectRefusedInProcess(const Args& args, const std::string& mention) {
    const InProcess result = runInProcess(args);
    const std::string context = joined(args);
    EXPECT_EQ(result.status, 2) << context << " → " << result.err;
    EXPECT_TRUE(result.out.empty()) << context << ": printed " << result.out.substr(0, 200);
    expectOneClearLine(result.err, args.front(), mention, context);
}

void expectRefusedByBinary(const Args& args, const std::string& mention,
                           const std::string& command) {
    const ProcessResult result = runCliProcess(args);
    const std::string context = describe(args, result);
    ASSERT_FALSE(result.timedOut) << context;
    ASSERT_TRUE(result.exited) << context;
    EXPECT_EQ(result.status, 2) << context;
    EXPECT_TRUE(result.out.empty()) << context << ": printed " << result.out.substr(0, 200);
    expectOneClearLine(result.err, command, mention, context);
}

std::vector<std::string> commandsFromHelp() {
    const ProcessResult help = runCliProcess({"--help"});
    EXPECT_TRUE(help.exited && help.status == 0) << describe({"--help"}, help);
    std::vector<std::string> names;
    std::istringstream lines(help.out);
    bool inCommands = false;
    for (std::string line; std::getline(lines, line);) {
        if (line == "Commands:") {
            inCommands = true;
        } else if (inCommands && line.rfind("  ", 0) == 0) {
            names.push_back(line.substr(2, line.find(' ', 2) - 2));
        } else if (inCommands) {
            break;
        }
    }
    return names;
}

TEST(BadInputTable, EveryCommandInHelpHasAWorkingBaseline) {
    const std::vector<std::string> commands = commandsFromHelp();
    ASSERT_GE(commands.size(), 16u);
    for (const std::string& command : commands) {
        ASSERT_TRUE(baselines().count(command))
            << "ropelab-cli " << command << " has no bad-input baseline in this test: add one";
        const InProcess result = runInProcess(invocation(command, {}));
        EXPECT_EQ(result.status, 0) << joined(invocation(command, {})) << " → " << result.err;
        EXPECT_FALSE(result.out.empty()) << command;
    }
}

// Values no option accepts: empty, non-finite, overflowing, and malformed RANGEs and LISTs.
const std::vector<std::string>& malformedValues() {
    static const std::vector<std::string> values = {
        "", "nan", "inf", "-inf", "1e999", "a,b", "1,,2", ":", "1:2:0", "::", "\xff\xfe", "1;2",
    };
    return values;
}

TEST(BadInputTable, EveryValueOptionOfEveryCommandRefusesMalformedValues) {
    int cases = 0;
    for (const ropelab::cli::Command& command : ropelab::cli::allCommands()) {
        std::vector<ropelab::cli::OptionSpec> options = command.options;
        options.push_back({"--format", "csv|json", ""});
        for (const ropelab::cli::OptionSpec& option : options) {
            if (option.valueName.empty()) continue;
            for (const std::string& value : malformedValues()) {
                expectRefusedInProcess(invocation(command.name, {option.name, value}), option.name);
                ++cases;
            }
            // The value missing altogether.
            expectRefusedInProcess(invocation(command.name, {option.name}), option.name);
            ++cases;
        }
        // Flags given a value, unknown options and stray words.
        for (const ropelab::cli::OptionSpec& option : command.options) {
            if (!option.valueName.empty()) continue;
            expectRefusedInProcess(invocation(command.name, {option.name + "=1"}), option.name);
            ++cases;
        }
        if (!command.runTokens) {
            expectRefusedInProcess(invocation(command.name, {"--no-such-option", "1"}),
                                   "--no-such-option");
            expectRefusedInProcess(invocation(command.name, {"stray"}), "stray");
            cases += 2;
        }
    }
    EXPECT_GT(cases, 1000);
}

struct BadRow {
    Args extra;           // appended to the command's baseline
    std::string mention;  // what the one stderr line must name
};

// Bad inputs with meaning: out-of-range numbers, wrong shapes, sizes beyond memory.
const std::map<std::string, std::vector<BadRow>>& specificRows() {
    static const std::map<std::string, std::vector<BadRow>> table = {
        {"inv-freq",
         {{{"--head-dim", "63"}, "--head-dim"},
          {{"--head-dim", "0"}, "--head-dim"},
          {{"--head-dim", "-2"}, "--head-dim"},
          {{"--head-dim", "2097152"}, "--head-dim"},
          {{"--head-dim", "99999999999999999999"}, "--head-dim"},
          {{"--head-dim", "64.0"}, "--head-dim"},
          {{"--head-dim", "0x40"}, "--head-dim"},
          {{"--rope-theta", "1"}, "--rope-theta"},
          {{"--rope-theta", "0.5"}, "--rope-theta"},
          {{"--rope-theta", "-10000"}, "--rope-theta"},
          {{"--rope-type", "linear", "--factor", "0.5"}, "--factor"},
          {{"--rope-type", "linear", "--factor", "-2"}, "--factor"},
          {{"--rope-type", "yarn"}, "--factor"},
          {{"--rope-type", "dynamic", "--factor", "2", "--head-dim", "2"}, "dynamic"},
          {{"--rope-type", "longrope"}, "--short-factor"},
          {{"--rope-type", "longrope", "--short-factor", "1"}, "--short-factor"},
          {{"--rope-type", "longrope", "--short-factor", "1,1,1,0"}, "--short-factor"},
          {{"--rope-type", "sideways"}, "--rope-type"},
          {{"--partial-rotary-factor", "0"}, "--partial-rotary-factor"},
          {{"--partial-rotary-factor", "1.5"}, "--partial-rotary-factor"},
          {{"--partial-rotary-factor", "0.1"}, "--partial-rotary-factor"},
          {{"--max-position-embeddings", "0"}, "--max-position-embeddings"},
          {{"--original-max-position-embeddings", "-1"}, "--original-max-position-embeddings"},
          {{"--seq-len", "-1"}, "--seq-len"},
          {{"--rope-type", "yarn", "--factor", "4", "--beta-fast", "0"}, "--beta-fast"},
          {{"--rope-type", "yarn", "--factor", "4", "--mscale", "-1"}, "--mscale"},
          {{"--rope-type", "yarn", "--factor", "4", "--attention-factor", "0"},
           "--attention-factor"},
          {{"--rope-type", "llama3", "--low-freq-factor", "0"}, "--low-freq-factor"},
          {{"--rope-type", "llama3", "--high-freq-factor", "0.5"}, "--high-freq-factor"},
          {{"--rope-type", "linear", "--factor", "1e308", "--rope-theta", "1e308"}, "inv_freq"},
          {{"--config", "/nonexistent/config.json"}, "--config"},
          {{"--config", "/"}, "--config"}}},
        {"rope-apply",
         {{{"--positions", "-1"}, "--positions"},
          {{"--positions", "0:1e15"}, "--positions"},
          {{"--vector", "1,2,3"}, "--vector"},
          {{"--vector", "1,2", "--head-dim", "4"}, "--vector"},
          {{"--layout", "diagonal"}, "--layout"}}},
        {"sinusoidal",
         {{{"--dim", "3"}, "--dim"},
          {{"--dim", "0"}, "--dim"},
          {{"--dim", "-4"}, "--dim"},
          {{"--dim", "2000000000"}, "--dim"},
          {{"--base", "1"}, "--base"},
          {{"--base", "0"}, "--base"},
          {{"--positions", "-1"}, "--positions"},
          {{"--dim", "100000", "--positions", "0:100000"}, "output"}}},
        {"t5-bucket",
         {{{"--relative", "1.5"}, "--relative"},
          {{"--relative", "0:1e15"}, "--relative"},
          {{"--relative", "99999999999999999"}, "--relative"},
          {{"--num-buckets", "0"}, "--num-buckets"},
          {{"--num-buckets", "1"}, "--num-buckets"},
          {{"--max-distance", "0"}, "--max-distance"}}},
        {"alibi-slopes",
         {{{"--heads", "0"}, "--heads"},
          {{"--heads", "-1"}, "--heads"},
          {{"--heads", "1.5"}, "--heads"},
          {{"--heads", "1048577"}, "--heads"}}},
        {"decay-bound",
         {{{"--distances", "-1"}, "--distances"},
          {{"--distances", "0:1e15"}, "--distances"},
          {{"--head-dim", "7"}, "--head-dim"}}},
        {"learned-absolute",
         {{{"--positions", "5000"}, "--max-len must be > 5000, got 1024"},
          {{"--positions", "-1"}, "--positions must be >= 0, got -1"},
          {{"--dim", "0"}, "--dim"},
          {{"--max-len", "0"}, "--max-len"},
          {{"--seed", "-1"}, "--seed"},
          {{"--dim", "2000000000"}, "output"}}},
        {"score-curve",
         {{{"--q", "1,2", "--k", "1,2,3"}, "--q"},
          {{"--q", "1,2,3", "--k", "ones", "--head-dim", "8"}, "--q must have 8 values, got 3"},
          {{"--q", "random:x"}, "--q"},
          {{"--q", "random:-1"}, "--q"},
          {{"--encoding", "bogus"}, "--encoding"},
          {{"--layout", "bogus"}, "--layout"},
          {{"--threads", "0"}, "--threads"},
          {{"--threads", "5000"}, "--threads"},
          {{"--distances", "0:1000000000000000"}, "output"},
          {{"--distances", "0:1.5"}, "--distances"},
          {{"--distances", "5:5"}, "--distances"},
          {{"--encoding", "alibi", "--heads", "8", "--head", "9"}, "--head"},
          {{"--encoding", "learned", "--distances", "0:5000"},
           "--max-len must be > 4999, got 2048"},
          {{"--encoding", "sinusoidal", "--base", "1"}, "--base"},
          {{"--key-position", "1e20"}, "--key-position"},
          {{"--backend", "quantum"}, "--backend"}}},
        {"invariance",
         {{{"--length", "0"}, "--length"},
          {{"--length", "-1"}, "--length"},
          {{"--length", "1000000000000"}, "memory"},
          {{"--seed", "-1"}, "--seed"}}},
        {"heatmap",
         {{{"--grid", "0"}, "--grid"},
          {{"--grid", "4x0"}, "--grid"},
          {{"--grid", "4x"}, "--grid"},
          {{"--grid", "x4"}, "--grid"},
          {{"--grid", "32"}, "--grid"},
          {{"--grid", "2147483648"}, "--grid"},
          {{"--pool", "avg"}, "--pool"},
          {{"--length", "0"}, "--length"},
          {{"--length", "100000000000"}, "memory"},
          {{"--length", "100000000", "--grid", "2"}, "memory"},
          {{"--seed", "-1"}, "--seed"}}},
        {"decay",
         {{{"--samples", "0"}, "--samples"},
          {{"--samples", "2000000"}, "--samples"},
          {{"--distances", "0:1000000000000000"}, "output"}}},
        {"spiral",
         {{{"--positions", "1,2"}, "--positions"},
          {{"--positions", "0:1000000000000000"}, "output"},
          {{"--coords", "1,2"}, "--coords"},
          {{"--coords", "0,1,999"}, "999"},
          {{"--pairs", "1"}, "--pairs"},
          {{"--helix", "--pairs", "999"}, "999"},
          {{"--vector", "1,2,3"}, "--vector"}}},
        {"bands",
         {{{"--context-length", "0"}, "--context-length"},
          {{"--context-length", "-1"}, "--context-length"}}},
        {"precision",
         {{{"--pairs", "999"}, "999"},
          {{"--pairs", "-1"}, "--pairs"},
          {{"--positions", "0:1000000000000000"}, "output"}}},
        {"conventions",
         {{{"--layout", "diagonal"}, "--layout"},
          {{"--ntk-alpha", "0.5"}, "--ntk-alpha"},
          {{"--rope-freq-scale", "0"}, "--rope-freq-scale"},
          {{"--gguf", "/nonexistent/model.gguf"}, "--gguf"},
          {{"--gguf", "/"}, "--gguf"}}},
        {"layout-permutation",
         {{{"--head-dim", "7"}, "--head-dim"},
          {{"--heads", "0"}, "--heads"},
          {{"--heads", "1000000", "--head-dim", "128"}, "--heads"}}},
        {"kv-cache",
         {{{"--prompt-length", "0"}, "--prompt-length"},
          {{"--generate", "-3"}, "--generate"},
          {{"--prompt-length", "16000000", "--generate", "1000000"}, "--prompt-length"},
          {{"--prompt-length", "1000000", "--generate", "1000"}, "pair terms"}}},
        {"lens",
         {{{"--layers", "2"}, "--layers"},
          {{"--heads", "0:5"}, "--heads"},
          {{"--distances", "0:4"}, "--profile"},
          {{"--profile"}, "--distances"},
          {{"--profile", "--distances", "0:20000000"}, "--distances"},
          {{"--model", "/nonexistent/model.safetensors"}, "/nonexistent/model.safetensors"},
          {{"--model", ROPELAB_SOURCE_DIR "/README.md"}, "README.md"},
          {{"--model", ROPELAB_SOURCE_DIR "/tests/fuzz/corpus/safetensors/overlap.safetensors"},
           "overlaps"},
          {{"--model",
            ROPELAB_SOURCE_DIR "/tests/fuzz/corpus/safetensors/header_too_large.safetensors"},
           "header claims"},
          {{"--model", ROPELAB_SOURCE_DIR "/tests/fuzz/corpus/gguf_tensors/overlap_q8_0.gguf"},
           "overlaps"},
          {{"--model", ROPELAB_SOURCE_DIR "/tests/fuzz/corpus/gguf_tensors/truncated.gguf"},
           "truncated.gguf"}}},
        {"train",
         {{{"--heads", "3"}, "multiple of --heads"},
          {{"--layers", "9"}, "--layers"},
          {{"--train-length", "2"}, "--train-length"},
          {{"--steps", "0"}, "--steps"},
          {{"--lr", "2"}, "--lr"},
          {{"--encoding", "xpos"}, "--encoding"},
          {{"--batch", "512", "--train-length", "1024", "--width", "512", "--heads", "8"}, "MiB"},
          {{"--out", "/nonexistent/dir/m.safetensors"}, "/nonexistent/dir"},
          {{"--text", "/nonexistent/text.txt"}, "--text"},
          {{"--text", "/"}, "--text"},
          {{"--from", ROPELAB_SOURCE_DIR "/LICENSE"}, "--from"},
          {{"--factor", "2"}, "--factor"}}},
        {"evaluate",
         {{{"--lengths", "1"}, "--lengths"},
          {{"--lengths", "9000"}, "--lengths"},
          {{"--model", "/nonexistent.safetensors"}, "--model"},
          {{"--model", ROPELAB_SOURCE_DIR "/README.md"}, "--model"},
          {{"--head-dim", "8"}, "--head-dim"},
          {{"--rope-type", "yarn"}, "--factor"},
          {{"--sequences", "/nonexistent.txt"}, "--count does not go with --sequences"},
          {{"--task", "text"}, "vocabulary"}}},
        {"experiment",
         {{{"--encodings", "rope,xpos"}, "--encodings"},
          {{"--seeds", "-1"}, "--seeds"},
          {{"--width", "7"}, "multiple of --heads"}}},
    };
    return table;
}

TEST(BadInputTable, SpecificBadInputsThroughTheBinary) {
    std::set<std::string> covered;
    for (const auto& [command, rows] : specificRows()) {
        covered.insert(command);
        for (const BadRow& row : rows) {
            expectRefusedByBinary(invocation(command, row.extra), row.mention, command);
        }
    }
    // Every computing command has rows; bench, backends are covered below.
    for (const std::string& command : commandsFromHelp()) {
        if (command == "bench" || command == "backends") continue;
        EXPECT_TRUE(covered.count(command)) << command << " has no specific bad-input rows";
    }
}

TEST(BadInputTable, ToolLevelAndBenchMistakesThroughTheBinary) {
    expectRefusedByBinary({}, "no command", "");
    expectRefusedByBinary({"frobnicate"}, "frobnicate", "");
    expectRefusedByBinary({"help", "frobnicate"}, "frobnicate", "");
    expectRefusedByBinary({"bench"}, "COMMAND", "bench");
    expectRefusedByBinary({"bench", "--repeat", "3"}, "COMMAND", "bench");
    expectRefusedByBinary({"bench", "frobnicate"}, "frobnicate", "bench");
    expectRefusedByBinary(invocation("bench", {"--repeat", "0"}), "--repeat", "bench");
    expectRefusedByBinary({"bench", "score-curve", "--k", "ones"}, "--q", "bench");
    expectRefusedByBinary({"bench", "heatmap", "--length", "8", "--grid", "0"}, "--grid", "bench");
    expectRefusedByBinary({"backends", "stray"}, "stray", "backends");
}

// An echoed value cannot break the one-line promise: newlines and escapes become spaces, and the
// middle of a huge value is left out while the option and the allowed values stay.
TEST(BadInputTable, HugeAndControlCharacterValuesStayOneShortLine) {
    const std::string huge(100000, 'x');
    const std::vector<std::pair<Args, std::string>> cases = {
        {invocation("inv-freq", {"--rope-type", huge}), "must be one of default"},
        {invocation("rope-apply", {"--positions", huge}), "--positions"},
        {invocation("score-curve", {"--distances", "0:" + huge}), "--distances"},
        {invocation("inv-freq", {"--rope-type", "yarn\n\x1b[31mred\r"}), "--rope-type"},
        {invocation("t5-bucket", {"--relative", "1\n2"}), "--relative"},
        {{"frob\nnicate"}, "frob nicate"},
        {{"help", huge}, ", backends"},  // the end of the command list survives the cut
    };
    for (const auto& [args, mention] : cases) {
        const ProcessResult result = runCliProcess(args);
        const std::string context = describe(args, result);
        ASSERT_TRUE(result.exited) << context;
        EXPECT_EQ(result.status, 2) << context;
        const bool toolLevel =
            args.front() == "help" || args.front().find('\n') != args.front().npos;
        expectOneClearLine(result.err, toolLevel ? "" : args.front(), mention, context);
        EXPECT_LT(result.err.size(), 1000u) << context;
        EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << context;
        EXPECT_EQ(result.err.find('\r'), std::string::npos) << context;
    }
}

// Output that cannot be written (a full disk: /dev/full) is exit 1 with one line, never a
// silent success with a truncated table.
TEST(BadInputTable, AFullDiskIsAFailureNotATruncatedSuccess) {
    for (const Args& args : {invocation("score-curve", {"--distances", "0:100000"}),
                             invocation("inv-freq", {"--format", "json"}), Args{"--help"}}) {
        const std::string command = "exec \"$0\" \"$@\" > /dev/full";
        Args shellArgs = {"-c", command, ROPELAB_CLI_PATH};
        shellArgs.insert(shellArgs.end(), args.begin(), args.end());
        const ProcessResult result =
            ropelab::hardening::runProcess("/bin/bash", shellArgs, std::chrono::seconds(10));
        const std::string context = describe(args, result);
        ASSERT_TRUE(result.exited) << context;
        EXPECT_EQ(result.status, 1) << context;
        expectOneClearLine(result.err, args.front(), "could not write the output", context);
        EXPECT_NE(result.err.find("No space left on device"), std::string::npos) << context;
    }
}

// Refusals of sizes beyond memory happen before the allocation: the refused process stays small.
TEST(BadInputTable, HugeSizesAreRefusedBeforeAllocating) {
    const std::vector<std::pair<Args, std::string>> huge = {
        {invocation("heatmap", {"--length", "100000000", "--grid", "2"}), "GiB"},
        {invocation("heatmap", {"--length", "20000", "--grid", "20000"}), "1e9"},
        {invocation("invariance", {"--length", "1000000000"}), "GiB"},
        {invocation("spiral", {"--positions", "0:1000000000000000"}), "1e9"},
        {invocation("score-curve", {"--distances", "0:1000000000000000"}), "1e9"},
        {invocation("precision", {"--positions", "0:1000000000000000"}), "1e9"},
        {invocation("decay", {"--distances", "0:1000000000000000"}), "1e9"},
        {invocation("rope-apply", {"--positions", "0:1e15"}), "10000000"},
        {invocation("t5-bucket", {"--relative", "0:1000000000000000"}), "10000000"},
        {invocation("sinusoidal", {"--dim", "100000", "--positions", "0:100000"}), "MB"},
    };
    for (const auto& [args, mention] : huge) {
        const ProcessResult result = runCliProcess(args);
        const std::string context = describe(args, result);
        ASSERT_TRUE(result.exited) << context;
        EXPECT_EQ(result.status, 2) << context;
        expectOneClearLine(result.err, args.front(), mention, context);
        EXPECT_LT(result.maxRssKb, 256 * 1024) << context << ": the refusal allocated first";
    }
}

// A scratch folder of generated config.json files, removed at the end.
class ConfigFiles : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = fs::temp_directory_path() / ("ropelab_bad_configs_" + std::to_string(getpid()));
        fs::create_directories(dir_);
    }
    static void TearDownTestSuite() { fs::remove_all(dir_); }

    static std::string write(const std::string& name, const std::string& bytes) {
        const fs::path path = dir_ / name;
        std::ofstream(path, std::ios::binary) << bytes;
        return path.string();
    }

    static fs::path dir_;
};

fs::path ConfigFiles::dir_;

std::string repeated(const std::string& unit, std::size_t count) {
    std::string text;
    text.reserve(unit.size() * count);
    for (std::size_t i = 0; i < count; ++i) text += unit;
    return text;
}

TEST_F(ConfigFiles, BadFilesAreRefusedWithOneLineNamingTheFile) {
    const std::vector<std::pair<std::string, std::string>> files = {
        {"empty.json", ""},
        {"truncated.json", R"({"head_dim": 64, "rope_sca)"},
        {"garbage.json", std::string("\x00\x01\xff\xfe{}[]\"\\", 11)},
        {"not_object.json", "[64]"},
        {"string.json", "\"config\""},
        {"nan_literal.json", R"({"head_dim": 64, "rope_theta": NaN})"},
        {"overflow.json", R"({"head_dim": 64, "rope_theta": 1e999})"},
        {"bad_utf8.json", "{\"head_dim\": 64, \"rope_scaling\": {\"type\": \"\xc3\x28\"}}"},
        {"deep_arrays.json", repeated("[", 100000) + repeated("]", 100000)},
        {"deep_scaling.json", R"({"head_dim": 64, "rope_scaling": )" + repeated("[", 100000) +
                                  repeated("]", 100000) + "}"},
        {"unclosed_deep.json", repeated("{\"a\":", 100000)},
        {"huge_garbage.json", "{\"head_dim\": 64, " + repeated("x", 8 << 20)},
        {"head_dim_string.json", R"({"head_dim": "64"})"},
        {"head_dim_odd.json", R"({"head_dim": 63})"},
        {"head_dim_fraction.json", R"({"head_dim": 64.5})"},
        {"head_dim_huge.json", R"({"head_dim": 1e15})"},
        {"heads_zero.json", R"({"hidden_size": 4096, "num_attention_heads": 0})"},
        {"heads_odd_dim.json", R"({"hidden_size": 99, "num_attention_heads": 3})"},
        {"missing_dims.json", R"({"rope_theta": 10000})"},
        {"theta_bool.json", R"({"head_dim": 64, "rope_theta": true})"},
        {"theta_one.json", R"({"head_dim": 64, "rope_theta": 1})"},
        {"scaling_string.json", R"({"head_dim": 64, "rope_scaling": "yarn"})"},
        {"factor_string.json",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": "4"}})"},
        {"factor_below_one.json",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": 0.5}})"},
        {"unknown_type.json", R"({"head_dim": 64, "rope_scaling": {"rope_type": "warp"}})"},
        {"type_number.json", R"({"head_dim": 64, "rope_scaling": {"rope_type": 7}})"},
        {"short_factor_text.json",
         R"({"head_dim": 4, "rope_scaling": {"rope_type": "longrope", "short_factor": [1, "a"]}})"},
        {"truncate_number.json",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": "yarn", "factor": 4, "truncate": 1}})"},
        {"max_pos_negative.json", R"({"head_dim": 64, "max_position_embeddings": -5})"},
        {"type_huge.json",
         R"({"head_dim": 64, "rope_scaling": {"rope_type": ")" + repeated("x", 100000) + "\"}}"},
        {"type_newline.json", R"({"head_dim": 64, "rope_scaling": {"rope_type": "a\nb\u001b"}})"},
    };
    for (const auto& [name, bytes] : files) {
        const std::string path = write(name, bytes);
        const Args args = invocation("inv-freq", {"--config", path});
        expectRefusedByBinary(args, path, "inv-freq");
        EXPECT_LT(runCliProcess(args).err.size(), 1000u) << name;
    }
    // Through a computing command too: the loader's refusal wins over the computation.
    expectRefusedByBinary(invocation("score-curve", {"--config", write("o.json", "[")}), "o.json",
                          "score-curve");
    // Not a file at all.
    expectRefusedByBinary(invocation("inv-freq", {"--config", dir_.string()}), dir_.string(),
                          "inv-freq");
    expectRefusedByBinary(invocation("inv-freq", {"--config", (dir_ / "absent.json").string()}),
                          "absent.json", "inv-freq");
}

TEST_F(ConfigFiles, UnknownKeysAndLargeValidFilesAreAccepted) {
    // HF configs carry dozens of keys we do not use; they must not be errors.
    const std::string unknown = write(
        "unknown_keys.json",
        R"({"head_dim": 64, "architectures": ["X"], "vocab_size": 32000, "zzz": {"a": [1]}})");
    const ProcessResult known = runCliProcess(invocation("inv-freq", {"--config", unknown}));
    EXPECT_TRUE(known.exited && known.status == 0) << describe({"--config", unknown}, known);
    const std::string large =
        write("large.json", "{\"head_dim\": 64, \"padding\": \"" + repeated("x", 8 << 20) + "\"}");
    const ProcessResult big = runCliProcess(invocation("inv-freq", {"--config", large}));
    EXPECT_TRUE(big.exited && big.status == 0) << describe({"--config", large}, big);
}

}  // namespace
