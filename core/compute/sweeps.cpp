// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/sweeps.h"

#include <algorithm>
#include <string>
#include <utility>

#include "analysis/memory_budget.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

namespace {

// The frequencies of every base; core's ParameterError names the first bad one.
std::vector<RopeFrequencies> frequenciesPerBase(const SweepInputs& inputs) {
    if (inputs.bases.empty()) throw ParameterError(ParameterProblem("bases", Rule::NotEmpty));
    std::vector<RopeFrequencies> freqs;
    for (double base : inputs.bases) {
        RopeParams p = inputs.rope;
        p.ropeTheta = base;
        freqs.push_back(ropeFrequencies(p));
    }
    return freqs;
}

// Progress of part [from, from + share) of the whole, from a call's own fraction.
Execution partOf(const Execution& exec, double from, double share) {
    Execution part = exec;
    if (exec.progress) {
        part.progress = [&exec, from, share](double f) { exec.progress(from + f * share); };
    }
    return part;
}

// The sweep says which backend computed its last part, and the last fallback the engine gave.
template <class T, class U>
void takeBackend(Computed<T>& to, const Computed<U>& from) {
    to.backend = from.backend;
    to.device = from.device;
    if (from.fallback) to.fallback = from.fallback;
}

}  // namespace

Computed<CurveSweep> ropeCurveSweep(ComputeEngine& engine, const CurveSweepParams& params,
                                    const Execution& exec) {
    const std::vector<RopeFrequencies> freqs = frequenciesPerBase(params.inputs);
    const std::int64_t n = params.length;
    Computed<CurveSweep> result;
    for (std::size_t b = 0; b < freqs.size(); ++b) {
        result.value.envelopes.push_back(params.logarithmic
                                             ? CurveEnvelope::logarithmic(n, params.columns)
                                             : CurveEnvelope(n, params.columns));
    }
    // A log axis starts at distance 1.
    result.value.firstDistance = params.logarithmic ? 1 : 0;
    const Eigen::MatrixXd qk =
        seededStandardNormal(2, params.inputs.rope.headDim, params.inputs.seed);
    std::vector<RopeCurveInput> curves;
    for (const RopeFrequencies& f : freqs) {
        curves.push_back({qk.row(0).transpose(), qk.row(1).transpose(), f, params.inputs.layout});
    }
    const auto total = static_cast<double>(n);
    for (std::int64_t start = 0; start < n;) {
        const std::int64_t len =
            std::min(n - start, start == 0 ? kCurveSweepFirstChunk : kCurveSweepChunk);
        const std::int64_t d0 = result.value.firstDistance + start;
        const Computed<std::vector<std::vector<double>>> chunk = engine.ropeScoreCurves(
            curves, DistanceRange{d0, d0 + len, 1},
            partOf(exec, static_cast<double>(start) / total, static_cast<double>(len) / total));
        for (std::size_t c = 0; c < curves.size(); ++c) {
            result.value.envelopes[c].add(start, chunk.value[c]);
        }
        takeBackend(result, chunk);
        start += len;
        if (exec.progress) exec.progress(static_cast<double>(start) / total);
        if (exec.stop.stop_requested()) throw Cancelled();
    }
    return result;
}

Computed<std::vector<PooledGrid>> ropeHeatmapSweep(ComputeEngine& engine,
                                                   const HeatmapSweepParams& params,
                                                   const Execution& exec) {
    const std::vector<RopeFrequencies> freqs = frequenciesPerBase(params.inputs);
    const std::int64_t n = params.positions;
    if (n < 1)
        throw ParameterError(
            ParameterProblem("positions", Rule::AtLeast, static_cast<double>(n), 1));
    if (params.cells < 1) {
        throw ParameterError(ParameterProblem("cells", Rule::AtLeast, params.cells, 1));
    }
    // Checked before allocating: N × d query rows and as many key rows.
    const int d = params.inputs.rope.headDim;
    requireMemory(2.0 * 8.0 * static_cast<double>(n) * d, ResourceProblem(Demand::QueryKeyRows, n));
    Eigen::MatrixXd queries;
    Eigen::MatrixXd keys;
    if (params.sameVectors) {
        const Eigen::MatrixXd qk = seededStandardNormal(2, d, params.inputs.seed);
        queries = qk.row(0).replicate(n, 1);
        keys = qk.row(1).replicate(n, 1);
    } else {
        queries = seededStandardNormal(n, d, params.inputs.seed);
        keys = seededStandardNormal(n, d, params.inputs.seed + 1);
    }
    const int cells = static_cast<int>(std::min<std::int64_t>(n, params.cells));
    const auto count = static_cast<double>(freqs.size());
    Computed<std::vector<PooledGrid>> result;
    for (std::size_t b = 0; b < freqs.size(); ++b) {
        Computed<PooledGrid> grid = engine.ropeScoreHeatmap(
            queries, keys, freqs[b], params.inputs.layout, cells, cells, params.pooling,
            partOf(exec, static_cast<double>(b) / count, 1.0 / count));
        result.value.push_back(std::move(grid.value));
        takeBackend(result, grid);
        if (exec.progress) exec.progress(static_cast<double>(b + 1) / count);
    }
    return result;
}

}  // namespace ropelab
