// SPDX-License-Identifier: GPL-3.0-or-later
// The CLI framework in-process: option parsing, RANGE/LIST/number parsing, table output, help.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string_view>

#include "cli/cli.h"
#include "cli/command.h"
#include "cli/parameter_flags.h"
#include "cli/rope_flags.h"
#include "cli/rope_options.h"
#include "common/errors.h"
#include "encodings/rope_fields.h"
#include "tests/core/encodings/rope_field_sample.h"

namespace ropelab::cli {
namespace {

TEST(CliParsing, RangeIsHalfOpenLikePython) {
    EXPECT_EQ(parseRange("0:4", "--x"), (std::vector<double>{0, 1, 2, 3}));
    EXPECT_EQ(parseRange("1:10:3", "--x"), (std::vector<double>{1, 4, 7}));
    EXPECT_EQ(parseRange("5:0:-2", "--x"), (std::vector<double>{5, 3, 1}));
    EXPECT_EQ(parseRange("0:1:0.25", "--x"), (std::vector<double>{0, 0.25, 0.5, 0.75}));
    EXPECT_EQ(parseIntegerRangeOrList("-3:3:2", "--x"), (std::vector<std::int64_t>{-3, -1, 1}));
    EXPECT_EQ(parseIntegerRangeOrList("4,-2", "--x"), (std::vector<std::int64_t>{4, -2}));
}

TEST(CliParsing, MalformedRangesAndListsAreInputErrors) {
    for (const char* text : {"1:", ":3", "1:2:", "1:2:3:4", "a:3", "1:3:0", "3:1", "0:1:-1"}) {
        EXPECT_THROW(parseRange(text, "--positions"), InputError) << text;
    }
    for (const char* text : {"", "1,,2", "1,", ",1", "1;2", "x"}) {
        EXPECT_THROW(parseList(text, "--vector"), InputError) << text;
    }
    EXPECT_THROW(parseIntegerRangeOrList("0:2.5", "--relative"), InputError);
    EXPECT_THROW(parseIntegerRangeOrList("1.5", "--relative"), InputError);
    EXPECT_THROW(parseRange("0:1e9", "--positions"), ResourceError);
}

TEST(CliParsing, NumbersRejectNanInfAndGarbage) {
    EXPECT_EQ(parseNumber("1e4", "--b"), 10000.0);
    EXPECT_EQ(parseNumber("-0.5", "--b"), -0.5);
    EXPECT_EQ(parseNumber("+2", "--b"), 2.0);
    for (const char* text : {"nan", "inf", "-inf", "1e999", "", "1.0x", "0x10", "ten"}) {
        EXPECT_THROW(parseNumber(text, "--b"), InputError) << text;
    }
    EXPECT_EQ(parseInteger("12", "--n"), 12);
    EXPECT_THROW(parseInteger("12.5", "--n"), InputError);
    EXPECT_THROW(parseInteger("0", "--n", 1, 10), InputError);
    try {
        parseNumber("abc", "--rope-theta");
        ADD_FAILURE();
    } catch (const InputError& error) {
        EXPECT_STREQ(error.what(), "--rope-theta: expected a number, got 'abc'");
    }
}

TEST(CliParsing, ArgsRejectUnknownOptionsAndKeepOrder) {
    const std::vector<OptionSpec> specs = {{"--dim", "D", ""}, {"--causal", "", ""}};
    const Args args("demo", {"--dim", "4", "--causal", "--dim=6"}, specs);
    EXPECT_EQ(args.value("--dim"), "6");
    EXPECT_TRUE(args.has("--causal"));
    EXPECT_EQ(args.entries().size(), 3u);
    EXPECT_THROW(Args("demo", {"--bogus"}, specs), InputError);
    EXPECT_THROW(Args("demo", {"--dim"}, specs), InputError);
    EXPECT_THROW(Args("demo", {"--causal=1"}, specs), InputError);
    EXPECT_THROW(Args("demo", {"stray"}, specs), InputError);
    // A value may start with a dash: negative numbers and ranges.
    EXPECT_EQ(Args("demo", {"--dim", "-4"}, specs).value("--dim"), "-4");
}

TEST(CliParsing, ConfigPrecedenceFollowsTheCommandLineOrder) {
    const std::string config =
        std::string(ROPELAB_SOURCE_DIR) + "/tests/data/configs/llama3_1_8b.json";
    const std::vector<OptionSpec> specs = ropeOptionSpecs();
    const RopeParams after =
        ropeParamsFromArgs(Args("x", {"--config", config, "--rope-theta", "10000"}, specs));
    EXPECT_EQ(after.ropeTheta, 10000.0);
    EXPECT_EQ(after.ropeType, RopeType::Llama3);
    const RopeParams before =
        ropeParamsFromArgs(Args("x", {"--rope-theta", "10000", "--config", config}, specs));
    EXPECT_EQ(before.ropeTheta, 500000.0);
    const RopeParams seqLen =
        ropeParamsFromArgs(Args("x", {"--seq-len", "9000", "--config", config}, specs));
    EXPECT_EQ(seqLen.seqLen, 9000);
}

TEST(CliParsing, TableWritesCsvAndJson) {
    Table table;
    table.addColumn("i", std::vector<std::int64_t>{0, 1});
    table.addColumn("v", std::vector<double>{0.1, 1.0 / 3.0});
    table.addScalar("s", 2.5);
    std::ostringstream csv;
    table.write(csv, OutputFormat::Csv);
    EXPECT_EQ(csv.str(), "i,v\n0,0.1\n1,0.3333333333333333\n");
    std::ostringstream json;
    table.write(json, OutputFormat::Json);
    EXPECT_EQ(json.str(), "{\"i\":[0,1],\"v\":[0.1,0.3333333333333333],\"s\":2.5}\n");
    EXPECT_THROW(table.addColumn("w", std::vector<double>{1.0}), std::invalid_argument);
}

TEST(CliParsing, RunReportsOneLineAndExitCodes) {
    std::ostringstream out, err;
    EXPECT_EQ(run({"inv-freq", "--head-dim", "4"}, out, err), 0);
    EXPECT_EQ(out.str(),
              "pair,inv_freq,wavelength\n0,1,6.283185307179586\n1,0.01,628.3185307179587\n");
    EXPECT_TRUE(err.str().empty());
    std::ostringstream out2, err2;
    EXPECT_EQ(run({"inv-freq", "--head-dim", "5"}, out2, err2), 2);
    EXPECT_TRUE(out2.str().empty());
    EXPECT_EQ(err2.str(), "ropelab-cli inv-freq: --head-dim must be even, got 5\n");
}

TEST(CliParsing, EveryCommandHasHelp) {
    for (const Command& command : allCommands()) {
        std::ostringstream out, err;
        EXPECT_EQ(run({command.name, "--help"}, out, err), 0) << command.name;
        EXPECT_NE(out.str().find("Usage: ropelab-cli " + command.name), std::string::npos);
        EXPECT_NE(out.str().find("--format"), std::string::npos);
        EXPECT_FALSE(command.summary.empty()) << command.name;
    }
    std::ostringstream out, err;
    EXPECT_EQ(run({"--help"}, out, err), 0);
    for (const char* name :
         {"inv-freq", "rope-apply", "sinusoidal", "t5-bucket", "alibi-slopes", "decay-bound"}) {
        EXPECT_NE(out.str().find(name), std::string::npos) << name;
    }
}

// The CLI's columns of the parameter table: every field has one flag of its own, with help.
TEST(CliParsing, EveryTableFieldHasOneFlagOfItsOwnWithHelp) {
    std::set<std::string_view> flags;
    EXPECT_EQ(ropeFlags().size(), ropeFields().size());
    for (const RopeFieldInfo& field : ropeFields()) {
        const RopeFlag& row = ropeFlag(field.id);
        EXPECT_TRUE(flags.insert(row.flag).second) << row.flag;
        EXPECT_EQ(ropeFieldByFlag(row.flag), &field);
        EXPECT_TRUE(row.flag.starts_with("--")) << row.flag;
        EXPECT_FALSE(row.help.empty()) << field.key;
    }
    EXPECT_EQ(ropeFieldByFlag("--config"), nullptr);
}

// Every field of the parameter table is a CLI option with its help, and parses back.
TEST(CliParsing, EveryTableFieldIsAnOptionThatRoundTrips) {
    const RopeParams sample = samples::everyFieldSample();
    const std::vector<OptionSpec> specs = ropeOptionSpecs();
    std::vector<std::string> tokens;
    for (const RopeFieldInfo& field : ropeFields()) {
        const RopeFlag& row = ropeFlag(field.id);
        const auto spec = std::find_if(specs.begin(), specs.end(),
                                       [&](const OptionSpec& s) { return s.name == row.flag; });
        ASSERT_NE(spec, specs.end()) << row.flag;
        EXPECT_EQ(spec->valueName, row.valueName);
        EXPECT_TRUE(spec->help.starts_with(row.help)) << spec->help;
        tokens.emplace_back(row.flag);
        std::visit(
            [&](auto member) {
                const auto& value = sample.*member;
                using T = std::remove_cvref_t<decltype(value)>;
                if constexpr (std::is_same_v<T, RopeType>) {
                    tokens.emplace_back(toString(value));
                } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                    std::string list;
                    for (double v : value) list += (list.empty() ? "" : ",") + formatDouble(v);
                    tokens.push_back(list);
                } else if constexpr (std::is_same_v<T, std::optional<int>> ||
                                     std::is_same_v<T, std::optional<double>>) {
                    tokens.push_back(formatDouble(*value));
                } else if constexpr (!std::is_same_v<T, bool>) {
                    tokens.push_back(formatDouble(value));
                }
            },
            field.member);
    }
    EXPECT_NE(std::find(tokens.begin(), tokens.end(), "--no-truncate"), tokens.end());
    EXPECT_EQ(ropeParamsFromArgs(Args("inv-freq", tokens, specs)), sample);
}

// One output-size rule for every command (encodings and analyses alike).
TEST(CliParsing, OutputSizeIsOneRule) {
    EXPECT_NO_THROW(requireOutputCells(1000, 3));
    try {
        requireOutputCells(1e5, 1e4 + 1);
        ADD_FAILURE() << "1.0001e9 numbers accepted";
    } catch (const ResourceError& error) {
        EXPECT_NE(std::string(error.what()).find("at most 1e9 are printed"), std::string::npos)
            << error.what();
    }
    std::string pairs = "0";
    for (int i = 1; i < 128; ++i) pairs += "," + std::to_string(i);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sinusoidal", "--dim", "100000", "--positions", "0:100000"},
          std::vector<std::string>{"spiral", "--head-dim", "256", "--positions", "0:9999999",
                                   "--helix", "--pairs", pairs}}) {
        std::ostringstream out, err;
        EXPECT_EQ(run(args, out, err), 2) << args.front();
        EXPECT_NE(err.str().find("at most 1e9 are printed"), std::string::npos) << err.str();
    }
}

TEST(CliParsing, CoreParameterIdsBecomeFlags) {
    EXPECT_EQ(flagOf("rope_theta"), "--rope-theta");
    EXPECT_EQ(flagOf("original_max_position_embeddings"), "--original-max-position-embeddings");
    EXPECT_EQ(flagOf("prompt_length"), "--prompt-length");
    EXPECT_EQ(flagOf("grid"), "--grid");
    ParameterProblem problem("high_freq_factor", Rule::GreaterThanOther, 2, 4);
    problem.other = "low_freq_factor";
    EXPECT_EQ(flagMessage(problem), "--high-freq-factor must be > --low-freq-factor (4), got 2");
    ParameterProblem frequency("rope_theta", Rule::FrequencyOutOfRange, 0, 1);
    frequency.other = "factor";
    EXPECT_EQ(flagMessage(frequency),
              "these RoPE parameters give inv_freq 0 for pair 1; use a smaller --factor or "
              "--rope-theta");
    ResourceProblem terms(Demand::KvCacheScoring);
    terms.budget = Budget::PairTerms;
    terms.needed = 2e9;
    terms.limit = 1e8;
    terms.fewer = {"generate", "prompt_length"};
    EXPECT_EQ(flagMessage(ResourceError(terms)),
              "scoring every cached key at every step would take 2e+09 pair terms; at most 1e+08 "
              "are allowed: ask for fewer --generate or --prompt-length");
    // A refusal the command line words itself has no parameters to name.
    EXPECT_EQ(flagMessage(ResourceError("too much")), "too much");
}

}  // namespace
}  // namespace ropelab::cli
