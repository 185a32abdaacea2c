// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/position_encoder.h"

#include <cmath>
#include <string>

#include "analysis/exact_phase.h"
#include "analysis/memory_budget.h"
#include "common/parameter_error.h"
#include "encodings/alibi.h"
#include "encodings/rope_apply.h"
#include "encodings/sinusoidal.h"

namespace ropelab {

PositionEncoder::PositionEncoder(const ScoreEncodingParams& params, int dim)
    : encoding_(params.encoding), dim_(dim), layout_(params.layout), params_(params) {
    validate(params, dim);
    switch (params.encoding) {
        case ScoreEncoding::Rope:
            freqs_ = ropeFrequencies(params.rope);
            ropeTables_ = ropeBlockTables(freqs_, layout_);
            break;
        case ScoreEncoding::Sinusoidal:
            break;
        case ScoreEncoding::Learned:
            requireMemory(8.0 * params.learnedMaxLength * dim,
                          ResourceProblem(Demand::LearnedTable, params.learnedMaxLength, dim));
            learnedTable_.emplace(params.learnedMaxLength, dim, params.learnedSeed,
                                  params.learnedStddev);
            break;
        case ScoreEncoding::T5: {
            const Eigen::MatrixXd table =
                seededStandardNormal(params.t5.numBuckets, 1, params.t5BiasSeed);
            biasTable_.assign(table.data(), table.data() + table.size());
            break;
        }
        case ScoreEncoding::Alibi:
            alibiSlope_ =
                alibiSlopes(params.alibiHeads)[static_cast<std::size_t>(params.alibiHead - 1)];
            break;
        case ScoreEncoding::Seed:
            requireMemory(8.0 * dim * dim, ResourceProblem(Demand::SeedMatrix, dim));
            seedMatrix_.resize(dim, dim);
            for (int i = 0; i < dim; ++i) {
                for (int j = 0; j < dim; ++j) {
                    seedMatrix_(i, j) = std::cos(static_cast<double>(i) * j * params.seedScale);
                }
            }
            break;
    }
}

PositionEncoder::PositionEncoder(const RopeFrequencies& freqs, RopeLayout layout)
    : encoding_(ScoreEncoding::Rope),
      dim_(freqs.headDim),
      freqs_(freqs),
      layout_(layout),
      ropeTables_(ropeBlockTables(freqs, layout)) {
    params_.layout = layout;
}

void PositionEncoder::requirePositions(std::int64_t lo, std::int64_t hi) const {
    if (encoding_ == ScoreEncoding::Learned && (lo < 0 || hi >= params_.learnedMaxLength)) {
        // LearnedPositionTable::lookup words the lesson (no row for an unseen position).
        learnedTable_->lookup(lo < 0 ? lo : hi);
    }
    if (encoding_ == ScoreEncoding::Seed && lo < 0) {
        // The seed code's positions index its table.
        throw ParameterError({"positions", Rule::AtLeast, static_cast<double>(lo), 0});
    }
}

void PositionEncoder::addPositionVector(double* row, std::int64_t position) const {
    const double p = static_cast<double>(position);
    switch (encoding_) {
        case ScoreEncoding::Sinusoidal: {
            const Eigen::VectorXd pe = sinusoidalEncoding(p, dim_, params_.sinusoidalBase);
            for (int j = 0; j < dim_; ++j) row[j] += pe[j];
            break;
        }
        case ScoreEncoding::Learned:
            for (int j = 0; j < dim_; ++j) row[j] += learnedTable_->table()(position, j);
            break;
        case ScoreEncoding::Seed:
            // The seed code's positional_embedding[p, j] = cos(p·j·0.01).
            for (int j = 0; j < dim_; ++j) row[j] += std::cos(p * j * params_.seedScale);
            break;
        case ScoreEncoding::Rope:
        case ScoreEncoding::T5:
        case ScoreEncoding::Alibi:
            break;
    }
}

Eigen::VectorXd PositionEncoder::encode(const Eigen::Ref<const Eigen::VectorXd>& x,
                                        std::int64_t position) const {
    RowMatrix out;
    encodeRows(x.transpose(), position, out);
    return out.row(0).transpose();
}

void PositionEncoder::encodeRows(const Eigen::Ref<const Eigen::MatrixXd>& x,
                                 std::int64_t firstPosition, RowMatrix& out) const {
    out = x;
    const std::int64_t rows = x.rows();
    if (encoding_ == ScoreEncoding::Rope) {
        // Consecutive positions: e^{i(p+1)θ} = e^{ipθ}·e^{iθ}, re-anchored exactly every
        // kRowAnchor rows (error ~1e-14), instead of a sine and a cosine per component.
        constexpr std::int64_t kRowAnchor = 256;
        const std::size_t pairs = freqs_.invFreq.size();
        std::vector<std::complex<double>> phasor(pairs), step(pairs);
        std::vector<RopePair> pairIndex(pairs);
        for (std::size_t j = 0; j < pairs; ++j) {
            step[j] = exactPhasor(1.0, freqs_.invFreq[j]);
            pairIndex[j] = ropePair(static_cast<int>(j), freqs_.rotaryDim, layout_);
        }
        for (std::int64_t i = 0; i < rows; ++i) {
            double* row = out.row(i).data();
            const bool anchor = i % kRowAnchor == 0;
            for (std::size_t j = 0; j < pairs; ++j) {
                if (anchor) {
                    phasor[j] =
                        exactPhasor(static_cast<double>(firstPosition + i), freqs_.invFreq[j]);
                } else {
                    // Written out: std::complex's operator* also handles infinities (slower).
                    const double re = phasor[j].real();
                    const double im = phasor[j].imag();
                    phasor[j] = {re * step[j].real() - im * step[j].imag(),
                                 re * step[j].imag() + im * step[j].real()};
                }
                const std::complex<double> w = freqs_.attentionFactor * phasor[j];
                const double a = row[pairIndex[j].a];
                const double b = row[pairIndex[j].b];
                row[pairIndex[j].a] = a * w.real() - b * w.imag();
                row[pairIndex[j].b] = b * w.real() + a * w.imag();
            }
        }
        return;
    }
    if (encoding_ == ScoreEncoding::T5 || encoding_ == ScoreEncoding::Alibi) return;
    for (std::int64_t i = 0; i < rows; ++i) addPositionVector(out.row(i).data(), firstPosition + i);
    if (encoding_ == ScoreEncoding::Seed) {
        // x = x @ M, as the seed code's torch.matmul(x, rotation_matrix).
        const RowMatrix added = out;
        out.noalias() = added * seedMatrix_;
    }
}

void PositionEncoder::sumEncodedBlocks(const Eigen::Ref<const Eigen::MatrixXd>& x,
                                       const std::int64_t* starts, std::int64_t blocks,
                                       double* out) const {
    if (encoding_ == ScoreEncoding::Rope) {
        ropeBlockSums(ropeTables_, x.data(), x.outerStride(), 0, starts, blocks, out);
        return;
    }
    RowMatrix encoded;
    for (std::int64_t b = 0; b < blocks; ++b) {
        encodeRows(x.middleRows(starts[b], starts[b + 1] - starts[b]), starts[b], encoded);
        Eigen::Map<Eigen::RowVectorXd>(out + b * x.cols(), x.cols()) = encoded.colwise().sum();
    }
}

Eigen::VectorXd PositionEncoder::mapForDot(const Eigen::VectorXd& keyEncoded) const {
    if (encoding_ == ScoreEncoding::Seed) return seedMatrix_ * keyEncoded;
    return keyEncoded;
}

double PositionEncoder::dotEncoded(const Eigen::Ref<const Eigen::VectorXd>& x,
                                   std::int64_t position, const Eigen::VectorXd& mapped) const {
    if (encoding_ == ScoreEncoding::Rope) return encode(x, position).dot(mapped);
    Eigen::VectorXd added = x;
    addPositionVector(added.data(), position);
    // Seed: ⟨(x + PE)·M, k'⟩ = ⟨x + PE, M·k'⟩, and mapped already holds M·k'.
    return added.dot(mapped);
}

double PositionEncoder::bias(std::int64_t queryPosition, std::int64_t keyPosition) const {
    if (encoding_ == ScoreEncoding::Alibi) {
        return alibiCausalBias(alibiSlope_, queryPosition, keyPosition);
    }
    if (encoding_ == ScoreEncoding::T5) {
        // HF: relative_position = memory (key) position − context (query) position.
        const int bucket = t5RelativePositionBucket(keyPosition - queryPosition, params_.t5);
        return biasTable_[static_cast<std::size_t>(bucket)];
    }
    return 0.0;
}

}  // namespace ropelab
