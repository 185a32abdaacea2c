// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Long sweeps over several bases (rope_theta values) at once, on a ComputeEngine: RoPE score
// curves of up to 2^26 distances, reduced in chunks to min/max envelopes per pixel column (so
// progress and Cancel respond while it runs and no curve is ever held whole), and pooled score
// heat maps, one per base. Lesson 9 draws them.

#include <cstdint>
#include <vector>

#include "analysis/curve_envelope.h"
#include "analysis/score_heatmap.h"
#include "common/execution.h"
#include "compute/compute_engine.h"
#include "encodings/rope_params.h"

namespace ropelab {

// Distances per engine call: the first chunk is small so the first progress arrives quickly, the
// later ones small enough that Cancel responds within a fraction of a second and large enough
// that a GPU launch is worth it.
inline constexpr std::int64_t kCurveSweepFirstChunk = std::int64_t{1} << 16;
inline constexpr std::int64_t kCurveSweepChunk = std::int64_t{1} << 20;

// What both sweeps read: the configuration whose rope_theta each base replaces in turn, the
// layout, and the seed of the vectors scored.
struct SweepInputs {
    RopeParams rope;
    RopeLayout layout = RopeLayout::HalfSplit;
    std::uint64_t seed = 0;
    std::vector<double> bases;

    bool operator==(const SweepInputs&) const = default;
};

// One q and one k (rows 0 and 1 of seededStandardNormal(2, head_dim, seed)) scored at distances
// 0 … N − 1, or 1 … N for columns equally wide on a log axis, once per base.
struct CurveSweepParams {
    SweepInputs inputs;
    std::int64_t length = 1;  // N
    int columns = 1500;       // envelope columns (fewer when N is smaller, or on a log axis)
    bool logarithmic = false;

    bool operator==(const CurveSweepParams&) const = default;
};

struct CurveSweep {
    std::vector<CurveEnvelope> envelopes;  // one per base, in order; sample i is distance first + i
    std::int64_t firstDistance = 0;
};

// The backend, device and fallback are the last engine call's (the fallback: the last one given).
// Progress rises from 0 to 1 across the chunks. InputError (no base, a bad base, N < 1,
// columns < 1), DeviceError only if the CPU fallback fails too, Cancelled between chunks.
Computed<CurveSweep> ropeCurveSweep(ComputeEngine& engine, const CurveSweepParams& params,
                                    const Execution& exec);

// Queries and keys at positions 0 … N − 1, pooled to min(cells, N)² blocks per base.
struct HeatmapSweepParams {
    SweepInputs inputs;
    std::int64_t positions = 1;  // N
    int cells = 512;
    Pooling pooling = Pooling::Mean;
    // The same q and k at every position (rows 0 and 1 of seededStandardNormal(2, d, seed)),
    // else rows of seededStandardNormal(N, d, seed) and of (N, d, seed + 1).
    bool sameVectors = true;

    bool operator==(const HeatmapSweepParams&) const = default;
};

// One grid per base, in order; progress rises from 0 to 1 across the bases. ResourceError before
// allocating when the N × d queries and keys exceed the memory budget; InputError, Cancelled.
Computed<std::vector<PooledGrid>> ropeHeatmapSweep(ComputeEngine& engine,
                                                   const HeatmapSweepParams& params,
                                                   const Execution& exec);

}  // namespace ropelab
