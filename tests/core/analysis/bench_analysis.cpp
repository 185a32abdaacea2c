// SPDX-License-Identifier: GPL-3.0-or-later
// Google Benchmark programs for the analysis engine (not run by ctest; see tools/bench.sh for the
// numpy comparison). Thread counts are the benchmark argument.

#include <benchmark/benchmark.h>

#include "analysis/score_curve.h"
#include "analysis/score_heatmap.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

// P2: RoPE score curve, d = 128, 2²⁰ distances.
void ropeScoreCurveP2(benchmark::State& state) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const Eigen::VectorXd q = seededStandardNormal(1, 128, 1).row(0).transpose();
    const Eigen::VectorXd k = seededStandardNormal(1, 128, 2).row(0).transpose();
    Execution exec;
    exec.threads = static_cast<int>(state.range(0));
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            ropeScoreCurve(q, k, freqs, RopeLayout::HalfSplit, {0, 1 << 20, 1}, exec));
    }
    state.SetItemsProcessed(state.iterations() * (1 << 20));
}
BENCHMARK(ropeScoreCurveP2)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// P3: pooled RoPE heatmap, N = 16384, d = 128, 512 × 512 grid; argument 1 = pooling (0 mean, 1
// max).
void ropeHeatmapP3(benchmark::State& state) {
    const std::int64_t n = 16384;
    const Eigen::MatrixXd queries = seededStandardNormal(n, 128, 1);
    const Eigen::MatrixXd keys = seededStandardNormal(n, 128, 2);
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    Execution exec;
    exec.threads = static_cast<int>(state.range(0));
    const Pooling pooling = state.range(1) == 0 ? Pooling::Mean : Pooling::Max;
    for (auto _ : state) {
        benchmark::DoNotOptimize(
            ropeScoreHeatmap(queries, keys, freqs, RopeLayout::HalfSplit, 512, 512, pooling, exec));
    }
}
BENCHMARK(ropeHeatmapP3)->Args({2, 0})->Args({2, 1})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace ropelab

BENCHMARK_MAIN();
