// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/ggml_quants.h"

#include <bit>
#include <cstring>

#include "weights/half_float.h"

namespace ropelab {

namespace {

static_assert(std::endian::native == std::endian::little, "GGUF data is little-endian");

constexpr std::uint32_t qk = 32;    // QK4_0, QK4_1, QK5_0, QK5_1, QK8_0
constexpr std::uint32_t qkK = 256;  // QK_K

float half(const std::uint8_t* p) {
    return f16ToFloat(static_cast<std::uint16_t>(p[0] | (p[1] << 8)));
}

// block_q4_0 {half d; u8 qs[16]}: x = (nibble − 8)·d; low nibbles are values 0..15, high 16..31.
void q4_0(const std::uint8_t* b, float* y) {
    const float d = half(b);
    const std::uint8_t* qs = b + 2;
    for (std::uint32_t j = 0; j < qk / 2; ++j) {
        y[j] = static_cast<float>((qs[j] & 0x0F) - 8) * d;
        y[j + qk / 2] = static_cast<float>((qs[j] >> 4) - 8) * d;
    }
}

// block_q4_1 {half d; half m; u8 qs[16]}: x = nibble·d + m.
void q4_1(const std::uint8_t* b, float* y) {
    const float d = half(b), m = half(b + 2);
    const std::uint8_t* qs = b + 4;
    for (std::uint32_t j = 0; j < qk / 2; ++j) {
        y[j] = static_cast<float>(qs[j] & 0x0F) * d + m;
        y[j + qk / 2] = static_cast<float>(qs[j] >> 4) * d + m;
    }
}

// block_q5_0 {half d; u8 qh[4]; u8 qs[16]}: bit j of qh is the fifth bit of value j; x = (q −
// 16)·d.
void q5_0(const std::uint8_t* b, float* y) {
    const float d = half(b);
    std::uint32_t qh = 0;
    std::memcpy(&qh, b + 2, 4);
    const std::uint8_t* qs = b + 6;
    for (std::uint32_t j = 0; j < qk / 2; ++j) {
        const std::uint32_t h0 = ((qh >> j) << 4) & 0x10;
        const std::uint32_t h1 = (qh >> (j + 12)) & 0x10;
        y[j] = static_cast<float>(static_cast<int>((qs[j] & 0x0F) | h0) - 16) * d;
        y[j + qk / 2] = static_cast<float>(static_cast<int>((qs[j] >> 4) | h1) - 16) * d;
    }
}

// block_q5_1 {half d; half m; u8 qh[4]; u8 qs[16]}: x = q·d + m.
void q5_1(const std::uint8_t* b, float* y) {
    const float d = half(b), m = half(b + 2);
    std::uint32_t qh = 0;
    std::memcpy(&qh, b + 4, 4);
    const std::uint8_t* qs = b + 8;
    for (std::uint32_t j = 0; j < qk / 2; ++j) {
        const std::uint32_t h0 = ((qh >> j) << 4) & 0x10;
        const std::uint32_t h1 = (qh >> (j + 12)) & 0x10;
        y[j] = static_cast<float>((qs[j] & 0x0F) | h0) * d + m;
        y[j + qk / 2] = static_cast<float>((qs[j] >> 4) | h1) * d + m;
    }
}

// block_q8_0 {half d; i8 qs[32]}: x = q·d.
void q8_0(const std::uint8_t* b, float* y) {
    const float d = half(b);
    for (std::uint32_t j = 0; j < qk; ++j) {
        y[j] = static_cast<float>(static_cast<std::int8_t>(b[2 + j])) * d;
    }
}

// The 6-bit scale and min of sub-block j from the 12 packed bytes (get_scale_min_k4).
void scaleMin(std::uint32_t j, const std::uint8_t* q, std::uint8_t& scale, std::uint8_t& min) {
    if (j < 4) {
        scale = q[j] & 63;
        min = q[j + 4] & 63;
    } else {
        scale = static_cast<std::uint8_t>((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
        min = static_cast<std::uint8_t>((q[j + 4] >> 4) | ((q[j] >> 6) << 4));
    }
}

// block_q4_K {half d; half dmin; u8 scales[12]; u8 qs[128]}: eight sub-blocks of 32, each
// x = d·scale·q − dmin·min; a byte's low nibbles are one sub-block, its high nibbles the next.
void q4_K(const std::uint8_t* b, float* y) {
    const float d = half(b), dmin = half(b + 2);
    const std::uint8_t* scales = b + 4;
    const std::uint8_t* q = b + 16;
    for (std::uint32_t j = 0, is = 0; j < qkK; j += 64, is += 2, q += 32) {
        std::uint8_t sc = 0, m = 0;
        scaleMin(is, scales, sc, m);
        const float d1 = d * sc, m1 = dmin * m;
        scaleMin(is + 1, scales, sc, m);
        const float d2 = d * sc, m2 = dmin * m;
        for (std::uint32_t l = 0; l < 32; ++l) *y++ = d1 * static_cast<float>(q[l] & 0xF) - m1;
        for (std::uint32_t l = 0; l < 32; ++l) *y++ = d2 * static_cast<float>(q[l] >> 4) - m2;
    }
}

// block_q5_K {half d; half dmin; u8 scales[12]; u8 qh[32]; u8 qs[128]}: as Q4_K with a fifth bit
// from qh (bits 2k and 2k+1 for the k-th pair of sub-blocks).
void q5_K(const std::uint8_t* b, float* y) {
    const float d = half(b), dmin = half(b + 2);
    const std::uint8_t* scales = b + 4;
    const std::uint8_t* qh = b + 16;
    const std::uint8_t* ql = b + 48;
    std::uint8_t u1 = 1, u2 = 2;
    for (std::uint32_t j = 0, is = 0; j < qkK; j += 64, is += 2, ql += 32) {
        std::uint8_t sc = 0, m = 0;
        scaleMin(is, scales, sc, m);
        const float d1 = d * sc, m1 = dmin * m;
        scaleMin(is + 1, scales, sc, m);
        const float d2 = d * sc, m2 = dmin * m;
        for (std::uint32_t l = 0; l < 32; ++l) {
            *y++ = d1 * static_cast<float>((ql[l] & 0xF) + ((qh[l] & u1) ? 16 : 0)) - m1;
        }
        for (std::uint32_t l = 0; l < 32; ++l) {
            *y++ = d2 * static_cast<float>((ql[l] >> 4) + ((qh[l] & u2) ? 16 : 0)) - m2;
        }
        u1 = static_cast<std::uint8_t>(u1 << 2);
        u2 = static_cast<std::uint8_t>(u2 << 2);
    }
}

// block_q6_K {u8 ql[128]; u8 qh[64]; i8 scales[16]; half d}: sixteen sub-blocks of 16,
// x = d·scale·(q − 32) with q's low 4 bits in ql and high 2 bits in qh.
void q6_K(const std::uint8_t* b, float* y) {
    const std::uint8_t* ql = b;
    const std::uint8_t* qh = b + 128;
    const auto* sc = reinterpret_cast<const std::int8_t*>(b + 192);
    const float d = half(b + 208);
    for (std::uint32_t n = 0; n < qkK; n += 128, y += 128, ql += 64, qh += 32, sc += 8) {
        for (std::uint32_t l = 0; l < 32; ++l) {
            const std::uint32_t is = l / 16;
            const int q1 = static_cast<int>((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
            const int q2 = static_cast<int>((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
            const int q3 = static_cast<int>((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
            const int q4 = static_cast<int>((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
            y[l] = d * static_cast<float>(sc[is]) * static_cast<float>(q1);
            y[l + 32] = d * static_cast<float>(sc[is + 2]) * static_cast<float>(q2);
            y[l + 64] = d * static_cast<float>(sc[is + 4]) * static_cast<float>(q3);
            y[l + 96] = d * static_cast<float>(sc[is + 6]) * static_cast<float>(q4);
        }
    }
}

}  // namespace

std::optional<GgmlTypeInfo> ggmlTypeInfo(std::uint32_t type) {
    // ggml.c type_traits: {blck_size, type_size}; the readable ones are dequantised below.
    switch (type) {
        case 0:
            return GgmlTypeInfo{"F32", 1, 4, true};
        case 1:
            return GgmlTypeInfo{"F16", 1, 2, true};
        case 2:
            return GgmlTypeInfo{"Q4_0", 32, 18, true};
        case 3:
            return GgmlTypeInfo{"Q4_1", 32, 20, true};
        case 6:
            return GgmlTypeInfo{"Q5_0", 32, 22, true};
        case 7:
            return GgmlTypeInfo{"Q5_1", 32, 24, true};
        case 8:
            return GgmlTypeInfo{"Q8_0", 32, 34, true};
        case 9:
            return GgmlTypeInfo{"Q8_1", 32, 36, false};
        case 10:
            return GgmlTypeInfo{"Q2_K", 256, 84, false};
        case 11:
            return GgmlTypeInfo{"Q3_K", 256, 110, false};
        case 12:
            return GgmlTypeInfo{"Q4_K", 256, 144, true};
        case 13:
            return GgmlTypeInfo{"Q5_K", 256, 176, true};
        case 14:
            return GgmlTypeInfo{"Q6_K", 256, 210, true};
        case 15:
            return GgmlTypeInfo{"Q8_K", 256, 292, false};
        case 16:
            return GgmlTypeInfo{"IQ2_XXS", 256, 66, false};
        case 17:
            return GgmlTypeInfo{"IQ2_XS", 256, 74, false};
        case 18:
            return GgmlTypeInfo{"IQ3_XXS", 256, 98, false};
        case 19:
            return GgmlTypeInfo{"IQ1_S", 256, 50, false};
        case 20:
            return GgmlTypeInfo{"IQ4_NL", 32, 18, false};
        case 21:
            return GgmlTypeInfo{"IQ3_S", 256, 110, false};
        case 22:
            return GgmlTypeInfo{"IQ2_S", 256, 82, false};
        case 23:
            return GgmlTypeInfo{"IQ4_XS", 256, 136, false};
        case 24:
            return GgmlTypeInfo{"I8", 1, 1, false};
        case 25:
            return GgmlTypeInfo{"I16", 1, 2, false};
        case 26:
            return GgmlTypeInfo{"I32", 1, 4, false};
        case 27:
            return GgmlTypeInfo{"I64", 1, 8, false};
        case 28:
            return GgmlTypeInfo{"F64", 1, 8, false};
        case 29:
            return GgmlTypeInfo{"IQ1_M", 256, 56, false};
        case 30:
            return GgmlTypeInfo{"BF16", 1, 2, true};
        case 34:
            return GgmlTypeInfo{"TQ1_0", 256, 54, false};
        case 35:
            return GgmlTypeInfo{"TQ2_0", 256, 66, false};
        case 39:
            return GgmlTypeInfo{"MXFP4", 32, 17, false};
        default:
            return std::nullopt;
    }
}

void dequantiseBlocks(std::uint32_t type, const std::uint8_t* raw, std::size_t blocks, float* out) {
    switch (type) {
        case GgmlF32:
            std::memcpy(out, raw, blocks * 4);
            return;
        case GgmlF16:
        case GgmlBF16:
            for (std::size_t i = 0; i < blocks; ++i) {
                const auto bits = static_cast<std::uint16_t>(raw[2 * i] | (raw[2 * i + 1] << 8));
                out[i] = type == GgmlF16 ? f16ToFloat(bits) : bf16ToFloat(bits);
            }
            return;
        default:
            break;
    }
    const GgmlTypeInfo info = *ggmlTypeInfo(type);
    void (*block)(const std::uint8_t*, float*) = nullptr;
    switch (type) {
        case GgmlQ4_0:
            block = q4_0;
            break;
        case GgmlQ4_1:
            block = q4_1;
            break;
        case GgmlQ5_0:
            block = q5_0;
            break;
        case GgmlQ5_1:
            block = q5_1;
            break;
        case GgmlQ8_0:
            block = q8_0;
            break;
        case GgmlQ4_K:
            block = q4_K;
            break;
        case GgmlQ5_K:
            block = q5_K;
            break;
        case GgmlQ6_K:
            block = q6_K;
            break;
        default:
            return;  // callers check readable first
    }
    for (std::size_t i = 0; i < blocks; ++i) {
        block(raw + i * info.blockBytes, out + i * info.blockElements);
    }
}

}  // namespace ropelab
