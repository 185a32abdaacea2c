// SPDX-License-Identifier: GPL-3.0-or-later
// Known answers for RoPE inverse frequencies and attention factors. Expected values were computed
// with Python 3 floats (IEEE double) by the formulas of HF transformers modeling_rope_utils.py
// (_compute_*_parameters) and Meta llama-models apply_scaling, transcribed line by line; HF itself
// runs them in float32, so its tensors agree to ~1e-7 relative, these to the last bits.

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

RopeParams withType(RopeType type, std::optional<double> factor = std::nullopt) {
    RopeParams params;
    params.ropeType = type;
    params.factor = factor;
    return params;
}

TEST(RopeFrequencies, DefaultMatchesClosedForm) {
    const RopeFrequencies freqs = ropeFrequencies(RopeParams{});
    ASSERT_EQ(freqs.pairs(), 64);
    EXPECT_EQ(freqs.rotaryDim, 128);
    EXPECT_DOUBLE_EQ(freqs.invFreq[0], 1.0);
    // θ_1 = 10000^(−2/128).
    EXPECT_DOUBLE_EQ(freqs.invFreq[1], 0.8659643233600653);
    EXPECT_DOUBLE_EQ(freqs.invFreq[10], 0.23713737056616555);
    EXPECT_DOUBLE_EQ(freqs.invFreq[63], 0.00011547819846894582);
    EXPECT_EQ(freqs.attentionFactor, 1.0);
}

TEST(RopeFrequencies, LinearDividesByFactor) {
    const RopeFrequencies base = ropeFrequencies(RopeParams{});
    const RopeFrequencies linear = ropeFrequencies(withType(RopeType::Linear, 4.0));
    for (int i = 0; i < base.pairs(); ++i) EXPECT_DOUBLE_EQ(linear.invFreq[i], base.invFreq[i] / 4);
    EXPECT_EQ(linear.attentionFactor, 1.0);
}

TEST(RopeFrequencies, DynamicNtkRaisesTheBase) {
    // factor 2, max_position_embeddings 2048, seq_len 4096:
    // base' = 10000·(2·4096/2048 − 1)^(128/126) = 30527.7367488067.
    RopeParams params = withType(RopeType::Dynamic, 2.0);
    params.seqLen = 4096;
    const RopeFrequencies freqs = ropeFrequencies(params);
    EXPECT_DOUBLE_EQ(freqs.invFreq[1], 0.8509942913412162);
    EXPECT_DOUBLE_EQ(freqs.invFreq[63], 3.849273282298194e-05);
    // Up to max_position_embeddings (the default seq_len) the base is unchanged.
    params.seqLen = 100;
    const RopeFrequencies unchanged = ropeFrequencies(params);
    const RopeFrequencies plain = ropeFrequencies(RopeParams{});
    for (int i = 0; i < plain.pairs(); ++i) {
        EXPECT_DOUBLE_EQ(unchanged.invFreq[i], plain.invFreq[i]);
    }
}

TEST(RopeFrequencies, YarnCorrectionRangeAndRamp) {
    // d 128, base 10000, original max 4096, beta 32/1: cd(32) = 20.944…, cd(1) = 45.027…,
    // so low = floor = 20 and high = ceil = 46.
    RopeParams params = withType(RopeType::Yarn, 4.0);
    params.originalMaxPositionEmbeddings = 4096;
    const YarnCorrectionRange range = yarnCorrectionRange(params);
    EXPECT_EQ(range.low, 20.0);
    EXPECT_EQ(range.high, 46.0);
    const RopeFrequencies freqs = ropeFrequencies(params);
    const RopeFrequencies plain = ropeFrequencies(RopeParams{});
    // Below low: extrapolated (unchanged); above high: interpolated (divided by the factor).
    for (int i = 0; i <= 20; ++i) EXPECT_DOUBLE_EQ(freqs.invFreq[i], plain.invFreq[i]);
    for (int i = 46; i < 64; ++i) EXPECT_DOUBLE_EQ(freqs.invFreq[i], plain.invFreq[i] / 4);
    EXPECT_DOUBLE_EQ(freqs.invFreq[21], 0.047292038501684786);
    EXPECT_DOUBLE_EQ(freqs.invFreq[30], 0.009488517882700576);
    EXPECT_DOUBLE_EQ(freqs.invFreq[45], 0.0004294025889973582);
    // get_mscale(4) = 0.1·ln 4 + 1.
    EXPECT_DOUBLE_EQ(freqs.attentionFactor, 1.138629436111989);
}

TEST(RopeFrequencies, YarnWithoutTruncation) {
    RopeParams params = withType(RopeType::Yarn, 4.0);
    params.originalMaxPositionEmbeddings = 4096;
    params.truncate = false;
    const YarnCorrectionRange range = yarnCorrectionRange(params);
    EXPECT_DOUBLE_EQ(range.low, 20.94448162063605);
    EXPECT_DOUBLE_EQ(range.high, 45.02688127375455);
    const RopeFrequencies freqs = ropeFrequencies(params);
    EXPECT_DOUBLE_EQ(freqs.invFreq[21], 0.04861255519347015);
    EXPECT_DOUBLE_EQ(freqs.invFreq[30], 0.009574461236755236);
    EXPECT_DOUBLE_EQ(freqs.invFreq[45], 0.00038627080494978226);
}

TEST(RopeFrequencies, YarnAttentionFactorVariants) {
    RopeParams params = withType(RopeType::Yarn, 40.0);
    params.mscale = 0.707;
    params.mscaleAllDim = 1.0;
    // get_mscale(40, 0.707) / get_mscale(40, 1).
    EXPECT_DOUBLE_EQ(ropeFrequencies(params).attentionFactor, 0.9210423553163399);
    params.mscale = 1.0;  // DeepSeek-V3: equal mscales cancel
    EXPECT_DOUBLE_EQ(ropeFrequencies(params).attentionFactor, 1.0);
    params.mscaleAllDim = 0.0;  // HF `if mscale and mscale_all_dim`: zero means absent
    EXPECT_DOUBLE_EQ(ropeFrequencies(params).attentionFactor, 0.1 * std::log(40.0) + 1.0);
    params.attentionFactor = 0.5;  // given wins
    EXPECT_EQ(ropeFrequencies(params).attentionFactor, 0.5);
    params = withType(RopeType::Yarn, 1.0);
    EXPECT_EQ(ropeFrequencies(params).attentionFactor, 1.0);  // factor <= 1
}

TEST(RopeFrequencies, YarnEqualBoundsWidenTheRamp) {
    // beta_fast == beta_slow gives low == high; HF adds 0.001 to high.
    RopeParams params = withType(RopeType::Yarn, 2.0);
    params.betaFast = 8.0;
    params.betaSlow = 8.0;
    params.truncate = false;
    const YarnCorrectionRange range = yarnCorrectionRange(params);
    EXPECT_NEAR(range.high - range.low, 0.001, 1e-12);
}

TEST(RopeFrequencies, Llama3MatchesMetaApplyScaling) {
    // Llama 3.1 8B: base 500000, factor 8, low 1, high 4, original 8192.
    RopeParams params = withType(RopeType::Llama3);
    params.ropeTheta = 500000.0;
    const RopeFrequencies freqs = ropeFrequencies(params);
    EXPECT_DOUBLE_EQ(freqs.invFreq[0], 1.0);                     // high frequency: kept
    EXPECT_DOUBLE_EQ(freqs.invFreq[1], 0.8146172338565447);      // kept
    EXPECT_DOUBLE_EQ(freqs.invFreq[20], 0.016560440080994446);   // kept
    EXPECT_DOUBLE_EQ(freqs.invFreq[31], 0.0008567514129196321);  // smooth band
    EXPECT_DOUBLE_EQ(freqs.invFreq[40], 3.428102195952591e-05);  // low frequency: / 8
    EXPECT_DOUBLE_EQ(freqs.invFreq[45], 1.2297638677963614e-05);
    EXPECT_DOUBLE_EQ(freqs.invFreq[63], 3.068925988914511e-07);
    EXPECT_EQ(freqs.attentionFactor, 1.0);
    // The bands by wavelength: < 8192/4 kept, > 8192 divided by 8.
    const RopeFrequencies plain = ropeFrequencies([] {
        RopeParams p;
        p.ropeTheta = 500000.0;
        return p;
    }());
    for (int i = 0; i < freqs.pairs(); ++i) {
        const double wavelength = 2 * std::numbers::pi / plain.invFreq[i];
        if (wavelength < 2048) {
            EXPECT_EQ(freqs.invFreq[i], plain.invFreq[i]);
        } else if (wavelength > 8192) {
            EXPECT_DOUBLE_EQ(freqs.invFreq[i], plain.invFreq[i] / 8);
        }
    }
}

TEST(RopeFrequencies, LongRopePicksShortOrLongFactors) {
    RopeParams params = withType(RopeType::LongRope);
    params.headDim = 8;
    params.maxPositionEmbeddings = 131072;
    params.originalMaxPositionEmbeddings = 4096;
    params.shortFactor = {1.0, 2.0, 4.0, 8.0};
    params.longFactor = {1.0, 3.0, 9.0, 27.0};
    const RopeFrequencies shortFreqs = ropeFrequencies(params);  // no seq_len: short factors
    for (int i = 0; i < 4; ++i) {
        EXPECT_DOUBLE_EQ(shortFreqs.invFreq[i],
                         1.0 / (params.shortFactor[i] * std::pow(10000.0, 2.0 * i / 8)));
    }
    // factor = 131072/4096 = 32: sqrt(1 + ln 32 / ln 4096).
    EXPECT_DOUBLE_EQ(shortFreqs.attentionFactor, 1.1902380714238083);
    params.seqLen = 4096;  // not beyond the original max: still short
    EXPECT_EQ(ropeFrequencies(params).invFreq, shortFreqs.invFreq);
    params.seqLen = 4097;
    const RopeFrequencies longFreqs = ropeFrequencies(params);
    EXPECT_DOUBLE_EQ(longFreqs.invFreq[3], 1.0 / (27.0 * std::pow(10000.0, 6.0 / 8)));
    params.factor = 1.0;
    EXPECT_EQ(ropeFrequencies(params).attentionFactor, 1.0);
}

TEST(RopeFrequencies, PartialRotaryUsesTheRotaryDimInTheExponent) {
    RopeParams params;
    params.headDim = 96;
    params.partialRotaryFactor = 0.25;  // GPT-NeoX-20B: rotary dim 24
    const RopeFrequencies freqs = ropeFrequencies(params);
    EXPECT_EQ(freqs.headDim, 96);
    EXPECT_EQ(freqs.rotaryDim, 24);
    ASSERT_EQ(freqs.pairs(), 12);
    EXPECT_DOUBLE_EQ(freqs.invFreq[1], std::pow(10000.0, -2.0 / 24));
}

// Core names the parameter by its key and the rule as data; what() is core's own sentence.
void expectParameterError(const RopeParams& params, const std::string& parameter, Rule rule,
                          const std::string& sentence) {
    try {
        ropeFrequencies(params);
        ADD_FAILURE() << "expected a ParameterError for " << parameter;
    } catch (const ParameterError& error) {
        EXPECT_EQ(error.problem().parameter, parameter) << error.what();
        EXPECT_EQ(error.problem().rule, rule) << error.what();
        EXPECT_EQ(std::string(error.what()), sentence);
        EXPECT_EQ(std::string(error.what()).find("--"), std::string::npos) << error.what();
    }
}

TEST(RopeFrequencies, RejectsBadParametersNamingThem) {
    RopeParams params;
    params.headDim = 7;
    expectParameterError(params, "head_dim", Rule::Even, "head_dim must be even, got 7");
    params.headDim = 0;
    expectParameterError(params, "head_dim", Rule::Between,
                         "head_dim must be in [2, 1048576], got 0");
    params = RopeParams{};
    params.ropeTheta = 1.0;
    expectParameterError(params, "rope_theta", Rule::GreaterThan, "rope_theta must be > 1, got 1");
    params.ropeTheta = std::nan("");
    expectParameterError(params, "rope_theta", Rule::Finite,
                         "rope_theta must be a finite number, got nan");
    expectParameterError(withType(RopeType::Yarn), "factor", Rule::RequiredFor,
                         "factor is required for rope_type yarn");
    expectParameterError(withType(RopeType::Linear, 0.5), "factor", Rule::AtLeast,
                         "factor must be >= 1, got 0.5");
    params = RopeParams{};
    params.headDim = 10;
    params.partialRotaryFactor = 0.5;  // int(10·0.5) = 5: odd
    expectParameterError(
        params, "partial_rotary_factor", Rule::RotaryDimEven,
        "partial_rotary_factor gives rotary dim int(10 * 0.5) = 5; it must be an even number >= 2");
    params = withType(RopeType::LongRope);
    params.shortFactor = {1.0, 2.0};
    expectParameterError(params, "short_factor", Rule::Count,
                         "short_factor must have 64 values, got 2");
    params = withType(RopeType::Llama3);
    params.highFreqFactor = 1.0;
    expectParameterError(params, "high_freq_factor", Rule::GreaterThanOther,
                         "high_freq_factor must be > low_freq_factor (1), got 1");
}

// Valid parameters whose frequencies underflow: a typed problem naming both, no CLI flag.
TEST(RopeFrequencies, RefusesFrequenciesOutOfRangeAsData) {
    RopeParams params = withType(RopeType::Linear, 1e308);
    params.ropeTheta = 1e308;
    try {
        ropeFrequencies(params);
        ADD_FAILURE() << "inv_freq 0 accepted";
    } catch (const ParameterError& error) {
        const ParameterProblem& problem = error.problem();
        EXPECT_EQ(problem.rule, Rule::FrequencyOutOfRange);
        EXPECT_EQ(problem.parameter, "rope_theta");
        EXPECT_EQ(problem.other, "factor");
        EXPECT_EQ(problem.value, 0.0);
        EXPECT_GT(problem.lower, 0.0);  // the fastest pair survives
        EXPECT_EQ(std::string(error.what()), "these RoPE parameters give inv_freq 0 for pair " +
                                                 std::to_string(static_cast<int>(problem.lower)) +
                                                 "; use a smaller factor or rope_theta");
    }
}

TEST(RopeParams, ParsesHfNamesAndLegacySu) {
    EXPECT_EQ(parseRopeType("llama3"), RopeType::Llama3);
    EXPECT_EQ(parseRopeType("su"), RopeType::LongRope);
    for (RopeType type : {RopeType::Default, RopeType::Linear, RopeType::Dynamic, RopeType::Yarn,
                          RopeType::LongRope, RopeType::Llama3}) {
        EXPECT_EQ(parseRopeType(toString(type)), type);
    }
    EXPECT_EQ(parseRopeLayout("interleaved"), RopeLayout::Interleaved);
    EXPECT_EQ(toString(RopeLayout::HalfSplit), "half");
    try {
        parseRopeType("ntk");
        ADD_FAILURE();
    } catch (const ParameterError& error) {
        EXPECT_EQ(error.problem().rule, Rule::OneOf);
        EXPECT_EQ(error.problem().valueText, "ntk");
        EXPECT_STREQ(error.what(),
                     "rope_type must be one of default, linear, dynamic, yarn, longrope, llama3, "
                     "got 'ntk'");
    }
}

TEST(RopeFrequencies, HasDefaultFrequenciesOnlyWhenNoPairChanged) {
    EXPECT_TRUE(hasDefaultFrequencies(ropeFrequencies(RopeParams{}), 10000.0));
    // Compared with the base the frequencies were made with, not any base.
    EXPECT_FALSE(hasDefaultFrequencies(ropeFrequencies(RopeParams{}), 500000.0));
    EXPECT_FALSE(hasDefaultFrequencies(ropeFrequencies(withType(RopeType::Linear, 4.0)), 10000.0));
    RopeParams yarn = withType(RopeType::Yarn, 4.0);
    yarn.originalMaxPositionEmbeddings = 2048;
    const RopeFrequencies yarnFreqs = ropeFrequencies(yarn);
    // YaRN keeps the fast pairs (θ₀ = 1 still) but divides the slow ones.
    EXPECT_DOUBLE_EQ(yarnFreqs.invFreq[0], 1.0);
    EXPECT_FALSE(hasDefaultFrequencies(yarnFreqs, 10000.0));
    // Dynamic NTK changes nothing until the sequence outgrows max_position_embeddings.
    RopeParams dynamic = withType(RopeType::Dynamic, 2.0);
    EXPECT_TRUE(hasDefaultFrequencies(ropeFrequencies(dynamic), 10000.0));
    dynamic.seqLen = 4096;
    EXPECT_FALSE(hasDefaultFrequencies(ropeFrequencies(dynamic), 10000.0));
    // Partial rotary: the rule runs over the rotated components, 10000^(−2i/32) here.
    RopeParams partial;
    partial.headDim = 64;
    partial.partialRotaryFactor = 0.5;
    const RopeFrequencies partialFreqs = ropeFrequencies(partial);
    EXPECT_DOUBLE_EQ(partialFreqs.invFreq[1], std::pow(10000.0, -2.0 / 32.0));
    EXPECT_TRUE(hasDefaultFrequencies(partialFreqs, 10000.0));
}

}  // namespace
}  // namespace ropelab
