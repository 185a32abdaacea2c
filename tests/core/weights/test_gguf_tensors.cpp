// SPDX-License-Identifier: GPL-3.0-or-later
// GGUF tensors read as float from files built here byte for byte (tests/core/encodings'
// GgufBuilder), each readable type in a 2-D weight, and files whose tensors lie.

#include <gtest/gtest.h>

#include <random>

#include "../encodings/gguf_builder.h"
#include "quant_blocks.h"
#include "weights/gguf_tensors.h"
#include "weights/weights_error.h"

namespace ropelab {
namespace {

using test::GgufBuilder;

GgufBuilder llamaHeader() {
    GgufBuilder builder;
    builder.string("general.architecture", "llama")
        .u32("llama.context_length", 4096)
        .u32("llama.embedding_length", 512)
        .u32("llama.attention.head_count", 4)
        .u32("llama.attention.head_count_kv", 2)
        .u32("llama.block_count", 1);
    return builder;
}

std::pair<WeightsFault, std::string> refusal(const std::vector<std::uint8_t>& bytes) {
    try {
        GgufFile file(bytes, "m.gguf");
    } catch (const WeightsError& error) {
        return {error.problem().fault, error.what()};
    }
    return {WeightsFault::None, ""};
}

TEST(GgufTensors, ReadsRowsOfEveryReadableType) {
    std::mt19937 rng(7);
    for (std::uint32_t type : {0u, 1u, 30u, 2u, 3u, 6u, 7u, 8u, 12u, 13u, 14u}) {
        // Three rows of 512 values (ne = [512, 3]).
        std::vector<std::uint8_t> data;
        std::vector<float> values;
        for (int r = 0; r < 3; ++r) {
            const test::QuantRow row = test::quantRow(type, 512, rng);
            data.insert(data.end(), row.bytes.begin(), row.bytes.end());
            values.insert(values.end(), row.values.begin(), row.values.end());
        }
        GgufBuilder builder = llamaHeader();
        builder.f32Tensor("first", {1.0f, 2.0f}).tensor("w", {512, 3}, type, data);
        const std::vector<std::uint8_t> bytes = builder.bytes();
        const GgufFile file(bytes, "m.gguf");
        const GgufTensor& w = file.tensor("w");
        EXPECT_EQ(w.rows(), 3u);
        EXPECT_EQ(w.rowLength(), 512u);
        EXPECT_EQ(w.bytes, data.size());
        std::vector<float> rows(2 * 512);
        file.readRows(w, 1, 2, rows);
        EXPECT_EQ(rows, std::vector<float>(values.begin() + 512, values.end())) << w.typeName();
        EXPECT_EQ(file.layout().headCountKv, 2);
        EXPECT_EQ(file.layout().blockCount, 1);
    }
}

TEST(GgufTensors, RefusesTensorsWhoseTypeAndSizeDisagree) {
    // A Q8_0 tensor declared as 64 × 2 values needs 4 blocks (136 bytes); its neighbour starts
    // 64 bytes later: it overlaps the next tensor.
    GgufBuilder overlap = llamaHeader();
    overlap.tensor("a", {64, 2}, 8, std::vector<std::uint8_t>(64))
        .f32Tensor("b", std::vector<float>(64));
    EXPECT_EQ(refusal(overlap.bytes()).second, "'m.gguf': tensor 'a' overlaps tensor 'b'");
    // The same at the end of the file: it passes the end.
    GgufBuilder beyond = llamaHeader();
    beyond.tensor("a", {64, 2}, 8, std::vector<std::uint8_t>(64));
    EXPECT_EQ(refusal(beyond.bytes()).first, WeightsFault::BeyondEnd);
    GgufBuilder unknown = llamaHeader();
    unknown.tensor("a", {32}, 99, std::vector<std::uint8_t>(32));
    EXPECT_EQ(refusal(unknown.bytes()).second,
              "'m.gguf': tensor 'a' has unknown dtype 'ggml type 99'");
    GgufBuilder partBlock = llamaHeader();
    partBlock.tensor("a", {48, 1}, 12, std::vector<std::uint8_t>(144));
    EXPECT_EQ(refusal(partBlock.bytes()).second,
              "'m.gguf': tensor 'a' has rows of 48 values, not a multiple of Q4_K's block of 256");
    GgufBuilder twice = llamaHeader();
    twice.f32Tensor("a", {1.0f}).f32Tensor("a", {2.0f});
    EXPECT_EQ(refusal(twice.bytes()).second, "'m.gguf': duplicate tensor 'a'");
    // Truncation anywhere in the data.
    GgufBuilder cut = llamaHeader();
    cut.f32Tensor("a", std::vector<float>(64, 1.0f));
    std::vector<std::uint8_t> bytes = cut.bytes();
    bytes.resize(bytes.size() - 1);
    EXPECT_EQ(refusal(bytes).first, WeightsFault::BeyondEnd);
}

TEST(GgufTensors, RefusesNonFiniteValuesAndUnreadableTypes) {
    std::vector<std::uint8_t> block;
    test::putHalf(block, 0.5f);
    block[1] = 0x7e;  // d = NaN
    block.resize(34, 1);
    GgufBuilder builder = llamaHeader();
    builder.tensor("nan", {32, 1}, 8, block)
        .tensor("q2", {256, 1}, 10, std::vector<std::uint8_t>(84));
    const std::vector<std::uint8_t> bytes = builder.bytes();
    const GgufFile file(bytes, "m.gguf");
    std::vector<float> row(32);
    try {
        file.readRows(file.tensor("nan"), 0, 1, row);
        FAIL();
    } catch (const WeightsError& error) {
        EXPECT_EQ(std::string(error.what()), "'m.gguf': tensor 'nan' holds NaN at element 0");
    }
    std::vector<float> q2(256);
    try {
        file.readRows(file.tensor("q2"), 0, 1, q2);
        FAIL();
    } catch (const WeightsError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "'m.gguf': tensor 'q2' has dtype Q2_K, which RoPE Lab does not read");
    }
}

}  // namespace
}  // namespace ropelab
