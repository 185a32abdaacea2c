// SPDX-License-Identifier: GPL-3.0-or-later
// Training and evaluation: reproducible, learning, refusing what it cannot do, stopping cleanly.

#include <cmath>

#include <gtest/gtest.h>

#include "common/parameter_error.h"
#include "training/trainer.h"

namespace ropelab::training {
namespace {

ModelConfig tinyConfig(PositionEncoding encoding) {
    ModelConfig config;
    config.encoding = encoding;
    config.layers = 1;
    config.width = 16;
    config.heads = 2;
    config.trainLength = 9;
    return config;
}

TrainSettings tinySettings(std::int64_t steps, std::uint64_t seed = 3) {
    TrainSettings settings;
    settings.steps = steps;
    settings.batch = 8;
    settings.seed = seed;
    return settings;
}

std::vector<double> lossCurve(PositionEncoding encoding, std::uint64_t seed, Model* out = nullptr) {
    std::vector<double> losses;
    const Model model =
        train(tinyConfig(encoding), syntheticTask(TaskKind::Copy), tinySettings(25, seed),
              Execution{}, [&](std::int64_t, double loss) { losses.push_back(loss); });
    if (out != nullptr) *out = model;
    return losses;
}

TEST(Training, SameSeedSettingsAndThreadsGiveTheSameLossCurveAndWeights) {
    for (PositionEncoding encoding : {PositionEncoding::Rope, PositionEncoding::T5}) {
        Model first;
        Model second;
        const std::vector<double> a = lossCurve(encoding, 5, &first);
        const std::vector<double> b = lossCurve(encoding, 5, &second);
        ASSERT_EQ(a.size(), 25u);
        EXPECT_EQ(a, b);
        EXPECT_EQ(first.tensors, second.tensors);
        EXPECT_NE(a, lossCurve(encoding, 6));  // another seed: other weights and batches
    }
}

TEST(Training, CopyLossFallsFromTheUniformGuess) {
    std::vector<double> losses;
    TrainSettings settings = tinySettings(120);
    settings.learningRate = 1e-2;
    train(tinyConfig(PositionEncoding::Alibi), syntheticTask(TaskKind::Copy), settings, Execution{},
          [&](std::int64_t, double loss) { losses.push_back(loss); });
    // At the start every one of the 17 tokens is about equally likely: ln 17 = 2.83.
    EXPECT_NEAR(losses.front(), std::log(17.0), 0.15);
    double late = 0;
    for (std::size_t i = losses.size() - 10; i < losses.size(); ++i) late += losses[i] / 10;
    EXPECT_LT(late, std::log(17.0) - 0.5);
}

TEST(Training, StepsAndMetadataAreRecorded) {
    Model model;
    lossCurve(PositionEncoding::Sinusoidal, 9, &model);
    EXPECT_EQ(model.steps, 25);
    EXPECT_EQ(model.seed, 9u);
    EXPECT_EQ(model.task, "copy");
    EXPECT_EQ(model.config.vocabulary, 17);
    EXPECT_EQ(model.tensors.size(), tensorLayout(model.config).size());
}

TEST(Evaluation, LearnedRefusesLengthsBeyondItsTable) {
    Model model;
    lossCurve(PositionEncoding::Learned, 1, &model);
    EvalSettings settings;
    settings.lengths = {9, 10, 18};
    settings.sequences = 4;
    const std::vector<LengthResult> results =
        evaluate(model, syntheticTask(TaskKind::Copy), settings, Execution{});
    ASSERT_EQ(results.size(), 3u);
    EXPECT_TRUE(results[0].ran);
    EXPECT_FALSE(results[1].ran);
    EXPECT_FALSE(results[2].ran);
    EXPECT_EQ(results[1].rows, 9);    // the learned table's rows: its training length
    EXPECT_EQ(results[1].loss, 0.0);  // no number is made up
    EXPECT_THROW(
        sequenceLosses(model, {std::vector<std::int64_t>(10, 1)}, std::nullopt, Execution{}),
        InputError);
}

TEST(Evaluation, MetricsAgreeWithTheirDefinitions) {
    Model model;
    lossCurve(PositionEncoding::Rope, 2, &model);
    EvalSettings settings;
    settings.lengths = {9, 13};
    settings.sequences = 16;
    const std::vector<LengthResult> results =
        evaluate(model, syntheticTask(TaskKind::Copy), settings, Execution{});
    for (const LengthResult& r : results) {
        EXPECT_TRUE(r.ran);
        EXPECT_DOUBLE_EQ(r.perplexity, std::exp(r.loss));
        EXPECT_GE(r.accuracy, 0.0);
        EXPECT_LE(r.accuracy, 1.0);
        EXPECT_LE(r.exactMatch, r.accuracy + 1e-12);  // every exact sequence is all-correct
        // exact_match is a count of 16 sequences.
        EXPECT_DOUBLE_EQ(r.exactMatch * 16, std::round(r.exactMatch * 16));
    }
    // sequenceLosses scores positions 1 … T−1 of each sequence alone, batched or not.
    const std::vector<std::int64_t> sequence{1, 2, 3, 4, 0, 1, 2, 3, 4};
    const std::vector<double> one = sequenceLosses(model, {sequence}, std::nullopt, Execution{});
    const std::vector<double> twice =
        sequenceLosses(model, {sequence, {5, 6, 0, 5}, sequence}, std::nullopt, Execution{});
    EXPECT_EQ(twice.size(), 3u);
    EXPECT_NEAR(twice[0], one[0], 1e-6);  // batched with others, the same loss
    EXPECT_NEAR(twice[2], one[0], 1e-6);
}

TEST(Evaluation, RejectsBadLengthsAndTokens) {
    Model model;
    lossCurve(PositionEncoding::None, 1, &model);
    EvalSettings settings;
    settings.lengths = {2};
    EXPECT_THROW(evaluate(model, syntheticTask(TaskKind::Copy), settings, Execution{}),
                 ParameterError);
    settings.lengths = {TrainingLimits::maxEvalLength + 1};
    EXPECT_THROW(evaluate(model, syntheticTask(TaskKind::Copy), settings, Execution{}),
                 ParameterError);
    EXPECT_THROW(sequenceLosses(model, {{1, 17}}, std::nullopt, Execution{}), InputError);
    EXPECT_THROW(sequenceLosses(model, {{1}}, std::nullopt, Execution{}), InputError);
}

TEST(Training, CancelStopsAtTheNextStep) {
    std::stop_source source;
    Execution exec;
    exec.stop = source.get_token();
    std::int64_t last = 0;
    EXPECT_THROW(train(tinyConfig(PositionEncoding::Rope), syntheticTask(TaskKind::Copy),
                       tinySettings(50), exec,
                       [&](std::int64_t step, double) {
                           last = step;
                           if (step == 3) source.request_stop();
                       }),
                 Cancelled);
    EXPECT_EQ(last, 3);
}

TEST(Training, ANanLossStopsTheModelWithAMessage) {
    Model model;
    lossCurve(PositionEncoding::Rope, 1, &model);
    model.tensors.front().values[0] = std::nanf("");  // a poisoned embedding row 0 ('|')
    try {
        fineTune(model, syntheticTask(TaskKind::Copy), 9, tinySettings(5), Execution{});
        FAIL() << "no TrainingDiverged";
    } catch (const TrainingDiverged& error) {
        EXPECT_EQ(error.step(), 1);
        ASSERT_TRUE(error.problem().has_value());
        EXPECT_EQ(error.problem()->what, Demand::TrainingDiverged);
        EXPECT_EQ(error.problem()->count, 1);
        EXPECT_EQ(error.problem()->rate, tinySettings(5).learningRate);
        EXPECT_NE(std::string(error.what()).find("NaN at step 1"), std::string::npos);
    }
}

TEST(Training, FineTuningAtALongerLengthWithInterpolation) {
    Model model;
    lossCurve(PositionEncoding::Rope, 4, &model);
    TrainSettings settings = tinySettings(5);
    RopeParams pi;
    pi.headDim = 8;
    pi.ropeType = RopeType::Linear;
    pi.factor = 2.0;
    settings.ropeScaling = pi;
    const Model tuned = fineTune(model, syntheticTask(TaskKind::Copy), 18, settings, Execution{});
    EXPECT_EQ(tuned.config.trainLength, 18);
    EXPECT_EQ(tuned.steps, 30);
    ASSERT_TRUE(tuned.ropeScaling.has_value());
    EXPECT_EQ(tuned.ropeScaling->ropeType, RopeType::Linear);
    EXPECT_NE(tuned.tensors, model.tensors);
    EXPECT_THROW(fineTune(model, syntheticTask(TaskKind::Copy), 8, settings, Execution{}),
                 ParameterError);
    Model learned;
    lossCurve(PositionEncoding::Learned, 4, &learned);
    EXPECT_THROW(fineTune(learned, syntheticTask(TaskKind::Copy), 18, tinySettings(5), Execution{}),
                 InputError);
}

TEST(Limits, MemoryIsEstimatedBeforeAllocating) {
    ModelConfig config = tinyConfig(PositionEncoding::Rope);
    config.vocabulary = 17;
    // 512 sequences of 1024 tokens keep 512·1024·(20·16 + 3·2·1024) numbers per layer: > 2 GiB.
    EXPECT_GT(trainingMemoryBytes(config, 512, 1024), TrainingLimits::maxMemoryBytes);
    config.trainLength = 1024;
    TrainSettings settings = tinySettings(1);
    settings.batch = 512;
    try {
        train(config, syntheticTask(TaskKind::Copy), settings, Execution{});
        ADD_FAILURE() << "512 × 1024 tokens accepted";
    } catch (const ResourceError& error) {
        ASSERT_TRUE(error.problem().has_value());
        EXPECT_EQ(error.problem()->what, Demand::Training);
        EXPECT_EQ(error.problem()->budget, Budget::TrainingMemory);
        EXPECT_EQ(error.problem()->needed, trainingMemoryBytes(config, 512, 1024));
        EXPECT_EQ(error.problem()->limit, TrainingLimits::maxMemoryBytes);
    }
    // The parameters of a 1-layer, width-16 model: 17·16 + 12·16² + 13·16 + 2·16.
    EXPECT_EQ(parameterCount(config), 17 * 16 + 12 * 256 + 13 * 16 + 2 * 16);
}

TEST(Limits, BadSettingsNameTheirParameter) {
    ModelConfig config = tinyConfig(PositionEncoding::Rope);
    const Task copy = syntheticTask(TaskKind::Copy);
    config.heads = 3;
    EXPECT_THROW(train(config, copy, tinySettings(1), Execution{}), InputError);  // 16 % 3
    config = tinyConfig(PositionEncoding::Rope);
    config.layers = 9;
    try {
        train(config, copy, tinySettings(1), Execution{});
        FAIL();
    } catch (const ParameterError& error) {
        EXPECT_EQ(error.problem().parameter, "layers");
    }
    TrainSettings settings = tinySettings(0);
    try {
        train(tinyConfig(PositionEncoding::Rope), copy, settings, Execution{});
        FAIL();
    } catch (const ParameterError& error) {
        EXPECT_EQ(error.problem().parameter, "steps");
    }
}

}  // namespace
}  // namespace ropelab::training
