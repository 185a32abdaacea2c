// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/cpu_backend.h"

#include <string>
#include <thread>

#include "analysis/blas_products.h"
#include "analysis/score_curve.h"
#include "analysis/simd_targets.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/rope_apply.h"

namespace ropelab {

std::string CpuBackend::device() const {
    return "CPU, double precision (" + std::to_string(std::thread::hardware_concurrency()) +
           " hardware threads); kernels: " + simdTargetsDescription() +
           "; BLAS: " + blasDescription();
}

std::vector<std::vector<double>> CpuBackend::ropeScoreCurves(
    const std::vector<RopeCurveInput>& curves, const DistanceRange& distances,
    const Execution& exec) {
    std::vector<std::vector<double>> result;
    result.reserve(curves.size());
    for (std::size_t c = 0; c < curves.size(); ++c) {
        // Progress of the whole batch, not of each curve from 0 to 1 again.
        Execution curveExec{.threads = exec.threads, .stop = exec.stop, .progress = {}};
        if (exec.progress) {
            curveExec.progress = [&, c](double fraction) {
                exec.progress((static_cast<double>(c) + fraction) /
                              static_cast<double>(curves.size()));
            };
        }
        const RopeCurveInput& curve = curves[c];
        result.push_back(
            ropeScoreCurve(curve.q, curve.k, curve.freqs, curve.layout, distances, curveExec));
    }
    return result;
}

PooledGrid CpuBackend::ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                        const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                        const RopeFrequencies& freqs, RopeLayout layout, int width,
                                        int height, Pooling pooling, const Execution& exec) {
    return ropelab::ropeScoreHeatmap(queries, keys, freqs, layout, width, height, pooling, exec);
}

Eigen::MatrixXd CpuBackend::applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>& rows,
                                          const std::vector<double>& positions,
                                          const RopeFrequencies& freqs, RopeLayout layout,
                                          const Execution& exec) {
    if (static_cast<std::int64_t>(positions.size()) != rows.rows()) {
        // One position per vector.
        throw ParameterError({"positions", Rule::Count, static_cast<double>(positions.size()),
                              static_cast<double>(rows.rows())});
    }
    Eigen::MatrixXd result(rows.rows(), rows.cols());
    parallelFor(
        rows.rows(), exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t r = begin; r < end; ++r) {
                const Eigen::VectorXd row = rows.row(r).transpose();
                result.row(r) =
                    applyRope(row, positions[static_cast<std::size_t>(r)], freqs, layout)
                        .transpose();
            }
        },
        64);
    return result;
}

BackendInfo probeCpu() {
    return BackendInfo{.kind = BackendKind::Cpu,
                       .available = true,
                       .gpu = false,
                       .device = CpuBackend().device(),
                       .problem = {}};
}

}  // namespace ropelab
