// SPDX-License-Identifier: GPL-3.0-or-later
// The GGUF reader against files built here byte for byte, for several architectures, with and
// without RoPE factor tensors, and truncated or corrupt. Expected frequencies are ggml's own
// formulas (ggml-cpu rope: θᵢ = p·base^(−2i/n_dims) / freq_factor[i]; YaRN's ramp over
// ggml_rope_yarn_corr_dims), written out independently of the code under test.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/gguf_reader.h"
#include "encodings/rope_frequencies.h"
#include "gguf_builder.h"

namespace ropelab {
namespace {

using test::GgufBuilder;

GgufRope read(const GgufBuilder& builder) {
    const std::vector<std::uint8_t> bytes = builder.bytes();
    return ropeFromGgufBytes(bytes, "model.gguf");
}

// The message of the InputError the bytes give ("" if none).
std::string refusal(const std::vector<std::uint8_t>& bytes) {
    try {
        ropeFromGgufBytes(bytes, "model.gguf");
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

// convert_hf_to_gguf.py LlamaModel: the Llama 3 divisors, freqs in float32 as torch computes them.
std::vector<float> converterLlama3Factors(float base, int dim, double factor, double low,
                                          double high, double original) {
    std::vector<float> factors;
    for (int i = 0; i < dim; i += 2) {
        const float freq = 1.0f / std::pow(base, static_cast<float>(i) / static_cast<float>(dim));
        const double wavelength = 2.0 * std::numbers::pi / freq;
        if (wavelength < original / high) {
            factors.push_back(1.0f);
        } else if (wavelength > original / low) {
            factors.push_back(static_cast<float>(factor));
        } else {
            const double smooth = (original / wavelength - low) / (high - low);
            factors.push_back(static_cast<float>(1.0 / ((1.0 - smooth) / factor + smooth)));
        }
    }
    return factors;
}

GgufBuilder llama31(const std::vector<float>& factors) {
    GgufBuilder b;
    b.string("general.architecture", "llama")
        .string("general.name", "Meta Llama 3.1 8B Instruct")
        .u32("llama.context_length", 131072)
        .u32("llama.embedding_length", 4096)
        .u32("llama.attention.head_count", 32)
        .u32("llama.attention.head_count_kv", 8)
        .u32("llama.rope.dimension_count", 128)
        .f32("llama.rope.freq_base", 500000.0f)
        .stringArray("tokenizer.ggml.tokens", 300)
        .f32Tensor("rope_freqs.weight", factors)
        .tensor("blk.0.attn_q.weight", {4096, 4096}, 1, {});  // a weight with no data: never read
    return b;
}

TEST(GgufReader, Llama31FactorsAreRecognisedAsLlama3AndMatchGgml) {
    const std::vector<float> factors = converterLlama3Factors(500000.0f, 128, 8, 1, 4, 8192);
    const GgufRope rope = read(llama31(factors));
    EXPECT_EQ(rope.version, 3u);
    EXPECT_EQ(rope.architecture, "llama");
    EXPECT_EQ(rope.layout, RopeLayout::Interleaved);  // llama.cpp: LLAMA_ROPE_TYPE_NORM
    EXPECT_EQ(rope.scaling, GgufScaling::Llama3);
    const RopeParams& p = rope.params;
    EXPECT_EQ(p.ropeType, RopeType::Llama3);
    EXPECT_EQ(p.headDim, 128);
    EXPECT_EQ(rotaryDim(p), 128);
    EXPECT_EQ(p.ropeTheta, 500000.0);
    EXPECT_EQ(p.maxPositionEmbeddings, 131072);
    EXPECT_EQ(p.factor, 8.0);
    EXPECT_EQ(p.lowFreqFactor, 1.0);
    EXPECT_EQ(p.highFreqFactor, 4.0);
    EXPECT_EQ(p.originalMaxPositionEmbeddings, 8192);
    ASSERT_EQ(rope.freqFactors.size(), 64u);
    EXPECT_EQ(rope.freqFactors.front(), 1.0);
    EXPECT_EQ(rope.freqFactors.back(), 8.0);
    const RopeFrequencies freqs = ropeFrequencies(p);
    for (int i = 0; i < 64; ++i) {
        const double ggml =
            std::pow(500000.0, -2.0 * i / 128) / factors[static_cast<std::size_t>(i)];
        EXPECT_NEAR(freqs.invFreq[static_cast<std::size_t>(i)] / ggml, 1.0, 2e-7) << i;
    }
}

TEST(GgufReader, Llama32FactorsGiveFactor32) {
    const std::vector<float> factors = converterLlama3Factors(500000.0f, 64, 32, 1, 4, 8192);
    GgufBuilder b;
    b.string("general.architecture", "llama")
        .u32("llama.context_length", 131072)
        .u32("llama.embedding_length", 2048)
        .u32("llama.attention.head_count", 32)
        .f32("llama.rope.freq_base", 500000.0f)
        .f32Tensor("rope_freqs.weight", factors);
    const GgufRope rope = read(b);
    EXPECT_EQ(rope.params.headDim, 64);
    EXPECT_EQ(rope.params.ropeType, RopeType::Llama3);
    EXPECT_EQ(rope.params.factor, 32.0);
}

TEST(GgufReader, OtherFreqFactorsAreKeptExactlyAsDivisors) {
    std::vector<float> factors;
    for (int i = 0; i < 32; ++i) factors.push_back(1.0f + 0.25f * static_cast<float>(i % 3));
    GgufBuilder b;
    b.string("general.architecture", "llama")
        .u32("llama.context_length", 4096)
        .u32("llama.embedding_length", 2048)
        .u32("llama.attention.head_count", 32)
        .f32Tensor("rope_freqs.weight", factors);
    const GgufRope rope = read(b);
    EXPECT_EQ(rope.scaling, GgufScaling::FreqFactors);
    EXPECT_EQ(rope.params.ropeType, RopeType::LongRope);
    for (int seqLen : {16, 1 << 20}) {
        RopeParams p = rope.params;
        p.seqLen = seqLen;  // the same divisors whatever the length, as ggml
        const RopeFrequencies freqs = ropeFrequencies(p);
        EXPECT_EQ(freqs.attentionFactor, 1.0);
        for (int i = 0; i < 32; ++i) {
            const double ggml = std::pow(10000.0, -2.0 * i / 64) / factors[i];
            EXPECT_NEAR(freqs.invFreq[i] / ggml, 1.0, 1e-14);
        }
    }
}

TEST(GgufReader, Qwen25YarnMatchesGgmlRampAndAttention) {
    GgufBuilder b;
    b.string("general.architecture", "qwen2")
        .u32("qwen2.context_length", 131072)
        .u32("qwen2.embedding_length", 3584)
        .u32("qwen2.attention.head_count", 28)
        .f32("qwen2.rope.freq_base", 1000000.0f)
        .string("qwen2.rope.scaling.type", "yarn")
        .f32("qwen2.rope.scaling.factor", 4.0f)
        .u32("qwen2.rope.scaling.original_context_length", 32768);
    const GgufRope rope = read(b);
    EXPECT_EQ(rope.layout, RopeLayout::HalfSplit);  // NEOX
    EXPECT_EQ(rope.scaling, GgufScaling::Yarn);
    EXPECT_EQ(rope.params.ropeType, RopeType::Yarn);
    EXPECT_EQ(rope.params.headDim, 128);
    EXPECT_EQ(rope.params.originalMaxPositionEmbeddings, 32768);
    const RopeFrequencies freqs = ropeFrequencies(rope.params);
    // ggml_rope_yarn_corr_dims and rope_yarn, ext_factor 1, freq_scale 1/4.
    const double base = 1e6, dims = 128, orig = 32768, scale = 0.25;
    const auto corrDim = [&](double rotations) {
        return dims * std::log(orig / (rotations * 2 * std::numbers::pi)) / (2 * std::log(base));
    };
    const double low = std::max(0.0, std::floor(corrDim(32)));
    const double high = std::min(dims - 1, std::ceil(corrDim(1)));
    for (int i = 0; i < 64; ++i) {
        const double extrap = std::pow(base, -2.0 * i / dims);
        const double y = (i - low) / std::max(0.001, high - low);
        const double rampMix = 1.0 - std::min(1.0, std::max(0.0, y));
        const double theta = scale * extrap * (1 - rampMix) + extrap * rampMix;
        EXPECT_NEAR(freqs.invFreq[i] / theta, 1.0, 1e-13) << i;
    }
    // llama-context.cpp: get_mscale(4) × attn_factor (1): 0.1·ln 4 + 1.
    EXPECT_NEAR(freqs.attentionFactor, 0.1 * std::log(4.0) + 1.0, 1e-15);
}

TEST(GgufReader, YarnAttnFactorAndLogMultiplierAsLlamaCpp) {
    GgufBuilder b;
    b.string("general.architecture", "deepseek2")
        .u32("deepseek2.context_length", 163840)
        .u32("deepseek2.embedding_length", 7168)
        .u32("deepseek2.attention.head_count", 128)
        .u32("deepseek2.attention.key_length", 192)
        .u32("deepseek2.rope.dimension_count", 64)
        .f32("deepseek2.rope.freq_base", 10000.0f)
        .string("deepseek2.rope.scaling.type", "yarn")
        .f32("deepseek2.rope.scaling.factor", 40.0f)
        .u32("deepseek2.rope.scaling.original_context_length", 4096)
        .f32("deepseek2.rope.scaling.yarn_log_multiplier", 0.1f);
    const GgufRope rope = read(b);
    EXPECT_EQ(rope.layout, RopeLayout::Interleaved);
    EXPECT_EQ(rotaryDim(rope.params), 64);
    EXPECT_EQ(rope.params.headDim, 192);
    // DeepSeek-V2: mscale = mscale_all_dim = log_mul, so the ratio is 1 (llama.cpp's special case).
    const double logMul = static_cast<double>(0.1f);
    EXPECT_EQ(rope.params.mscale, logMul);
    EXPECT_EQ(rope.params.mscaleAllDim, logMul);
    EXPECT_NEAR(ropeFrequencies(rope.params).attentionFactor, 1.0, 1e-15);

    GgufBuilder other;
    other.string("general.architecture", "qwen3")
        .u32("qwen3.context_length", 131072)
        .u32("qwen3.embedding_length", 4096)
        .u32("qwen3.attention.head_count", 32)
        .string("qwen3.rope.scaling.type", "yarn")
        .f32("qwen3.rope.scaling.factor", 4.0f)
        .f32("qwen3.rope.scaling.attn_factor", 0.5f);
    const GgufRope scaled = read(other);
    EXPECT_NEAR(ropeFrequencies(scaled.params).attentionFactor, 0.5 * (0.1 * std::log(4.0) + 1.0),
                1e-15);
}

TEST(GgufReader, Phi3LongRopeTensorsSwitchOnTheContextLikeLlamaCpp) {
    std::vector<float> shortF, longF;
    for (int i = 0; i < 48; ++i) {
        shortF.push_back(1.0f + 0.01f * static_cast<float>(i));
        longF.push_back(1.0f + 0.5f * static_cast<float>(i));
    }
    const double attn = std::sqrt(1.0 + std::log(32.0) / std::log(4096.0));  // the converter's
    GgufBuilder b(2);
    b.string("general.architecture", "phi3")
        .u32("phi3.context_length", 131072)
        .u32("phi3.embedding_length", 3072)
        .u32("phi3.attention.head_count", 32)
        .u32("phi3.rope.dimension_count", 96)
        .f32("phi3.rope.freq_base", 10000.0f)
        .u32("phi3.rope.scaling.original_context_length", 4096)
        .f32("phi3.rope.scaling.attn_factor", static_cast<float>(attn))
        .f32Tensor("rope_factors_long.weight", longF)
        .f32Tensor("rope_factors_short.weight", shortF);
    const GgufRope rope = read(b);
    EXPECT_EQ(rope.version, 2u);
    EXPECT_EQ(rope.layout, RopeLayout::HalfSplit);
    EXPECT_EQ(rope.scaling, GgufScaling::LongRopeFactors);
    EXPECT_EQ(rope.params.ropeType, RopeType::LongRope);
    EXPECT_EQ(rope.params.headDim, 96);
    for (int context : {4096, 4097}) {
        RopeParams p = rope.params;
        p.seqLen = context;  // llama.cpp: long factors when n_ctx_seq > original_context_length
        const RopeFrequencies freqs = ropeFrequencies(p);
        const std::vector<float>& f = context > 4096 ? longF : shortF;
        for (int i = 0; i < 48; ++i) {
            EXPECT_NEAR(freqs.invFreq[i] / (std::pow(10000.0, -2.0 * i / 96) / f[i]), 1.0, 1e-14);
        }
        EXPECT_NEAR(freqs.attentionFactor, attn, 1e-7);
    }
}

TEST(GgufReader, GptNeoxPartialRotaryAndDefaults) {
    GgufBuilder b;
    b.string("general.architecture", "gptneox")
        .u32("gptneox.context_length", 2048)
        .u32("gptneox.embedding_length", 6144)
        .u32("gptneox.attention.head_count", 64)
        .u32("gptneox.rope.dimension_count", 24);
    const GgufRope rope = read(b);
    EXPECT_EQ(rope.layout, RopeLayout::HalfSplit);
    EXPECT_EQ(rope.params.headDim, 96);
    EXPECT_EQ(rotaryDim(rope.params), 24);
    EXPECT_EQ(rope.params.ropeTheta, 10000.0);  // llama.cpp's default freq_base
    EXPECT_EQ(rope.params.ropeType, RopeType::Default);
    EXPECT_EQ(rope.scaling, GgufScaling::None);

    // int(head · (rot/head)) falls one short in double for these: the reader still gives rot.
    for (const auto& [head, rot] : {std::pair{44, 30}, {46, 26}, {78, 62}, {90, 52}, {96, 24}}) {
        GgufBuilder g;
        g.string("general.architecture", "stablelm")
            .u32("stablelm.context_length", 4096)
            .u32("stablelm.attention.key_length", static_cast<std::uint32_t>(head))
            .u32("stablelm.rope.dimension_count", static_cast<std::uint32_t>(rot));
        EXPECT_EQ(rotaryDim(read(g).params), rot) << head << " " << rot;
    }
}

TEST(GgufReader, LinearScalingAndNoneAsLlamaCpp) {
    const auto build = [](const char* type, float factor) {
        GgufBuilder b;
        b.string("general.architecture", "llama")
            .u32("llama.context_length", 16384)
            .u32("llama.embedding_length", 4096)
            .u32("llama.attention.head_count", 32)
            .f32("llama.rope.freq_base", 1000000.0f);
        if (type != nullptr) b.string("llama.rope.scaling.type", type);
        b.f32("llama.rope.scaling.factor", factor);
        return b;
    };
    const GgufRope linear = read(build("linear", 4.0f));
    EXPECT_EQ(linear.params.ropeType, RopeType::Linear);
    EXPECT_EQ(linear.params.factor, 4.0);  // ggml: freq_scale 1/4
    EXPECT_EQ(read(build(nullptr, 2.0f)).params.ropeType, RopeType::Linear);    // absent = linear
    EXPECT_EQ(read(build("none", 4.0f)).params.ropeType, RopeType::Default);    // none never scales
    EXPECT_EQ(read(build("linear", 0.0f)).params.ropeType, RopeType::Default);  // 0 = no factor
    EXPECT_NE(refusal(build("dynamic", 2.0f).bytes())
                  .find("llama.rope.scaling.type must be one of none, linear, yarn, longrope, got "
                        "'dynamic'"),
              std::string::npos);
}

TEST(GgufReader, ArchitectureTable) {
    EXPECT_EQ(llamaCppLayout("llama"), RopeLayout::Interleaved);
    EXPECT_EQ(llamaCppLayout("deepseek2"), RopeLayout::Interleaved);
    EXPECT_EQ(llamaCppLayout("command-r"), RopeLayout::Interleaved);
    EXPECT_EQ(llamaCppLayout("qwen2"), RopeLayout::HalfSplit);
    EXPECT_EQ(llamaCppLayout("phi3"), RopeLayout::HalfSplit);
    EXPECT_EQ(llamaCppLayout("gemma3"), RopeLayout::HalfSplit);
    EXPECT_EQ(llamaCppLayout("gpt-oss"), RopeLayout::HalfSplit);
    EXPECT_EQ(llamaCppLayout("no-such-model"), std::nullopt);
    EXPECT_TRUE(llamaCppUsesNoRope("gpt2"));
    EXPECT_TRUE(llamaCppUsesNoRope("bloom"));
    EXPECT_FALSE(llamaCppUsesNoRope("llama"));

    GgufBuilder unknown;
    unknown.string("general.architecture", "brand-new")
        .u32("brand-new.context_length", 4096)
        .u32("brand-new.attention.key_length", 64);
    EXPECT_EQ(read(unknown).layout, std::nullopt);
    GgufBuilder gpt2;
    gpt2.string("general.architecture", "gpt2").u32("gpt2.context_length", 1024);
    EXPECT_EQ(refusal(gpt2.bytes()),
              "'model.gguf': architecture 'gpt2' uses no RoPE in "
              "llama.cpp");
}

TEST(GgufReader, EveryTruncationIsOneClearRefusal) {
    const std::vector<float> factors = converterLlama3Factors(500000.0f, 128, 8, 1, 4, 8192);
    GgufBuilder b = llama31(factors);
    const std::vector<std::uint8_t> whole = b.bytes();
    // The weight info claims data past the end; everything we do read ends with the factors.
    for (std::size_t length = 0; length < whole.size(); ++length) {
        const std::vector<std::uint8_t> part(whole.begin(), whole.begin() + length);
        const std::string message = refusal(part);
        ASSERT_EQ(message.rfind("'model.gguf': ", 0), 0u) << length << ": " << message;
        ASSERT_EQ(message.find('\n'), std::string::npos);
    }
    EXPECT_NE(refusal({'G', 'G'}).find("truncated"), std::string::npos);
}

// The structure's problems are data (a fault and its numbers) that each front end words; the
// English (what() and the CLI) is built from the same numbers.
TEST(GgufReader, StructureProblemsCarryTheirNumbers) {
    const auto problem = [](const std::vector<std::uint8_t>& bytes) {
        try {
            ropeFromGgufBytes(bytes, "model.gguf");
        } catch (const FileError& error) {
            EXPECT_TRUE(error.fileProblem().has_value()) << error.what();
            return std::pair(error.fileProblem().value_or(FileProblem{FileIssue::Damaged}),
                             std::string(error.what()));
        }
        ADD_FAILURE() << "accepted";
        return std::pair(FileProblem{FileIssue::Damaged}, std::string());
    };
    std::vector<std::uint8_t> twoTensors = {'G', 'G', 'U', 'F'};
    GgufBuilder::put(twoTensors, 3, 4);
    GgufBuilder::put(twoTensors, 2, 8);
    GgufBuilder::put(twoTensors, 0, 8);
    const auto [tensors, tensorsText] = problem(twoTensors);
    EXPECT_EQ(
        tensors,
        (FileProblem{.issue = FileIssue::Damaged, .fault = GgufFault::TooManyTensors, .count = 2}));
    EXPECT_EQ(tensorsText, "'model.gguf': damaged: claims 2 tensors, more than the file can hold");

    const auto [cut, cutText] = problem({'G', 'G', 'U', 'F', 3, 0});
    EXPECT_EQ(cut, (FileProblem{.issue = FileIssue::Truncated,
                                .detail = "the version",
                                .fault = GgufFault::CutShort,
                                .count = 4,
                                .limit = 2,
                                .offset = 4}));
    EXPECT_EQ(cutText,
              "'model.gguf': truncated: the version at byte 4 needs 4 bytes, only 2 remain");

    GgufBuilder negative;
    negative.string("general.architecture", "llama")
        .u32("llama.context_length", 4096)
        .u32("llama.embedding_length", 4096)
        .u32("llama.attention.head_count", 32);
    std::vector<float> bad(64, 1.0f);
    bad[7] = -2.0f;
    negative.f32Tensor("rope_freqs.weight", bad);
    const auto [factor, factorText] = problem(negative.bytes());
    EXPECT_EQ(factor, (FileProblem{.issue = FileIssue::Damaged,
                                   .found = "-2",
                                   .fault = GgufFault::BadFactor,
                                   .name = "rope_freqs.weight"}));
    EXPECT_EQ(factorText,
              "'model.gguf': damaged: tensor 'rope_freqs.weight' holds -2; factors must be "
              "positive and finite");
}

TEST(GgufReader, CorruptAndHostileFilesAreRefusedWithoutHugeAllocations) {
    const auto header = [](std::uint32_t version, std::uint64_t tensors, std::uint64_t kvs) {
        std::vector<std::uint8_t> out = {'G', 'G', 'U', 'F'};
        GgufBuilder::put(out, version, 4);
        GgufBuilder::put(out, tensors, 8);
        GgufBuilder::put(out, kvs, 8);
        return out;
    };
    EXPECT_EQ(refusal({'P', 'K', 3, 4, 0, 0, 0, 0}),
              "'model.gguf': not a GGUF file (it starts with bytes 50 4b 03 04, not "
              "'GGUF')");
    EXPECT_NE(refusal(header(1, 0, 0)).find("version 1"), std::string::npos);
    EXPECT_NE(refusal(header(0x03000000u, 0, 0)).find("big-endian"), std::string::npos);
    EXPECT_NE(refusal(header(7, 0, 0)).find("GGUF version 7 is not supported"), std::string::npos);
    EXPECT_NE(refusal(header(3, 0, UINT64_MAX)).find("more than the file can hold"),
              std::string::npos);
    EXPECT_NE(refusal(header(3, UINT64_MAX / 2, 0)).find("more than the file can hold"),
              std::string::npos);

    // A key claiming 2^62 bytes, a string array of 2^61 strings, a u32 array of 2^60 values.
    std::vector<std::uint8_t> hugeKey = header(3, 0, 1);
    GgufBuilder::put(hugeKey, std::uint64_t{1} << 62, 8);
    hugeKey.resize(hugeKey.size() + 32, 'k');
    EXPECT_NE(refusal(hugeKey).find("truncated"), std::string::npos);
    const auto arrayOf = [&](std::uint32_t type, std::uint64_t count) {
        std::vector<std::uint8_t> entry;
        GgufBuilder::putString(entry, "tokenizer.ggml.tokens");
        GgufBuilder::put(entry, 9, 4);
        GgufBuilder::put(entry, type, 4);
        GgufBuilder::put(entry, count, 8);
        GgufBuilder b;
        b.rawEntry(entry);
        return b.bytes();
    };
    EXPECT_NE(refusal(arrayOf(8, std::uint64_t{1} << 61)).find("more than the file can hold"),
              std::string::npos);
    EXPECT_NE(refusal(arrayOf(4, std::uint64_t{1} << 60)).find("more than the file can hold"),
              std::string::npos);
    EXPECT_NE(refusal(arrayOf(9, 1)).find("array of arrays"), std::string::npos);
    EXPECT_NE(refusal(arrayOf(77, 1)).find("unknown type 77"), std::string::npos);

    GgufBuilder badType;
    badType.rawEntry([] {
        std::vector<std::uint8_t> e;
        GgufBuilder::putString(e, "llama.rope.freq_base");
        GgufBuilder::put(e, 13, 4);
        return e;
    }());
    EXPECT_NE(refusal(badType.bytes()).find("unknown value type 13"), std::string::npos);

    const auto base = [] {
        GgufBuilder b;
        b.string("general.architecture", "llama")
            .u32("llama.context_length", 4096)
            .u32("llama.embedding_length", 4096)
            .u32("llama.attention.head_count", 32);
        return b;
    };
    GgufBuilder duplicate = base();
    duplicate.u32("llama.context_length", 8192);
    EXPECT_NE(refusal(duplicate.bytes()).find("duplicate key 'llama.context_length'"),
              std::string::npos);
    GgufBuilder wrongCount = base();
    wrongCount.f32Tensor("rope_freqs.weight", std::vector<float>(63, 1.0f));
    EXPECT_NE(refusal(wrongCount.bytes()).find("has 63 values; llama.cpp expects"),
              std::string::npos);
    GgufBuilder f16 = base();
    f16.tensor("rope_freqs.weight", {64}, 1, std::vector<std::uint8_t>(128, 0));
    EXPECT_NE(refusal(f16.bytes()).find("ggml type 1"), std::string::npos);
    GgufBuilder negative = base();
    std::vector<float> bad(64, 1.0f);
    bad[7] = -2.0f;
    negative.f32Tensor("rope_freqs.weight", bad);
    EXPECT_NE(refusal(negative.bytes()).find("holds -2"), std::string::npos);
    GgufBuilder fiveDims = base();
    fiveDims.tensor("x", {1, 1, 1, 1, 1}, 0, {});
    EXPECT_NE(refusal(fiveDims.bytes()).find("5 dimensions"), std::string::npos);
    GgufBuilder alignment = base();
    alignment.u32("general.alignment", 24);
    EXPECT_NE(refusal(alignment.bytes()).find("power of two"), std::string::npos);
    GgufBuilder oddRot = base();
    oddRot.u32("llama.rope.dimension_count", 127);
    EXPECT_NE(refusal(oddRot.bytes()).find("must be even"), std::string::npos);
    GgufBuilder textTheta = base();
    textTheta.string("llama.rope.freq_base", "lots");
    EXPECT_NE(refusal(textTheta.bytes()).find("llama.rope.freq_base must be a float"),
              std::string::npos);
    // Keys echoed from the file stay one short line (a fuzz finding: a key holding a newline).
    GgufBuilder controlKey = base();
    controlKey.rawEntry([] {
        std::vector<std::uint8_t> e;
        GgufBuilder::putString(e, "bad\nkey" + std::string(5000, 'k'));
        GgufBuilder::put(e, 99, 4);
        return e;
    }());
    const std::string controlMessage = refusal(controlKey.bytes());
    EXPECT_NE(controlMessage.find("'bad key"), std::string::npos) << controlMessage;
    EXPECT_EQ(controlMessage.find('\n'), std::string::npos);
    EXPECT_LT(controlMessage.size(), 400u);
    // embedding_length < head_count: head dim 0 (a fuzz finding: 0/0 made the rotary factor NaN).
    GgufBuilder zeroHead;
    zeroHead.string("general.architecture", "gptneox")
        .u32("gptneox.context_length", 2048)
        .u32("gptneox.embedding_length", 8)
        .u32("gptneox.attention.head_count", 1024);
    EXPECT_NE(
        refusal(zeroHead.bytes())
            .find("gptneox.embedding_length / gptneox.attention.head_count must be >= 2, got 0"),
        std::string::npos);
    GgufBuilder noArch;
    noArch.u32("llama.context_length", 4096);
    EXPECT_EQ(refusal(noArch.bytes()), "'model.gguf': has no general.architecture");
    GgufBuilder noHeads;
    noHeads.string("general.architecture", "llama").u32("llama.context_length", 4096);
    EXPECT_NE(refusal(noHeads.bytes()).find("needs llama.attention.key_length"), std::string::npos);
}

TEST(GgufReader, PerLayerHeadCountArrayUsesTheFirstLayer) {
    GgufBuilder b;
    b.string("general.architecture", "openelm")
        .u32("openelm.context_length", 2048)
        .u32("openelm.embedding_length", 1280)
        .u32Array("openelm.attention.head_count", {20, 24, 28})
        .u32("openelm.attention.key_length", 64);
    EXPECT_EQ(read(b).params.headDim, 64);
}

TEST(GgufReader, FilesOnDisk) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "ropelab_gguf_test";
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "llama.gguf";
    const std::vector<std::uint8_t> bytes =
        llama31(converterLlama3Factors(500000.0f, 128, 8, 1, 4, 8192)).bytes();
    {
        std::ofstream out(file, std::ios::binary);
        out.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
    }
    EXPECT_EQ(ropeFromGgufFile(file).params.ropeType, RopeType::Llama3);
    try {
        ropeFromGgufFile(dir / "missing.gguf");
        ADD_FAILURE();
    } catch (const InputError& error) {
        EXPECT_NE(std::string(error.what()).find("cannot open"), std::string::npos);
    }
    EXPECT_THROW(ropeFromGgufFile(dir), InputError);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ropelab
