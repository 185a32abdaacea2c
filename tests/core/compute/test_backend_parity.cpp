// SPDX-License-Identifier: GPL-3.0-or-later
// Every available backend against the CPU reference on the same inputs (the pattern of ggml's
// test-backend-ops): score curves, pooled heatmaps and RoPE on batches of vectors, over several
// head dims, bases, rope types, both layouts and distances up to 2^24, error normalised by the
// magnitude (‖q‖‖k‖·af²). A backend this machine lacks is skipped with its reason.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <stop_token>
#include <string>

#include "analysis/score_curve.h"
#include "common/errors.h"
#include "compute/backend_registry.h"
#include "compute/cpu_backend.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"

namespace ropelab {

// Test names and messages say "opencl", not the enum's bytes.
void PrintTo(BackendKind kind, std::ostream* out) {
    *out << toString(kind);
}

namespace {

// The target for float32 kernels with exact phase reduction.
constexpr double kTolerance = 1e-4;

// Each backend is made once per test binary: PoCL compiles the program in ~1 s cold.
struct Made {
    std::unique_ptr<ComputeBackend> backend;
    std::string skipReason;
};

Made& madeBackend(BackendKind kind) {
    static std::map<BackendKind, Made> made;
    auto it = made.find(kind);
    if (it != made.end()) return it->second;
    Made m;
    const BackendInfo info = probeBackend(kind);
    if (!info.available) {
        m.skipReason = std::string(toString(kind)) + " unavailable: " + describe(*info.problem);
    } else {
        try {
            m.backend = makeBackend(kind);
        } catch (const DeviceError& e) {
            // Available but failing to set up is a bug in our kernels or host code, not a skip.
            ADD_FAILURE() << toString(kind) << " failed to set up: " << e.what();
            m.skipReason = e.what();
        }
    }
    return made.emplace(kind, std::move(m)).first->second;
}

RopeParams params(int headDim, double theta, RopeType type, double partial = 1.0) {
    RopeParams p;
    p.headDim = headDim;
    p.ropeTheta = theta;
    p.ropeType = type;
    p.partialRotaryFactor = partial;
    if (type == RopeType::Linear) p.factor = 2.0;
    if (type == RopeType::Yarn) {
        p.factor = 4.0;
        p.originalMaxPositionEmbeddings = 4096;
    }
    if (type == RopeType::Llama3) {
        p.factor = 8.0;
        p.originalMaxPositionEmbeddings = 8192;
        p.maxPositionEmbeddings = 131072;
    }
    if (type == RopeType::Dynamic) {
        p.factor = 2.0;
        p.seqLen = 8192;
    }
    return p;
}

// A batch mixing frequency sets: singles of many configurations and five curves that share one
// set (one tile of four plus one single on the GPU).
std::vector<RopeCurveInput> curveBatch() {
    const std::vector<RopeParams> configs = {
        params(8, 10000.0, RopeType::Default),       params(64, 500000.0, RopeType::Llama3),
        params(128, 1000000.0, RopeType::Yarn),      params(128, 10000.0, RopeType::Linear),
        params(96, 10000.0, RopeType::Default, 0.5), params(64, 10000.0, RopeType::Dynamic),
    };
    std::vector<RopeCurveInput> batch;
    std::uint64_t seed = 1;
    for (const RopeParams& p : configs) {
        for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
            const Eigen::MatrixXd qk = seededStandardNormal(2, p.headDim, seed++);
            batch.push_back(
                {qk.row(0).transpose(), qk.row(1).transpose(), ropeFrequencies(p), layout});
        }
    }
    const RopeFrequencies shared = ropeFrequencies(params(128, 10000.0, RopeType::Default));
    for (int i = 0; i < 5; ++i) {
        const Eigen::MatrixXd qk = seededStandardNormal(2, 128, 100 + i);
        batch.push_back(
            {qk.row(0).transpose(), qk.row(1).transpose(), shared, RopeLayout::HalfSplit});
    }
    return batch;
}

double magnitude(const RopeCurveInput& c) {
    return c.q.norm() * c.k.norm() *
           std::max(1.0, c.freqs.attentionFactor * c.freqs.attentionFactor);
}

class BackendParity : public ::testing::TestWithParam<BackendKind> {
protected:
    void SetUp() override {
        Made& m = madeBackend(GetParam());
        if (!m.backend) GTEST_SKIP() << m.skipReason;
        backend_ = m.backend.get();
    }

    // Max over curves and distances of |backend − CPU| / magnitude.
    double curveError(const std::vector<RopeCurveInput>& batch, const DistanceRange& distances) {
        const auto got = backend_->ropeScoreCurves(batch, distances, exec_);
        const auto expected = cpu_.ropeScoreCurves(batch, distances, exec_);
        EXPECT_EQ(got.size(), batch.size());
        double worst = 0.0;
        for (std::size_t c = 0; c < batch.size(); ++c) {
            EXPECT_EQ(got[c].size(), static_cast<std::size_t>(distances.count()));
            for (std::size_t i = 0; i < got[c].size(); ++i) {
                worst = std::max(worst, std::abs(got[c][i] - expected[c][i]) / magnitude(batch[c]));
            }
        }
        return worst;
    }

    void report(const std::string& what, double error) {
        std::cout << "[ parity   ] " << toString(GetParam()) << ' ' << what
                  << ": max |backend - cpu| / magnitude = " << error << '\n';
    }

    ComputeBackend* backend_ = nullptr;
    CpuBackend cpu_;
    Execution exec_{.threads = 2, .stop = {}, .progress = {}};
};

TEST_P(BackendParity, ScoreCurvesMatchTheCpuForEveryConfigurationUpTo2To24) {
    const std::vector<RopeCurveInput> batch = curveBatch();
    const std::vector<DistanceRange> ranges = {
        {0, (1 << 24) + 1, 4099},              // the whole span in big steps
        {(1 << 24) - 3000, (1 << 24) + 1, 1},  // consecutive distances ending at 2^24
        {0, -(1 << 24) - 1, -65537},           // negative distances, counting down
        {-5000, 5000, 7},                      // around zero
    };
    double worst = 0.0;
    for (const DistanceRange& range : ranges) {
        const double error = curveError(batch, range);
        EXPECT_LE(error, kTolerance)
            << "distances " << range.start << ":" << range.stop << ":" << range.step;
        worst = std::max(worst, error);
    }
    report("score curves, |distance| <= 2^24", worst);
}

TEST_P(BackendParity, ScoreCurvePhaseStaysExactFarBeyond2To24) {
    // 64-bit turn fractions are computed in long double; with a 53-bit long double (MSVC, Apple
    // arm64) the reduction is only as good as double: exact to ~2^24·2^29.
    if (std::numeric_limits<long double>::digits < 64) GTEST_SKIP() << "long double is double";
    const std::vector<RopeCurveInput> batch = curveBatch();
    const double error =
        curveError(batch, {std::int64_t{1} << 40, (std::int64_t{1} << 40) + 3000, 1});
    EXPECT_LE(error, kTolerance);
    report("score curves at 2^40", error);
}

TEST_P(BackendParity, HeatmapsMatchTheCpuForBothPoolingsAndLayouts) {
    struct Case {
        RopeParams params;
        std::int64_t n;
        int width;
        int height;
    };
    // Uneven blocks, a grid of single cells (the kernel's direct-update path) and one cell.
    const std::vector<Case> cases = {
        {params(64, 10000.0, RopeType::Default), 300, 7, 5},
        {params(128, 500000.0, RopeType::Llama3), 257, 16, 9},
        {params(96, 10000.0, RopeType::Yarn, 0.5), 200, 200, 200},
        {params(32, 1000000.0, RopeType::Default), 130, 1, 1},
    };
    double worst = 0.0;
    std::uint64_t seed = 500;
    for (const Case& c : cases) {
        const RopeFrequencies freqs = ropeFrequencies(c.params);
        const Eigen::MatrixXd queries = seededStandardNormal(c.n, c.params.headDim, seed++);
        const Eigen::MatrixXd keys = seededStandardNormal(c.n, c.params.headDim, seed++);
        const double scale = queries.rowwise().norm().maxCoeff() *
                             keys.rowwise().norm().maxCoeff() *
                             std::max(1.0, freqs.attentionFactor * freqs.attentionFactor);
        for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
            for (Pooling pooling : {Pooling::Mean, Pooling::Max}) {
                const PooledGrid got = backend_->ropeScoreHeatmap(
                    queries, keys, freqs, layout, c.width, c.height, pooling, exec_);
                const PooledGrid expected = cpu_.ropeScoreHeatmap(
                    queries, keys, freqs, layout, c.width, c.height, pooling, exec_);
                ASSERT_EQ(got.width, c.width);
                ASSERT_EQ(got.height, c.height);
                ASSERT_EQ(got.values.size(), expected.values.size());
                double error = 0.0;
                for (std::size_t i = 0; i < got.values.size(); ++i) {
                    error = std::max(error, std::abs(got.values[i] - expected.values[i]) / scale);
                }
                EXPECT_LE(error, kTolerance)
                    << "N " << c.n << " grid " << c.width << "x" << c.height
                    << (pooling == Pooling::Mean ? " mean " : " max ") << toString(layout);
                worst = std::max(worst, error);
            }
        }
    }
    report("pooled heatmaps", worst);
}

TEST_P(BackendParity, ApplyRopeMatchesTheCpuAtLargeAndFractionalPositions) {
    double worst = 0.0;
    std::uint64_t seed = 900;
    for (const RopeParams& p :
         {params(128, 10000.0, RopeType::Default), params(96, 500000.0, RopeType::Llama3, 0.5),
          params(64, 1000000.0, RopeType::Yarn)}) {
        const RopeFrequencies freqs = ropeFrequencies(p);
        const std::vector<double> positions = {0.0,         1.0,        0.5,        -7.25,
                                               4095.0,      65535.75,   16777216.0, 16777215.5,
                                               -16777216.0, 1e9 + 0.125};
        const Eigen::MatrixXd rows =
            seededStandardNormal(static_cast<Eigen::Index>(positions.size()), p.headDim, seed++);
        for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
            const Eigen::MatrixXd got =
                backend_->applyRopeRows(rows, positions, freqs, layout, exec_);
            const Eigen::MatrixXd expected =
                cpu_.applyRopeRows(rows, positions, freqs, layout, exec_);
            ASSERT_EQ(got.rows(), rows.rows());
            ASSERT_EQ(got.cols(), rows.cols());
            for (Eigen::Index r = 0; r < rows.rows(); ++r) {
                const double error = (got.row(r) - expected.row(r)).cwiseAbs().maxCoeff() /
                                     (rows.row(r).norm() * std::max(1.0, freqs.attentionFactor));
                EXPECT_LE(error, kTolerance)
                    << "position " << positions[static_cast<std::size_t>(r)] << ' '
                    << toString(layout);
                worst = std::max(worst, error);
            }
        }
    }
    report("RoPE apply", worst);
}

TEST_P(BackendParity, RejectsBadInputLikeTheCpu) {
    const RopeFrequencies freqs = ropeFrequencies(params(16, 10000.0, RopeType::Default));
    const Eigen::VectorXd v = Eigen::VectorXd::Ones(16);
    const Eigen::VectorXd shortV = Eigen::VectorXd::Ones(8);
    EXPECT_THROW(
        backend_->ropeScoreCurves({{shortV, v, freqs, RopeLayout::HalfSplit}}, {0, 10, 1}, exec_),
        InputError);
    EXPECT_THROW(
        backend_->ropeScoreCurves({{v, v, freqs, RopeLayout::HalfSplit}}, {0, 0, 1}, exec_),
        InputError);
    const Eigen::MatrixXd m = Eigen::MatrixXd::Ones(10, 16);
    EXPECT_THROW(
        backend_->ropeScoreHeatmap(m, m, freqs, RopeLayout::HalfSplit, 11, 2, Pooling::Max, exec_),
        InputError);
    EXPECT_THROW(backend_->applyRopeRows(m, {1.0, 2.0}, freqs, RopeLayout::HalfSplit, exec_),
                 InputError);
}

TEST_P(BackendParity, StopsWhenCancelled) {
    std::stop_source source;
    source.request_stop();
    const Execution stopped{.threads = 1, .stop = source.get_token(), .progress = {}};
    EXPECT_THROW(backend_->ropeScoreCurves(curveBatch(), {0, 100000, 1}, stopped), Cancelled);
}

TEST_P(BackendParity, ReportsIncreasingProgressUpToOne) {
    std::vector<double> reported;
    const Execution watched{
        .threads = 2, .stop = {}, .progress = [&](double f) { reported.push_back(f); }};
    backend_->ropeScoreCurves(curveBatch(), {0, 20000, 1}, watched);
    ASSERT_FALSE(reported.empty());
    EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
    EXPECT_DOUBLE_EQ(reported.back(), 1.0);
}

INSTANTIATE_TEST_SUITE_P(EveryBackend, BackendParity,
                         ::testing::Values(BackendKind::Cpu, BackendKind::OpenCl,
                                           BackendKind::Cuda),
                         [](const ::testing::TestParamInfo<BackendKind>& info) {
                             return std::string(toString(info.param));
                         });

}  // namespace
}  // namespace ropelab
