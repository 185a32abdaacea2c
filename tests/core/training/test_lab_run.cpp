// SPDX-License-Identifier: GPL-3.0-or-later
// The lab's experiment: its JSON reads back what it wrote (version 2 with fine-tuning, version 1
// without), and fine-tuning the RoPE model changes its weights the same way every time.

#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "common/errors.h"
#include "training/lab_run.h"

namespace ropelab::training {
namespace {

LabSettings tinySettings() {
    LabSettings s;
    s.encodings = {PositionEncoding::Rope};
    s.layers = 1;
    s.width = 16;
    s.heads = 2;
    s.trainLength = 6;
    s.steps = 20;
    s.batch = 8;
    s.seed = 7;
    s.evalSequences = 4;
    s.fineTuneSteps = 5;
    return s;
}

LengthResult ran(int length, double accuracy) {
    LengthResult r;
    r.length = length;
    r.ran = true;
    r.loss = 1.25 + accuracy;
    r.perplexity = 3.5 + accuracy;
    r.accuracy = accuracy;
    r.exactMatch = accuracy / 3;
    return r;
}

LabRun handMadeRun() {
    LabRun run;
    run.settings = tinySettings();
    run.taskSource = "copy";
    LabModelResult rope;
    rope.encoding = PositionEncoding::Rope;
    rope.losses = {2.8, 2.1};
    rope.seconds = 1.5;
    rope.byLength = {ran(6, 0.9), ran(9, 0.1)};
    rope.rescued = {{RopeRescue::Linear, {ran(6, 0.7), ran(9, 0.3)}}};
    rope.fineTuned = {{false, {1.0, 0.9}, {ran(6, 0.8), ran(9, 0.2)}},
                      {true, {1.1, 0.7}, {ran(6, 0.85), ran(9, 0.6)}}};
    LengthResult refused;
    refused.length = 9;
    refused.rows = 6;
    LabModelResult learned;
    learned.encoding = PositionEncoding::Learned;
    learned.losses = {2.9};
    learned.byLength = {ran(6, 0.5), refused};
    run.models = {learned, rope};
    return run;
}

TEST(LabRun, JsonReadsBackTheFineTunedCurves) {
    const LabRun run = handMadeRun();
    const std::string json = labRunToJson(run);
    EXPECT_EQ(nlohmann::json::parse(json).at("version"), 2);
    const LabRun back = labRunFromJson(json, "run.json");
    EXPECT_EQ(back.settings, run.settings);
    ASSERT_EQ(back.models.size(), 2u);
    const std::vector<FineTunedCurve>& tuned = back.models[1].fineTuned;
    ASSERT_EQ(tuned.size(), 2u);
    EXPECT_FALSE(tuned[0].interpolated);
    EXPECT_TRUE(tuned[1].interpolated);
    EXPECT_EQ(tuned[1].losses, (std::vector<double>{1.1, 0.7}));
    ASSERT_EQ(tuned[1].byLength.size(), 2u);
    EXPECT_EQ(tuned[1].byLength[1].accuracy, 0.6);
    EXPECT_EQ(tuned[1].byLength[1].exactMatch, 0.6 / 3);
    EXPECT_TRUE(back.models[0].fineTuned.empty());
    EXPECT_FALSE(back.models[0].byLength[1].ran);
    EXPECT_EQ(labRunToJson(back), json);  // nothing lost or changed on the way
}

TEST(LabRun, VersionOneRunsReadWithoutFineTuning) {
    nlohmann::json doc = nlohmann::json::parse(labRunToJson(handMadeRun()));
    doc["version"] = 1;
    doc["settings"].erase("fine_tune_steps");
    for (nlohmann::json& model : doc["models"]) model.erase("fine_tuned");
    const LabRun old = labRunFromJson(doc.dump(), "old.json");
    EXPECT_EQ(old.settings.fineTuneSteps, 0);
    for (const LabModelResult& m : old.models) EXPECT_TRUE(m.fineTuned.empty());
    EXPECT_EQ(old.models[1].rescued.size(), 1u);

    // Runs written before "rows" said why in English; the learned table's rows are the
    // training length.
    nlohmann::json& refused = doc["models"][0]["by_length"][1];
    refused.erase("rows");
    refused["reason"] = "learned positions have 6 rows (the training length); ...";
    EXPECT_EQ(labRunFromJson(doc.dump(), "old.json").models[0].byLength[1].rows,
              old.settings.trainLength);

    doc["version"] = 3;
    EXPECT_THROW(labRunFromJson(doc.dump(), "new.json"), InputError);
}

TEST(LabRun, FineTuningChangesTheWeightsReproducibly) {
    const LabSettings s = tinySettings();
    const Task task = labTask(s);
    Model first, second;
    const LabModelResult a = runLabModel(s, task, PositionEncoding::Rope, Execution{}, {}, &first);
    const LabModelResult b = runLabModel(s, task, PositionEncoding::Rope, Execution{}, {}, &second);
    EXPECT_EQ(first.tensors, second.tensors);
    ASSERT_EQ(a.fineTuned.size(), 2u);
    ASSERT_EQ(b.fineTuned.size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(a.fineTuned[i].interpolated, i == 1);
        EXPECT_EQ(a.fineTuned[i].losses.size(), 5u);
        EXPECT_EQ(a.fineTuned[i].losses, b.fineTuned[i].losses);
        ASSERT_EQ(a.fineTuned[i].byLength.size(), labLengths(s).size());
        EXPECT_EQ(a.fineTuned[i].byLength[3].accuracy, b.fineTuned[i].byLength[3].accuracy);
    }
    // Interpolation changes what the model sees: another loss curve.
    EXPECT_NE(a.fineTuned[0].losses, a.fineTuned[1].losses);

    TrainSettings tuning;
    tuning.steps = s.fineTuneSteps;
    tuning.batch = s.batch;
    tuning.seed = s.seed;
    tuning.ropeScaling = interpolationParams(first.config);
    const Model tuned = fineTune(first, task, 2 * s.trainLength, tuning, Execution{});
    const Model again = fineTune(second, task, 2 * s.trainLength, tuning, Execution{});
    EXPECT_NE(tuned.tensors, first.tensors);
    EXPECT_EQ(tuned.tensors, again.tensors);

    // Other models are not fine-tuned.
    EXPECT_TRUE(runLabModel(s, task, PositionEncoding::Alibi, Execution{}).fineTuned.empty());
}

TEST(LabRun, ProgressCountsTheFineTuningSteps) {
    const LabSettings s = tinySettings();
    EXPECT_EQ(labModelSteps(s, PositionEncoding::Rope), 20 + 2 * 5);
    EXPECT_EQ(labModelSteps(s, PositionEncoding::Alibi), 20);
    std::vector<double> fractions;
    Execution exec;
    exec.progress = [&fractions](double fraction) { fractions.push_back(fraction); };
    runLabModel(s, labTask(s), PositionEncoding::Rope, exec);
    // One report a step, training then both fine-tunings, each the share of all 30 steps done.
    ASSERT_EQ(fractions.size(), 30u);
    for (std::size_t i = 0; i < fractions.size(); ++i) {
        EXPECT_NEAR(fractions[i], static_cast<double>(i + 1) / 30.0, 1e-12) << i;
    }
}

TEST(LabRun, AttentionWeightsAreTheSoftmaxOfTheScores) {
    Model model;
    LabSettings s = tinySettings();
    s.fineTuneSteps = 0;
    runLabModel(s, labTask(s), PositionEncoding::Rope, Execution{}, {}, &model);
    const std::vector<std::int64_t> tokens{3, 5, 0, 3, 5};
    const std::size_t T = tokens.size();
    const std::vector<double> scores = attentionScores(model, tokens, 0, std::nullopt);
    const std::vector<double> weights = attentionWeights(model, tokens, 0, std::nullopt);
    ASSERT_EQ(weights.size(), 2 * T * T);
    for (std::size_t h = 0; h < 2; ++h) {
        for (std::size_t q = 0; q < T; ++q) {
            const double* row = &weights[(h * T + q) * T];
            const double* score = &scores[(h * T + q) * T];
            double sum = 0;
            for (std::size_t k = 0; k < T; ++k) {
                sum += row[k];
                if (k > q) {
                    EXPECT_EQ(row[k], 0.0);  // causal: no later key
                }
            }
            EXPECT_NEAR(sum, 1.0, 1e-12);
            // The ratio of two weights is e to the difference of their scores.
            if (q > 0) {
                EXPECT_NEAR(std::log(row[0] / row[q]), score[0] - score[q], 1e-9);
            }
        }
    }
}

}  // namespace
}  // namespace ropelab::training
