// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/trajectory.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <string>

#include <Eigen/Eigenvalues>

#include "analysis/exact_phase.h"
#include "analysis/memory_budget.h"
#include "analysis/position_encoder.h"
#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

namespace {

// The PCA passes keep one partial sum per block of positions and add them in block order, so the
// result does not depend on the thread count; at most this many blocks bounds their memory.
constexpr std::int64_t kPcaMaxBlocks = 256;
constexpr std::int64_t kPcaMinBlock = 2048;

std::int64_t checkedCount(const DistanceRange& positions, const RopeFrequencies& freqs,
                          const Eigen::Ref<const Eigen::VectorXd>& x, double bytesPerPosition) {
    if (x.size() != freqs.headDim) {
        throw ParameterError({"vector", Rule::Count, static_cast<double>(x.size()),
                              static_cast<double>(freqs.headDim)});
    }
    const std::int64_t count = positions.count();
    requireNotEmpty(static_cast<std::size_t>(count), "positions");
    requireMemory(bytesPerPosition * static_cast<double>(count),
                  ResourceProblem(Demand::Trajectory, count));
    return count;
}

// Rows i = R(x, positions.at(first + i)) for i < rows.
RowMatrix rotatedBlock(const PositionEncoder& encoder, const Eigen::Ref<const Eigen::VectorXd>& x,
                       const DistanceRange& positions, std::int64_t first, std::int64_t rows) {
    RowMatrix block(rows, x.size());
    for (std::int64_t i = 0; i < rows; ++i) {
        block.row(i) = encoder.encode(x, positions.at(first + i)).transpose();
    }
    return block;
}

}  // namespace

Trajectory3d ropeTrajectory(const Eigen::Ref<const Eigen::VectorXd>& x,
                            const RopeFrequencies& freqs, RopeLayout layout,
                            const DistanceRange& positions, const std::array<int, 3>& coordinates,
                            const Execution& exec) {
    const std::int64_t count = checkedCount(positions, freqs, x, 3 * 8.0);
    for (int c : coordinates) {
        if (c < 0 || c >= freqs.headDim) {
            ParameterProblem problem("coords", Rule::Between, c, 0, freqs.headDim - 1);
            problem.eachValue = true;
            throw ParameterError(problem);
        }
    }
    const PositionEncoder encoder(freqs, layout);
    Trajectory3d path;
    path.x.resize(static_cast<std::size_t>(count));
    path.y.resize(static_cast<std::size_t>(count));
    path.z.resize(static_cast<std::size_t>(count));
    parallelFor(
        count, exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                const Eigen::VectorXd r = encoder.encode(x, positions.at(i));
                const std::size_t at = static_cast<std::size_t>(i);
                path.x[at] = r[coordinates[0]];
                path.y[at] = r[coordinates[1]];
                path.z[at] = r[coordinates[2]];
            }
        },
        1024);
    return path;
}

Trajectory3d ropeTrajectoryPca(const Eigen::Ref<const Eigen::VectorXd>& x,
                               const RopeFrequencies& freqs, RopeLayout layout,
                               const DistanceRange& positions, const Execution& exec) {
    const std::int64_t count = checkedCount(positions, freqs, x, 3 * 8.0);
    requireAtLeast(freqs.headDim, 3, "head_dim");  // PCA to 3D needs three components
    const int d = freqs.headDim;
    const PositionEncoder encoder(freqs, layout);
    const std::int64_t blockSize =
        std::max(kPcaMinBlock, (count + kPcaMaxBlocks - 1) / kPcaMaxBlocks);
    const std::int64_t blocks = (count + blockSize - 1) / blockSize;
    requireMemory(8.0 * static_cast<double>(blocks) * d * (d + 1.0),
                  ResourceProblem(Demand::Pca, count));
    const auto blockRange = [&](std::int64_t b) {
        const std::int64_t first = b * blockSize;
        return std::pair{first, std::min(blockSize, count - first)};
    };

    // Pass 1: the mean. Pass 2: the covariance about it (two passes avoid cancellation).
    std::vector<Eigen::VectorXd> blockSums(static_cast<std::size_t>(blocks));
    parallelFor(blocks, exec, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t b = begin; b < end; ++b) {
            const auto [first, rows] = blockRange(b);
            blockSums[static_cast<std::size_t>(b)] =
                rotatedBlock(encoder, x, positions, first, rows).colwise().sum().transpose();
        }
    });
    Eigen::VectorXd mean = Eigen::VectorXd::Zero(d);
    for (const Eigen::VectorXd& s : blockSums) mean += s;
    mean /= static_cast<double>(count);

    std::vector<Eigen::MatrixXd> blockScatter(static_cast<std::size_t>(blocks));
    parallelFor(blocks, exec, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t b = begin; b < end; ++b) {
            const auto [first, rows] = blockRange(b);
            RowMatrix centered = rotatedBlock(encoder, x, positions, first, rows);
            centered.rowwise() -= mean.transpose();
            blockScatter[static_cast<std::size_t>(b)] = centered.transpose() * centered;
        }
    });
    Eigen::MatrixXd covariance = Eigen::MatrixXd::Zero(d, d);
    for (const Eigen::MatrixXd& s : blockScatter) covariance += s;
    covariance /= static_cast<double>(count);

    // Eigenvalues come in increasing order: the last three columns are the principal axes.
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(covariance);
    Eigen::MatrixXd axes(d, 3);
    const double total = std::max(solver.eigenvalues().sum(), 0.0);
    Trajectory3d path;
    for (int a = 0; a < 3; ++a) {
        Eigen::VectorXd axis = solver.eigenvectors().col(d - 1 - a);
        Eigen::Index largest = 0;
        axis.cwiseAbs().maxCoeff(&largest);
        if (axis[largest] < 0) axis = -axis;  // eigenvectors' sign is arbitrary: fix it
        axes.col(a) = axis;
        path.explainedVariance[static_cast<std::size_t>(a)] =
            total > 0.0 ? std::max(solver.eigenvalues()[d - 1 - a], 0.0) / total : 0.0;
    }

    path.x.resize(static_cast<std::size_t>(count));
    path.y.resize(static_cast<std::size_t>(count));
    path.z.resize(static_cast<std::size_t>(count));
    parallelFor(blocks, exec, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t b = begin; b < end; ++b) {
            const auto [first, rows] = blockRange(b);
            RowMatrix centered = rotatedBlock(encoder, x, positions, first, rows);
            centered.rowwise() -= mean.transpose();
            const Eigen::MatrixXd projected = centered * axes;
            for (std::int64_t i = 0; i < rows; ++i) {
                const std::size_t at = static_cast<std::size_t>(first + i);
                path.x[at] = projected(i, 0);
                path.y[at] = projected(i, 1);
                path.z[at] = projected(i, 2);
            }
        }
    });
    return path;
}

Helix ropeHelix(const RopeFrequencies& freqs, int pair, const DistanceRange& positions) {
    if (pair < 0 || pair >= freqs.pairs()) {
        throw ParameterError({"pairs", Rule::Between, static_cast<double>(pair), 0,
                              static_cast<double>(freqs.pairs() - 1)});
    }
    const std::int64_t count = positions.count();
    requireNotEmpty(static_cast<std::size_t>(count), "positions");
    requireMemory(16.0 * static_cast<double>(count), ResourceProblem(Demand::Helix, count));
    Helix helix;
    helix.cos.resize(static_cast<std::size_t>(count));
    helix.sin.resize(static_cast<std::size_t>(count));
    const double theta = freqs.invFreq[static_cast<std::size_t>(pair)];
    for (std::int64_t i = 0; i < count; ++i) {
        const std::complex<double> z = exactPhasor(static_cast<double>(positions.at(i)), theta);
        helix.cos[static_cast<std::size_t>(i)] = z.real();
        helix.sin[static_cast<std::size_t>(i)] = z.imag();
    }
    return helix;
}

HelixCurve ropeHelixCurve(const RopeFrequencies& freqs, int pair, double first, double last,
                          int pointsPerTurn, int minSegments) {
    if (pair < 0 || pair >= freqs.pairs()) {
        throw ParameterError({"pairs", Rule::Between, static_cast<double>(pair), 0,
                              static_cast<double>(freqs.pairs() - 1)});
    }
    requireFinite(first, "first");
    requireFinite(last, "last");
    if (!(last > first)) {
        ParameterProblem problem("last", Rule::GreaterThanOther, last, first);
        problem.other = "first";
        throw ParameterError(problem);
    }
    requireAtLeast(pointsPerTurn, 3, "points_per_turn");
    requireAtLeast(minSegments, 1, "min_segments");
    const double theta = freqs.invFreq[static_cast<std::size_t>(pair)];
    const double turns = (last - first) * theta / (2.0 * std::numbers::pi);
    const double segments = std::max<double>(minSegments, std::ceil(turns * pointsPerTurn));
    requireMemory(24.0 * (segments + 1.0), ResourceProblem(Demand::HelixCurve, segments + 1));
    const auto count = static_cast<std::size_t>(segments) + 1;
    HelixCurve curve;
    curve.position.resize(count);
    curve.cos.resize(count);
    curve.sin.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        // The last point exactly at `last`, not first + count·step with its rounding.
        const double p = i + 1 == count ? last : first + (last - first) * (double(i) / segments);
        const std::complex<double> z = exactPhasor(p, theta);
        curve.position[i] = p;
        curve.cos[i] = z.real();
        curve.sin[i] = z.imag();
    }
    return curve;
}

}  // namespace ropelab
