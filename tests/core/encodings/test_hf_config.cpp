// SPDX-License-Identifier: GPL-3.0-or-later
// Importing RoPE parameters from HuggingFace config.json files in tests/data/configs: the shapes
// published configs have (v4 rope_scaling with rope_type or legacy type, "su", top-level
// original_max_position_embeddings, GPT-NeoX rotary_pct/rotary_emb_base, v5 rope_parameters).

#include <gtest/gtest.h>

#include <string>

#include "common/errors.h"
#include "encodings/hf_config.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

std::string configPath(const std::string& name) {
    return std::string(ROPELAB_SOURCE_DIR) + "/tests/data/configs/" + name;
}

RopeParams load(const std::string& name) {
    return ropeParamsFromHfConfigFile(configPath(name));
}

std::string errorOf(const std::string& name) {
    try {
        load(name);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

TEST(HfConfig, Llama31With8B) {
    const RopeParams params = load("llama3_1_8b.json");
    EXPECT_EQ(params.headDim, 128);  // 4096 / 32
    EXPECT_EQ(params.ropeTheta, 500000.0);
    EXPECT_EQ(params.ropeType, RopeType::Llama3);
    EXPECT_EQ(params.factor, 8.0);
    EXPECT_EQ(params.lowFreqFactor, 1.0);
    EXPECT_EQ(params.highFreqFactor, 4.0);
    EXPECT_EQ(params.originalMaxPositionEmbeddings, 8192);
    EXPECT_EQ(params.maxPositionEmbeddings, 131072);
    // Same frequencies as Meta's apply_scaling (see test_rope_frequencies).
    EXPECT_DOUBLE_EQ(ropeFrequencies(params).invFreq[31], 0.0008567514129196321);
}

TEST(HfConfig, Phi3LegacySuWithTopLevelOriginalMax) {
    // Factor lists from the published Phi-3-vision-128k-instruct config ("type": "su").
    const RopeParams params = load("phi3_128k_su.json");
    EXPECT_EQ(params.ropeType, RopeType::LongRope);
    EXPECT_EQ(params.headDim, 96);  // 3072 / 32
    EXPECT_EQ(params.originalMaxPositionEmbeddings, 4096);
    EXPECT_EQ(params.maxPositionEmbeddings, 131072);
    ASSERT_EQ(params.shortFactor.size(), 48u);
    ASSERT_EQ(params.longFactor.size(), 48u);
    EXPECT_EQ(params.shortFactor[0], 1.05);
    EXPECT_EQ(params.longFactor[47], 64.81001281738281);
    const RopeFrequencies freqs = ropeFrequencies(params);
    // factor = 131072 / 4096 = 32: sqrt(1 + ln 32 / ln 4096).
    EXPECT_DOUBLE_EQ(freqs.attentionFactor, 1.1902380714238083);
    EXPECT_DOUBLE_EQ(freqs.invFreq[0], 1.0 / 1.05);
}

TEST(HfConfig, Phi3LongropeWithOriginalMaxInside) {
    const RopeParams params = load("phi3_128k_longrope.json");
    EXPECT_EQ(params.ropeType, RopeType::LongRope);
    EXPECT_EQ(params.originalMaxPositionEmbeddings, 4096);
    EXPECT_EQ(params.shortFactor, load("phi3_128k_su.json").shortFactor);
}

TEST(HfConfig, GptNeoxRotaryPctAndBase) {
    const RopeParams params = load("gpt_neox_20b.json");
    EXPECT_EQ(params.headDim, 96);  // 6144 / 64
    EXPECT_EQ(params.partialRotaryFactor, 0.25);
    EXPECT_EQ(params.ropeTheta, 10000.0);
    EXPECT_EQ(params.ropeType, RopeType::Default);
    EXPECT_EQ(ropeFrequencies(params).rotaryDim, 24);
}

TEST(HfConfig, Qwen2YarnWithLegacyTypeKey) {
    const RopeParams params = load("qwen2_5_7b_yarn.json");
    EXPECT_EQ(params.headDim, 128);  // 3584 / 28
    EXPECT_EQ(params.ropeTheta, 1000000.0);
    EXPECT_EQ(params.ropeType, RopeType::Yarn);
    EXPECT_EQ(params.factor, 4.0);
    EXPECT_EQ(params.originalMaxPositionEmbeddings, 32768);
    // cd(32) = 23.6…, cd(1) = 39.6… for d 128, base 1e6, L0 32768.
    const YarnCorrectionRange range = yarnCorrectionRange(params);
    EXPECT_EQ(range.low, 23.0);
    EXPECT_EQ(range.high, 40.0);
}

TEST(HfConfig, V5RopeParametersHoldTheta) {
    const RopeParams yarn = load("v5_rope_parameters_yarn.json");
    EXPECT_EQ(yarn.headDim, 64);  // explicit head_dim (2880 / 64 would be 45)
    EXPECT_EQ(yarn.ropeTheta, 150000.0);
    EXPECT_EQ(yarn.ropeType, RopeType::Yarn);
    EXPECT_FALSE(yarn.truncate);
    EXPECT_EQ(yarn.factor, 32.0);
    const YarnCorrectionRange range = yarnCorrectionRange(yarn);
    EXPECT_DOUBLE_EQ(range.low, 8.092779115512402);
    EXPECT_DOUBLE_EQ(range.high, 17.39802450158856);
    const RopeParams plain = load("v5_rope_parameters_default.json");
    EXPECT_EQ(plain.ropeType, RopeType::Default);
    EXPECT_EQ(plain.ropeTheta, 10000.0);
    EXPECT_EQ(plain.headDim, 128);
}

TEST(HfConfig, DeepSeekRotatesQkRopeHeadDimWithMscale) {
    const RopeParams params = load("deepseek_v3_yarn_mscale.json");
    EXPECT_EQ(params.headDim, 64);
    EXPECT_EQ(params.mscale, 1.0);
    EXPECT_EQ(params.mscaleAllDim, 1.0);
    EXPECT_EQ(ropeFrequencies(params).attentionFactor, 1.0);
}

TEST(HfConfig, AbsentThetaMeansTenThousandAndNullScalingMeansDefault) {
    const RopeParams params = load("llama2_7b_no_theta.json");
    EXPECT_EQ(params.ropeTheta, 10000.0);
    EXPECT_EQ(params.ropeType, RopeType::Default);
    EXPECT_EQ(params.maxPositionEmbeddings, 4096);
}

TEST(HfConfig, ErrorsNameTheFileAndTheProblem) {
    const std::string unknown = errorOf("unknown_rope_type.json");
    EXPECT_NE(unknown.find("unknown_rope_type.json"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("rope_scaling.type must be one of default, linear, dynamic, yarn, "
                           "longrope (or su), llama3, got 'ntk-by-parts'"),
              std::string::npos)
        << unknown;
    const std::string malformed = errorOf("malformed.json");
    EXPECT_NE(malformed.find("malformed.json"), std::string::npos) << malformed;
    EXPECT_NE(malformed.find("not valid JSON"), std::string::npos) << malformed;
    EXPECT_EQ(malformed.find('\n'), std::string::npos);
    const std::string missing = errorOf("missing_head_dim.json");
    EXPECT_NE(missing.find("head_dim"), std::string::npos) << missing;
    const std::string absent = errorOf("no_such_config.json");
    EXPECT_NE(absent.find("cannot open"), std::string::npos) << absent;
    EXPECT_THROW(ropeParamsFromHfConfigJson("[1, 2]", "inline"), InputError);
    EXPECT_THROW(ropeParamsFromHfConfigJson(R"({"head_dim": "128"})", "inline"), InputError);
    // Valid JSON but invalid parameters: factor below 1.
    EXPECT_THROW(
        ropeParamsFromHfConfigJson(
            R"({"head_dim": 64, "rope_scaling": {"type": "linear", "factor": 0.5}})", "inline"),
        InputError);
}

}  // namespace
}  // namespace ropelab
