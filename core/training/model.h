// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A small decoder-only transformer as plain data: its shape, its position encoding and its
// weights under the names the model file uses (README "Training lab"). No torch here: the
// engine (trainer.h) converts to and from torch inside core/training only.
//
// The model, exactly: token embedding E [V, d]; L blocks of x += Attn(LN1(x)), x += MLP(LN2(x))
// (LayerNorm eps 1e-5 with weight and bias); Attn: Linear d → 3d split into q, k, v, head h
// taking columns h·d_h … (h+1)·d_h of each, scores q·k/√d_h + bias, causal mask, softmax, mix v,
// Linear d → d; MLP: Linear d → 4d, exact (erf) GELU, Linear 4d → d; final LayerNorm; logits =
// LN_f(x)·Eᵀ. No dropout.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/resource_problem.h"
#include "encodings/rope_params.h"

namespace ropelab::training {

enum class PositionEncoding { None, Learned, Sinusoidal, T5, Alibi, Rope };

inline constexpr PositionEncoding allEncodings[] = {
    PositionEncoding::None, PositionEncoding::Learned, PositionEncoding::Sinusoidal,
    PositionEncoding::T5,   PositionEncoding::Alibi,   PositionEncoding::Rope};

std::string_view toString(PositionEncoding encoding);  // "none", "learned", ... "rope"
// InputError (parameter "encoding", OneOf) for another name.
PositionEncoding parsePositionEncoding(std::string_view name);

// T5's relative bias, as the T5 paper and HF: 32 causal buckets, max_distance 128.
inline constexpr int t5Buckets = 32;
inline constexpr int t5MaxDistance = 128;
inline constexpr double layerNormEps = 1e-5;

struct ModelConfig {
    PositionEncoding encoding = PositionEncoding::Rope;
    int layers = 2;
    int width = 64;  // d
    int heads = 4;   // H; d_h = d / H
    int vocabulary = 0;
    int trainLength = 16;  // the longest training sequence; the rows of a learned table
    double ropeTheta = 10000.0;

    int headDim() const { return width / heads; }
    bool operator==(const ModelConfig&) const = default;
};

// What the engine accepts (the CLI's and the app's limits): beyond them a model would not train
// in the minutes the lab is for, or not fit in memory.
struct TrainingLimits {
    static constexpr int maxLayers = 8;
    static constexpr int maxWidth = 512;
    static constexpr int maxHeads = 16;
    static constexpr int maxVocabulary = 4096;
    static constexpr int minTrainLength = 3;
    static constexpr int maxTrainLength = 1024;
    static constexpr int maxEvalLength = 8192;
    static constexpr std::int64_t maxSteps = 100000;
    static constexpr int maxBatch = 512;
    static constexpr double maxMemoryBytes = 2.0 * 1024 * 1024 * 1024;
};

// ParameterError for the first bad field (ids "layers", "width", "heads", "vocabulary",
// "train_length", "rope_theta"): width a multiple of heads, an even head dim for RoPE.
void validate(const ModelConfig& config);

// Learnable numbers of the model.
std::int64_t parameterCount(const ModelConfig& config);

// Bytes one training step needs, estimated before anything is allocated: weights, gradients and
// AdamW's two moments, plus the activations autograd keeps for a batch × length step.
double trainingMemoryBytes(const ModelConfig& config, int batch, int length);
// Bytes a forward pass without gradients needs for batch sequences of length tokens.
double evaluationMemoryBytes(const ModelConfig& config, int batch, int length);
// ResourceError with `what` (Budget::TrainingMemory) when bytes exceeds
// TrainingLimits::maxMemoryBytes.
void requireMemory(double bytes, ResourceProblem what);

// One weight tensor, row-major float32 as stored.
struct NamedTensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;

    bool operator==(const NamedTensor&) const = default;
};

// The names and shapes the model file holds, in the order written: embed.weight, pos.weight
// (learned only), t5_bias.weight (t5 only), blocks.{l}.…, ln_f.{weight,bias}.
std::vector<NamedTensor> tensorLayout(const ModelConfig& config);

// A trained model: its shape, the vocabulary its token ids index, how it was trained, and its
// weights in tensorLayout order.
struct Model {
    ModelConfig config;
    std::vector<std::string> vocabulary;  // token id → its text
    std::string task;                     // "copy", "reverse" or "text"
    std::uint64_t seed = 0;
    std::int64_t steps = 0;
    // Fine-tuned with a RoPE scaling (e.g. Position Interpolation): evaluated with it unless
    // told otherwise.
    std::optional<RopeParams> ropeScaling;
    std::vector<NamedTensor> tensors;

    const NamedTensor& tensor(std::string_view name) const;  // std::out_of_range if absent
};

// Weights as training starts (GPT-2's scheme, our own seeded normal so every platform draws the
// same numbers): matrices and tables N(0, 0.02²), biases 0, LayerNorm weight 1 and bias 0.
std::vector<NamedTensor> initialWeights(const ModelConfig& config, std::uint64_t seed);

}  // namespace ropelab::training
