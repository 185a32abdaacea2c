// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CPU backend: the double-precision reference, a thin adapter over core/analysis
// (ropeScoreCurve, ropeScoreHeatmap) and core/encodings (applyRope).

#include "compute/backend.h"

namespace ropelab {

class CpuBackend final : public ComputeBackend {
public:
    BackendKind kind() const override { return BackendKind::Cpu; }
    std::string device() const override;

    std::vector<std::vector<double>> ropeScoreCurves(const std::vector<RopeCurveInput>& curves,
                                                     const DistanceRange& distances,
                                                     const Execution& exec) override;
    PooledGrid ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                const RopeFrequencies& freqs, RopeLayout layout, int width,
                                int height, Pooling pooling, const Execution& exec) override;
    Eigen::MatrixXd applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>& rows,
                                  const std::vector<double>& positions,
                                  const RopeFrequencies& freqs, RopeLayout layout,
                                  const Execution& exec) override;
};

// The CPU backend's BackendInfo: always available.
BackendInfo probeCpu();

}  // namespace ropelab
