// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Test-only reference scores computed the slow, obvious way from the encodings library, to check
// the analysis engine's fast paths against.

#include <cmath>
#include <limits>

#include <gtest/gtest.h>
#include <Eigen/Core>

#include "analysis/score_encoding.h"
#include "encodings/alibi.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "encodings/sinusoidal.h"
#include "encodings/t5_buckets.h"

namespace ropelab::test {

// ⟨f(q, m), f(k, n)⟩ + bias for a query at position m and a key at n.
inline double referenceScore(const ScoreEncodingParams& e, const Eigen::VectorXd& q,
                             const Eigen::VectorXd& k, std::int64_t m, std::int64_t n) {
    const int d = static_cast<int>(q.size());
    switch (e.encoding) {
        case ScoreEncoding::Rope: {
            const RopeFrequencies f = ropeFrequencies(e.rope);
            return applyRope(q, static_cast<double>(m), f, e.layout)
                .dot(applyRope(k, static_cast<double>(n), f, e.layout));
        }
        case ScoreEncoding::Sinusoidal:
            return (q + sinusoidalEncoding(static_cast<double>(m), d, e.sinusoidalBase))
                .dot(k + sinusoidalEncoding(static_cast<double>(n), d, e.sinusoidalBase));
        case ScoreEncoding::Learned: {
            const LearnedPositionTable table(e.learnedMaxLength, d, e.learnedSeed, e.learnedStddev);
            return (q + table.lookup(m)).dot(k + table.lookup(n));
        }
        case ScoreEncoding::T5: {
            const Eigen::MatrixXd bias = seededStandardNormal(e.t5.numBuckets, 1, e.t5BiasSeed);
            return q.dot(k) + bias(t5RelativePositionBucket(n - m, e.t5), 0);
        }
        case ScoreEncoding::Alibi:
            // Causal (Press et al.): a key after the query is masked, −∞ before the softmax.
            if (n > m) return -std::numeric_limits<double>::infinity();
            return q.dot(k) - alibiSlopes(e.alibiHeads)[static_cast<std::size_t>(e.alibiHead - 1)] *
                                  static_cast<double>(m - n);
        case ScoreEncoding::Seed: {
            // The seed code: x += PE[p]; x = x @ M, with PE[p, j] = M-like cos(p·j·0.01).
            Eigen::MatrixXd matrix(d, d);
            for (int i = 0; i < d; ++i) {
                for (int j = 0; j < d; ++j) matrix(i, j) = std::cos(i * j * 0.01);
            }
            Eigen::RowVectorXd qm = q.transpose();
            Eigen::RowVectorXd kn = k.transpose();
            for (int j = 0; j < d; ++j) {
                qm[j] += std::cos(static_cast<double>(m) * j * 0.01);
                kn[j] += std::cos(static_cast<double>(n) * j * 0.01);
            }
            return (qm * matrix).dot(kn * matrix);
        }
    }
    return 0.0;
}

// got within tolerance of expected; a masked score (−∞) must be exactly −∞.
inline ::testing::AssertionResult sameScore(double got, double expected, double tolerance) {
    if (std::isinf(expected) ? got == expected : std::abs(got - expected) <= tolerance) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << got << " is not " << expected << " ± " << tolerance;
}

// One ScoreEncodingParams per encoding, for vectors of length d (RoPE with a matching head_dim).
inline std::vector<ScoreEncodingParams> everyEncoding(int d) {
    std::vector<ScoreEncodingParams> all;
    for (ScoreEncoding encoding :
         {ScoreEncoding::Rope, ScoreEncoding::Sinusoidal, ScoreEncoding::Learned, ScoreEncoding::T5,
          ScoreEncoding::Alibi, ScoreEncoding::Seed}) {
        ScoreEncodingParams p;
        p.encoding = encoding;
        p.rope.headDim = d;
        p.learnedMaxLength = 1024;
        p.learnedSeed = 7;
        p.t5BiasSeed = 9;
        p.alibiHead = 3;
        all.push_back(p);
    }
    return all;
}

}  // namespace ropelab::test
