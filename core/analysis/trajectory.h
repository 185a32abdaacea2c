// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The path of a rotated vector R(x, p) as the position p advances, seen in 3D: chosen coordinates
// or the top three principal components; and each pair's helix (cos pθ_i, sin pθ_i, p).

#include <array>
#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "analysis/distance_range.h"
#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

struct Trajectory3d {
    std::vector<double> x, y, z;  // one point per position
    // PCA: the fraction of the total variance along each axis; chosen coordinates: all 0.
    std::array<double, 3> explainedVariance{};
};

// Components coordinates[0..2] of R(x, p) (as applyRope: attention factor included) for every p.
// InputError for a coordinate outside [0, headDim) or a wrong-length x.
Trajectory3d ropeTrajectory(const Eigen::Ref<const Eigen::VectorXd>& x,
                            const RopeFrequencies& freqs, RopeLayout layout,
                            const DistanceRange& positions, const std::array<int, 3>& coordinates,
                            const Execution& exec);

// R(x, p) − mean projected on the three leading eigenvectors of the points' covariance
// (Eigen SelfAdjointEigenSolver), each axis signed so its largest |loading| is positive. Streams
// over the positions (memory O(d²), not O(N·d)); same result for any thread count.
Trajectory3d ropeTrajectoryPca(const Eigen::Ref<const Eigen::VectorXd>& x,
                               const RopeFrequencies& freqs, RopeLayout layout,
                               const DistanceRange& positions, const Execution& exec);

// Pair i's phasor e^{i·p·θ_i} for every p: cos and sin columns, exact phase.
struct Helix {
    std::vector<double> cos, sin;
};
Helix ropeHelix(const RopeFrequencies& freqs, int pair, const DistanceRange& positions);

// The continuous helix between positions first and last: pair i's phasor at evenly spaced,
// generally fractional positions, at most one turn / pointsPerTurn apart and at least
// minSegments segments, both ends included. Integer positions are points on it (ropeHelix).
// InputError for a bad pair, last <= first, pointsPerTurn < 3, minSegments < 1; ResourceError.
struct HelixCurve {
    std::vector<double> position, cos, sin;
};
HelixCurve ropeHelixCurve(const RopeFrequencies& freqs, int pair, double first, double last,
                          int pointsPerTurn, int minSegments = 2);

}  // namespace ropelab
