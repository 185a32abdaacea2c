// SPDX-License-Identifier: GPL-3.0-or-later
// KV-cache drift of length-dependent RoPE, against HF's dynamic-NTK base formula and longrope's
// short/long switch written out here with complex rotations (transformers #25104, #33129).

#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "analysis/kv_cache_drift.h"
#include "common/errors.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

const Execution twoThreads{2, {}, {}};

RopeParams params(RopeType type, int headDim = 16) {
    RopeParams p;
    p.headDim = headDim;
    p.ropeType = type;
    p.maxPositionEmbeddings = 64;
    if (type == RopeType::Linear || type == RopeType::Dynamic || type == RopeType::Yarn) {
        p.factor = 2.0;
    }
    return p;
}

TEST(KvCacheDrift, ExactlyZeroWhenTheFrequenciesDoNotDependOnTheLength) {
    for (RopeType type : {RopeType::Default, RopeType::Linear, RopeType::Yarn, RopeType::Llama3}) {
        const KvCacheDrift drift = kvCacheDrift(params(type), 50, 40, 3, twoThreads);
        ASSERT_EQ(drift.length.size(), 40u);
        EXPECT_EQ(drift.length.front(), 51);
        EXPECT_EQ(drift.length.back(), 90);  // well past max_position_embeddings = 64
        for (double e : drift.maxAbsScoreError) EXPECT_EQ(e, 0.0) << toString(type);
    }
}

// q·k for half-split pairs with q rotated by m·θq and k by n·θk (complex form of rotate_half).
double score(const Eigen::VectorXd& q, double m, const std::vector<double>& thetaQ,
             const Eigen::VectorXd& k, double n, const std::vector<double>& thetaK) {
    const int half = static_cast<int>(q.size()) / 2;
    double total = 0.0;
    for (int i = 0; i < half; ++i) {
        const std::complex<double> qc(q[i], q[i + half]), kc(k[i], k[i + half]);
        const std::complex<double> qr = qc * std::polar(1.0, m * thetaQ[i]);
        const std::complex<double> kr = kc * std::polar(1.0, n * thetaK[i]);
        total += (qr * std::conj(kr)).real();
    }
    return total;
}

// HF _compute_dynamic_ntk_parameters: base·((f·L/max) − (f − 1))^(d/(d−2)), L = max(len, max).
std::vector<double> dynamicTheta(double length, int d) {
    const double L = std::max(length, 64.0);
    const double base = 10000.0 * std::pow(2.0 * L / 64.0 - 1.0, d / (d - 2.0));
    std::vector<double> theta(static_cast<std::size_t>(d / 2));
    for (int i = 0; i < d / 2; ++i) theta[i] = std::pow(base, -2.0 * i / d);
    return theta;
}

TEST(KvCacheDrift, DynamicNtkIsZeroUntilTheSequenceOutgrowsMaxPositionEmbeddings) {
    const int d = 16;
    const KvCacheDrift drift = kvCacheDrift(params(RopeType::Dynamic, d), 60, 10, 0, twoThreads);
    for (std::size_t g = 0; g < 10; ++g) {
        if (drift.length[g] <= 64) {
            EXPECT_EQ(drift.maxAbsScoreError[g], 0.0) << drift.length[g];
        } else {
            EXPECT_GT(drift.maxAbsScoreError[g], 1e-3) << drift.length[g];
        }
    }
    // The last step by hand: L = 70, the query at 69 rotated with θ(70); key n < 60 with θ(60)
    // (the prompt's forward), key n ≥ 60 with θ(n + 1).
    const Eigen::MatrixXd queries = seededStandardNormal(10, d, 0);
    const Eigen::MatrixXd keys = seededStandardNormal(70, d, 1);
    const std::vector<double> now = dynamicTheta(70, d);
    double worst = 0.0;
    for (int n = 0; n < 70; ++n) {
        const std::vector<double> then = dynamicTheta(std::max(60, n + 1), d);
        const Eigen::VectorXd q = queries.row(9).transpose(), k = keys.row(n).transpose();
        worst =
            std::max(worst, std::abs(score(q, 69, now, k, n, then) - score(q, 69, now, k, n, now)));
    }
    EXPECT_NEAR(drift.maxAbsScoreError.back(), worst, 1e-9 * (1.0 + worst));
}

TEST(KvCacheDrift, DynamicNtkAgainstDefaultRope) {
    RopeParams plain;
    plain.headDim = 16;
    const DynamicNtkDrift drifts = dynamicNtkDrift(plain, 64, 2.0, 60, 10, 0, twoThreads);
    // The dynamic side is the case checked by hand above; the default one never drifts.
    const KvCacheDrift dynamic = kvCacheDrift(params(RopeType::Dynamic), 60, 10, 0, twoThreads);
    EXPECT_EQ(drifts.dynamic.length, dynamic.length);
    EXPECT_EQ(drifts.dynamic.maxAbsScoreError, dynamic.maxAbsScoreError);
    EXPECT_GT(drifts.dynamic.maxAbsScoreError.back(), 1e-3);
    EXPECT_EQ(drifts.plain.length, dynamic.length);
    for (double error : drifts.plain.maxAbsScoreError) EXPECT_EQ(error, 0.0);
}

TEST(KvCacheDrift, LongRopeSwitchesEveryCachedKeyOncePastTheOriginalMax) {
    RopeParams p;
    p.headDim = 8;
    p.ropeType = RopeType::LongRope;
    p.maxPositionEmbeddings = 64;
    p.originalMaxPositionEmbeddings = 16;
    p.shortFactor = {1, 1, 1, 1};
    p.longFactor = {1, 2, 4, 8};
    const KvCacheDrift drift = kvCacheDrift(p, 12, 8, 5, twoThreads);
    for (std::size_t g = 0; g < 8; ++g) {
        if (drift.length[g] <= 16) {
            EXPECT_EQ(drift.maxAbsScoreError[g], 0.0) << drift.length[g];
        } else {
            EXPECT_GT(drift.maxAbsScoreError[g], 1e-3) << drift.length[g];
        }
    }
    // A prompt already past the original max is prefilled with the long factors: no drift.
    for (double e : kvCacheDrift(p, 20, 5, 5, twoThreads).maxAbsScoreError) EXPECT_EQ(e, 0.0);
}

TEST(KvCacheDrift, SameResultForAnyThreadCountAndRefusesBadSizes) {
    const RopeParams p = params(RopeType::Dynamic);
    EXPECT_EQ(kvCacheDrift(p, 60, 9, 1, {1, {}, {}}).maxAbsScoreError,
              kvCacheDrift(p, 60, 9, 1, {3, {}, {}}).maxAbsScoreError);
    EXPECT_THROW(kvCacheDrift(p, 0, 1, 0, twoThreads), InputError);
    EXPECT_THROW(kvCacheDrift(p, 1, 0, 0, twoThreads), InputError);
    EXPECT_THROW(kvCacheDrift(p, 1 << 24, 10, 0, twoThreads), InputError);
    EXPECT_THROW(kvCacheDrift(p, 1 << 20, 1 << 10, 0, twoThreads), ResourceError);
}

}  // namespace
}  // namespace ropelab
