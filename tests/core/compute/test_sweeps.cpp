// SPDX-License-Identifier: GPL-3.0-or-later
// The long sweeps: chunked curve envelopes equal one unchunked curve folded at once, per base and
// on both axes; heat maps equal core's per base; progress rises to 1; a stop ends the sweep early.

#include <gtest/gtest.h>

#include <cmath>
#include <mutex>
#include <stop_token>
#include <vector>

#include "analysis/score_curve.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "compute/sweeps.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

RopeParams headDim16() {
    RopeParams p;
    p.headDim = 16;
    return p;
}

// Every progress value a sweep reports (from worker threads, serialised).
struct ProgressLog {
    std::mutex mutex;
    std::vector<double> values;
    Execution execution(int threads = 2) {
        Execution exec;
        exec.threads = threads;
        exec.progress = [this](double f) {
            std::lock_guard lock(mutex);
            values.push_back(f);
        };
        return exec;
    }
    void expectRisingToOne() const {
        ASSERT_FALSE(values.empty());
        for (std::size_t i = 1; i < values.size(); ++i) {
            EXPECT_GE(values[i], values[i - 1]) << "at report " << i;
        }
        EXPECT_GE(values.front(), 0.0);
        EXPECT_DOUBLE_EQ(values.back(), 1.0);
    }
};

TEST(CurveSweep, ChunkedEnvelopesEqualOneUnchunkedCurvePerBase) {
    CurveSweepParams params;
    params.inputs.rope = headDim16();
    params.inputs.seed = 11;
    params.inputs.bases = {10000.0, 500000.0, 1000000.0};
    // Three chunks, the last one short: 2^16, 2^20, 777.
    params.length = kCurveSweepFirstChunk + kCurveSweepChunk + 777;
    params.columns = 1500;
    const Eigen::MatrixXd qk = seededStandardNormal(2, 16, params.inputs.seed);
    ComputeEngine engine(BackendChoice::Cpu);
    for (const bool logarithmic : {false, true}) {
        params.logarithmic = logarithmic;
        ProgressLog progress;
        const Computed<CurveSweep> sweep = ropeCurveSweep(engine, params, progress.execution());
        EXPECT_EQ(sweep.backend, BackendKind::Cpu);
        EXPECT_FALSE(sweep.fallback);
        ASSERT_EQ(sweep.value.envelopes.size(), 3u);
        const std::int64_t first = logarithmic ? 1 : 0;
        EXPECT_EQ(sweep.value.firstDistance, first);
        progress.expectRisingToOne();
        // At least once per chunk.
        EXPECT_GE(progress.values.size(), 3u);
        for (std::size_t b = 0; b < params.inputs.bases.size(); ++b) {
            RopeParams p = params.inputs.rope;
            p.ropeTheta = params.inputs.bases[b];
            const RopeFrequencies freqs = ropeFrequencies(p);
            const std::vector<double> curve = ropeScoreCurve(
                qk.row(0).transpose(), qk.row(1).transpose(), freqs, params.inputs.layout,
                DistanceRange{first, first + params.length, 1}, Execution{});
            CurveEnvelope expected = logarithmic ? CurveEnvelope::logarithmic(params.length, 1500)
                                                 : CurveEnvelope(params.length, 1500);
            expected.add(0, curve);
            const CurveEnvelope& e = sweep.value.envelopes[b];
            ASSERT_EQ(e.sampleCount(), params.length);
            ASSERT_EQ(e.columns(), expected.columns());
            // Each chunk re-anchors its own angles: equal to rounding, far inside the curve's
            // 1e-9 error bound (scores here are of order 1).
            for (int c = 0; c < e.columns(); ++c) {
                ASSERT_EQ(e.columnStart(c), expected.columnStart(c));
                ASSERT_NEAR(e.minimum(c), expected.minimum(c), 1e-12) << b << ' ' << c;
                ASSERT_NEAR(e.maximum(c), expected.maximum(c), 1e-12) << b << ' ' << c;
            }
            // The bases differ: base 10000's curve is not the others'.
            if (b > 0) {
                EXPECT_NE(e.maximum(700), sweep.value.envelopes[0].maximum(700));
            }
        }
    }
}

TEST(CurveSweep, AStopEndsItBetweenChunksWithCancelled) {
    CurveSweepParams params;
    params.inputs.rope = headDim16();
    params.inputs.bases = {10000.0, 20000.0};
    params.length = kCurveSweepFirstChunk + 8 * kCurveSweepChunk;
    std::stop_source stop;
    ProgressLog progress;
    Execution exec = progress.execution();
    exec.stop = stop.get_token();
    const auto report = exec.progress;
    exec.progress = [&](double f) {
        report(f);
        stop.request_stop();  // as Cancel does, at the first sign of life
    };
    ComputeEngine engine(BackendChoice::Cpu);
    EXPECT_THROW(ropeCurveSweep(engine, params, exec), Cancelled);
    ASSERT_FALSE(progress.values.empty());
    // Stopped within the first chunk or right after it: at most 2^16 of 8.4 million distances.
    const double firstChunkShare = static_cast<double>(kCurveSweepFirstChunk) / params.length;
    EXPECT_LE(progress.values.back(), firstChunkShare + 1e-12);
}

TEST(CurveSweep, BadInputIsCoresParameterProblem) {
    CurveSweepParams params;
    params.inputs.rope = headDim16();
    params.length = 100;
    ComputeEngine engine(BackendChoice::Cpu);
    try {
        ropeCurveSweep(engine, params, Execution{});
        FAIL() << "no bases accepted";
    } catch (const ParameterError& e) {
        EXPECT_EQ(e.problem().parameter, "bases");
        EXPECT_EQ(e.problem().rule, Rule::NotEmpty);
    }
    params.inputs.bases = {10000.0, 0.5};
    try {
        ropeCurveSweep(engine, params, Execution{});
        FAIL() << "base 0.5 accepted";
    } catch (const ParameterError& e) {
        EXPECT_EQ(e.problem().parameter, "rope_theta");
        EXPECT_EQ(e.problem().value, 0.5);
    }
}

TEST(HeatmapSweep, EachBasesGridIsCoresHeatmapForBothKindsOfInput) {
    HeatmapSweepParams params;
    params.inputs.rope = headDim16();
    params.inputs.seed = 5;
    params.inputs.bases = {10000.0, 1000000.0};
    params.positions = 300;
    params.cells = 512;  // more than N: one cell per position
    params.pooling = Pooling::Max;
    ComputeEngine engine(BackendChoice::Cpu);
    for (const bool same : {true, false}) {
        params.sameVectors = same;
        ProgressLog progress;
        const Computed<std::vector<PooledGrid>> sweep =
            ropeHeatmapSweep(engine, params, progress.execution());
        progress.expectRisingToOne();
        EXPECT_EQ(sweep.backend, BackendKind::Cpu);
        ASSERT_EQ(sweep.value.size(), 2u);
        Eigen::MatrixXd queries, keys;
        if (same) {
            const Eigen::MatrixXd qk = seededStandardNormal(2, 16, 5);
            queries = qk.row(0).replicate(300, 1);
            keys = qk.row(1).replicate(300, 1);
        } else {
            queries = seededStandardNormal(300, 16, 5);
            keys = seededStandardNormal(300, 16, 6);
        }
        for (std::size_t b = 0; b < 2; ++b) {
            RopeParams p = params.inputs.rope;
            p.ropeTheta = params.inputs.bases[b];
            const PooledGrid expected =
                ropeScoreHeatmap(queries, keys, ropeFrequencies(p), params.inputs.layout, 300, 300,
                                 Pooling::Max, Execution{});
            const PooledGrid& grid = sweep.value[b];
            ASSERT_EQ(grid.width, 300);
            ASSERT_EQ(grid.height, 300);
            for (const std::size_t i : {std::size_t{0}, std::size_t{4321}, std::size_t{89999}}) {
                EXPECT_EQ(grid.values[i], expected.values[i]) << same << ' ' << b << ' ' << i;
            }
        }
        // The same q and k everywhere: RoPE's score is constant along each diagonal.
        if (same) {
            const PooledGrid& g = sweep.value[0];
            EXPECT_NEAR(g.at(10, 50), g.at(200, 240), 1e-12);
            EXPECT_NE(g.at(10, 50), g.at(10, 51));
        }
    }
}

TEST(HeatmapSweep, TooLargeFailsBeforeAllocatingAndAStopComputesNothing) {
    HeatmapSweepParams params;
    params.inputs.rope = headDim16();
    params.inputs.bases = {10000.0};
    params.positions = std::int64_t{1} << 44;  // 2 × 2^44 × 16 doubles: 4 PiB
    ComputeEngine engine(BackendChoice::Cpu);
    try {
        ropeHeatmapSweep(engine, params, Execution{});
        FAIL() << "4 PiB accepted";
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("GiB"), std::string::npos) << e.what();
    }
    params.positions = 4096;
    std::stop_source stop;
    stop.request_stop();
    ProgressLog progress;
    Execution exec = progress.execution();
    exec.stop = stop.get_token();
    EXPECT_THROW(ropeHeatmapSweep(engine, params, exec), Cancelled);
    EXPECT_TRUE(progress.values.empty());
}

}  // namespace
}  // namespace ropelab
