// SPDX-License-Identifier: GPL-3.0-or-later
// ggml dequantisation against blocks packed here: a Q4_K and a Q6_K block with chosen scales
// whose values are worked out by hand from the formulas of ggml-common.h's block comments, and
// random rows of every readable type packed as ggml's reference quantizers pack them.

#include <gtest/gtest.h>

#include <random>

#include "quant_blocks.h"
#include "weights/ggml_quants.h"

namespace ropelab {
namespace {

using test::putHalf;

std::vector<float> dequantise(std::uint32_t type, const std::vector<std::uint8_t>& bytes) {
    const GgmlTypeInfo info = *ggmlTypeInfo(type);
    const std::size_t blocks = bytes.size() / info.blockBytes;
    std::vector<float> out(blocks * info.blockElements);
    dequantiseBlocks(type, bytes.data(), blocks, out.data());
    return out;
}

TEST(GgmlQuants, Q4KBlockWithKnownScalesGivesKnownValues) {
    // d = 0.5, dmin = 0.25; sub-block j (32 values) has scale sc[j] and min m[j]; value e has
    // level e % 16: x = d·sc·L − dmin·m. Scales of 16 and more use the packed high bits.
    const int sc[8] = {1, 2, 3, 4, 17, 33, 50, 63};
    const int m[8] = {0, 4, 8, 12, 20, 40, 60, 63};
    std::vector<std::uint8_t> block;
    putHalf(block, 0.5f);
    putHalf(block, 0.25f);
    std::uint8_t scales[12] = {};
    for (int j = 0; j < 4; ++j) {
        scales[j] = static_cast<std::uint8_t>(sc[j] | ((sc[j + 4] >> 4) << 6));
        scales[j + 4] = static_cast<std::uint8_t>(m[j] | ((m[j + 4] >> 4) << 6));
        scales[j + 8] = static_cast<std::uint8_t>((sc[j + 4] & 15) | ((m[j + 4] & 15) << 4));
    }
    block.insert(block.end(), scales, scales + 12);
    for (int chunk = 0; chunk < 4; ++chunk) {
        for (int l = 0; l < 32; ++l)
            block.push_back(static_cast<std::uint8_t>((l % 16) | ((l % 16) << 4)));
    }
    ASSERT_EQ(block.size(), 144u);
    const std::vector<float> x = dequantise(12, block);
    ASSERT_EQ(x.size(), 256u);
    EXPECT_EQ(x[0], 0.0f);       // 0.5·1·0 − 0.25·0
    EXPECT_EQ(x[33], 0.0f);      // 0.5·2·1 − 0.25·4
    EXPECT_EQ(x[47], 14.0f);     // 0.5·2·15 − 1
    EXPECT_EQ(x[130], 12.0f);    // 0.5·17·2 − 0.25·20
    EXPECT_EQ(x[160], -10.0f);   // 0.5·33·0 − 0.25·40
    EXPECT_EQ(x[175], 237.5f);   // 0.5·33·15 − 10
    EXPECT_EQ(x[255], 456.75f);  // 0.5·63·15 − 0.25·63
}

TEST(GgmlQuants, Q6KBlockWithKnownScalesGivesKnownValues) {
    // d = 0.125; sub-block s (16 values) has scale 8s − 64; value e has level e % 64:
    // x = d·scale·(L − 32).
    std::vector<std::uint8_t> block(210, 0);
    const auto L = [](int e) { return e % 64; };
    for (int half = 0; half < 2; ++half) {
        const int j = 128 * half;
        for (int l = 0; l < 32; ++l) {
            block[64 * half + l] =
                static_cast<std::uint8_t>((L(j + l) & 15) | ((L(j + l + 64) & 15) << 4));
            block[64 * half + l + 32] =
                static_cast<std::uint8_t>((L(j + l + 32) & 15) | ((L(j + l + 96) & 15) << 4));
            block[128 + 32 * half + l] = static_cast<std::uint8_t>(
                (L(j + l) >> 4) | ((L(j + l + 32) >> 4) << 2) | ((L(j + l + 64) >> 4) << 4) |
                ((L(j + l + 96) >> 4) << 6));
        }
    }
    for (int s = 0; s < 16; ++s)
        block[192 + s] = static_cast<std::uint8_t>(static_cast<std::int8_t>(8 * s - 64));
    block[208] = 0x00;  // half 0.125 = 0x3000
    block[209] = 0x30;
    const std::vector<float> x = dequantise(14, block);
    ASSERT_EQ(x.size(), 256u);
    EXPECT_EQ(x[0], 256.0f);    // 0.125·(−64)·(0 − 32)
    EXPECT_EQ(x[17], 105.0f);   // 0.125·(−56)·(17 − 32)
    EXPECT_EQ(x[100], -8.0f);   // 0.125·(−16)·(36 − 32)
    EXPECT_EQ(x[200], -96.0f);  // 0.125·32·(8 − 32)
    EXPECT_EQ(x[255], 217.0f);  // 0.125·56·(63 − 32)
}

TEST(GgmlQuants, EveryReadableTypeDequantisesRowsPackedAsGgmlPacksThem) {
    std::mt19937 rng(39);
    for (std::uint32_t type : {0u, 1u, 30u, 2u, 3u, 6u, 7u, 8u, 12u, 13u, 14u}) {
        const test::QuantRow row = test::quantRow(type, 512, rng);
        const GgmlTypeInfo info = *ggmlTypeInfo(type);
        EXPECT_TRUE(info.readable) << info.name;
        EXPECT_EQ(row.bytes.size(), 512 / info.blockElements * info.blockBytes) << info.name;
        EXPECT_EQ(dequantise(type, row.bytes), row.values) << info.name;
    }
}

TEST(GgmlQuants, BlockSizesAreGgmls) {
    // sizeof(block_*) from ggml-common.h: halves are 2 bytes, QK_K = 256, K_SCALE_SIZE = 12.
    EXPECT_EQ(ggmlTypeInfo(2)->blockBytes, 2u + 16u);                // Q4_0
    EXPECT_EQ(ggmlTypeInfo(3)->blockBytes, 4u + 16u);                // Q4_1
    EXPECT_EQ(ggmlTypeInfo(6)->blockBytes, 2u + 4u + 16u);           // Q5_0
    EXPECT_EQ(ggmlTypeInfo(7)->blockBytes, 4u + 4u + 16u);           // Q5_1
    EXPECT_EQ(ggmlTypeInfo(8)->blockBytes, 2u + 32u);                // Q8_0
    EXPECT_EQ(ggmlTypeInfo(12)->blockBytes, 4u + 12u + 128u);        // Q4_K
    EXPECT_EQ(ggmlTypeInfo(13)->blockBytes, 4u + 12u + 32u + 128u);  // Q5_K
    EXPECT_EQ(ggmlTypeInfo(14)->blockBytes, 128u + 64u + 16u + 2u);  // Q6_K
    EXPECT_EQ(ggmlTypeInfo(10)->name, "Q2_K");
    EXPECT_FALSE(ggmlTypeInfo(10)->readable);
    EXPECT_FALSE(ggmlTypeInfo(4).has_value());  // Q4_2, removed from ggml
}

}  // namespace
}  // namespace ropelab
