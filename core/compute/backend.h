// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The compute-backend interface: the long sweeps (many score curves, pooled heatmaps, RoPE on
// many vectors) on the CPU (the double-precision reference in core/analysis) or on a GPU through
// OpenCL or CUDA, all from one kernel source (compute/kernels/rope_kernels.common).

#include <string>
#include <vector>

#include <Eigen/Core>

#include "analysis/distance_range.h"
#include "analysis/score_heatmap.h"
#include "common/execution.h"
#include "compute/backend_info.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// One RoPE score curve of a batch: q and k rotated with their own frequencies and layout.
struct RopeCurveInput {
    Eigen::VectorXd q;
    Eigen::VectorXd k;
    RopeFrequencies freqs;
    RopeLayout layout = RopeLayout::HalfSplit;
};

// Every backend computes the same functions; GPU backends in float32 with exact phase
// reduction (|GPU − fp64| ≤ 1e-4·‖q‖‖k‖ for |Δ| ≤ 2²⁴), the CPU in double. A backend object is
// used by one thread at a time. Bad input throws InputError before any device work; device
// failures throw DeviceError; Execution's stop throws Cancelled between device launches.
class ComputeBackend {
public:
    virtual ~ComputeBackend() = default;

    virtual BackendKind kind() const = 0;
    virtual std::string device() const = 0;

    // result[c][i] = score of curves[c] at distances.at(i), as ropeScoreCurve computes it.
    virtual std::vector<std::vector<double>> ropeScoreCurves(
        const std::vector<RopeCurveInput>& curves, const DistanceRange& distances,
        const Execution& exec) = 0;

    // As ropeScoreHeatmap (core/analysis/score_heatmap.h).
    virtual PooledGrid ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                        const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                        const RopeFrequencies& freqs, RopeLayout layout, int width,
                                        int height, Pooling pooling, const Execution& exec) = 0;

    // Row r of the result is applyRope(rows.row(r), positions[r], freqs, layout).
    virtual Eigen::MatrixXd applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>& rows,
                                          const std::vector<double>& positions,
                                          const RopeFrequencies& freqs, RopeLayout layout,
                                          const Execution& exec) = 0;
};

}  // namespace ropelab
