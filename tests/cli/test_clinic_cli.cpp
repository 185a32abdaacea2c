// SPDX-License-Identifier: GPL-3.0-or-later
// The clinic commands and options in-process: --gguf on a RoPE command, conventions in each
// tool's words, --ntk-alpha (exllama alpha_value) and --rope-freq-scale (llama.cpp).

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>

#include "../core/encodings/gguf_builder.h"
#include "cli/cli.h"

namespace ropelab::cli {
namespace {

using Json = nlohmann::json;
using test::GgufBuilder;

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

Json json(const std::vector<std::string>& args) {
    std::vector<std::string> withFormat = args;
    withFormat.insert(withFormat.end(), {"--format", "json"});
    const CliRun run = cli(withFormat);
    EXPECT_EQ(run.status, 0) << run.err;
    return Json::parse(run.out);
}

class ClinicCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("ropelab_clinic_cli_" +
                std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
        std::filesystem::create_directories(dir_);
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }

    std::string write(const std::string& name, const std::vector<std::uint8_t>& bytes) {
        const std::filesystem::path path = dir_ / name;
        std::ofstream out(path, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
        return path.string();
    }

    std::filesystem::path dir_;
};

// Llama 3.1's factors for head dim 8 as the converter computes them (float32 freqs).
std::vector<float> llama3Factors8() {
    std::vector<float> factors;
    for (int i = 0; i < 8; i += 2) {
        const float freq = 1.0f / std::pow(500000.0f, static_cast<float>(i) / 8.0f);
        const double wl = 2.0 * std::numbers::pi / freq;
        if (wl < 8192.0 / 4) {
            factors.push_back(1.0f);
        } else if (wl > 8192.0) {
            factors.push_back(8.0f);
        } else {
            const double s = (8192.0 / wl - 1.0) / 3.0;
            factors.push_back(static_cast<float>(1.0 / ((1 - s) / 8 + s)));
        }
    }
    return factors;
}

TEST_F(ClinicCli, GgufOnAnyRopeCommandAndConventionsInEveryToolsWords) {
    // Head dim 8, base 500000: pairs 0, 1 keep their frequency, pair 3 is divided by 8 and pair 2
    // lies in the blended band.
    const std::vector<float> factors = llama3Factors8();
    GgufBuilder b;
    b.string("general.architecture", "llama")
        .u32("llama.context_length", 131072)
        .u32("llama.embedding_length", 64)
        .u32("llama.attention.head_count", 8)
        .f32("llama.rope.freq_base", 500000.0f)
        .f32Tensor("rope_freqs.weight", factors);
    const std::string file = write("llama.gguf", b.bytes());

    const Json freqs = json({"inv-freq", "--gguf", file});
    ASSERT_EQ(freqs["inv_freq"].size(), 4u);
    for (int i = 0; i < 4; ++i) {
        const double ggml = std::pow(500000.0, -2.0 * i / 8) / factors[i];
        EXPECT_NEAR(freqs["inv_freq"][i].get<double>() / ggml, 1.0, 2e-7) << i;
    }
    // Flags after --gguf win, as after --config.
    EXPECT_DOUBLE_EQ(
        json({"inv-freq", "--gguf", file, "--rope-type", "default"})["inv_freq"][3].get<double>(),
        std::pow(500000.0, -6.0 / 8));

    const Json c = json({"conventions", "--gguf", file});
    EXPECT_EQ(c["layout"], "interleaved");  // llama.cpp NORM for llama
    EXPECT_EQ(c["rope_type"], "llama3");
    EXPECT_EQ(c["architecture"], "llama");
    EXPECT_EQ(c["hf_config"]["rope_scaling"]["factor"], 8.0);
    EXPECT_EQ(c["hf_config"]["rope_scaling"]["original_max_position_embeddings"], 8192);
    EXPECT_NEAR(c["hf_config"]["rope_scaling"]["high_freq_factor"].get<double>(), 4.0, 1e-6);
    const Json& stored = c["gguf"]["rope_freqs.weight"];
    ASSERT_EQ(stored.size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(stored[i].get<double>() / factors[i], 1.0, 1e-6);
    EXPECT_EQ(c["gguf"]["llama.rope.freq_base"], 500000.0);
    EXPECT_EQ(c["meta_params"]["use_scaled_rope"], true);
    EXPECT_TRUE(c["meta_params_cannot"].empty());  // Meta's own order: interleaved
    EXPECT_FALSE(c["hf_config_cannot"].empty());   // HF needs the permutation
    const std::string llamaCppCannot = c["llama_cpp_cannot"].dump();
    EXPECT_NE(llamaCppCannot.find("rope_freqs.weight"), std::string::npos);
    EXPECT_NE(c["exllama_cannot"].dump().find("llama3"), std::string::npos);
}

TEST_F(ClinicCli, ConventionsForYarnLinearAndDynamic) {
    const Json yarn = json({"conventions", "--rope-type", "yarn", "--factor", "4",
                            "--original-max-position-embeddings", "32768",
                            "--max-position-embeddings", "131072", "--rope-theta", "1000000"});
    EXPECT_EQ(yarn["layout"], "half");
    EXPECT_EQ(yarn["llama_cpp"]["--rope-scaling"], "yarn");
    EXPECT_EQ(yarn["llama_cpp"]["--rope-freq-scale"], 0.25);
    EXPECT_EQ(yarn["llama_cpp"]["--yarn-orig-ctx"], 32768);
    EXPECT_EQ(yarn["gguf"]["{arch}.rope.scaling.type"], "yarn");
    EXPECT_EQ(yarn["gguf"]["{arch}.rope.scaling.original_context_length"], 32768);
    EXPECT_FALSE(yarn["gguf"].contains("{arch}.rope.scaling.attn_factor"));  // llama.cpp's default
    EXPECT_EQ(Json::parse(yarn["vllm"]["--rope-scaling"].get<std::string>())["rope_type"], "yarn");

    // An explicit attention factor 1: GGUF's attn_factor cancels llama.cpp's 0.1·ln 4 + 1.
    const Json flat =
        json({"conventions", "--rope-type", "yarn", "--factor", "4", "--attention-factor", "1"});
    EXPECT_NEAR(flat["gguf"]["{arch}.rope.scaling.attn_factor"].get<double>(),
                1.0 / (0.1 * std::log(4.0) + 1.0), 1e-15);

    const Json linear =
        json({"conventions", "--rope-freq-scale", "0.25", "--layout", "interleaved"});
    EXPECT_EQ(linear["rope_type"], "linear");
    EXPECT_EQ(linear["layout"], "interleaved");
    EXPECT_EQ(linear["hf_config"]["rope_scaling"]["factor"], 4.0);
    EXPECT_EQ(linear["exllama"]["compress_pos_emb"], 4.0);
    EXPECT_EQ(linear["llama_cpp"]["--rope-freq-scale"], 0.25);
    EXPECT_FALSE(linear["meta_params_cannot"].empty());

    const Json dynamic = json({"conventions", "--rope-type", "dynamic", "--factor", "2"});
    EXPECT_NE(dynamic["llama_cpp_cannot"].dump().find("no dynamic NTK"), std::string::npos);
    EXPECT_NE(dynamic["gguf_cannot"].dump().find("dynamic"), std::string::npos);
    EXPECT_NE(dynamic["vllm_cannot"].dump().find("current length"), std::string::npos);
    EXPECT_FALSE(dynamic["exllama_cannot"].empty());

    const CliRun csv = cli({"conventions", "--head-dim", "8"});
    EXPECT_EQ(csv.status, 0);
    EXPECT_EQ(csv.out.rfind("tool,key,value\nropelab,layout,half\nropelab,rope_type,default\n", 0),
              0u);
    EXPECT_NE(csv.out.find("\nllama_cpp,--rope-scaling,none\n"), std::string::npos);
}

TEST_F(ClinicCli, NtkAlphaAndRopeFreqScaleAreOtherToolsWords) {
    // exllama: base' = 10000 · 2^(128/126); pair 1 has θ = base'^(−2/128).
    const double base = 10000.0 * std::pow(2.0, 128.0 / 126.0);
    const Json alpha = json({"inv-freq", "--ntk-alpha", "2"});
    EXPECT_NEAR(alpha["inv_freq"][1].get<double>() / std::pow(base, -2.0 / 128), 1.0, 1e-15);
    const Json words = json({"conventions", "--ntk-alpha", "2"});
    EXPECT_EQ(words["exllama"]["alpha_value"], 2.0);
    EXPECT_EQ(words["exllama"]["rope_theta"], 10000.0);
    EXPECT_NEAR(words["hf_config"]["rope_theta"].get<double>() / base, 1.0, 1e-15);
    // Applied after every other option, whatever the order.
    EXPECT_EQ(json({"inv-freq", "--ntk-alpha", "2", "--rope-theta", "500000"})["inv_freq"],
              json({"inv-freq", "--rope-theta", "500000", "--ntk-alpha", "2"})["inv_freq"]);

    EXPECT_EQ(json({"inv-freq", "--rope-freq-scale", "0.25"}),
              json({"inv-freq", "--rope-type", "linear", "--factor", "4"}));

    for (const auto& [args, mention] :
         std::vector<std::pair<std::vector<std::string>, std::string>>{
             {{"inv-freq", "--rope-freq-scale", "0"}, "--rope-freq-scale must be in (0, 1]"},
             {{"inv-freq", "--rope-freq-scale", "2"}, "--rope-freq-scale must be in (0, 1]"},
             {{"inv-freq", "--ntk-alpha", "0.5"}, "--ntk-alpha must be >= 1"},
             {{"inv-freq", "--gguf", "/nonexistent.gguf"},
              "--gguf '/nonexistent.gguf': cannot open"},
         }) {
        const CliRun run = cli(args);
        EXPECT_EQ(run.status, 2);
        EXPECT_NE(run.err.find(mention), std::string::npos) << run.err;
    }
}

TEST_F(ClinicCli, BadGgufFilesExitTwoWithOneLine) {
    GgufBuilder unknown;
    unknown.string("general.architecture", "brand-new")
        .u32("brand-new.context_length", 4096)
        .u32("brand-new.attention.key_length", 64);
    const std::string unknownFile = write("new.gguf", unknown.bytes());
    EXPECT_EQ(cli({"inv-freq", "--gguf", unknownFile}).status, 0);  // frequencies need no layout
    const CliRun noLayout = cli({"conventions", "--gguf", unknownFile});
    EXPECT_EQ(noLayout.status, 2);
    EXPECT_NE(noLayout.err.find("give --layout"), std::string::npos) << noLayout.err;
    EXPECT_EQ(json({"conventions", "--gguf", unknownFile, "--layout", "half"})["layout"], "half");

    std::vector<std::uint8_t> truncated = unknown.bytes();
    truncated.resize(truncated.size() / 2);
    const std::string truncatedFile = write("cut.gguf", truncated);
    const CliRun cut = cli({"score-curve", "--gguf", truncatedFile, "--q", "ones", "--k", "ones",
                            "--distances", "0:3"});
    EXPECT_EQ(cut.status, 2);
    EXPECT_EQ(
        cut.err.rfind("ropelab-cli score-curve: --gguf '" + truncatedFile + "': truncated", 0), 0u)
        << cut.err;
    EXPECT_EQ(cut.err.find('\n'), cut.err.size() - 1);
    EXPECT_TRUE(cut.out.empty());
}

TEST_F(ClinicCli, LayoutPermutationRows) {
    const CliRun csv = cli({"layout-permutation", "--head-dim", "4", "--heads", "2"});
    EXPECT_EQ(csv.status, 0) << csv.err;
    EXPECT_EQ(csv.out, "hf_row,meta_row\n0,0\n1,2\n2,1\n3,3\n4,4\n5,6\n6,5\n7,7\n");
    const Json rows = json({"layout-permutation", "--head-dim", "128"});
    EXPECT_EQ(rows["meta_row"][64], 1);
    EXPECT_EQ(rows["meta_row"][127], 127);
    EXPECT_EQ(cli({"layout-permutation"}).status, 2);  // --head-dim is required
}

TEST_F(ClinicCli, KvCacheColumns) {
    const Json dynamic = json({"kv-cache", "--head-dim", "16", "--rope-type", "dynamic", "--factor",
                               "2", "--max-position-embeddings", "64", "--prompt-length", "60",
                               "--generate", "6", "--seed", "4"});
    EXPECT_EQ(dynamic["length"], Json::parse("[61,62,63,64,65,66]"));
    for (int i = 0; i < 4; ++i) EXPECT_EQ(dynamic["max_abs_score_error"][i], 0.0);
    for (int i = 4; i < 6; ++i) EXPECT_GT(dynamic["max_abs_score_error"][i].get<double>(), 1e-3);
    const CliRun plain = cli({"kv-cache", "--prompt-length", "3", "--generate", "2"});
    EXPECT_EQ(plain.out, "length,max_abs_score_error\n4,0\n5,0\n");
    EXPECT_EQ(cli({"kv-cache", "--generate", "2"}).status, 2);
    // Too much work: core's numbers in English, with the flags whose smaller values would fit.
    const CliRun tooMuch =
        cli({"kv-cache", "--head-dim", "16", "--prompt-length", "1000000", "--generate", "1000"});
    EXPECT_EQ(tooMuch.status, 2);
    EXPECT_EQ(tooMuch.err,
              "ropelab-cli kv-cache: scoring every cached key at every step would take 8.004e+09 "
              "pair terms; at most 1e+08 are allowed: ask for fewer --generate or "
              "--prompt-length\n");
}

}  // namespace
}  // namespace ropelab::cli
