// SPDX-License-Identifier: GPL-3.0-or-later
// The real ropelab-cli binary against the contract: CSV headers and values, JSON shape, help,
// and exit 2 with exactly one stderr line for bad input. Numbers are the known answers of the
// core tests (Python 3 double transcriptions of HF transformers / the reference code).

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "common/build_info.h"

namespace {

struct CliResult {
    int status = -1;
    std::string out;
    std::string err;
};

CliResult runCli(const std::string& arguments) {
    char errPath[] = "/tmp/ropelab_cli_stderr_XXXXXX";
    const int fd = mkstemp(errPath);
    close(fd);
    const std::string command =
        std::string("'") + ROPELAB_CLI_PATH + "' " + arguments + " 2>'" + errPath + "'";
    CliResult result;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr) return result;
    std::array<char, 4096> buffer{};
    std::size_t count = 0;
    while ((count = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
        result.out.append(buffer.data(), count);
    }
    const int status = pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream errFile(errPath);
    std::ostringstream errText;
    errText << errFile.rdbuf();
    result.err = errText.str();
    std::remove(errPath);
    return result;
}

std::string config(const std::string& name) {
    return std::string("'") + ROPELAB_SOURCE_DIR + "/tests/data/configs/" + name + "'";
}

std::vector<std::vector<std::string>> csvRows(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        std::vector<std::string> cells;
        std::istringstream cellStream(line);
        std::string cell;
        while (std::getline(cellStream, cell, ',')) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

double number(const std::string& cell) {
    return std::stod(cell);
}

void expectBadInput(const std::string& arguments, const std::string& fragment) {
    const CliResult result = runCli(arguments);
    EXPECT_EQ(result.status, 2) << arguments;
    EXPECT_TRUE(result.out.empty()) << arguments;
    ASSERT_FALSE(result.err.empty()) << arguments;
    EXPECT_EQ(result.err.back(), '\n') << arguments;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "more than one line: " << result.err;
    EXPECT_NE(result.err.find(fragment), std::string::npos)
        << arguments << " → " << result.err << " (expected to mention " << fragment << ")";
}

TEST(CliBinary, InvFreqCsv) {
    const CliResult result = runCli("inv-freq --head-dim 128 --rope-theta 10000");
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_TRUE(result.err.empty());
    const auto rows = csvRows(result.out);
    ASSERT_EQ(rows.size(), 65u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"pair", "inv_freq", "wavelength"}));
    EXPECT_EQ(rows[2][0], "1");
    EXPECT_EQ(number(rows[2][1]), 0.8659643233600653);  // 10000^(-2/128), round-trip exact
    EXPECT_DOUBLE_EQ(number(rows[2][2]), 2 * M_PI / 0.8659643233600653);
}

TEST(CliBinary, InvFreqJsonHasColumnsAndAttentionFactor) {
    const CliResult result = runCli(
        "inv-freq --rope-type yarn --factor 4 --original-max-position-embeddings 4096 "
        "--format json");
    ASSERT_EQ(result.status, 0) << result.err;
    const nlohmann::json json = nlohmann::json::parse(result.out);
    ASSERT_TRUE(json.is_object());
    ASSERT_EQ(json["pair"].size(), 64u);
    ASSERT_EQ(json["inv_freq"].size(), 64u);
    ASSERT_EQ(json["wavelength"].size(), 64u);
    EXPECT_EQ(json["inv_freq"][21].get<double>(), 0.047292038501684786);
    EXPECT_EQ(json["attention_factor"].get<double>(), 1.138629436111989);  // 0.1 ln 4 + 1
}

TEST(CliBinary, InvFreqFromConfigWithOverride) {
    const CliResult llama =
        runCli("inv-freq --config " + config("llama3_1_8b.json") + " --format json");
    ASSERT_EQ(llama.status, 0) << llama.err;
    const nlohmann::json json = nlohmann::json::parse(llama.out);
    EXPECT_EQ(json["inv_freq"][31].get<double>(), 0.0008567514129196321);  // Meta apply_scaling
    const CliResult overridden = runCli("inv-freq --config " + config("llama3_1_8b.json") +
                                        " --rope-type default --rope-theta 10000 --format json");
    ASSERT_EQ(overridden.status, 0) << overridden.err;
    EXPECT_EQ(nlohmann::json::parse(overridden.out)["inv_freq"][1].get<double>(),
              0.8659643233600653);
    const CliResult neox = runCli("inv-freq --config " + config("gpt_neox_20b.json"));
    ASSERT_EQ(neox.status, 0) << neox.err;
    EXPECT_EQ(csvRows(neox.out).size(), 13u);  // rotary dim 24: 12 pairs + header
}

TEST(CliBinary, RopeApplyBothLayoutsAndPartialRotary) {
    const CliResult half = runCli("rope-apply --head-dim 4 --vector 1,2,3,4 --positions 0:3");
    ASSERT_EQ(half.status, 0) << half.err;
    const auto rows = csvRows(half.out);
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"position", "x0", "x1", "x2", "x3"}));
    EXPECT_EQ(rows[1], (std::vector<std::string>{"0", "1", "2", "3", "4"}));
    // Position 2, half-split pairs (0, 2) with θ 1 and (1, 3) with θ 0.01.
    EXPECT_DOUBLE_EQ(number(rows[3][1]), 1 * std::cos(2.0) - 3 * std::sin(2.0));
    EXPECT_DOUBLE_EQ(number(rows[3][3]), 3 * std::cos(2.0) + 1 * std::sin(2.0));
    EXPECT_DOUBLE_EQ(number(rows[3][2]), 2 * std::cos(0.02) - 4 * std::sin(0.02));
    // Interleaved with the permuted vector gives the permuted result.
    const CliResult inter = runCli(
        "rope-apply --head-dim 4 --layout interleaved --vector 1,3,2,4 --positions 2 "
        "--format json");
    ASSERT_EQ(inter.status, 0) << inter.err;
    const nlohmann::json json = nlohmann::json::parse(inter.out);
    EXPECT_EQ(json["x0"][0].get<double>(), number(rows[3][1]));
    EXPECT_EQ(json["x1"][0].get<double>(), number(rows[3][3]));
    EXPECT_EQ(json["x2"][0].get<double>(), number(rows[3][2]));
    EXPECT_EQ(json["x3"][0].get<double>(), number(rows[3][4]));
    // Partial rotary: the last half passes through.
    const CliResult partial = runCli(
        "rope-apply --head-dim 8 --partial-rotary-factor 0.5 --vector 1,2,3,4,5,6,7,8 "
        "--positions 5");
    ASSERT_EQ(partial.status, 0) << partial.err;
    const auto partialRows = csvRows(partial.out);
    EXPECT_EQ(std::vector<std::string>(partialRows[1].begin() + 5, partialRows[1].end()),
              (std::vector<std::string>{"5", "6", "7", "8"}));
}

TEST(CliBinary, Sinusoidal) {
    const CliResult result = runCli("sinusoidal --dim 8 --positions 3");
    ASSERT_EQ(result.status, 0) << result.err;
    const auto rows = csvRows(result.out);
    EXPECT_EQ(rows[0].size(), 9u);
    EXPECT_EQ(rows[0][8], "x7");
    EXPECT_EQ(number(rows[1][1]), 0.1411200080598672);  // sin 3
    EXPECT_EQ(number(rows[1][4]), 0.955336489125606);   // cos(3/10000^(2/8))
}

TEST(CliBinary, T5BucketEdges) {
    const CliResult result = runCli("t5-bucket --relative -64,-32,-16,16,32,64,200 --format json");
    ASSERT_EQ(result.status, 0) << result.err;
    const nlohmann::json json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json["relative_position"], nlohmann::json({-64, -32, -16, 16, 32, 64, 200}));
    EXPECT_EQ(json["bucket"], nlohmann::json({14, 12, 10, 26, 28, 30, 31}));
    const CliResult causal = runCli("t5-bucket --causal --relative -64,-32,-16,5");
    ASSERT_EQ(causal.status, 0) << causal.err;
    const auto rows = csvRows(causal.out);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"relative_position", "bucket"}));
    EXPECT_EQ(rows[1][1], "26");
    EXPECT_EQ(rows[2][1], "21");
    EXPECT_EQ(rows[3][1], "16");
    EXPECT_EQ(rows[4][1], "0");
}

TEST(CliBinary, AlibiSlopes) {
    const CliResult result = runCli("alibi-slopes --heads 12");
    ASSERT_EQ(result.status, 0) << result.err;
    const auto rows = csvRows(result.out);
    ASSERT_EQ(rows.size(), 13u);
    EXPECT_EQ(rows[0], (std::vector<std::string>{"head", "slope"}));
    EXPECT_EQ(rows[1], (std::vector<std::string>{"1", "0.5"}));
    EXPECT_EQ(rows[9], (std::vector<std::string>{"9", "0.7071067811865476"}));
}

TEST(CliBinary, DecayBound) {
    const CliResult result = runCli("decay-bound --distances 0:101:10 --format json");
    ASSERT_EQ(result.status, 0) << result.err;
    const nlohmann::json json = nlohmann::json::parse(result.out);
    ASSERT_EQ(json["distance"].size(), 11u);
    EXPECT_EQ(json["bound"][0].get<double>(), 32.5);
    EXPECT_NEAR(json["bound"][1].get<double>(), 17.95413713708483, 1e-12);
}

TEST(CliBinary, Help) {
    const CliResult tool = runCli("--help");
    EXPECT_EQ(tool.status, 0);
    EXPECT_NE(tool.out.find("decay-bound"), std::string::npos);
    const CliResult command = runCli("rope-apply --help");
    EXPECT_EQ(command.status, 0);
    EXPECT_NE(command.out.find("--layout half|interleaved"), std::string::npos);
}

TEST(CliBinary, VersionIsTheProjectVersion) {
    const CliResult result = runCli("--version");
    EXPECT_EQ(result.status, 0);
    EXPECT_EQ(result.out, ropelab::versionLine() + "\n");
    EXPECT_TRUE(std::regex_match(result.out, std::regex("RoPE Lab [0-9]+\\.[0-9]+\\.[0-9]+\n")));
    EXPECT_EQ(result.err, "");
    EXPECT_NE(runCli("--help").out.find("--version"), std::string::npos);
}

TEST(CliBinary, BadInputExitsTwoWithOneLine) {
    expectBadInput("", "no command");
    expectBadInput("frobnicate", "unknown command");
    expectBadInput("inv-freq --bogus 1", "unknown option --bogus");
    expectBadInput("inv-freq --head-dim 7", "--head-dim");
    expectBadInput("inv-freq --head-dim 0", "--head-dim");
    expectBadInput("inv-freq --head-dim -8", "--head-dim");
    expectBadInput("inv-freq --head-dim 12x", "--head-dim");
    expectBadInput("inv-freq --head-dim 2000000000", "--head-dim must be in [2, 1048576]");
    expectBadInput("inv-freq --rope-type dynamic --factor 1e300 --seq-len 100000", "--factor");
    expectBadInput("inv-freq --rope-theta 1", "--rope-theta");
    expectBadInput("inv-freq --rope-theta -5", "--rope-theta");
    expectBadInput("inv-freq --rope-theta nan", "--rope-theta");
    expectBadInput("inv-freq --rope-type ntk", "one of default, linear, dynamic, yarn");
    expectBadInput("inv-freq --rope-type yarn", "--factor is required for rope_type yarn");
    expectBadInput("inv-freq --rope-type linear --factor 0.5", "--factor must be >= 1");
    expectBadInput("inv-freq --max-position-embeddings -5", "--max-position-embeddings");
    expectBadInput("inv-freq --seq-len -1", "--seq-len");
    expectBadInput("inv-freq --partial-rotary-factor 1.5", "--partial-rotary-factor");
    expectBadInput("inv-freq --rope-type longrope --short-factor 1,2", "--short-factor");
    expectBadInput("inv-freq --format xml", "--format");
    expectBadInput("inv-freq --config /nonexistent/config.json", "/nonexistent/config.json");
    expectBadInput("inv-freq --config " + config("malformed.json"), "not valid JSON");
    expectBadInput("inv-freq --config " + config("unknown_rope_type.json"),
                   "rope_scaling.type must be one of default, linear, dynamic, yarn, longrope (or "
                   "su), llama3, got 'ntk-by-parts'");
    expectBadInput("rope-apply --vector 1,2,3,4 --positions 0:5:0", "--positions");
    expectBadInput("rope-apply --vector 1,2,3,4 --positions 0:", "--positions");
    expectBadInput("rope-apply --vector 1,2,3,4 --positions -1", "--positions");
    expectBadInput("rope-apply --vector 1,,3,4 --positions 0", "--vector");
    expectBadInput("rope-apply --vector 1,2,3 --positions 0", "even head dimension");
    expectBadInput("rope-apply --head-dim 8 --vector 1,2,3,4 --positions 0", "--vector");
    expectBadInput("rope-apply --vector 1,2,3,4 --positions 0 --layout diagonal", "--layout");
    expectBadInput("rope-apply --positions 0", "--vector is required");
    expectBadInput("sinusoidal --dim 5 --positions 0", "--dim");
    expectBadInput("sinusoidal --dim 4 --base 0.5 --positions 0", "--base");
    expectBadInput("sinusoidal --dim 4 --positions a,b", "--positions");
    expectBadInput("t5-bucket --relative 1.5", "--relative");
    expectBadInput("t5-bucket --num-buckets 2 --relative 1", "--num-buckets");
    expectBadInput("alibi-slopes --heads 0", "--heads");
    expectBadInput("alibi-slopes --heads -3", "--heads");
    expectBadInput("alibi-slopes", "--heads is required");
    expectBadInput("decay-bound --distances 5:1", "--distances");
    expectBadInput("learned-absolute --dim 4 --max-len 8 --positions 8",
                   "--max-len must be > 8, got 8");
}

}  // namespace

// A bad value in config.json is named by the file's key, a bad flag by the flag (issue 16).
TEST(CliBinary, ABadConfigValueIsNamedByItsKeyAndABadFlagByItsFlag) {
    const CliResult theta = runCli("inv-freq --config " + config("bad_rope_theta.json"));
    EXPECT_EQ(theta.status, 2);
    EXPECT_NE(theta.err.find("bad_rope_theta.json': rope_theta must be > 1, got 0.5\n"),
              std::string::npos)
        << theta.err;
    EXPECT_EQ(theta.err.find("--rope-theta"), std::string::npos) << theta.err;
    const CliResult factor = runCli("inv-freq --config " + config("bad_scaling_factor.json"));
    EXPECT_EQ(factor.status, 2);
    EXPECT_NE(factor.err.find("bad_scaling_factor.json': rope_scaling.factor must be >= 1, got "
                              "0.5\n"),
              std::string::npos)
        << factor.err;
    EXPECT_EQ(factor.err.find("--factor"), std::string::npos) << factor.err;
    const CliResult flag = runCli("inv-freq --rope-theta 0.5");
    EXPECT_EQ(flag.status, 2);
    EXPECT_EQ(flag.err, "ropelab-cli inv-freq: --rope-theta must be > 1, got 0.5\n");
    const CliResult factorFlag = runCli("inv-freq --rope-type linear --factor 0.5");
    EXPECT_EQ(factorFlag.err, "ropelab-cli inv-freq: --factor must be >= 1, got 0.5\n");
}
