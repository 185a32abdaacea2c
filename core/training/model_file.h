// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The model file: .safetensors, F32, the tensor names of model.h's tensorLayout and an
// __metadata__ map: format "ropelab-model", version "1", encoding, layers, width, heads,
// train_length, rope_theta, vocabulary (a JSON array of the token strings), task, seed, steps;
// and rope_scaling (config.json keys) for a model fine-tuned with a RoPE scaling. README
// "Training lab" documents it for PyTorch users.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "training/model.h"

namespace ropelab::training {

inline constexpr const char* modelFormat = "ropelab-model";
inline constexpr const char* modelFormatVersion = "1";

// Writes atomically (a temporary file renamed over the target): a reader, or a cancelled
// run, sees the old file or the whole new one. WeightsError (WriteFailed) on failure.
void saveModel(const std::filesystem::path& path, const Model& model);

// Reads and checks everything before trusting it: the format and version, each number within
// TrainingLimits, the vocabulary, every tensor of the layout present with its exact shape and
// F32, nothing else, every value finite. InputError (WeightsError for the container) naming
// the file otherwise; memory stays within the limits' model size.
Model loadModel(const std::filesystem::path& path);
Model loadModel(std::span<const std::uint8_t> bytes, std::string name);  // fuzzers, tests

}  // namespace ropelab::training
