// SPDX-License-Identifier: GPL-3.0-or-later
#include "training/position_tables.h"

#include <cmath>

#include "common/parameter_error.h"
#include "encodings/alibi.h"
#include "encodings/sinusoidal.h"
#include "encodings/t5_buckets.h"

namespace ropelab::training {

std::vector<float> sinusoidalRows(int length, int width) {
    std::vector<double> positions(static_cast<std::size_t>(length));
    for (int p = 0; p < length; ++p) positions[static_cast<std::size_t>(p)] = p;
    const Eigen::MatrixXd table = sinusoidalTable(positions, width);
    std::vector<float> rows(static_cast<std::size_t>(length) * static_cast<std::size_t>(width));
    for (int p = 0; p < length; ++p) {
        for (int c = 0; c < width; ++c) {
            rows[static_cast<std::size_t>(p) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(c)] = static_cast<float>(table(p, c));
        }
    }
    return rows;
}

std::vector<std::int64_t> t5BucketRows(int length) {
    const T5BucketParams params{t5Buckets, t5MaxDistance, false};
    // The bucket depends on i − j only: one per distance.
    std::vector<std::int64_t> byDistance(static_cast<std::size_t>(length));
    for (int distance = 0; distance < length; ++distance) {
        byDistance[static_cast<std::size_t>(distance)] =
            t5RelativePositionBucket(-distance, params);
    }
    std::vector<std::int64_t> rows(static_cast<std::size_t>(length) *
                                   static_cast<std::size_t>(length));
    for (int i = 0; i < length; ++i) {
        for (int j = 0; j <= i; ++j) {
            rows[static_cast<std::size_t>(i) * static_cast<std::size_t>(length) +
                 static_cast<std::size_t>(j)] = byDistance[static_cast<std::size_t>(i - j)];
        }
    }
    return rows;
}

std::vector<float> alibiBiasRows(int heads, int length) {
    const std::vector<double> slopes = alibiSlopes(heads);
    const std::size_t cells = static_cast<std::size_t>(length) * static_cast<std::size_t>(length);
    std::vector<float> rows(static_cast<std::size_t>(heads) * cells);
    for (int h = 0; h < heads; ++h) {
        const Eigen::MatrixXd bias = alibiBias(length, slopes[static_cast<std::size_t>(h)]);
        for (int i = 0; i < length; ++i) {
            for (int j = 0; j < length; ++j) {
                rows[static_cast<std::size_t>(h) * cells +
                     static_cast<std::size_t>(i) * static_cast<std::size_t>(length) +
                     static_cast<std::size_t>(j)] = static_cast<float>(bias(i, j));
            }
        }
    }
    return rows;
}

RopeParams ropeParamsFor(const ModelConfig& config, const std::optional<RopeParams>& evaluation,
                         int length) {
    RopeParams params;
    if (evaluation) {
        params = *evaluation;
        if (params.headDim != config.headDim()) {
            throw ParameterError({"head_dim", Rule::EqualTo, static_cast<double>(params.headDim),
                                  static_cast<double>(config.headDim())});
        }
    } else {
        params.headDim = config.headDim();
        params.ropeTheta = config.ropeTheta;
        params.maxPositionEmbeddings = config.trainLength;
    }
    params.seqLen = length;
    return params;
}

RopeTables ropeTables(const RopeFrequencies& freqs, int length) {
    const int dim = freqs.headDim;
    const int pairs = freqs.pairs();
    RopeTables tables;
    tables.cos.assign(static_cast<std::size_t>(length) * static_cast<std::size_t>(dim), 0.0f);
    tables.sin.assign(tables.cos.size(), 0.0f);
    for (int p = 0; p < length; ++p) {
        for (int c = 0; c < dim; ++c) {
            const std::size_t at = static_cast<std::size_t>(p) * static_cast<std::size_t>(dim) +
                                   static_cast<std::size_t>(c);
            // Components past the rotary dim pass through: cos 1, sin 0 (partial rotary).
            if (c >= 2 * pairs) {
                tables.cos[at] = 1.0f;
                continue;
            }
            const double angle = p * freqs.invFreq[static_cast<std::size_t>(c % pairs)];
            tables.cos[at] = static_cast<float>(std::cos(angle) * freqs.attentionFactor);
            tables.sin[at] = static_cast<float>(std::sin(angle) * freqs.attentionFactor);
        }
    }
    return tables;
}

}  // namespace ropelab::training
