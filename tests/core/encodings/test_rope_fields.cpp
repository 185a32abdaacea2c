// SPDX-License-Identifier: GPL-3.0-or-later
// The parameter table: complete and consistent, validate() enforces each row's range naming the
// field's key, and config.json reading and writing cover every field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>
#include <string>

#include "common/parameter_error.h"
#include "encodings/conventions.h"
#include "encodings/hf_config.h"
#include "encodings/rope_fields.h"
#include "rope_field_sample.h"

using namespace ropelab;

namespace {

// Whether `params` holds RopeParams{}'s value for `field`.
bool hasDefault(const RopeFieldInfo& field, const RopeParams& params) {
    static const RopeParams defaults;
    return std::visit([&](auto member) { return params.*member == defaults.*member; },
                      field.member);
}

ParameterProblem problemOf(const RopeParams& params) {
    try {
        validate(params);
    } catch (const ParameterError& error) {
        return error.problem();
    }
    ADD_FAILURE() << "validate accepted the parameters";
    return {"", Rule::Finite};
}

}  // namespace

// Its flags are the CLI's (tests/cli/test_cli_parsing.cpp), its labels and ranges the app's.
TEST(RopeFields, EveryFieldHasOneRowWithItsOwnKey) {
    std::set<std::string_view> keys;
    int index = 0;
    for (const RopeFieldInfo& field : ropeFields()) {
        EXPECT_EQ(static_cast<int>(field.id), index++) << field.key;  // rows in enum order
        EXPECT_TRUE(keys.insert(field.key).second) << field.key;
        EXPECT_EQ(&ropeField(field.id), &field);
        EXPECT_EQ(ropeFieldByKey(field.key), &field);
    }
    EXPECT_EQ(index, static_cast<int>(RopeField::LongFactor) + 1);
    EXPECT_EQ(ropeFieldByKey("hidden_size"), nullptr);
}

TEST(RopeFields, TheSampleSetsEveryFieldAwayFromItsDefault) {
    const RopeParams sample = samples::everyFieldSample();
    validate(sample);
    for (const RopeFieldInfo& field : ropeFields()) {
        EXPECT_FALSE(hasDefault(field, sample)) << field.key;
    }
}

TEST(RopeFields, RopeTypesThatReadAField) {
    EXPECT_TRUE(usedBy(ropeField(RopeField::RopeTheta), RopeType::Default));
    EXPECT_FALSE(usedBy(ropeField(RopeField::Factor), RopeType::Default));
    EXPECT_TRUE(usedBy(ropeField(RopeField::Factor), RopeType::Linear));
    EXPECT_TRUE(usedBy(ropeField(RopeField::BetaFast), RopeType::Yarn));
    EXPECT_FALSE(usedBy(ropeField(RopeField::BetaFast), RopeType::Llama3));
    EXPECT_TRUE(usedBy(ropeField(RopeField::ShortFactor), RopeType::LongRope));
    EXPECT_TRUE(usedBy(ropeField(RopeField::SeqLen), RopeType::Dynamic));
}

TEST(RopeFields, ValidateRefusesAValueJustOutsideEachRangeNamingTheKey) {
    for (const RopeFieldInfo& field : ropeFields()) {
        if (!std::isfinite(field.range.minimum)) continue;
        RopeParams params = samples::everyFieldSample();
        const double below =
            field.range.minimumExcluded ? field.range.minimum : field.range.minimum - 1.0;
        std::visit(
            [&](auto member) {
                auto& value = params.*member;
                using T = std::remove_cvref_t<decltype(value)>;
                if constexpr (std::is_same_v<T, std::vector<double>>) {
                    value[3] = below;
                } else if constexpr (std::is_same_v<T, int> ||
                                     std::is_same_v<T, std::optional<int>>) {
                    value = static_cast<int>(below);
                } else if constexpr (std::is_same_v<T, double> ||
                                     std::is_same_v<T, std::optional<double>>) {
                    value = below;
                }
            },
            field.member);
        const ParameterProblem problem = problemOf(params);
        EXPECT_EQ(problem.parameter, field.key);
        EXPECT_EQ(problem.value, below) << field.key;
        EXPECT_EQ(problem.lower, field.range.minimum) << field.key;
    }
}

TEST(RopeFields, ConfigJsonWritesAndReadsEveryField) {
    RopeParams sample = samples::everyFieldSample();
    sample.seqLen.reset();  // a runtime value: no config.json holds it
    const std::string json = ropeParamsToHfConfigJson(sample);
    EXPECT_EQ(ropeParamsFromHfConfigJson(json, "written.json"), sample) << json;
    EXPECT_EQ(ropeParamsFromHfConfigJson(ropeParamsToHfConfigJson(RopeParams{}), "default.json"),
              RopeParams{});
}

TEST(RopeFields, ConfigErrorsNameTheFilesOwnKeyNeverAFlag) {
    const auto fileError = [](const std::string& json) {
        try {
            ropeParamsFromHfConfigJson(json, "c1.json");
        } catch (const FileError& error) {
            return error;
        }
        ADD_FAILURE() << json << " accepted";
        return FileError("", FileProblem{FileIssue::ReadFailed});
    };
    const FileError theta = fileError(R"({"head_dim": 64, "rope_theta": 0.5})");
    EXPECT_STREQ(theta.what(), "'c1.json': rope_theta must be > 1, got 0.5");
    EXPECT_EQ(theta.source(), "c1.json");
    ASSERT_TRUE(theta.parameterProblem());
    EXPECT_EQ(theta.parameterProblem()->parameter, "rope_theta");
    EXPECT_EQ(theta.parameterProblem()->rule, Rule::GreaterThan);
    const FileError factor =
        fileError(R"({"head_dim": 64, "rope_scaling": {"rope_type": "linear", "factor": 0.5}})");
    EXPECT_EQ(factor.problemText(), "rope_scaling.factor must be >= 1, got 0.5");
    EXPECT_EQ(factor.keyOf("factor"), "rope_scaling.factor");
    const FileError v5 = fileError(R"({"head_dim": 64, "rope_parameters": {"rope_theta": 1}})");
    EXPECT_EQ(v5.problemText(), "rope_parameters.rope_theta must be > 1, got 1");
    const FileError neox = fileError(R"({"head_dim": 64, "rotary_pct": 1.5})");
    EXPECT_EQ(neox.problemText(), "rotary_pct must be in (0, 1], got 1.5");
    const FileError llama3 = fileError(
        R"({"head_dim": 64, "rope_scaling": {"rope_type": "llama3", "factor": 8,
            "low_freq_factor": 4, "high_freq_factor": 2}})");
    EXPECT_EQ(llama3.problemText(),
              "rope_scaling.high_freq_factor must be > rope_scaling.low_freq_factor (4), got 2");
    for (const FileError* error : {&theta, &factor, &v5, &neox, &llama3}) {
        EXPECT_EQ(std::string(error->what()).find("--"), std::string::npos) << error->what();
    }
}

// A file's structural problems are data as well: the kind, the file's key, what it holds there.
TEST(RopeFields, StructuralConfigProblemsAreDataWithTheFilesKey) {
    const auto problem = [](const std::string& json) {
        try {
            ropeParamsFromHfConfigJson(json, "c1.json");
        } catch (const FileError& error) {
            EXPECT_FALSE(error.parameterProblem()) << error.what();
            return std::pair{error.fileProblem().value_or(FileProblem{FileIssue::Damaged}),
                             error.problemText()};
        }
        ADD_FAILURE() << json << " accepted";
        return std::pair{FileProblem{FileIssue::Damaged}, std::string()};
    };
    const auto [scaling, scalingText] = problem(R"({"head_dim": 64, "rope_scaling": [1]})");
    EXPECT_EQ(scaling,
              (FileProblem{FileIssue::WrongType, "rope_scaling", ValueKind::Object, "array"}));
    EXPECT_EQ(scalingText, "rope_scaling must be an object, got array");
    const auto [theta, thetaText] = problem(R"({"head_dim": 64, "rope_theta": "big"})");
    EXPECT_EQ(theta,
              (FileProblem{FileIssue::WrongType, "rope_theta", ValueKind::Number, "string"}));
    const auto [root, rootText] = problem("[64]");
    EXPECT_EQ(root, (FileProblem{FileIssue::WrongType, "", ValueKind::Object, "array"}));
    EXPECT_EQ(rootText, "expected an object, got array");
    const auto [missing, missingText] = problem("{}");
    EXPECT_EQ(missing, (FileProblem{FileIssue::Missing, "head_dim", ValueKind::Number, "",
                                    "hidden_size and num_attention_heads"}));
    EXPECT_EQ(missingText, "needs head_dim, or hidden_size and num_attention_heads");
    EXPECT_EQ(problem("{").first.issue, FileIssue::NotJson);
}

// The clinic's HF words are the table's keys: every config.json setting and every key of the
// rope_scaling dict it writes names a table field (yarn, longrope and llama3 between them write
// every field a config.json holds).
TEST(RopeFields, TheClinicsConfigJsonKeysAreTheTablesKeys) {
    RopeParams yarn;
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 4.0;
    yarn.partialRotaryFactor = 0.5;
    yarn.originalMaxPositionEmbeddings = 2048;
    yarn.betaFast = 16.0;
    yarn.betaSlow = 2.0;
    yarn.mscale = 0.5;
    yarn.mscaleAllDim = 0.25;
    yarn.attentionFactor = 1.25;
    yarn.truncate = false;
    RopeParams llama3;
    llama3.ropeType = RopeType::Llama3;
    std::set<std::string> written;
    for (const RopeParams& params : {yarn, samples::everyFieldSample(), llama3}) {
        ConventionsInput input;
        input.params = params;
        const Conventions conventions = ropeConventions(input);
        const ToolWords& hf = conventions.tools.at(0);
        ASSERT_EQ(hf.tool, "hf_config");
        for (const ToolSetting& setting : hf.settings) {
            if (setting.key != "rope_scaling") {
                EXPECT_NE(ropeFieldByKey(setting.key), nullptr) << setting.key;
                written.insert(setting.key);
                continue;
            }
            const nlohmann::json scaling = nlohmann::json::parse(setting.value);
            for (const auto& [key, value] : scaling.items()) {
                EXPECT_NE(ropeFieldByKey(key), nullptr) << key;
                written.insert(key);
            }
        }
    }
    for (const RopeFieldInfo& field : ropeFields()) {
        if (field.place == ConfigPlace::NotInConfig) continue;
        EXPECT_EQ(written.count(std::string(field.key)), 1u) << field.key;
    }
}
