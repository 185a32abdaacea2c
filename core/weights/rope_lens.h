// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a checkpoint spends its q·k energy across RoPE pairs (issue 39), from the q and k weights
// alone. For layer l, query head h (reading KV head g = h / (heads / kvHeads)) and pair i with
// rows (a, b) of the head (weights/qk_model.h pairRows):
//   q_norm_i = ‖[W_q,a; W_q,b]‖_F,  k_norm_i = ‖[W_k,a; W_k,b]‖_F (Frobenius norms of two rows),
//   usage_i = q_norm_i · k_norm_i — by Cauchy–Schwarz an upper bound on |pair i's q·k| for unit
//   inputs — and share_i = usage_i / Σ_j usage_j over the head's rotated pairs.
// The non-rotated rows (partial rotary) are reported apart (passQNorm, passKNorm).
//
// The positional profile s(Δ) is the expected q·k of a query at position m and a key at
// n = m − Δ made from the same input x with E[x xᵀ] = I:
//   q·k = (R_m (W_q x + b_q))·(R_n (W_k x + b_k)) and R_mᵀ R_n = R(−Δθ_i) on pair i, so
//   s(Δ) = Σ_i tr(R(−Δθ_i) G_i) + tr(G_pass),  G_i[r][c] = W_q,r·W_k,c + b_q,r b_k,c,
//   tr(R(−φ) G) = cos φ (G00 + G11) + sin φ (G01 − G10)
// with R(φ) the rotation [[cos φ, −sin φ], [sin φ, cos φ]] RoPE applies to (x_a, x_b). For
// independent random q and k the expectation is 0 at every distance.

#include <array>
#include <cstdint>
#include <vector>

#include "common/execution.h"
#include "weights/qk_model.h"

namespace ropelab {

struct LensOptions {
    std::vector<int> layers;  // empty: every layer
    std::vector<int> heads;   // query heads; empty: every head
};

struct HeadLens {
    int layer = 0;
    int head = 0;
    int kvHead = 0;
    std::vector<double> qNorm, kNorm, usage, share;  // per rotated pair
    std::vector<std::array<double, 4>> gram;         // per pair: G00, G01, G10, G11
    double passQNorm = 0.0, passKNorm = 0.0;         // the non-rotated rows
    double passTrace = 0.0;                          // tr(G_pass)
    double positionalShare = 0.0;  // share of usage in the fastest quarter of the pairs
    double beyondShare = 0.0;      // share of usage in pairs whose wavelength exceeds the context
};

struct LensResult {
    QkModelInfo model;
    std::vector<double> invFreq;           // θ_i, radians per position
    std::vector<double> wavelength;        // 2π/θ_i, positions
    std::vector<double> turns;             // context · θ_i / 2π
    std::vector<bool> beyondContext;       // wavelength > context
    std::vector<int> layers;               // the layers analysed, in order
    std::vector<HeadLens> heads;           // by layer, then head
    std::vector<double> layerBeyondShare;  // per analysed layer: Σ usage beyond / Σ usage
    double beyondShare = 0.0;              // the same over every analysed head
    // Indices into heads, at most five each: the largest positionalShare, the largest beyondShare.
    std::vector<std::size_t> mostPositional, mostSemantic;
    std::uint64_t weightBytes = 0;  // bytes of q and k weights in the analysed layers
};

// InputError for a layer or head outside the model; WeightsError for a file problem; Cancelled
// when exec.stop is requested. Threads and progress from exec (one task per layer and KV head).
LensResult ropeLens(const QkModel& model, const LensOptions& options, const Execution& exec);

// s(Δ) for each distance (see the top of this file).
std::vector<double> positionalProfile(const HeadLens& head, const std::vector<double>& invFreq,
                                      const std::vector<double>& distances);

}  // namespace ropelab
