// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <stop_token>

#include "analysis/score_curve.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"
#include "score_reference.h"

namespace ropelab {
namespace {

Eigen::VectorXd randomVector(int n, std::uint64_t seed) {
    return seededStandardNormal(1, n, seed).row(0).transpose();
}

// Reference: constant + Re Σ_j a_j e^{iΔθ_j}, each phase taken in long double (64-bit mantissa),
// so the reference itself is good to ~1e-12 rad at Δ = 2²⁴.
double directScore(const RopeScoreCoefficients& c, std::int64_t delta) {
    long double sum = c.constant;
    for (std::size_t j = 0; j < c.a.size(); ++j) {
        const long double phase =
            static_cast<long double>(delta) * static_cast<long double>(c.theta[j]);
        sum += static_cast<long double>(c.a[j].real()) * std::cos(phase) -
               static_cast<long double>(c.a[j].imag()) * std::sin(phase);
    }
    return static_cast<double>(sum);
}

double magnitude(const RopeScoreCoefficients& c) {
    double m = std::abs(c.constant);
    for (const std::complex<double>& a : c.a) m += std::abs(a);
    return m;
}

struct CurveCase {
    RopeParams params;
    RopeLayout layout;
    DistanceRange range;
};

TEST(RopeScoreCurve, EqualsDirectPhasorSumUpToTwoToTheTwentyFour) {
    RopeParams llama3;
    llama3.ropeType = RopeType::Llama3;
    llama3.ropeTheta = 500000.0;
    RopeParams partial;
    partial.headDim = 64;
    partial.partialRotaryFactor = 0.25;
    RopeParams yarn;
    yarn.headDim = 32;
    yarn.ropeType = RopeType::Yarn;
    yarn.factor = 4.0;
    const std::int64_t top = std::int64_t{1} << 24;
    const CurveCase cases[] = {
        {RopeParams{}, RopeLayout::HalfSplit, {0, 3000, 1}},
        {RopeParams{}, RopeLayout::Interleaved, {top - 2000, top + 1, 1}},
        {llama3, RopeLayout::HalfSplit, {-top, top, 4099}},
        {partial, RopeLayout::Interleaved, {top, -top, -65537}},
        {yarn, RopeLayout::HalfSplit, {top - 1500, top - 200, 3}},
    };
    Execution exec;
    exec.threads = 2;
    for (const CurveCase& c : cases) {
        const RopeFrequencies freqs = ropeFrequencies(c.params);
        const Eigen::VectorXd q = randomVector(c.params.headDim, 1);
        const Eigen::VectorXd k = randomVector(c.params.headDim, 2);
        const RopeScoreCoefficients coefficients = ropeScoreCoefficients(q, k, freqs, c.layout);
        const std::vector<double> curve = ropeScoreCurve(q, k, freqs, c.layout, c.range, exec);
        ASSERT_EQ(static_cast<std::int64_t>(curve.size()), c.range.count());
        const double scale = magnitude(coefficients);
        for (std::int64_t i = 0; i < c.range.count(); ++i) {
            ASSERT_NEAR(curve[static_cast<std::size_t>(i)],
                        directScore(coefficients, c.range.at(i)), 1e-9 * scale)
                << "distance " << c.range.at(i);
        }
    }
}

TEST(RopeScoreCurve, EqualsDotProductOfRotatedVectors) {
    RopeParams params;
    params.headDim = 16;
    params.partialRotaryFactor = 0.5;
    params.ropeType = RopeType::Yarn;
    params.factor = 8.0;  // attention factor ≠ 1: both vectors carry it
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd q = randomVector(16, 3);
    const Eigen::VectorXd k = randomVector(16, 4);
    for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
        const std::vector<double> curve =
            ropeScoreCurve(q, k, freqs, layout, {-40, 41, 1}, Execution{});
        const double keyPosition = 17.0;
        for (int delta = -40; delta <= 40; ++delta) {
            const double expected = applyRope(q, keyPosition + delta, freqs, layout)
                                        .dot(applyRope(k, keyPosition, freqs, layout));
            EXPECT_NEAR(curve[static_cast<std::size_t>(delta + 40)], expected, 1e-12);
        }
    }
}

TEST(RopeScoreCurve, SameResultForEveryThreadCount) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const Eigen::VectorXd q = randomVector(128, 5);
    const Eigen::VectorXd k = randomVector(128, 6);
    const DistanceRange range{-5000, 70000, 3};
    Execution one;
    Execution three;
    three.threads = 3;
    EXPECT_EQ(ropeScoreCurve(q, k, freqs, RopeLayout::HalfSplit, range, one),
              ropeScoreCurve(q, k, freqs, RopeLayout::HalfSplit, range, three));
}

TEST(RopeScoreCurve, CancelledBeforeStartThrows) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const Eigen::VectorXd q = randomVector(128, 5);
    std::stop_source source;
    source.request_stop();
    Execution exec;
    exec.threads = 2;
    exec.stop = source.get_token();
    EXPECT_THROW(ropeScoreCurve(q, q, freqs, RopeLayout::HalfSplit, {0, 1 << 20, 1}, exec),
                 Cancelled);
}

TEST(RopeScoreCurve, ReportsProgressUpToOne) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const Eigen::VectorXd q = randomVector(128, 5);
    double last = 0.0;
    Execution exec;
    exec.threads = 2;
    exec.progress = [&](double fraction) { last = std::max(last, fraction); };
    ropeScoreCurve(q, q, freqs, RopeLayout::HalfSplit, {0, 100000, 1}, exec);
    EXPECT_DOUBLE_EQ(last, 1.0);
}

TEST(RopeScoreCurve, RejectsBadInput) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const Eigen::VectorXd q = randomVector(128, 5);
    const Eigen::VectorXd shortVector = randomVector(64, 5);
    const Execution exec;
    try {
        ropeScoreCurve(shortVector, q, freqs, RopeLayout::HalfSplit, {0, 10, 1}, exec);
        ADD_FAILURE() << "a 64-component q accepted for head_dim 128";
    } catch (const ParameterError& error) {
        EXPECT_EQ(error.problem(), ParameterProblem("q", Rule::Count, 64, 128));
    }
    EXPECT_THROW(ropeScoreCurve(q, q, freqs, RopeLayout::HalfSplit, {0, 10, 0}, exec), InputError);
    EXPECT_THROW(ropeScoreCurve(q, q, freqs, RopeLayout::HalfSplit, {10, 0, 1}, exec), InputError);
    // 2⁶⁰ distances would need 8 EiB: refused before allocating.
    EXPECT_THROW(
        ropeScoreCurve(q, q, freqs, RopeLayout::HalfSplit, {0, std::int64_t{1} << 60, 1}, exec),
        ResourceError);
}

// One distance from d/2 phasors is the curve's point there: several rope types, partial rotary,
// both layouts, distances from −2²⁰ to 2²⁰ (each curve point within one anchor block of Δ).
TEST(RopeScoreAt, EqualsTheCurveAtThatDistance) {
    RopeParams partial;
    partial.headDim = 64;
    partial.partialRotaryFactor = 0.25;
    RopeParams half = partial;
    half.partialRotaryFactor = 0.5;
    half.ropeType = RopeType::Yarn;
    half.factor = 4.0;
    RopeParams llama3;
    llama3.ropeType = RopeType::Llama3;
    llama3.ropeTheta = 500000.0;
    const std::int64_t far = std::int64_t{1} << 20;
    for (const RopeParams& params : {RopeParams{}, partial, half, llama3}) {
        const RopeFrequencies freqs = ropeFrequencies(params);
        const Eigen::VectorXd q = randomVector(params.headDim, 7);
        const Eigen::VectorXd k = randomVector(params.headDim, 8);
        for (RopeLayout layout : {RopeLayout::HalfSplit, RopeLayout::Interleaved}) {
            const double scale = magnitude(ropeScoreCoefficients(q, k, freqs, layout));
            const DistanceRange range{-300, 301, 1};
            const std::vector<double> curve =
                ropeScoreCurve(q, k, freqs, layout, range, Execution{});
            for (std::int64_t i = 0; i < range.count(); ++i) {
                ASSERT_NEAR(ropeScoreAt(q, k, freqs, layout, range.at(i)),
                            curve[static_cast<std::size_t>(i)], 1e-12 * scale)
                    << "distance " << range.at(i);
            }
            for (std::int64_t distance : {-far, -far + 3, far - 1, far}) {
                const double one =
                    ropeScoreCurve(q, k, freqs, layout, {distance, distance + 1, 1}, Execution{})
                        .front();
                EXPECT_NEAR(ropeScoreAt(q, k, freqs, layout, distance), one, 1e-12 * scale)
                    << "distance " << distance;
            }
        }
    }
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    EXPECT_THROW(
        ropeScoreAt(randomVector(64, 1), randomVector(128, 2), freqs, RopeLayout::HalfSplit, 0),
        ParameterError);
}

TEST(ScoreCurve, EveryEncodingMatchesReferenceScores) {
    const Eigen::VectorXd q = randomVector(16, 21);
    const Eigen::VectorXd k = randomVector(16, 22);
    Execution exec;
    exec.threads = 2;
    for (const ScoreEncodingParams& e : test::everyEncoding(16)) {
        const std::int64_t keyPosition = 30;
        const DistanceRange range{-30, 300, 7};
        const std::vector<double> curve = scoreCurve(q, k, e, range, keyPosition, exec);
        ASSERT_EQ(static_cast<std::int64_t>(curve.size()), range.count());
        for (std::int64_t i = 0; i < range.count(); ++i) {
            EXPECT_TRUE(test::sameScore(
                curve[static_cast<std::size_t>(i)],
                test::referenceScore(e, q, k, keyPosition + range.at(i), keyPosition), 1e-10))
                << toString(e.encoding) << " distance " << range.at(i);
        }
    }
}

// q = k = ones(8), ALiBi head 1 of 8 (slope 2⁻¹): 8 − δ/2 for δ = m − n ≥ 0, and no score (−∞,
// the causal mask) for a key after the query, where the bias used to grow to 8 + 2 = 10 at −4.
TEST(ScoreCurve, AlibiMasksKeysAfterTheQuery) {
    ScoreEncodingParams alibi;
    alibi.encoding = ScoreEncoding::Alibi;
    const Eigen::VectorXd ones = Eigen::VectorXd::Ones(8);
    const std::vector<double> curve = scoreCurve(ones, ones, alibi, {-4, 5, 1}, 0, {});
    const double masked = -std::numeric_limits<double>::infinity();
    EXPECT_EQ(curve,
              (std::vector<double>{masked, masked, masked, masked, 8.0, 7.5, 7.0, 6.5, 6.0}));
}

TEST(ScoreCurve, RejectsPositionsAnEncodingCannotHold) {
    const Eigen::VectorXd q = randomVector(16, 21);
    ScoreEncodingParams learned;
    learned.encoding = ScoreEncoding::Learned;
    learned.learnedMaxLength = 100;
    EXPECT_THROW(scoreCurve(q, q, learned, {0, 100, 1}, 1, {}), InputError);  // 100 has no row
    EXPECT_THROW(scoreCurve(q, q, learned, {-2, 10, 1}, 1, {}), InputError);  // −1 neither
    EXPECT_NO_THROW(scoreCurve(q, q, learned, {-1, 99, 1}, 1, {}));
    ScoreEncodingParams seed;
    seed.encoding = ScoreEncoding::Seed;
    EXPECT_THROW(scoreCurve(q, q, seed, {-5, 5, 1}, 0, {}), InputError);
    EXPECT_THROW(scoreCurve(q, randomVector(8, 1), seed, {0, 5, 1}, 0, {}), InputError);
    EXPECT_THROW(parseScoreEncoding("xpos"), InputError);
}

TEST(DistanceRange, CountsLikePythonRange) {
    EXPECT_EQ((DistanceRange{0, 10, 1}.count()), 10);
    EXPECT_EQ((DistanceRange{0, 10, 3}.count()), 4);
    EXPECT_EQ((DistanceRange{10, 0, -3}.count()), 4);
    EXPECT_EQ((DistanceRange{5, 5, 1}.count()), 0);
    EXPECT_EQ((DistanceRange{5, 0, 1}.count()), 0);
    EXPECT_EQ((DistanceRange{10, 0, -3}.at(3)), 1);
}

}  // namespace
}  // namespace ropelab
