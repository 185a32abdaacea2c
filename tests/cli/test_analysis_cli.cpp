// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis commands of ropelab-cli, run in-process through cli::run (same code path as the
// binary's main), plus one run of the real binary for the exit status.

#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/score_curve.h"
#include "cli/cli.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

struct CliResult {
    int status = -1;
    std::string out;
    std::string err;
};

CliResult runCli(const std::vector<std::string>& args) {
    std::ostringstream out;
    std::ostringstream err;
    CliResult result;
    result.status = cli::run(args, out, err);
    result.out = out.str();
    result.err = err.str();
    return result;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> rows;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) rows.push_back(line);
    return rows;
}

// Exit 2, nothing on stdout, one stderr line that mentions `expected`.
void expectBadInput(const std::vector<std::string>& args, const std::string& expected) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
}

TEST(AnalysisCli, ScoreCurveMatchesTheLibrary) {
    const CliResult r = runCli({"score-curve", "--q", "random:1", "--k", "random:2", "--distances",
                                "-5:300:7", "--rope-theta", "500000", "--layout", "interleaved",
                                "--format", "json", "--threads", "2"});
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json json = nlohmann::json::parse(r.out);
    RopeParams params;
    params.ropeTheta = 500000.0;
    const std::vector<double> expected =
        ropeScoreCurve(seededStandardNormal(1, 128, 1).row(0).transpose(),
                       seededStandardNormal(1, 128, 2).row(0).transpose(), ropeFrequencies(params),
                       RopeLayout::Interleaved, {-5, 300, 7}, {});
    ASSERT_EQ(json["score"].size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(json["distance"][i].get<std::int64_t>(), -5 + 7 * static_cast<int>(i));
        EXPECT_DOUBLE_EQ(json["score"][i].get<double>(), expected[i]);
    }
}

TEST(AnalysisCli, ScoreCurveCsvForEveryEncodingAndDistanceList) {
    for (const char* encoding : {"rope", "sinusoidal", "learned", "t5", "alibi", "seed"}) {
        const CliResult r = runCli({"score-curve", "--encoding", encoding, "--q", "1,2,3,4", "--k",
                                    "ones", "--distances", "0,3,-2", "--key-position", "5"});
        ASSERT_EQ(r.status, 0) << encoding << ": " << r.err;
        const std::vector<std::string> rows = lines(r.out);
        ASSERT_EQ(rows.size(), 4u);
        EXPECT_EQ(rows[0], "distance,score");
        EXPECT_EQ(rows[2].substr(0, 2), "3,");
    }
}

// ALiBi is causal: keys after the query print -inf (the mask), never a bias that grows; head 1
// of 8 has slope 1/2, so q·k = 8 falls by 1/2 per token of distance (it printed 10 at -4).
TEST(AnalysisCli, AlibiScoreCurveMasksKeysAfterTheQuery) {
    const CliResult r = runCli({"score-curve", "--encoding", "alibi", "--head-dim", "8", "--q",
                                "ones", "--k", "ones", "--distances", "-4:5"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(lines(r.out),
              (std::vector<std::string>{"distance,score", "-4,-inf", "-3,-inf", "-2,-inf",
                                        "-1,-inf", "0,8", "1,7.5", "2,7", "3,6.5", "4,6"}));
}

TEST(AnalysisCli, InvarianceSeparatesRelativeFromAbsolute) {
    for (const char* encoding : {"rope", "t5", "alibi", "sinusoidal", "learned", "seed"}) {
        const CliResult r = runCli({"invariance", "--encoding", encoding, "--length", "64",
                                    "--head-dim", "32", "--format", "json"});
        ASSERT_EQ(r.status, 0) << r.err;
        const double deviation = nlohmann::json::parse(r.out)["max_deviation"].get<double>();
        const std::string name = encoding;
        if (name == "rope" || name == "t5" || name == "alibi") {
            EXPECT_LT(deviation, 1e-12) << name;
        } else {
            EXPECT_GT(deviation, 1e-2) << name;
        }
    }
    const CliResult csv = runCli({"invariance", "--length", "8", "--head-dim", "8"});
    ASSERT_EQ(csv.status, 0);
    EXPECT_EQ(lines(csv.out).size(), 2u);
    EXPECT_EQ(lines(csv.out)[0], "max_deviation,max_abs_score");
}

TEST(AnalysisCli, HeatmapPrintsEveryCell) {
    const CliResult r =
        runCli({"heatmap", "--length", "50", "--grid", "4x3", "--pool", "max", "--head-dim", "16"});
    ASSERT_EQ(r.status, 0) << r.err;
    const std::vector<std::string> rows = lines(r.out);
    ASSERT_EQ(rows.size(), 13u);
    EXPECT_EQ(rows[0], "row,col,value");
    EXPECT_EQ(rows[12].substr(0, 4), "2,3,");
}

TEST(AnalysisCli, SpiralBandsPrecisionAndDecay) {
    const CliResult spiral = runCli({"spiral", "--head-dim", "8", "--vector", "random:3",
                                     "--positions", "0:200", "--format", "json"});
    ASSERT_EQ(spiral.status, 0) << spiral.err;
    const nlohmann::json path = nlohmann::json::parse(spiral.out);
    EXPECT_EQ(path["x"].size(), 200u);
    EXPECT_TRUE(path.contains("explained_variance_0"));
    const CliResult helix =
        runCli({"spiral", "--head-dim", "8", "--positions", "0:10", "--helix", "--pairs", "0,3"});
    ASSERT_EQ(helix.status, 0) << helix.err;
    EXPECT_EQ(lines(helix.out).front(), "position,pair,cos,sin");
    EXPECT_EQ(lines(helix.out).size(), 21u);

    const CliResult bands =
        runCli({"bands", "--rope-type", "llama3", "--rope-theta", "500000", "--format", "json"});
    ASSERT_EQ(bands.status, 0) << bands.err;
    const nlohmann::json b = nlohmann::json::parse(bands.out);
    EXPECT_EQ(b["band"].size(), 64u);
    EXPECT_EQ(b["band"][0].get<int>(), 0);
    EXPECT_EQ(b["band"][63].get<int>(), 2);
    EXPECT_EQ(b["llama3_high_freq_wavelength"].get<double>(), 2048.0);

    const CliResult precision =
        runCli({"precision", "--positions", "0:16777217:8388608", "--pairs", "1"});
    ASSERT_EQ(precision.status, 0) << precision.err;
    EXPECT_EQ(lines(precision.out).front(),
              "position,pair,float32_error,fast_trig_error,exact_turns_error,bfloat16_position,"
              "float16_position,bfloat16_error,float16_error");
    EXPECT_EQ(lines(precision.out).size(), 4u);
    // Position 8388608 = 2^23 is exact in bfloat16; float16 has no such number (inf, then nan).
    EXPECT_NE(lines(precision.out)[2].find(",8388608,inf,"), std::string::npos)
        << lines(precision.out)[2];
    EXPECT_EQ(lines(precision.out)[2].substr(lines(precision.out)[2].size() - 4), ",nan");

    const CliResult decay =
        runCli({"decay", "--distances", "0:100:10", "--samples", "4", "--head-dim", "16"});
    ASSERT_EQ(decay.status, 0) << decay.err;
    EXPECT_EQ(lines(decay.out).front(), "distance,bound,mean_abs_score");
    // RoFormer bound at distance 0: (1/(d/2))·Σ_{j=1}^{d/2} j = (d/2 + 1)/2 = 4.5 for d = 16.
    EXPECT_EQ(lines(decay.out)[1].substr(0, 6), "0,4.5,");
}

TEST(AnalysisCli, BenchPrintsMedianAndTheSumOfTheOutputs) {
    const CliResult r = runCli({"bench", "score-curve", "--q", "random:1", "--k", "random:2",
                                "--distances", "0:1000", "--repeat", "3"});
    ASSERT_EQ(r.status, 0) << r.err;
    const nlohmann::json json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json["command"], "score-curve");
    EXPECT_GE(json["median_seconds"].get<double>(), 0.0);
    const CliResult curve = runCli({"score-curve", "--q", "random:1", "--k", "random:2",
                                    "--distances", "0:1000", "--format", "json"});
    const std::vector<double> scores =
        nlohmann::json::parse(curve.out)["score"].get<std::vector<double>>();
    EXPECT_DOUBLE_EQ(json["checksum"].get<double>(),
                     std::accumulate(scores.begin(), scores.end(), 0.0));
    const CliResult heatmap = runCli(
        {"bench", "heatmap", "--length", "64", "--grid", "8", "--head-dim", "8", "--repeat", "1"});
    EXPECT_EQ(heatmap.status, 0) << heatmap.err;
}

TEST(AnalysisCli, BadInputExitsTwoWithOneLine) {
    expectBadInput(
        {"score-curve", "--encoding", "xpos", "--q", "ones", "--k", "ones", "--distances", "0:3"},
        "--encoding");
    expectBadInput(
        {"score-curve", "--q", "1,2,3", "--k", "ones", "--distances", "0:3", "--head-dim", "8"},
        "--q must have 8 values, got 3");
    expectBadInput({"score-curve", "--q", "ones", "--k", "ones", "--distances", "5:5"}, "empty");
    expectBadInput({"score-curve", "--q", "ones", "--k", "ones", "--distances", "0:9:0"}, "STEP");
    expectBadInput({"score-curve", "--q", "ones", "--k", "ones", "--distances", "0:1.5"},
                   "--distances");
    expectBadInput(
        {"score-curve", "--q", "ones", "--k", "ones", "--distances", "0:1000000000000000"},
        "would");
    expectBadInput({"score-curve", "--q", "random:x", "--k", "ones", "--distances", "0:3"}, "--q");
    expectBadInput({"score-curve", "--encoding", "learned", "--max-len", "10", "--q", "ones", "--k",
                    "ones", "--distances", "0:20"},
                   "--max-len must be > 19, got 10");
    // The learned table's positions come from the key position and the distances.
    expectBadInput({"score-curve", "--encoding", "learned", "--q", "ones", "--k", "ones",
                    "--distances", "0:4", "--key-position", "-3"},
                   "positions (--key-position, and it plus each of --distances) must be >= 0 "
                   "for a learned table, got -3");
    expectBadInput({"heatmap", "--length", "10", "--grid", "11"}, "--grid");
    expectBadInput({"heatmap", "--length", "0", "--grid", "1"}, "--length");
    expectBadInput({"heatmap", "--length", "10", "--grid", "2", "--pool", "median"}, "--pool");
    expectBadInput({"heatmap", "--length", "100000000000", "--grid", "2"}, "would need");
    expectBadInput({"invariance", "--length", "-3"}, "--length");
    expectBadInput({"invariance", "--length", "10", "--threads", "0"}, "--threads");
    expectBadInput({"spiral", "--positions", "0:10", "--coords", "0,1"}, "--coords");
    expectBadInput({"precision", "--positions", "0:10", "--pairs", "64"}, "--pairs");
    expectBadInput({"bench"}, "COMMAND");
    expectBadInput({"bench", "inv-freq"}, "COMMAND");
    expectBadInput({"bench", "score-curve", "--q", "ones", "--k", "ones", "--distances", "0:3",
                    "--repeat", "0"},
                   "--repeat");
}

TEST(AnalysisCli, RealBinaryExitsTwoOnBadInput) {
    const std::string command =
        std::string("'") + ROPELAB_CLI_PATH + "' heatmap --length 10 --grid 11 >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2);
}

}  // namespace
}  // namespace ropelab
