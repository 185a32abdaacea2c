#pragma once
// The seed text's sample code against correct RoPE: is the position map a rotation? The seed code
// adds PE[p, j] = cos(p·j·0.01) and multiplies by one fixed M[i, j] = cos(i·j·0.01) for every
// position; RoPE turns each pair by p·θ_i, an orthogonal map that keeps lengths.

#include <vector>

#include <Eigen/Core>

#include "analysis/distance_range.h"
#include "analysis/score_encoding.h"
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

// ‖f(x, p)‖ / ‖x‖ for each position p in the range, f the encoding's map before the dot product
// (RoPE: the attention factor at every p; the seed code: anything). InputError for x = 0, a
// vector of the wrong length, positions the encoding lacks; ResourceError.
std::vector<double> encodedNormRatios(const Eigen::Ref<const Eigen::VectorXd>& x,
                                      const ScoreEncodingParams& encoding,
                                      const DistanceRange& positions);

}  // namespace ropelab
