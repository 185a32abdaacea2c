// SPDX-License-Identifier: GPL-3.0-or-later
// The settings' checks and the NaN error of trainer.h, shared by trainer.cpp and the engine module.
#include "common/parameter_error.h"
#include "training/trainer.h"

namespace ropelab::training {

namespace {

ResourceProblem diverged(std::int64_t step, double learningRate) {
    ResourceProblem problem(Demand::TrainingDiverged, static_cast<double>(step));
    problem.rate = learningRate;
    return problem;
}

}  // namespace

TrainingDiverged::TrainingDiverged(std::int64_t step, double learningRate)
    : ResourceError(diverged(step, learningRate)), step_(step) {}

void validate(const TrainSettings& settings) {
    if (settings.steps < 1 || settings.steps > TrainingLimits::maxSteps) {
        throw ParameterError({"steps", Rule::Between, static_cast<double>(settings.steps), 1,
                              static_cast<double>(TrainingLimits::maxSteps)});
    }
    if (settings.batch < 1 || settings.batch > TrainingLimits::maxBatch) {
        throw ParameterError({"batch", Rule::Between, static_cast<double>(settings.batch), 1,
                              TrainingLimits::maxBatch});
    }
    if (!(settings.learningRate > 0.0 && settings.learningRate <= 1.0)) {
        throw ParameterError({"lr", Rule::AboveAtMost, settings.learningRate, 0.0, 1.0});
    }
}

}  // namespace ropelab::training
