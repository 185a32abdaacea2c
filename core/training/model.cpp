// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/model.h"

#include <stdexcept>
#include <utility>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"

namespace ropelab::training {

namespace {

constexpr std::string_view kNames[] = {"none", "learned", "sinusoidal", "t5", "alibi", "rope"};

void requireBetween(double value, double lower, double upper, std::string_view parameter) {
    if (!(value >= lower && value <= upper)) {
        throw ParameterError({std::string(parameter), Rule::Between, value, lower, upper});
    }
}

NamedTensor tensor(std::string name, std::vector<std::int64_t> shape) {
    std::int64_t count = 1;
    for (std::int64_t size : shape) count *= size;
    return {std::move(name), std::move(shape), std::vector<float>(static_cast<std::size_t>(count))};
}

}  // namespace

std::string_view toString(PositionEncoding encoding) {
    return kNames[static_cast<int>(encoding)];
}

PositionEncoding parsePositionEncoding(std::string_view name) {
    for (PositionEncoding encoding : allEncodings) {
        if (toString(encoding) == name) return encoding;
    }
    ParameterProblem problem("encoding", Rule::OneOf);
    problem.valueText = std::string(name);
    problem.allowed = "none, learned, sinusoidal, t5, alibi, rope";
    throw ParameterError(problem);
}

void validate(const ModelConfig& config) {
    requireBetween(config.layers, 1, TrainingLimits::maxLayers, "layers");
    requireBetween(config.width, 2, TrainingLimits::maxWidth, "width");
    requireBetween(config.heads, 1, TrainingLimits::maxHeads, "heads");
    if (config.width % config.heads != 0) {
        ParameterProblem problem("width", Rule::MultipleOf, config.width, config.heads);
        problem.other = "heads";
        throw ParameterError(problem);
    }
    if (config.encoding == PositionEncoding::Rope && config.headDim() % 2 != 0) {
        // RoPE rotates pairs: head_dim is width / heads.
        throw ParameterError({"head_dim", Rule::Even, static_cast<double>(config.headDim())});
    }
    if (config.encoding == PositionEncoding::Sinusoidal && config.width % 2 != 0) {
        throw ParameterError({"width", Rule::Even, static_cast<double>(config.width)});
    }
    requireBetween(config.vocabulary, 2, TrainingLimits::maxVocabulary, "vocabulary");
    requireBetween(config.trainLength, TrainingLimits::minTrainLength,
                   TrainingLimits::maxTrainLength, "train_length");
    if (!(config.ropeTheta > 1.0) || !(config.ropeTheta < 1e12)) {
        throw ParameterError({"rope_theta", Rule::AboveAtMost, config.ropeTheta, 1.0, 1e12});
    }
}

std::int64_t parameterCount(const ModelConfig& config) {
    std::int64_t count = 0;
    for (const NamedTensor& t : tensorLayout(config))
        count += static_cast<std::int64_t>(t.values.size());
    return count;
}

double trainingMemoryBytes(const ModelConfig& config, int batch, int length) {
    const double d = config.width;
    const double tokens = static_cast<double>(batch) * length;
    // Weights, gradients and AdamW's two moments.
    const double weights = 4.0 * static_cast<double>(parameterCount(config));
    // Per token and layer autograd keeps about 20·d numbers (LayerNorms, q, k, v, the mix, the
    // MLP's 4d twice) and 3 score-sized ones per head (scores, bias, softmax); logits three times.
    const double perLayer = tokens * (20.0 * d + 3.0 * config.heads * length);
    const double logits = 3.0 * tokens * config.vocabulary;
    return 4.0 * (weights + config.layers * perLayer + logits);
}

double evaluationMemoryBytes(const ModelConfig& config, int batch, int length) {
    const double tokens = static_cast<double>(batch) * length;
    // Without autograd only one layer's activations are alive at a time.
    const double layer = tokens * (20.0 * config.width + 3.0 * config.heads * length);
    return 4.0 *
           (static_cast<double>(parameterCount(config)) + layer + 2.0 * tokens * config.vocabulary);
}

void requireMemory(double bytes, ResourceProblem what) {
    requireWithin(bytes, TrainingLimits::maxMemoryBytes, Budget::TrainingMemory, std::move(what));
}

std::vector<NamedTensor> tensorLayout(const ModelConfig& config) {
    const std::int64_t d = config.width;
    std::vector<NamedTensor> layout;
    layout.push_back(tensor("embed.weight", {config.vocabulary, d}));
    if (config.encoding == PositionEncoding::Learned) {
        layout.push_back(tensor("pos.weight", {config.trainLength, d}));
    }
    if (config.encoding == PositionEncoding::T5) {
        layout.push_back(tensor("t5_bias.weight", {t5Buckets, config.heads}));
    }
    for (int l = 0; l < config.layers; ++l) {
        const std::string block = "blocks." + std::to_string(l) + ".";
        layout.push_back(tensor(block + "ln1.weight", {d}));
        layout.push_back(tensor(block + "ln1.bias", {d}));
        layout.push_back(tensor(block + "attn.qkv.weight", {3 * d, d}));
        layout.push_back(tensor(block + "attn.qkv.bias", {3 * d}));
        layout.push_back(tensor(block + "attn.out.weight", {d, d}));
        layout.push_back(tensor(block + "attn.out.bias", {d}));
        layout.push_back(tensor(block + "ln2.weight", {d}));
        layout.push_back(tensor(block + "ln2.bias", {d}));
        layout.push_back(tensor(block + "mlp.fc.weight", {4 * d, d}));
        layout.push_back(tensor(block + "mlp.fc.bias", {4 * d}));
        layout.push_back(tensor(block + "mlp.proj.weight", {d, 4 * d}));
        layout.push_back(tensor(block + "mlp.proj.bias", {d}));
    }
    layout.push_back(tensor("ln_f.weight", {d}));
    layout.push_back(tensor("ln_f.bias", {d}));
    return layout;
}

const NamedTensor& Model::tensor(std::string_view name) const {
    for (const NamedTensor& t : tensors) {
        if (t.name == name) return t;
    }
    throw std::out_of_range("no tensor " + std::string(name));
}

std::vector<NamedTensor> initialWeights(const ModelConfig& config, std::uint64_t seed) {
    std::vector<NamedTensor> weights = tensorLayout(config);
    std::uint64_t stream = 0;
    for (NamedTensor& t : weights) {
        const bool layerNorm = t.name.find("ln") != std::string::npos;
        const bool bias = t.name.ends_with(".bias");
        if (layerNorm && !bias) {
            std::fill(t.values.begin(), t.values.end(), 1.0f);
        } else if (!bias) {
            // One stream per tensor, so adding a tensor does not shift the others' numbers.
            const Eigen::MatrixXd normal = seededStandardNormal(
                1, static_cast<Eigen::Index>(t.values.size()), seed * 1000003u + stream);
            for (std::size_t i = 0; i < t.values.size(); ++i) {
                t.values[i] = static_cast<float>(0.02 * normal(0, static_cast<Eigen::Index>(i)));
            }
        }
        ++stream;
    }
    return weights;
}

}  // namespace ropelab::training
