// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The example model of the lesson "Inside a real model": a tiny Llama-shaped RoPE model that RoPE
// Lab builds itself, so the lesson has something to show without a checkpoint. It is not trained:
// its q and k weights are built with a documented frequency preference.
//
// Shape: 6 layers, 4 query heads, 2 KV heads (GQA), head_dim 32 (16 half-split pairs), hidden
// size 64, rope_theta 10000, trained context 256 (pairs 7..15 turn less than once in it).
// Weights: KV head g of layer l has random rows B (standard normal, seeded); pair i of query head
// h (reading g = h / 2) gets q rows a_i(h)·(B_i + 0.3·N) and KV head g gets k rows a_i(2g)·B_i,
//   a_i(h) = sqrt(exp(−(i − c)² / (2·2.5²)) + 0.05),  c = kExampleLayerCentre[l] + 1.5·(h − 1.5),
// so usage (q_norm·k_norm) follows the bump around pair c and q and k of a pair point the same
// way (the positional profile is largest at Δ = 0). Layer 2 prefers the fastest pairs (the
// positional layer); the others prefer slow pairs, as Barbero et al. (2024) measured in Gemma 7B.
// Written as a Hugging Face folder: model.safetensors (F32) and config.json.

#include <array>
#include <filesystem>

namespace ropelab {

inline constexpr int kExampleLayers = 6;
inline constexpr int kExampleContext = 256;
// The pair (0 = fastest) each layer's heads prefer, before the per-head shift.
inline constexpr std::array<double, kExampleLayers> kExampleLayerCentre{12, 13, 1.5, 11, 14, 9};
// The layer whose heads prefer the fastest pairs.
inline constexpr int kExamplePositionalLayer = 2;

// Writes the example model into `folder` (made if missing), each file atomically; WeightsError
// WriteFailed when it cannot.
void writeExampleModel(const std::filesystem::path& folder);

}  // namespace ropelab
