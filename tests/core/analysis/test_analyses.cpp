// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers for the smaller analyses: decay, trajectory, frequency bands, phase precision.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "analysis/exact_phase.h"
#include "analysis/frequency_bands.h"
#include "analysis/phase_precision.h"
#include "analysis/score_curve.h"
#include "analysis/score_decay.h"
#include "analysis/trajectory.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_apply.h"

namespace ropelab {
namespace {

// The typed problem `call` refuses with.
template <typename Call>
ParameterProblem problemOf(Call call) {
    try {
        call();
    } catch (const ParameterError& error) {
        return error.problem();
    }
    ADD_FAILURE() << "no ParameterError";
    return {"", Rule::Finite};
}

TEST(MeanAbsScore, AveragesTheSampledCurves) {
    RopeParams params;
    params.headDim = 32;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const DistanceRange range{0, 2000, 3};
    const int samples = 5;
    Execution exec;
    exec.threads = 2;
    const std::vector<double> mean =
        ropeMeanAbsScore(freqs, RopeLayout::HalfSplit, range, samples, 42, exec);
    const Eigen::MatrixXd queries = seededStandardNormal(samples, 32, 42);
    const Eigen::MatrixXd keys = seededStandardNormal(samples, 32, 43);
    std::vector<double> expected(static_cast<std::size_t>(range.count()), 0.0);
    for (int s = 0; s < samples; ++s) {
        const std::vector<double> curve =
            ropeScoreCurve(queries.row(s).transpose(), keys.row(s).transpose(), freqs,
                           RopeLayout::HalfSplit, range, {});
        for (std::size_t i = 0; i < curve.size(); ++i) expected[i] += std::abs(curve[i]) / samples;
    }
    ASSERT_EQ(mean.size(), expected.size());
    for (std::size_t i = 0; i < mean.size(); ++i) EXPECT_NEAR(mean[i], expected[i], 1e-12);
    Execution one;
    EXPECT_EQ(mean, ropeMeanAbsScore(freqs, RopeLayout::HalfSplit, range, samples, 42, one));
    EXPECT_THROW(ropeMeanAbsScore(freqs, RopeLayout::HalfSplit, range, 0, 42, one), InputError);
}

TEST(Trajectory, ChosenCoordinatesAreTheRotatedComponents) {
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd x = seededStandardNormal(1, 8, 1).row(0).transpose();
    const DistanceRange range{0, 500, 7};
    const Trajectory3d path =
        ropeTrajectory(x, freqs, RopeLayout::Interleaved, range, {0, 1, 5}, {});
    for (std::int64_t i = 0; i < range.count(); ++i) {
        const Eigen::VectorXd r =
            applyRope(x, static_cast<double>(range.at(i)), freqs, RopeLayout::Interleaved);
        EXPECT_NEAR(path.x[static_cast<std::size_t>(i)], r[0], 1e-12);
        EXPECT_NEAR(path.y[static_cast<std::size_t>(i)], r[1], 1e-12);
        EXPECT_NEAR(path.z[static_cast<std::size_t>(i)], r[5], 1e-12);
    }
    EXPECT_THROW(ropeTrajectory(x, freqs, RopeLayout::Interleaved, range, {0, 1, 8}, {}),
                 InputError);
}

TEST(Trajectory, PcaOfOneRotatingPairIsItsCircle) {
    // Only pair 0 (components 0 and 4, half-split) is non-zero: R(x, p) runs round a circle of
    // radius |x| in that plane; over whole turns the variance splits 1/2, 1/2, 0.
    RopeParams params;
    params.headDim = 8;
    const RopeFrequencies freqs = ropeFrequencies(params);  // θ_0 = 1
    Eigen::VectorXd x = Eigen::VectorXd::Zero(8);
    x[0] = 3.0;
    x[4] = 4.0;
    // 2π/θ_0 is not a whole number of positions, so use many positions to average it out.
    const DistanceRange range{0, 100000, 1};
    Execution exec;
    exec.threads = 2;
    const Trajectory3d path = ropeTrajectoryPca(x, freqs, RopeLayout::HalfSplit, range, exec);
    EXPECT_NEAR(path.explainedVariance[0], 0.5, 1e-3);
    EXPECT_NEAR(path.explainedVariance[1], 0.5, 1e-3);
    EXPECT_NEAR(path.explainedVariance[2], 0.0, 1e-12);
    for (std::size_t i = 0; i < path.x.size(); i += 997) {
        EXPECT_NEAR(std::hypot(path.x[i], path.y[i]), 5.0, 1e-3);
        EXPECT_NEAR(path.z[i], 0.0, 1e-9);
    }
    Execution one;
    const Trajectory3d again = ropeTrajectoryPca(x, freqs, RopeLayout::HalfSplit, range, one);
    EXPECT_EQ(path.x, again.x);
    EXPECT_EQ(path.z, again.z);
}

TEST(Trajectory, HelixIsTheExactPhasor) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const Helix helix = ropeHelix(freqs, 3, {0, 1 << 24, 1 << 20});
    for (std::size_t i = 0; i < helix.cos.size(); ++i) {
        const long double phase =
            static_cast<long double>(i << 20) * static_cast<long double>(freqs.invFreq[3]);
        EXPECT_NEAR(helix.cos[i], static_cast<double>(std::cos(phase)), 1e-11);
        EXPECT_NEAR(helix.sin[i], static_cast<double>(std::sin(phase)), 1e-11);
    }
    EXPECT_THROW(ropeHelix(freqs, 64, {0, 10, 1}), InputError);
}

TEST(Trajectory, HelixCurveIsContinuousBetweenIntegerPositions) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});  // θ₀ = 1 rad/token
    // 10 positions of pair 0 are 10/2π = 1.59 turns: ⌈1.59·64⌉ = 102 segments, 103 points.
    const HelixCurve curve = ropeHelixCurve(freqs, 0, 0.0, 10.0, 64);
    ASSERT_EQ(curve.position.size(), 103u);
    EXPECT_EQ(curve.position.front(), 0.0);
    EXPECT_EQ(curve.position.back(), 10.0);
    for (std::size_t i = 0; i < curve.position.size(); ++i) {
        EXPECT_NEAR(curve.position[i], 10.0 * double(i) / 102.0, 1e-14);
        EXPECT_NEAR(curve.cos[i], std::cos(curve.position[i]), 1e-15);
        EXPECT_NEAR(curve.sin[i], std::sin(curve.position[i]), 1e-15);
    }
    // Neighbouring points are at most a 64th of a turn apart; integer positions (ropeHelix) are
    // 1 rad ≈ a sixth of a turn apart, the polygon this curve replaces.
    for (std::size_t i = 1; i < curve.position.size(); ++i) {
        EXPECT_LE(curve.position[i] - curve.position[i - 1], 2.0 * std::numbers::pi / 64 + 1e-12);
    }
    // A slow pair over a short window still gets two segments, or as many as asked for.
    EXPECT_EQ(ropeHelixCurve(freqs, 63, 0.0, 1.0, 64).position.size(), 3u);
    EXPECT_EQ(ropeHelixCurve(freqs, 63, 0.0, 1.0, 64, 96).position.size(), 97u);
    EXPECT_THROW(ropeHelixCurve(freqs, 0, 5.0, 5.0, 64), InputError);
    EXPECT_THROW(ropeHelixCurve(freqs, 0, 0.0, 1.0, 2), InputError);
    EXPECT_THROW(ropeHelixCurve(freqs, 0, 0.0, 1.0, 64, 0), InputError);
    EXPECT_THROW(ropeHelixCurve(freqs, 64, 0.0, 1.0, 64), InputError);
    // Each refusal is data: which parameter, which rule.
    const ParameterProblem empty = problemOf([&] { ropeHelixCurve(freqs, 0, 5.0, 5.0, 64); });
    EXPECT_EQ(empty.parameter, "last");
    EXPECT_EQ(empty.rule, Rule::GreaterThanOther);
    EXPECT_EQ(empty.other, "first");
    EXPECT_EQ(problemOf([&] { ropeHelixCurve(freqs, 0, 0.0, 1.0, 2); }).parameter,
              "points_per_turn");
    EXPECT_EQ(problemOf([&] { ropeHelixCurve(freqs, 0, 0.0, 1.0, 64, 0); }).parameter,
              "min_segments");
}

TEST(FrequencyBands, Llama3KeepsShortWavelengthsAndDividesLongOnes) {
    // Meta llama-models apply_scaling defaults: factor 8, low 1, high 4, original 8192.
    RopeParams params;
    params.ropeType = RopeType::Llama3;
    params.ropeTheta = 500000.0;
    params.originalMaxPositionEmbeddings = 8192;
    const FrequencyBands bands = frequencyBands(params);
    ASSERT_EQ(bands.pairs.size(), 64u);
    EXPECT_EQ(bands.contextLength, 8192.0);
    EXPECT_EQ(*bands.llama3HighFreqWavelength, 2048.0);
    EXPECT_EQ(*bands.llama3LowFreqWavelength, 8192.0);
    for (std::size_t i = 0; i < bands.pairs.size(); ++i) {
        const PairBand& p = bands.pairs[i];
        // 2π·500000^(i/64) < 2048 ⇔ i ≤ 28; > 8192 ⇔ i ≥ 35.
        if (i <= 28) {
            EXPECT_EQ(p.band, FrequencyBand::Extrapolated) << i;
            EXPECT_DOUBLE_EQ(p.scale, 1.0);
        } else if (i >= 35) {
            EXPECT_EQ(p.band, FrequencyBand::Interpolated) << i;
            EXPECT_NEAR(p.scale, 8.0, 1e-12);
        } else {
            EXPECT_EQ(p.band, FrequencyBand::Blended) << i;
            const double smooth = (8192.0 / p.originalWavelength - 1.0) / (4.0 - 1.0);
            EXPECT_NEAR(p.interpolationWeight, 1.0 - smooth, 1e-12) << i;
        }
        EXPECT_NEAR(p.rotationsInContext, 8192.0 / p.wavelength, 1e-9);
    }
}

TEST(FrequencyBands, YarnRampFollowsTheCorrectionRange) {
    RopeParams params;
    params.ropeType = RopeType::Yarn;
    params.factor = 4.0;
    params.originalMaxPositionEmbeddings = 4096;
    const FrequencyBands bands = frequencyBands(params);
    ASSERT_TRUE(bands.yarnRange.has_value());
    const YarnCorrectionRange range = *bands.yarnRange;
    for (std::size_t i = 0; i < bands.pairs.size(); ++i) {
        const double ramp =
            std::clamp((static_cast<double>(i) - range.low) / (range.high - range.low), 0.0, 1.0);
        EXPECT_NEAR(bands.pairs[i].interpolationWeight, ramp, 1e-12) << i;
    }
    EXPECT_EQ(bands.pairs.front().band, FrequencyBand::Extrapolated);
    EXPECT_EQ(bands.pairs.back().band, FrequencyBand::Interpolated);
    EXPECT_THROW(frequencyBands(params, 0.0), InputError);
}

TEST(FrequencyBands, LinearInterpolatesEveryPairAndDefaultNone) {
    RopeParams linear;
    linear.ropeType = RopeType::Linear;
    linear.factor = 2.0;
    for (const PairBand& p : frequencyBands(linear).pairs) {
        EXPECT_EQ(p.band, FrequencyBand::Interpolated);
        EXPECT_NEAR(p.wavelength, 2.0 * p.originalWavelength, 1e-9 * p.wavelength);
    }
    for (const PairBand& p : frequencyBands(RopeParams{}, 4096.0).pairs) {
        EXPECT_EQ(p.band, FrequencyBand::Extrapolated);
    }
}

TEST(PhasePrecision, Float32LosesFastPairsFarOutAndExactTurnsDoNot) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    const std::int64_t top = std::int64_t{1} << 24;
    const PhaseErrors e = ropePhaseErrors(freqs, {0, top + 1, top / 16}, {}, {});
    ASSERT_EQ(e.position.size(), 17u * 64u);
    double worstFloat = 0.0;
    for (std::size_t row = 0; row < e.position.size(); ++row) {
        if (e.position[row] == 0) {
            EXPECT_EQ(e.float32Error[row], 0.0);
            EXPECT_EQ(e.exactTurnsError[row], 0.0);
        }
        // Rounding the reduced angle to float32 costs at most half an ulp of 2π.
        EXPECT_LE(std::abs(e.exactTurnsError[row]), 3e-7);
        EXPECT_LE(std::abs(e.float32Error[row]), std::numbers::pi);
        if (e.position[row] == top)
            worstFloat = std::max(worstFloat, std::abs(e.float32Error[row]));
    }
    // θ_1 = 10000^(−1/64) has a float32 rounding error ~3e-8: times 2²⁴ ≈ 0.5 rad.
    EXPECT_GT(worstFloat, 0.1);
    // Pair 0 has θ = 1 exactly, so p·θ is exact in float32 up to 2²⁴.
    EXPECT_EQ(e.float32Error[16 * 64], 0.0);
    EXPECT_THROW(ropePhaseErrors(freqs, {0, 10, 1}, {64}, {}), InputError);
}

TEST(ExactPhase, KeepsTheProductExact) {
    // 2²⁴·θ with θ = 0.1 (not exact in binary): compare with long double.
    const double p = 16777216.0;
    const std::complex<double> z = exactPhasor(p, 0.1);
    const long double phase = static_cast<long double>(p) * static_cast<long double>(0.1);
    EXPECT_NEAR(z.real(), static_cast<double>(std::cos(phase)), 1e-15);
    EXPECT_NEAR(z.imag(), static_cast<double>(std::sin(phase)), 1e-15);
    EXPECT_NEAR(wrapPhase(3.0 * std::numbers::pi), std::numbers::pi, 1e-15);
}

}  // namespace
}  // namespace ropelab
