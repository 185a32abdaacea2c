// SPDX-License-Identifier: GPL-3.0-or-later
// trainer.h without torch: checks the settings, prepares the model, and calls the engine module
// (engine_api.h), loaded on first use so that only the commands that train pay for libtorch.
#include "training/trainer.h"

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <mutex>

#include "common/parameter_error.h"
#include "training/engine_api.h"

namespace ropelab::training {

namespace {

// Installed beside the programs' libdir (ROPELAB_TORCH_ENGINE_INSTALLED, relative to the prefix
// above bin/), else the build tree's module.
std::filesystem::path enginePath() {
    std::error_code error;
    const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) {
        const std::filesystem::path installed =
            program.parent_path().parent_path() / ROPELAB_TORCH_ENGINE_INSTALLED;
        if (std::filesystem::exists(installed, error)) return installed;
    }
    return ROPELAB_TORCH_ENGINE_BUILT;
}

const EngineApi& engine() {
    static std::mutex mutex;
    static const EngineApi* api = nullptr;
    const std::lock_guard lock(mutex);
    if (api == nullptr) {
        const std::filesystem::path path = enginePath();
        void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        const char* problem = module == nullptr ? dlerror() : nullptr;
        using Entry = const EngineApi* (*)();
        const auto entry = module == nullptr
                               ? nullptr
                               : reinterpret_cast<Entry>(dlsym(module, "ropelab_torch_engine"));
        if (entry == nullptr) {
            ResourceProblem engine(Demand::TrainingEngine);
            engine.path = path.string();
            engine.detail = problem != nullptr ? problem : "no ropelab_torch_engine symbol";
            throw ResourceError(engine);
        }
        api = entry();
    }
    return *api;
}

// A RoPE scaling and fine-tuning at a longer length need a rope model.
ParameterError ropeOnly(PositionEncoding encoding) {
    ParameterProblem problem("encoding", Rule::OneOf);
    problem.allowed = "rope";
    problem.valueText = toString(encoding);
    return ParameterError(problem);
}

}  // namespace

Model train(ModelConfig config, const Task& task, const TrainSettings& settings,
            const Execution& exec, const StepCallback& onStep) {
    config.vocabulary = static_cast<int>(task.vocabulary.size());
    validate(config);
    validate(settings);
    if (settings.ropeScaling && config.encoding != PositionEncoding::Rope) {
        throw ropeOnly(config.encoding);
    }
    requireMemory(trainingMemoryBytes(config, settings.batch, config.trainLength),
                  ResourceProblem(Demand::Training));
    Model model;
    model.config = config;
    model.vocabulary = task.vocabulary;
    model.task = std::string(toString(task.kind));
    model.seed = settings.seed;
    model.ropeScaling = settings.ropeScaling;
    model.tensors = initialWeights(config, settings.seed);
    return engine().train(std::move(model), task, settings, exec, onStep);
}

Model fineTune(const Model& model, const Task& task, int trainLength, const TrainSettings& settings,
               const Execution& exec, const StepCallback& onStep) {
    if (model.config.encoding != PositionEncoding::Rope) {
        throw ropeOnly(model.config.encoding);
    }
    if (trainLength < model.config.trainLength) {
        throw ParameterError({"train_length", Rule::AtLeast, static_cast<double>(trainLength),
                              static_cast<double>(model.config.trainLength)});
    }
    Model tuned = model;
    tuned.config.trainLength = trainLength;
    validate(tuned.config);
    tuned.ropeScaling = settings.ropeScaling;
    const Task& own = task.kind == TaskKind::Text && task.vocabulary != model.vocabulary
                          ? withVocabulary(task, model.vocabulary)
                          : task;
    return engine().train(std::move(tuned), own, settings, exec, onStep);
}

std::vector<LengthResult> evaluate(const Model& model, const Task& task,
                                   const EvalSettings& settings, const Execution& exec) {
    return engine().evaluate(model, task, settings, exec);
}

std::vector<double> sequenceLosses(const Model& model,
                                   const std::vector<std::vector<std::int64_t>>& sequences,
                                   const std::optional<RopeParams>& rope, const Execution& exec) {
    return engine().sequenceLosses(model, sequences, rope, exec);
}

std::vector<double> attentionScores(const Model& model, const std::vector<std::int64_t>& tokens,
                                    int layer, const std::optional<RopeParams>& rope) {
    return engine().attentionScores(model, tokens, layer, rope);
}

std::vector<double> attentionWeights(const Model& model, const std::vector<std::int64_t>& tokens,
                                     int layer, const std::optional<RopeParams>& rope) {
    std::vector<double> weights = attentionScores(model, tokens, layer, rope);
    const std::size_t length = tokens.size();
    for (std::size_t row = 0; row + length <= weights.size(); row += length) {
        const auto begin = weights.begin() + static_cast<std::ptrdiff_t>(row);
        const auto end = begin + static_cast<std::ptrdiff_t>(length);
        // Subtracting the row's maximum keeps exp() finite; exp(−inf) is the mask's 0.
        const double top = *std::max_element(begin, end);
        double sum = 0.0;
        for (auto it = begin; it != end; ++it) sum += * it = std::exp(*it - top);
        for (auto it = begin; it != end; ++it) *it /= sum;
    }
    return weights;
}

}  // namespace ropelab::training
