// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/seed_pitfall.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <Eigen/SVD>

#include "analysis/memory_budget.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"

namespace ropelab {

Eigen::MatrixXd seedCodeMatrix(int dim, double scale) {
    requireAtLeast(dim, 1, "dim");
    requireFinite(scale, "seed_scale");
    requireMemory(8.0 * dim * dim, ResourceProblem(Demand::SeedMatrix, dim));
    Eigen::MatrixXd m(dim, dim);
    for (int i = 0; i < dim; ++i) {
        for (int j = 0; j < dim; ++j) m(i, j) = std::cos(static_cast<double>(i) * j * scale);
    }
    return m;
}

Eigen::MatrixXd ropeRotationMatrix(const RopeFrequencies& freqs, double position,
                                   RopeLayout layout) {
    requireMemory(8.0 * freqs.headDim * freqs.headDim,
                  ResourceProblem(Demand::RotationMatrix, freqs.headDim));
    // Column j is the image of the unit vector e_j: the matrix is whatever applyRope does.
    Eigen::MatrixXd r(freqs.headDim, freqs.headDim);
    Eigen::VectorXd unit = Eigen::VectorXd::Zero(freqs.headDim);
    for (int j = 0; j < freqs.headDim; ++j) {
        unit[j] = 1.0;
        r.col(j) = applyRope(unit, position, freqs, layout);
        unit[j] = 0.0;
    }
    return r;
}

Eigen::VectorXd singularValues(const Eigen::Ref<const Eigen::MatrixXd>& matrix) {
    const Eigen::MatrixXd copy = matrix;
    return Eigen::BDCSVD<Eigen::MatrixXd>(copy).singularValues();
}

int numericalRank(const Eigen::Ref<const Eigen::VectorXd>& singularValues, Eigen::Index rows,
                  Eigen::Index cols) {
    if (singularValues.size() == 0) return 0;
    const double tolerance = static_cast<double>(std::max(rows, cols)) *
                             std::numeric_limits<double>::epsilon() * singularValues.maxCoeff();
    return static_cast<int>((singularValues.array() > tolerance).count());
}

std::vector<double> lengthRatios(const Eigen::Ref<const Eigen::MatrixXd>& matrix, int samples,
                                 std::uint64_t seed) {
    requireAtLeast(samples, 1, "samples");
    requireNotEmpty(static_cast<std::size_t>(matrix.size()), "matrix");
    requireMemory(8.0 * static_cast<double>(samples) * static_cast<double>(matrix.rows()),
                  ResourceProblem(Demand::RandomDirections, samples, matrix.rows()));
    const Eigen::MatrixXd directions = seededStandardNormal(samples, matrix.rows(), seed);
    const Eigen::MatrixXd mapped = directions * matrix;
    std::vector<double> ratios(static_cast<std::size_t>(samples));
    for (Eigen::Index s = 0; s < directions.rows(); ++s) {
        ratios[static_cast<std::size_t>(s)] = mapped.row(s).norm() / directions.row(s).norm();
    }
    std::sort(ratios.begin(), ratios.end());
    return ratios;
}

}  // namespace ropelab
