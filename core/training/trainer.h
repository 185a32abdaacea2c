// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Training and evaluating the lab's models (model.h) on its tasks (tasks.h). The engine is
// libtorch (autograd, AdamW); this header is torch-free, so the CLI and the app include it
// without torch's headers.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/errors.h"
#include "common/execution.h"
#include "encodings/rope_params.h"
#include "training/model.h"
#include "training/tasks.h"

namespace ropelab::training {

struct TrainSettings {
    std::int64_t steps = 1000;
    int batch = 32;
    double learningRate = 1e-3;  // AdamW, warm-up over the first 5% of steps, cosine to 10%
    std::uint64_t seed = 0;      // weights and batches
    // Fine-tuning a RoPE model (TrainSettings of a second train call): the scaling it trains
    // with at its new length, e.g. linear (Position Interpolation); none = plain RoPE.
    std::optional<RopeParams> ropeScaling;
};

// ParameterError (ids "steps", "batch", "lr") for a bad setting.
void validate(const TrainSettings& settings);

// The loss became NaN or infinite: that model stops, its steps so far are lost.
class TrainingDiverged : public ResourceError {
public:
    TrainingDiverged(std::int64_t step, double learningRate);
    std::int64_t step() const { return step_; }

private:
    std::int64_t step_;
};

// Called after every step with its number (1 … steps) and its mean training loss.
using StepCallback = std::function<void(std::int64_t step, double loss)>;

// Trains a new model on exec.threads torch threads. Same config, task, settings and threads →
// the same losses and weights. Estimates memory first (ResourceError); throws Cancelled at the
// next step once exec.stop is requested, TrainingDiverged on a NaN loss.
Model train(ModelConfig config, const Task& task, const TrainSettings& settings,
            const Execution& exec, const StepCallback& onStep = {});

// Continues training `model` at trainLength (longer than its own) for settings.steps steps,
// with settings.ropeScaling when given: the PI comparison. RoPE models only (InputError).
Model fineTune(const Model& model, const Task& task, int trainLength, const TrainSettings& settings,
               const Execution& exec, const StepCallback& onStep = {});

struct EvalSettings {
    std::vector<int> lengths;
    int sequences = 128;             // per length
    std::uint64_t seed = 1234567;    // the synthetic tasks' evaluation sequences
    std::optional<RopeParams> rope;  // RoPE models: lesson 7's options (position_tables.h)
};

struct LengthResult {
    int length = 0;
    bool ran = false;
    int rows = 0;     // when !ran: the learned table's rows (the training length), < length
    double loss = 0;  // mean cross-entropy of the scored tokens, nats
    double perplexity = 0;
    double accuracy = 0;    // scored tokens whose argmax is right
    double exactMatch = 0;  // sequences with every scored token right
};

// The metrics by length. A learned model cannot run beyond its table: that length reports
// ran = false and its table's rows, never a number. InputError for a length outside
// [2, TrainingLimits::maxEvalLength].
std::vector<LengthResult> evaluate(const Model& model, const Task& task,
                                   const EvalSettings& settings, const Execution& exec);

// Mean next-token cross-entropy over positions 1 … T−1 of each sequence (token ids of the
// model's vocabulary). InputError for an id outside it, a sequence shorter than 2 tokens, or
// one a learned model cannot run.
std::vector<double> sequenceLosses(const Model& model,
                                   const std::vector<std::vector<std::int64_t>>& sequences,
                                   const std::optional<RopeParams>& rope, const Execution& exec);

// The scores of one layer for one sequence before softmax, q·k/√d_h + bias with −inf above
// the diagonal: [heads, T, T] row-major. For tests and the look inside the models.
std::vector<double> attentionScores(const Model& model, const std::vector<std::int64_t>& tokens,
                                    int layer, const std::optional<RopeParams>& rope);
// The attention weights those scores give: the softmax of each query's row, 0 above the
// diagonal; [heads, T, T] row-major, each row summing to 1.
std::vector<double> attentionWeights(const Model& model, const std::vector<std::int64_t>& tokens,
                                     int layer, const std::optional<RopeParams>& rope);

}  // namespace ropelab::training
