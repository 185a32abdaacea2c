// SPDX-License-Identifier: GPL-3.0-or-later
// train, evaluate and experiment in-process through cli::run: their tables, reproducibility
// through the command line, learned's refusal, --sequences, and bad input (exit 2, one line).

#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.h"
#include "training/model_file.h"

namespace ropelab::cli {
namespace {

namespace fs = std::filesystem;

struct CliRun {
    int status = -1;
    std::string out, err;
};

CliRun cli(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    CliRun run;
    run.status = ropelab::cli::run(args, out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> result;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) result.push_back(line);
    return result;
}

std::string temp(const std::string& name) {
    return (fs::temp_directory_path() / ("ropelab_training_cli_" + name)).string();
}

// A tiny model: 1 layer, width 8, 2 heads, trained on copy at length 8 for 12 steps.
std::vector<std::string> tinyTrain(const std::string& encoding, const std::string& out) {
    return {"train", "--encoding",     encoding, "--layers", "1",  "--width", "8", "--heads",
            "2",     "--train-length", "8",      "--steps",  "12", "--batch", "4", "--seed",
            "5",     "--threads",      "1",      "--out",    out};
}

void expectRefused(const std::vector<std::string>& args, const std::string& mention) {
    const CliRun run = cli(args);
    EXPECT_EQ(run.status, 2) << args[0] << " " << run.err;
    EXPECT_TRUE(run.out.empty() || run.out == "step,train_loss\n") << run.out;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(run.err.rfind("ropelab-cli " + args[0] + ": ", 0), 0u) << run.err;
    EXPECT_NE(run.err.find(mention), std::string::npos) << run.err;
}

TEST(TrainingCli, TrainPrintsOneLossPerStepAndTheSameLossesForTheSameSeed) {
    const std::string path = temp("rope.safetensors");
    const CliRun first = cli(tinyTrain("rope", path));
    ASSERT_EQ(first.status, 0) << first.err;
    const std::vector<std::string> rows = lines(first.out);
    ASSERT_EQ(rows.size(), 13u);
    EXPECT_EQ(rows[0], "step,train_loss");
    EXPECT_EQ(rows[12].rfind("12,", 0), 0u);
    const training::Model model = training::loadModel(path);
    EXPECT_EQ(model.steps, 12);
    EXPECT_EQ(model.config.trainLength, 8);
    EXPECT_EQ(cli(tinyTrain("rope", path)).out, first.out);
    std::vector<std::string> other = tinyTrain("rope", path);
    other.back() = temp("rope_seed6.safetensors");
    other[other.size() - 6] = "6";  // --seed
    EXPECT_NE(cli(other).out, first.out);
    fs::remove(path);
    fs::remove(other.back());
}

TEST(TrainingCli, EvaluateDefaultsToOneToFourTimesTheTrainingLength) {
    const std::string path = temp("alibi.safetensors");
    ASSERT_EQ(cli(tinyTrain("alibi", path)).status, 0);
    const CliRun run = cli({"evaluate", "--model", path, "--count", "4", "--threads", "1"});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> rows = lines(run.out);
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(rows[0], "length,loss,perplexity,accuracy,exact_match");
    EXPECT_EQ(rows[1].rfind("8,", 0), 0u);
    EXPECT_EQ(rows[2].rfind("12,", 0), 0u);
    EXPECT_EQ(rows[3].rfind("16,", 0), 0u);
    EXPECT_EQ(rows[4].rfind("32,", 0), 0u);
    EXPECT_TRUE(run.err.empty());
    fs::remove(path);
}

TEST(TrainingCli, LearnedLeavesLengthsBeyondItsTableEmptyAndSaysWhy) {
    const std::string path = temp("learned.safetensors");
    ASSERT_EQ(cli(tinyTrain("learned", path)).status, 0);
    const CliRun run = cli({"evaluate", "--model", path, "--lengths", "8,9", "--count", "2"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(lines(run.out)[2], "9,,,,");
    EXPECT_NE(run.err.find("length 9 cannot run: learned positions have 8 rows"), std::string::npos)
        << run.err;
    { std::ofstream(temp("long.txt")) << "1,2,3,4,0,1,2,3,4\n"; }
    expectRefused({"evaluate", "--model", path, "--sequences", temp("long.txt")}, "8 rows");
    fs::remove(path);
}

TEST(TrainingCli, SequencesGiveOneMeanLossPerLine) {
    const std::string path = temp("t5.safetensors");
    ASSERT_EQ(cli(tinyTrain("t5", path)).status, 0);
    { std::ofstream(temp("seq.txt")) << "1,2,3,0,1,2\n\n5,5,0,5\n"; }
    const CliRun run = cli({"evaluate", "--model", path, "--sequences", temp("seq.txt")});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> rows = lines(run.out);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0], "sequence,length,mean_loss");
    EXPECT_EQ(rows[1].rfind("0,6,", 0), 0u);
    EXPECT_EQ(rows[2].rfind("1,4,", 0), 0u);
    { std::ofstream(temp("bad_seq.txt")) << "1,2,99\n"; }
    expectRefused({"evaluate", "--model", path, "--sequences", temp("bad_seq.txt")}, "token id 99");
    expectRefused({"evaluate", "--model", path, "--factor", "2"},
                  "--factor applies to rope models");
    fs::remove(path);
}

TEST(TrainingCli, ExperimentPrintsOneTableOfEveryEncodingAndSeed) {
    const CliRun run = cli({"experiment",
                            "--encodings",
                            "none,learned",
                            "--seeds",
                            "1,2",
                            "--layers",
                            "1",
                            "--width",
                            "8",
                            "--heads",
                            "2",
                            "--train-length",
                            "6",
                            "--steps",
                            "3",
                            "--batch",
                            "2",
                            "--lengths",
                            "6,12",
                            "--count",
                            "2",
                            "--threads",
                            "2"});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<std::string> rows = lines(run.out);
    ASSERT_EQ(rows.size(), 9u);
    EXPECT_EQ(rows[0], "encoding,seed,length,loss,perplexity,accuracy,exact_match");
    EXPECT_EQ(rows[1].rfind("none,1,6,", 0), 0u);
    EXPECT_EQ(rows[4].rfind("none,2,12,", 0), 0u);
    EXPECT_EQ(rows[6], "learned,1,12,,,,");
    EXPECT_NE(run.err.find("learned: length 12 cannot run"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("none seed 1 trained in"), std::string::npos) << run.err;
}

TEST(TrainingCli, RopeOptionsAtEvaluationChangeOnlyLongerLengths) {
    const std::string path = temp("rope_eval.safetensors");
    ASSERT_EQ(cli(tinyTrain("rope", path)).status, 0);
    const std::vector<std::string> base{"evaluate",   "--model", path, "--lengths",
                                        "8,12,16,20", "--count", "4"};
    const CliRun plain = cli(base);
    std::vector<std::string> dynamic = base;
    dynamic.insert(dynamic.end(), {"--rope-type", "dynamic", "--factor", "2"});
    const CliRun scaled = cli(dynamic);
    ASSERT_EQ(scaled.status, 0) << scaled.err;
    // Dynamic NTK leaves sequences up to the training length (8) as trained, scales longer ones.
    // A model this small barely uses position: a longer length may round to the same loss in
    // float32, so one of the three must differ, not each.
    const std::vector<std::string> plainRows = lines(plain.out);
    const std::vector<std::string> scaledRows = lines(scaled.out);
    ASSERT_EQ(plainRows.size(), 5u);
    ASSERT_EQ(scaledRows.size(), 5u);
    EXPECT_EQ(scaledRows[1], plainRows[1]);
    EXPECT_FALSE(std::equal(scaledRows.begin() + 2, scaledRows.end(), plainRows.begin() + 2));
    fs::remove(path);
}

TEST(TrainingCli, BadInputExitsTwoWithOneLine) {
    expectRefused({"train", "--out", temp("x.txt")}, "--out must name a .safetensors file");
    std::vector<std::string> args = tinyTrain("rope", temp("bad.safetensors"));
    args.insert(args.end(), {"--heads", "3"});
    expectRefused(args, "multiple of --heads");
    args = tinyTrain("rope", temp("bad.safetensors"));
    args.insert(args.end(), {"--layers", "9"});
    expectRefused(args, "--layers must be in [1, 8]");
    args = tinyTrain("rope", temp("bad.safetensors"));
    args.insert(args.end(), {"--train-length", "2"});
    expectRefused(args, "--train-length");
    args = tinyTrain("rope", temp("bad.safetensors"));
    args.insert(args.end(), {"--factor", "2"});
    expectRefused(args, "--factor is for evaluate");
    args = tinyTrain("rope", temp("bad.safetensors"));
    args.insert(args.end(),
                {"--batch", "512", "--train-length", "1024", "--width", "512", "--heads", "8"});
    expectRefused(args, "MiB");
    { std::ofstream(temp("empty.txt")); }
    expectRefused(
        {"train", "--task", "text", "--text", temp("empty.txt"), "--out", temp("bad.safetensors")},
        "--text '" + temp("empty.txt") + "': is empty");
    { std::ofstream(temp("binary.txt"), std::ios::binary) << std::string(100, 'a') << '\0'; }
    expectRefused({"train", "--text", temp("binary.txt"), "--out", temp("bad.safetensors")},
                  "is not UTF-8 text");
    expectRefused(
        {"train", "--task", "copy", "--text", temp("binary.txt"), "--out", temp("bad.safetensors")},
        "--text is for --task text");
    expectRefused({"evaluate", "--model", temp("missing.safetensors")}, "--model: ");
    { std::ofstream(temp("garbage.safetensors")) << "not a model at all"; }
    expectRefused({"evaluate", "--model", temp("garbage.safetensors")}, "--model: ");
    expectRefused({"experiment", "--encodings", "rope,xpos"}, "--encodings must list");
    EXPECT_FALSE(fs::exists(temp("bad.safetensors")));
}

TEST(TrainingCli, AFailedRunLeavesTheOldModelFileWhole) {
    const std::string path = temp("kept.safetensors");
    ASSERT_EQ(cli(tinyTrain("rope", path)).status, 0);
    training::Model poisoned = training::loadModel(path);
    poisoned.tensors.front().values[0] = std::nanf("");
    training::saveModel(temp("poisoned.safetensors"), poisoned);
    std::ifstream before(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(before)), {});
    const CliRun run =
        cli({"train", "--from", temp("poisoned.safetensors"), "--steps", "3", "--out", path});
    EXPECT_EQ(run.status, 2);
    EXPECT_NE(run.err.find("'embed.weight' holds NaN"), std::string::npos) << run.err;
    std::ifstream after(path, std::ios::binary);
    EXPECT_EQ(std::string((std::istreambuf_iterator<char>(after)), {}), bytes);
    fs::remove(path);
    fs::remove(temp("poisoned.safetensors"));
}

}  // namespace
}  // namespace ropelab::cli
