// SPDX-License-Identifier: GPL-3.0-or-later
// ropelab-cli lens in-process and through the real binary, on tiny models written here: the
// columns the issue names, numbers worked out again from the weights, bad input in one line.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "../core/weights/lens_models.h"
#include "../core/weights/temp_folder.h"
#include "cli/cli.h"
#include "cli_process.h"

namespace ropelab::cli {
namespace {

using Json = nlohmann::json;
using test::TinyModel;

struct CliRun {
    int status = -1;
    std::string out, err;
};

CliRun cli(std::vector<std::string> args) {
    args.insert(args.begin(), "lens");
    std::ostringstream out, err;
    CliRun run;
    run.status = ropelab::cli::run(args, out, err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

class LensCli : public ::testing::Test {
protected:
    void SetUp() override {
        model_ = test::randomModel({}, 21, true);
        test::writeHfSeparate(folder_ / "m", model_, "BF16");
    }
    std::string path() const { return (folder_ / "m").string(); }

    test::TempFolder folder_;
    TinyModel model_;
};

TEST_F(LensCli, UsageTableHasTheIssuesColumnsAndTheWeightsNorms) {
    const CliRun csv = cli({"--model", path()});
    ASSERT_EQ(csv.status, 0) << csv.err;
    EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')),
              "layer,head,kv_head,pair,inv_freq,wavelength,beyond_context,q_norm,k_norm,usage");
    // 2 layers × 4 heads × 4 pairs, plus the header.
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 33);

    const CliRun run =
        cli({"--model", path(), "--layers", "1", "--heads", "3", "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const Json json = Json::parse(run.out);
    ASSERT_EQ(json["pair"].size(), 4u);
    const int hd = model_.headDim;
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(json["layer"][i], 1);
        EXPECT_EQ(json["head"][i], 3);
        EXPECT_EQ(json["kv_head"][i], 1);  // 4 query heads share 2 KV heads
        // HF half-split pair i: rows i and i + 4 of head 3 (q) and of KV head 1 (k).
        const double qn = std::hypot(model_.wq[1].row(3 * hd + i).norm(),
                                     model_.wq[1].row(3 * hd + i + 4).norm());
        const double kn =
            std::hypot(model_.wk[1].row(hd + i).norm(), model_.wk[1].row(hd + i + 4).norm());
        EXPECT_NEAR(json["q_norm"][i].get<double>(), qn, 1e-6 * qn);
        EXPECT_NEAR(json["k_norm"][i].get<double>(), kn, 1e-6 * kn);
        EXPECT_NEAR(json["usage"][i].get<double>(), qn * kn, 1e-6 * qn * kn);
        const double theta = std::pow(10000.0, -i / 4.0);
        EXPECT_NEAR(json["inv_freq"][i].get<double>(), theta, 1e-15);
        EXPECT_EQ(json["beyond_context"][i], 2 * std::numbers::pi / theta > 64 ? 1 : 0);
    }
    EXPECT_EQ(json["context"], 64);
    const double beyond = json["usage"][2].get<double>() + json["usage"][3].get<double>();
    double total = 0;
    for (const auto& u : json["usage"]) total += u.get<double>();
    EXPECT_NEAR(json["beyond_share_layer_1"].get<double>(), beyond / total, 1e-12);
    EXPECT_NEAR(json["beyond_share"].get<double>(), beyond / total, 1e-12);
    // One head analysed: it is both the most positional (share of pair 0, the fastest quarter)
    // and the most semantic (pairs 2 and 3); the model has no q/k norm.
    EXPECT_EQ(json["most_positional_layer"], 1);
    EXPECT_EQ(json["most_positional_head"], 3);
    EXPECT_EQ(json["most_semantic_layer"], 1);
    EXPECT_EQ(json["most_semantic_head"], 3);
    EXPECT_EQ(json["qk_norm"], 0);
}

TEST_F(LensCli, ProfileAtDistanceZeroIsTheSumOfRowProducts) {
    const CliRun run = cli({"--model", path(), "--profile", "--distances", "0:3", "--layers", "0",
                            "--heads", "1,2", "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const Json json = Json::parse(run.out);
    ASSERT_EQ(json["distance"].size(), 6u);
    EXPECT_EQ(json["head"], Json::parse("[1,1,1,2,2,2]"));
    EXPECT_EQ(json["distance"], Json::parse("[0,1,2,0,1,2]"));
    // At distance 0 the rotations cancel: s(0) = Σ_r W_q,r·W_k,r + b_q,r b_k,r over the head.
    const int hd = model_.headDim;
    for (int h : {1, 2}) {
        const int g = h / 2;
        const double s0 = (model_.wq[0].middleRows(h * hd, hd).array() *
                           model_.wk[0].middleRows(g * hd, hd).array())
                              .sum() +
                          model_.bq[0].segment(h * hd, hd).dot(model_.bk[0].segment(g * hd, hd));
        EXPECT_NEAR(json["score"][3 * (h - 1)].get<double>(), s0, 1e-9 * (1 + std::abs(s0)));
    }
    const CliRun csv = cli({"--model", path(), "--profile", "--distances", "5"});
    EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "layer,head,distance,score");
}

TEST_F(LensCli, BadInputIsOneLineAndExitTwo) {
    const auto expectRefusal = [](const CliRun& run, const std::string& message) {
        EXPECT_EQ(run.status, 2);
        EXPECT_EQ(run.err, "ropelab-cli lens: " + message + "\n");
        EXPECT_TRUE(run.out.empty());
    };
    expectRefusal(cli({}), "--model is required; run 'ropelab-cli lens --help'");
    const std::string missing = (folder_ / "absent.gguf").string();
    expectRefusal(cli({"--model", missing}),
                  "--model '" + missing + "': cannot open (No such file or directory)");
    expectRefusal(cli({"--model", path(), "--layers", "2"}),
                  "--layers must list layers 0..1 of this model, got 2");
    expectRefusal(cli({"--model", path(), "--heads", "0:9"}),
                  "--heads must list heads 0..3 of this model, got 4");
    expectRefusal(cli({"--model", path(), "--distances", "1"}), "--distances needs --profile");
    expectRefusal(cli({"--model", path(), "--profile"}),
                  "--distances is required; run 'ropelab-cli lens --help'");
}

TEST_F(LensCli, TheBinaryRefusesAHostileFileInOneLine) {
    // A safetensors header claiming 2^40 bytes.
    const std::filesystem::path file = folder_ / "huge.safetensors";
    std::ofstream(file, std::ios::binary).write("\0\0\0\0\0\1\0\0{}", 10);
    const hardening::ProcessResult result =
        hardening::runCliProcess({"lens", "--model", file.string()});
    EXPECT_EQ(result.status, 2) << hardening::describe({"lens"}, result);
    EXPECT_EQ(result.err, "ropelab-cli lens: --model '" + file.string() +
                              "': the header claims 1099511627776 bytes; RoPE Lab reads headers up "
                              "to 100000000 bytes\n");
    const hardening::ProcessResult ok =
        hardening::runCliProcess({"lens", "--model", path(), "--format", "json"});
    EXPECT_EQ(ok.status, 0) << ok.err;
}

}  // namespace
}  // namespace ropelab::cli
