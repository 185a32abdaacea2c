// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped presets file: every preset loads through the config.json importer with the values
// its source publishes, and a malformed file or value is reported with the preset and key.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/model_presets.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

using ::testing::HasSubstr;

const std::vector<ModelPreset>& shipped() {
    static const std::vector<ModelPreset> presets =
        loadModelPresets(std::string(ROPELAB_SOURCE_DIR) + "/resources/presets/models.json");
    return presets;
}

const ModelPreset& preset(const std::string& id) {
    const auto& all = shipped();
    const auto it = std::find_if(all.begin(), all.end(), [&](const auto& p) { return p.id == id; });
    EXPECT_NE(it, all.end()) << id;
    return *it;
}

std::string errorOf(const std::string& json) {
    try {
        modelPresetsFromJson(json, "test.json");
    } catch (const InputError& error) {
        return error.what();
    }
    return "no error";
}

TEST(ModelPresets, EveryPresetHasANameASourceAndValidParameters) {
    ASSERT_GE(shipped().size(), 7u);
    for (const ModelPreset& p : shipped()) {
        EXPECT_FALSE(p.name.empty()) << p.id;
        EXPECT_THAT(p.source, HasSubstr("https://")) << p.id;
        EXPECT_NO_THROW(validate(p.rope)) << p.id;
    }
}

TEST(ModelPresets, PublishedRopeTheta) {
    // Values of each model's config.json (see the preset's source).
    EXPECT_EQ(preset("llama-2-7b").rope.ropeTheta, 10000.0);  // absent: Llama default
    EXPECT_EQ(preset("llama-3-8b").rope.ropeTheta, 500000.0);
    EXPECT_EQ(preset("llama-3.1-8b").rope.ropeTheta, 500000.0);
    EXPECT_EQ(preset("qwen2-7b-instruct").rope.ropeTheta, 1000000.0);
    EXPECT_EQ(preset("mistral-7b-v0.1").rope.ropeTheta, 10000.0);
    EXPECT_EQ(preset("gpt-neox-20b").rope.ropeTheta, 10000.0);
    EXPECT_EQ(preset("phi-3-128k-longrope").rope.ropeTheta, 10000.0);
}

TEST(ModelPresets, HeadDimsAndContexts) {
    EXPECT_EQ(preset("llama-2-7b").rope.headDim, 128);
    EXPECT_EQ(preset("llama-2-7b").rope.maxPositionEmbeddings, 4096);
    EXPECT_EQ(preset("llama-3-8b").rope.maxPositionEmbeddings, 8192);
    EXPECT_EQ(preset("qwen2-7b-instruct").rope.headDim, 128);  // 3584 / 28
    EXPECT_EQ(preset("mistral-7b-v0.1").rope.maxPositionEmbeddings, 32768);
    EXPECT_EQ(preset("phi-3-128k-longrope").rope.headDim, 96);  // 3072 / 32
}

TEST(ModelPresets, Llama31UsesLlama3Scaling) {
    const RopeParams& rope = preset("llama-3.1-8b").rope;
    EXPECT_EQ(rope.ropeType, RopeType::Llama3);
    EXPECT_EQ(rope.factor, 8.0);
    EXPECT_EQ(rope.lowFreqFactor, 1.0);
    EXPECT_EQ(rope.highFreqFactor, 4.0);
    EXPECT_EQ(rope.originalMaxPositionEmbeddings, 8192);
    EXPECT_EQ(rope.maxPositionEmbeddings, 131072);
}

TEST(ModelPresets, GptNeoXRotatesAQuarterOfItsHead) {
    const RopeParams& rope = preset("gpt-neox-20b").rope;
    EXPECT_EQ(rope.headDim, 96);  // 6144 / 64
    EXPECT_EQ(rope.partialRotaryFactor, 0.25);
    EXPECT_EQ(ropeFrequencies(rope).rotaryDim, 24);
}

TEST(ModelPresets, Phi3LongRopeHas48FactorsPerList) {
    const RopeParams& rope = preset("phi-3-128k-longrope").rope;
    EXPECT_EQ(rope.ropeType, RopeType::LongRope);
    ASSERT_EQ(rope.shortFactor.size(), 48u);
    ASSERT_EQ(rope.longFactor.size(), 48u);
    // First and last published values.
    EXPECT_EQ(rope.longFactor.front(), 1.0299999713897705);
    EXPECT_EQ(rope.longFactor.back(), 64.81001281738281);
    EXPECT_EQ(rope.shortFactor.front(), 1.05);
    EXPECT_EQ(rope.shortFactor.back(), 3.049999999999997);
    EXPECT_EQ(rope.originalMaxPositionEmbeddings, 4096);
}

TEST(ModelPresets, BadValueNamesThePresetAndTheKey) {
    const std::string message = errorOf(R"({"presets": [{"id": "tiny", "name": "Tiny",
        "source": "https://example.org", "config": {"head_dim": 64, "rope_theta": "big"}}]})");
    EXPECT_THAT(message, HasSubstr("test.json"));
    EXPECT_THAT(message, HasSubstr("presets.tiny.config.rope_theta"));
    EXPECT_THAT(message, Not(HasSubstr("--config")));
}

TEST(ModelPresets, InvalidParameterNamesThePreset) {
    const std::string message = errorOf(R"({"presets": [{"id": "odd", "name": "Odd",
        "source": "https://example.org", "config": {"head_dim": 63}}]})");
    EXPECT_THAT(message, HasSubstr("presets.odd.config.head_dim"));
}

TEST(ModelPresets, StructuralProblems) {
    EXPECT_THAT(errorOf("{not json"), HasSubstr("not valid JSON"));
    EXPECT_THAT(errorOf(R"({"models": []})"), HasSubstr("has no presets"));
    EXPECT_THAT(errorOf(R"({"presets": [{"name": "x", "source": "y", "config": {}}]})"),
                HasSubstr("has no presets[0].id"));
    EXPECT_THAT(errorOf(R"({"presets": [{"id": "a", "name": "A", "config": {"head_dim": 64}}]})"),
                HasSubstr("has no presets.a.source"));
    const std::string twice =
        R"({"id": "a", "name": "A", "source": "s", "config": {"head_dim": 64}})";
    EXPECT_THAT(errorOf("{\"presets\": [" + twice + "," + twice + "]}"), HasSubstr("used twice"));
    try {
        modelPresetsFromJson("{\"presets\": [" + twice + "," + twice + "]}", "test.json");
        ADD_FAILURE() << "a repeated id was accepted";
    } catch (const FileError& error) {
        EXPECT_EQ(error.source(), "test.json");
        ASSERT_TRUE(error.fileProblem());
        EXPECT_EQ(error.fileProblem()->issue, FileIssue::Duplicate);
        EXPECT_EQ(error.fileProblem()->key, "presets[1].id");
        EXPECT_EQ(error.fileProblem()->found, "a");
    }
    EXPECT_THAT(errorOf(R"({"presets": [{"id": "a", "name": "A", "source": "s"}]})"),
                HasSubstr("has no presets.a.config"));
}

TEST(ModelPresets, MissingFileIsAnInputError) {
    EXPECT_THROW(loadModelPresets("/nonexistent/models.json"), InputError);
}

}  // namespace
}  // namespace ropelab
