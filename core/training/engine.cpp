// SPDX-License-Identifier: GPL-3.0-or-later
// The one translation unit that includes torch, built as a module of its own
// (libropelab_torch_engine.so, engine_api.h): the model of model.h as libtorch tensors, its
// forward pass, AdamW training and evaluation.
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>

#include "common/parameter_error.h"
#include "training/engine_api.h"
#include "training/position_tables.h"
#include "training/trainer.h"

// torch's float matmul calls BLAS: Debian's OpenBLAS, whose pthread build splits each call over
// its own threads on top of torch's (weak: absent from other BLAS builds).
extern "C" void openblas_set_num_threads(int threads) __attribute__((weak));

namespace ropelab::training {

namespace F = torch::nn::functional;

namespace {

struct Block {
    torch::Tensor ln1w, ln1b, qkvw, qkvb, outw, outb, ln2w, ln2b, fcw, fcb, projw, projb;
};

// The model's tensors, in tensorLayout order (params) and by role.
struct Net {
    ModelConfig config;
    std::vector<std::string> names;
    std::vector<torch::Tensor> params;
    torch::Tensor embed, pos, t5;
    std::vector<Block> blocks;
    torch::Tensor lnfw, lnfb;
};

Net makeNet(const ModelConfig& config, const std::vector<NamedTensor>& tensors) {
    const std::vector<NamedTensor> layout = tensorLayout(config);
    if (tensors.size() != layout.size()) {
        throw std::invalid_argument("the model holds " + std::to_string(tensors.size()) +
                                    " tensors; its layout has " + std::to_string(layout.size()));
    }
    Net net;
    net.config = config;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        if (tensors[i].name != layout[i].name || tensors[i].shape != layout[i].shape ||
            tensors[i].values.size() != layout[i].values.size()) {
            throw std::invalid_argument("tensor " + tensors[i].name + " is not " + layout[i].name +
                                        " of the layout");
        }
        net.names.push_back(tensors[i].name);
        net.params.push_back(torch::from_blob(const_cast<float*>(tensors[i].values.data()),
                                              tensors[i].shape, torch::kFloat32)
                                 .clone());
    }
    std::size_t next = 0;
    const auto take = [&net, &next] { return net.params[next++]; };
    net.embed = take();
    if (config.encoding == PositionEncoding::Learned) net.pos = take();
    if (config.encoding == PositionEncoding::T5) net.t5 = take();
    for (int l = 0; l < config.layers; ++l) {
        Block b;
        for (torch::Tensor* t : {&b.ln1w, &b.ln1b, &b.qkvw, &b.qkvb, &b.outw, &b.outb, &b.ln2w,
                                 &b.ln2b, &b.fcw, &b.fcb, &b.projw, &b.projb}) {
            *t = take();
        }
        net.blocks.push_back(b);
    }
    net.lnfw = take();
    net.lnfb = take();
    return net;
}

std::vector<NamedTensor> tensorsOf(const Net& net) {
    std::vector<NamedTensor> tensors = tensorLayout(net.config);
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const torch::Tensor values = net.params[i].detach().contiguous();
        std::copy_n(values.data_ptr<float>(), tensors[i].values.size(), tensors[i].values.begin());
    }
    return tensors;
}

torch::Tensor floatTensor(const std::vector<float>& values, std::vector<std::int64_t> shape) {
    return torch::from_blob(const_cast<float*>(values.data()), shape, torch::kFloat32).clone();
}

// What a sequence length fixes: the added rows, the fixed score bias with the causal mask, the
// T5 buckets and RoPE's cos and sin.
struct Positions {
    int length = 0;
    torch::Tensor added;    // [T, d] sinusoidal
    torch::Tensor bias;     // [H or 1, T, T]: ALiBi and the causal mask (−inf above the diagonal)
    torch::Tensor buckets;  // [T·T] T5 bucket of each query, key
    torch::Tensor cos, sin;  // [T, d_h]
    int rotary = 0;          // rotated components
};

Positions positionsFor(const ModelConfig& config, int length,
                       const std::optional<RopeParams>& rope) {
    Positions p;
    p.length = length;
    const torch::Tensor mask =
        torch::full({length, length}, -std::numeric_limits<float>::infinity()).triu(1);
    p.bias = mask.unsqueeze(0);
    switch (config.encoding) {
        case PositionEncoding::Sinusoidal:
            p.added = floatTensor(sinusoidalRows(length, config.width), {length, config.width});
            break;
        case PositionEncoding::Alibi:
            p.bias =
                floatTensor(alibiBiasRows(config.heads, length), {config.heads, length, length}) +
                mask;
            break;
        case PositionEncoding::T5: {
            std::vector<std::int64_t> buckets = t5BucketRows(length);
            p.buckets = torch::from_blob(buckets.data(), {length * length}, torch::kInt64).clone();
            break;
        }
        case PositionEncoding::Rope: {
            const RopeFrequencies freqs = ropeFrequencies(ropeParamsFor(config, rope, length));
            const RopeTables tables = ropeTables(freqs, length);
            p.cos = floatTensor(tables.cos, {length, freqs.headDim});
            p.sin = floatTensor(tables.sin, {length, freqs.headDim});
            p.rotary = 2 * freqs.pairs();
            break;
        }
        case PositionEncoding::None:
        case PositionEncoding::Learned:
            break;
    }
    return p;
}

// x·cos + rotate_half(x)·sin on the first `rotary` components ([B, H, T, d_h]).
torch::Tensor rotate(const torch::Tensor& x, const Positions& p) {
    const std::int64_t dim = x.size(-1);
    const int half = p.rotary / 2;
    std::vector<torch::Tensor> parts{-x.slice(-1, half, p.rotary), x.slice(-1, 0, half)};
    if (p.rotary < dim) parts.push_back(torch::zeros_like(x.slice(-1, p.rotary, dim)));
    return x * p.cos + torch::cat(parts, -1) * p.sin;
}

torch::Tensor layerNorm(const torch::Tensor& x, const torch::Tensor& weight,
                        const torch::Tensor& bias) {
    return F::layer_norm(
        x, F::LayerNormFuncOptions({x.size(-1)}).weight(weight).bias(bias).eps(layerNormEps));
}

// Logits [B, T, V] for tokens [B, T]; scoresOut (if given) receives layer scoresLayer's scores.
torch::Tensor forward(const Net& net, const torch::Tensor& tokens, const Positions& p,
                      int scoresLayer = -1, torch::Tensor* scoresOut = nullptr) {
    const ModelConfig& c = net.config;
    const std::int64_t batch = tokens.size(0);
    const std::int64_t length = tokens.size(1);
    const std::int64_t d = c.width;
    const std::int64_t heads = c.heads;
    const std::int64_t dh = c.headDim();
    torch::Tensor x = net.embed.index_select(0, tokens.reshape(-1)).view({batch, length, d});
    if (c.encoding == PositionEncoding::Learned) x = x + net.pos.slice(0, 0, length);
    if (c.encoding == PositionEncoding::Sinusoidal) x = x + p.added;
    torch::Tensor bias = p.bias;
    if (c.encoding == PositionEncoding::T5) {
        bias = net.t5.index_select(0, p.buckets).view({length, length, heads}).permute({2, 0, 1}) +
               p.bias;
    }
    const double scale = 1.0 / std::sqrt(static_cast<double>(dh));
    for (std::size_t l = 0; l < net.blocks.size(); ++l) {
        const Block& b = net.blocks[l];
        const torch::Tensor qkv = F::linear(layerNorm(x, b.ln1w, b.ln1b), b.qkvw, b.qkvb);
        const std::vector<torch::Tensor> parts = qkv.split(d, -1);
        const auto headsOf = [&](const torch::Tensor& t) {
            return t.view({batch, length, heads, dh}).transpose(1, 2);
        };
        torch::Tensor q = headsOf(parts[0]);
        torch::Tensor k = headsOf(parts[1]);
        const torch::Tensor v = headsOf(parts[2]);
        if (c.encoding == PositionEncoding::Rope) {
            q = rotate(q, p);
            k = rotate(k, p);
        }
        const torch::Tensor scores = torch::matmul(q, k.transpose(-2, -1)) * scale + bias;
        if (static_cast<int>(l) == scoresLayer && scoresOut != nullptr) *scoresOut = scores;
        const torch::Tensor mixed = torch::matmul(torch::softmax(scores, -1), v);
        x = x + F::linear(mixed.transpose(1, 2).reshape({batch, length, d}), b.outw, b.outb);
        const torch::Tensor hidden =
            torch::gelu(F::linear(layerNorm(x, b.ln2w, b.ln2b), b.fcw, b.fcb));
        x = x + F::linear(hidden, b.projw, b.projb);
    }
    return torch::matmul(layerNorm(x, net.lnfw, net.lnfb), net.embed.t());
}

// Cross-entropy of each predicted token, [B, T−1]: position t predicts token t + 1.
torch::Tensor tokenLosses(const torch::Tensor& logits, const torch::Tensor& tokens) {
    const std::int64_t length = tokens.size(1);
    const torch::Tensor predicted = logits.slice(1, 0, length - 1);
    const torch::Tensor targets = tokens.slice(1, 1, length);
    return F::cross_entropy(predicted.reshape({-1, predicted.size(-1)}), targets.reshape(-1),
                            F::CrossEntropyFuncOptions().reduction(torch::kNone))
        .view({tokens.size(0), length - 1});
}

torch::Tensor tokensOf(const Batch& batch) {
    return torch::from_blob(const_cast<std::int64_t*>(batch.tokens.data()),
                            {batch.batch, batch.length}, torch::kInt64)
        .clone();
}

// The scored mask of tokens 1 … T−1, [B, T−1] float.
torch::Tensor scoredOf(const Batch& batch) {
    return torch::from_blob(const_cast<std::uint8_t*>(batch.scored.data()),
                            {batch.batch, batch.length}, torch::kUInt8)
        .slice(1, 1, batch.length)
        .to(torch::kFloat32);
}

void useThreads(const Execution& exec) {
    torch::set_num_threads(std::max(1, exec.threads));
    if (openblas_set_num_threads != nullptr) openblas_set_num_threads(std::max(1, exec.threads));
}

void checkStop(const Execution& exec) {
    if (exec.stop.stop_requested()) throw Cancelled();
}

double learningRateAt(const TrainSettings& settings, std::int64_t step) {
    const std::int64_t warmup = std::max<std::int64_t>(1, settings.steps / 20);
    if (step <= warmup) return settings.learningRate * static_cast<double>(step) / warmup;
    const double progress = static_cast<double>(step - warmup) /
                            static_cast<double>(std::max<std::int64_t>(1, settings.steps - warmup));
    return settings.learningRate * (0.1 + 0.45 * (1.0 + std::cos(std::numbers::pi * progress)));
}

// Trains model (its tensors the starting weights) at trainLength; rope as position_tables.h.
Model runTraining(Model model, const Task& task, const TrainSettings& settings,
                  const Execution& exec, const StepCallback& onStep) {
    validate(settings);
    const ModelConfig& config = model.config;
    requireTrainable(task, config.trainLength);
    requireMemory(trainingMemoryBytes(config, settings.batch, config.trainLength),
                  ResourceProblem(Demand::Training));
    useThreads(exec);
    Net net = makeNet(config, model.tensors);
    std::vector<torch::Tensor> decayed;
    std::vector<torch::Tensor> plain;
    for (torch::Tensor& t : net.params) {
        t.requires_grad_(true);
        (t.dim() >= 2 ? decayed : plain).push_back(t);
    }
    std::vector<torch::optim::OptimizerParamGroup> groups;
    groups.emplace_back(decayed, std::make_unique<torch::optim::AdamWOptions>(
                                     torch::optim::AdamWOptions(settings.learningRate)
                                         .betas({0.9, 0.98})
                                         .weight_decay(0.01)));
    groups.emplace_back(plain, std::make_unique<torch::optim::AdamWOptions>(
                                   torch::optim::AdamWOptions(settings.learningRate)
                                       .betas({0.9, 0.98})
                                       .weight_decay(0.0)));
    torch::optim::AdamW optimizer(std::move(groups));
    // The batches' stream is not the weights' (initialWeights draws from seed itself).
    std::mt19937_64 engine(settings.seed ^ 0x9E3779B97F4A7C15ull);
    std::map<int, Positions> positions;
    for (std::int64_t step = 1; step <= settings.steps; ++step) {
        checkStop(exec);
        const double rate = learningRateAt(settings, step);
        for (auto& group : optimizer.param_groups()) {
            static_cast<torch::optim::AdamWOptions&>(group.options()).lr(rate);
        }
        const Batch batch = trainingBatch(task, settings.batch, config.trainLength, engine);
        auto found = positions.find(batch.length);
        if (found == positions.end()) {
            found =
                positions
                    .emplace(batch.length, positionsFor(config, batch.length, settings.ropeScaling))
                    .first;
        }
        const torch::Tensor tokens = tokensOf(batch);
        const torch::Tensor scored = scoredOf(batch);
        const torch::Tensor loss =
            (tokenLosses(forward(net, tokens, found->second), tokens) * scored).sum() /
            scored.sum();
        const double value = loss.item<double>();
        if (!std::isfinite(value)) throw TrainingDiverged(step, settings.learningRate);
        optimizer.zero_grad();
        loss.backward();
        torch::nn::utils::clip_grad_norm_(net.params, 1.0);
        optimizer.step();
        if (onStep) onStep(step, value);
        if (exec.progress) exec.progress(static_cast<double>(step) / settings.steps);
    }
    model.tensors = tensorsOf(net);
    model.steps += settings.steps;
    return model;
}

std::optional<RopeParams> evaluationRope(const Model& model,
                                         const std::optional<RopeParams>& rope) {
    return rope ? rope : model.ropeScaling;
}

// The most sequences of `length` evaluated at once within the memory bound.
int chunkFor(const ModelConfig& config, int length, int wanted) {
    int chunk = std::max(1, wanted);
    while (chunk > 1 &&
           evaluationMemoryBytes(config, chunk, length) > TrainingLimits::maxMemoryBytes) {
        chunk /= 2;
    }
    requireMemory(evaluationMemoryBytes(config, chunk, length),
                  ResourceProblem(Demand::Evaluation, length));
    return chunk;
}

void requireEvalLength(int length, int minimum) {
    if (length < minimum || length > TrainingLimits::maxEvalLength) {
        throw ParameterError({"lengths", Rule::Between, static_cast<double>(length),
                              static_cast<double>(minimum),
                              static_cast<double>(TrainingLimits::maxEvalLength)});
    }
}

std::vector<LengthResult> evaluateModel(const Model& model, const Task& task,
                                        const EvalSettings& settings, const Execution& exec) {
    const ModelConfig& config = model.config;
    const int minimum = task.kind == TaskKind::Text ? 2 : 3;
    for (int length : settings.lengths) requireEvalLength(length, minimum);
    if (settings.sequences < 1) {
        throw ParameterError(
            {"sequences", Rule::AtLeast, static_cast<double>(settings.sequences), 1});
    }
    const Task own = task.kind == TaskKind::Text && task.vocabulary != model.vocabulary
                         ? withVocabulary(task, model.vocabulary)
                         : task;
    if (own.vocabulary != model.vocabulary) {
        // Another task's tokens mean nothing to this model.
        ParameterProblem problem("task", Rule::OneOf);
        problem.allowed = model.task;
        problem.valueText = toString(task.kind);
        throw ParameterError(problem);
    }
    const std::optional<RopeParams> rope = evaluationRope(model, settings.rope);
    torch::NoGradGuard noGrad;
    useThreads(exec);
    const Net net = makeNet(config, model.tensors);
    std::vector<LengthResult> results;
    for (int length : settings.lengths) {
        LengthResult result;
        result.length = length;
        if (config.encoding == PositionEncoding::Learned && length > config.trainLength) {
            result.rows = config.trainLength;
            results.push_back(result);
            continue;
        }
        const Batch batch = evaluationBatch(own, settings.sequences, length,
                                            settings.seed + static_cast<std::uint64_t>(length));
        const Positions positions = positionsFor(config, length, rope);
        const int chunk = chunkFor(config, length, settings.sequences);
        const torch::Tensor tokens = tokensOf(batch);
        const torch::Tensor scored = scoredOf(batch);
        double lossSum = 0, scoredCount = 0, correct = 0, exact = 0;
        for (int begin = 0; begin < batch.batch; begin += chunk) {
            checkStop(exec);
            const int end = std::min(batch.batch, begin + chunk);
            const torch::Tensor part = tokens.slice(0, begin, end);
            const torch::Tensor mask = scored.slice(0, begin, end);
            const torch::Tensor logits = forward(net, part, positions);
            const torch::Tensor right = logits.slice(1, 0, length - 1)
                                            .argmax(-1)
                                            .eq(part.slice(1, 1, length))
                                            .to(torch::kFloat32);
            lossSum += (tokenLosses(logits, part) * mask).sum().item<double>();
            scoredCount += mask.sum().item<double>();
            correct += (right * mask).sum().item<double>();
            exact += (right * mask).sum(1).eq(mask.sum(1)).sum().item<double>();
        }
        result.ran = true;
        result.loss = lossSum / scoredCount;
        result.perplexity = std::exp(result.loss);
        result.accuracy = correct / scoredCount;
        result.exactMatch = exact / batch.batch;
        results.push_back(result);
    }
    return results;
}

std::vector<double> modelSequenceLosses(const Model& model,
                                        const std::vector<std::vector<std::int64_t>>& sequences,
                                        const std::optional<RopeParams>& rope,
                                        const Execution& exec) {
    const ModelConfig& config = model.config;
    std::map<int, std::vector<std::size_t>> byLength;
    for (std::size_t s = 0; s < sequences.size(); ++s) {
        const auto length = static_cast<int>(sequences[s].size());
        // Each sequence's length, then each token id, as a rule on every value of the list.
        const double most = config.encoding == PositionEncoding::Learned
                                ? std::min(config.trainLength, TrainingLimits::maxEvalLength)
                                : TrainingLimits::maxEvalLength;
        if (length < 2 || length > most) {
            ParameterProblem problem("sequence_length", Rule::Between, length, 2, most);
            problem.eachValue = true;
            throw ParameterError(problem);
        }
        for (std::int64_t id : sequences[s]) {
            if (id < 0 || id >= config.vocabulary) {
                ParameterProblem problem("token_id", Rule::Between, static_cast<double>(id), 0,
                                         config.vocabulary - 1);
                problem.eachValue = true;
                throw ParameterError(problem);
            }
        }
        byLength[length].push_back(s);
    }
    const std::optional<RopeParams> evalRope = evaluationRope(model, rope);
    torch::NoGradGuard noGrad;
    useThreads(exec);
    const Net net = makeNet(config, model.tensors);
    std::vector<double> losses(sequences.size());
    for (const auto& [length, members] : byLength) {
        const Positions positions = positionsFor(config, length, evalRope);
        const int chunk = chunkFor(config, length, static_cast<int>(members.size()));
        for (std::size_t begin = 0; begin < members.size();
             begin += static_cast<std::size_t>(chunk)) {
            checkStop(exec);
            const std::size_t end =
                std::min(members.size(), begin + static_cast<std::size_t>(chunk));
            Batch batch;
            batch.batch = static_cast<int>(end - begin);
            batch.length = length;
            for (std::size_t m = begin; m < end; ++m) {
                const std::vector<std::int64_t>& tokens = sequences[members[m]];
                batch.tokens.insert(batch.tokens.end(), tokens.begin(), tokens.end());
            }
            const torch::Tensor tokens = tokensOf(batch);
            const torch::Tensor mean = tokenLosses(forward(net, tokens, positions), tokens).mean(1);
            for (std::size_t m = begin; m < end; ++m) {
                losses[members[m]] = mean[static_cast<std::int64_t>(m - begin)].item<double>();
            }
        }
    }
    return losses;
}

std::vector<double> modelAttentionScores(const Model& model,
                                         const std::vector<std::int64_t>& tokens, int layer,
                                         const std::optional<RopeParams>& rope) {
    const ModelConfig& config = model.config;
    const auto length = static_cast<int>(tokens.size());
    if (layer < 0 || layer >= config.layers) {
        throw ParameterError({"layer", Rule::Between, static_cast<double>(layer), 0,
                              static_cast<double>(config.layers - 1)});
    }
    requireEvalLength(length, 1);
    if (config.encoding == PositionEncoding::Learned && length > config.trainLength) {
        // A learned table has no row for positions beyond the training length.
        throw ParameterError({"length", Rule::AtMost, static_cast<double>(length), 0,
                              static_cast<double>(config.trainLength)});
    }
    torch::NoGradGuard noGrad;
    const Net net = makeNet(config, model.tensors);
    Batch batch;
    batch.batch = 1;
    batch.length = length;
    batch.tokens = tokens;
    torch::Tensor scores;
    forward(net, tokensOf(batch), positionsFor(config, length, evaluationRope(model, rope)), layer,
            &scores);
    const torch::Tensor flat = scores[0].contiguous().to(torch::kFloat64);
    return {flat.data_ptr<double>(), flat.data_ptr<double>() + flat.numel()};
}

}  // namespace

}  // namespace ropelab::training

extern "C" const ropelab::training::EngineApi* ropelab_torch_engine() {
    using namespace ropelab::training;
    static const EngineApi api{&runTraining, &evaluateModel, &modelSequenceLosses,
                               &modelAttentionScores};
    return &api;
}
