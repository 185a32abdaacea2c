// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The seed text's sample code against correct RoPE: is the position map a rotation? The seed code
// adds PE[p, j] = cos(p·j·0.01) and multiplies by one fixed M[i, j] = cos(i·j·0.01) for every
// position; RoPE turns each pair by p·θ_i, an orthogonal map that keeps lengths.

#include <cstdint>
#include <vector>

#include <Eigen/Core>

#include "encodings/rope_frequencies.h"

namespace ropelab {

// The seed code's rotation_matrix, M[i, j] = cos(i·j·scale), dim × dim (row-vector convention:
// the code computes x·M). InputError for dim < 1 or a non-finite scale; ResourceError.
Eigen::MatrixXd seedCodeMatrix(int dim, double scale = 0.01);

// R(p) with applyRope(x, p, freqs, layout) = R(p)·x: 2×2 turns by p·θ_i on each pair (times the
// attention factor), identity on the pass-through components.
Eigen::MatrixXd ropeRotationMatrix(const RopeFrequencies& freqs, double position,
                                   RopeLayout layout);

// Singular values, largest first: all 1 exactly when the matrix is a rotation (orthogonal).
Eigen::VectorXd singularValues(const Eigen::Ref<const Eigen::MatrixXd>& matrix);

// How many singular values exceed max(rows, cols)·ε·σ_max (numpy.linalg.matrix_rank's rule):
// the dimensions the map keeps; a rotation keeps all of them.
int numericalRank(const Eigen::Ref<const Eigen::VectorXd>& singularValues, Eigen::Index rows,
                  Eigen::Index cols);

// ‖x·M‖ / ‖x‖ for `samples` random directions x (rows of seededStandardNormal(samples, rows of
// M, seed)), smallest first: how much the map alone stretches or shrinks a vector, with nothing
// added to x. All equal exactly when M is a rotation times a constant (1 for a rotation); they
// spread between M's smallest and largest singular value otherwise. Row-vector convention as the
// seed code's x·M: pass Mᵀ for a map written M·x. InputError for samples < 1 or an empty M;
// ResourceError.
std::vector<double> lengthRatios(const Eigen::Ref<const Eigen::MatrixXd>& matrix, int samples,
                                 std::uint64_t seed);

}  // namespace ropelab
