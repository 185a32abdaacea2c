// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: what one encoding does to a vector at a position before the dot product,
// and the bias it adds after, for score curves, heatmaps and invariance.

#include <cstdint>
#include <optional>
#include <vector>

#include <Eigen/Core>

#include "analysis/pooling_kernels.h"
#include "analysis/score_encoding.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

class PositionEncoder {
public:
    // Validates params for vectors of length dim (InputError) and prepares its tables.
    PositionEncoder(const ScoreEncodingParams& params, int dim);
    PositionEncoder(const RopeFrequencies& freqs, RopeLayout layout);

    int dim() const { return dim_; }
    // InputError unless every position in [lo, hi] exists for this encoding (learned table rows,
    // the seed code's non-negative positions).
    void requirePositions(std::int64_t lo, std::int64_t hi) const;

    // f(x, p): rotated (RoPE), x + PE[p] (sinusoidal, learned), (x + PE[p])·M (seed), x (T5,
    // ALiBi).
    Eigen::VectorXd encode(const Eigen::Ref<const Eigen::VectorXd>& x, std::int64_t position) const;
    // Row i of out = f(row i of x, firstPosition + i); out is resized to x's shape.
    void encodeRows(const Eigen::Ref<const Eigen::MatrixXd>& x, std::int64_t firstPosition,
                    RowMatrix& out) const;

    // The block sums of mean pooling: row b of out (blocks × x.cols(), row-major) =
    // Σ_{m ∈ [starts[b], starts[b+1])} f(row m of x, m); RoPE rotates and sums in one vectorised
    // pass.
    void sumEncodedBlocks(const Eigen::Ref<const Eigen::MatrixXd>& x, const std::int64_t* starts,
                          std::int64_t blocks, double* out) const;

    // ⟨f(x, p), v⟩ in O(d) for v = mapForDot(keyEncoded) (the seed code folds M into v).
    Eigen::VectorXd mapForDot(const Eigen::VectorXd& keyEncoded) const;
    double dotEncoded(const Eigen::Ref<const Eigen::VectorXd>& x, std::int64_t position,
                      const Eigen::VectorXd& mapped) const;

    bool hasBias() const {
        return encoding_ == ScoreEncoding::T5 || encoding_ == ScoreEncoding::Alibi;
    }
    // True when a key after the query has no score (ALiBi's causal mask): bias is then −∞.
    bool masksLaterKeys() const { return encoding_ == ScoreEncoding::Alibi; }
    // The score bias for a query at queryPosition and a key at keyPosition (0 without one).
    double bias(std::int64_t queryPosition, std::int64_t keyPosition) const;

private:
    // Adds the position's vector (sinusoidal, learned, seed) to row, in place.
    void addPositionVector(double* row, std::int64_t position) const;

    ScoreEncoding encoding_ = ScoreEncoding::Rope;
    int dim_ = 0;
    RopeFrequencies freqs_;
    RopeLayout layout_ = RopeLayout::HalfSplit;
    RopeBlockTables ropeTables_;  // RoPE
    ScoreEncodingParams params_;
    std::optional<LearnedPositionTable> learnedTable_;  // Learned
    Eigen::MatrixXd seedMatrix_;                        // Seed: M[i, j] = cos(i·j·scale)
    std::vector<double> biasTable_;                     // T5: one bias per bucket
    double alibiSlope_ = 0.0;                           // ALiBi: this head's slope
};

}  // namespace ropelab
