// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The training lesson's experiment, "train short, test long": one model per position encoding,
// all on the same task, size, steps and seed; each evaluated at multiples of its training length,
// and the RoPE model also with lesson 7's methods applied at evaluation (no retraining). A run
// is plain data and a JSON document, so the app ships a recorded run and caches the last one.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/execution.h"
#include "training/trainer.h"

namespace ropelab::training {

struct LabSettings {
    TaskKind task = TaskKind::Copy;
    std::string textFile;  // task text: a UTF-8 file; empty for the built-in text
    std::vector<PositionEncoding> encodings{std::begin(allEncodings), std::end(allEncodings)};
    int layers = 2;
    int width = 64;
    int heads = 4;
    int trainLength = 16;
    std::int64_t steps = 1000;
    int batch = 32;
    std::uint64_t seed = 0;
    double ropeTheta = 10000.0;
    int evalSequences = 64;  // per length
    // Steps of fine-tuning the trained RoPE model at labFineTuneFactor × the training length,
    // once plain and once with Position Interpolation (Chen et al. 2023); 0: no fine-tuning.
    std::int64_t fineTuneSteps = 0;

    bool operator==(const LabSettings&) const = default;
};

// The evaluation lengths: 1, 1.5, 2 and 4 times the training length (rounded).
std::vector<int> labLengths(const LabSettings& settings);
inline constexpr double labLongestFactor = 4.0;

// Fine-tuning runs at twice the training length; interpolation divides positions by the same
// factor, so every fine-tuning position falls within the trained range.
inline constexpr double labFineTuneFactor = 2.0;

// The methods applied to the RoPE model at evaluation, each with factor 4 (the longest length
// over the training length) and the training length as the original context.
enum class RopeRescue { Linear, Dynamic, Yarn, Llama3 };
inline constexpr RopeRescue allRescues[] = {RopeRescue::Linear, RopeRescue::Dynamic,
                                            RopeRescue::Yarn, RopeRescue::Llama3};
std::string_view toString(RopeRescue rescue);  // HF rope_type: "linear", "dynamic", ...
RopeParams rescueParams(RopeRescue rescue, const ModelConfig& config);

struct RescuedCurve {
    RopeRescue rescue = RopeRescue::Linear;
    std::vector<LengthResult> byLength;
};

// The RoPE model fine-tuned at labFineTuneFactor × the training length, evaluated at the lab's
// lengths with the scaling it was fine-tuned with.
struct FineTunedCurve {
    bool interpolated = false;   // linear scaling by labFineTuneFactor (PI); else plain RoPE
    std::vector<double> losses;  // mean loss of each fine-tuning step
    std::vector<LengthResult> byLength;
};
// PI's scaling for the lab's fine-tuning: linear, factor labFineTuneFactor.
RopeParams interpolationParams(const ModelConfig& config);

struct LabModelResult {
    PositionEncoding encoding = PositionEncoding::Rope;
    std::vector<double> losses;  // mean training loss of each step
    double seconds = 0;          // training wall time
    std::vector<LengthResult> byLength;
    std::vector<RescuedCurve> rescued;      // rope only
    std::vector<FineTunedCurve> fineTuned;  // rope only: plain, then interpolated
};

struct LabRun {
    LabSettings settings;
    std::string taskSource;  // Task::source: which text, or "copy"
    std::vector<LabModelResult> models;
};

// The task of the settings (the file read once; InputError as textTaskFromFile).
Task labTask(const LabSettings& settings);
ModelConfig labModelConfig(const LabSettings& settings, PositionEncoding encoding, int vocabulary);

// The steps one encoding's model takes: its training steps, and a RoPE model's two fine-tunings.
std::int64_t labModelSteps(const LabSettings& settings, PositionEncoding encoding);

// Trains and evaluates one encoding's model on exec.threads threads (a RoPE model also
// fine-tuned, settings.fineTuneSteps); the trained model goes to `trained` when given. onStep
// follows the training steps only; exec.progress follows every step, training and fine-tuning,
// as the fraction of labModelSteps done. Cancelled as soon as exec.stop is requested,
// TrainingDiverged or InputError/ResourceError as train() throws them.
LabModelResult runLabModel(const LabSettings& settings, const Task& task, PositionEncoding encoding,
                           const Execution& exec, const StepCallback& onStep = {},
                           Model* trained = nullptr);

// The run as JSON ("format": "ropelab-lab-run", "version": 2; version 1, without fine-tuning,
// is read too) and back. InputError naming `source` for a document that is not such a run or
// holds numbers out of range.
std::string labRunToJson(const LabRun& run);
LabRun labRunFromJson(std::string_view json, const std::string& source);

}  // namespace ropelab::training
