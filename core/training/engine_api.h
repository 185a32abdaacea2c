// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The engine module's entry point (engine.cpp, built as libropelab_torch_engine.so and loaded by
// trainer.cpp with dlopen): libtorch's start-up costs about 0.6 s of CPU, which every other
// ropelab-cli command would otherwise pay. The module checks nothing trainer.cpp has checked.

#include "training/trainer.h"

namespace ropelab::training {

struct EngineApi {
    // Trains `model` (its tensors the starting weights) at its config's training length.
    Model (*train)(Model model, const Task& task, const TrainSettings& settings,
                   const Execution& exec, const StepCallback& onStep);
    std::vector<LengthResult> (*evaluate)(const Model& model, const Task& task,
                                          const EvalSettings& settings, const Execution& exec);
    std::vector<double> (*sequenceLosses)(const Model& model,
                                          const std::vector<std::vector<std::int64_t>>& sequences,
                                          const std::optional<RopeParams>& rope,
                                          const Execution& exec);
    std::vector<double> (*attentionScores)(const Model& model,
                                           const std::vector<std::int64_t>& tokens, int layer,
                                           const std::optional<RopeParams>& rope);
};

}  // namespace ropelab::training

extern "C" const ropelab::training::EngineApi* ropelab_torch_engine();
