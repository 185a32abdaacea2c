// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Encodes rows of ggml blocks in tests from chosen levels and scales, packed as ggml's
// quantize_row_*_ref packs them (ggml-quants.c), with the value each element must dequantise to
// by the block's documented formula. Scales are powers of two and levels small integers, so
// every expected value is exact in float.

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

namespace ropelab::test {

struct QuantRow {
    std::vector<std::uint8_t> bytes;
    std::vector<float> values;
};

// IEEE half bits of a float that half represents exactly as a normal number (or zero).
inline std::uint16_t halfBits(float value) {
    if (value == 0.0f) return 0;
    const auto bits = std::bit_cast<std::uint32_t>(value);
    const std::uint32_t sign = (bits >> 16) & 0x8000u;
    const int exponent = static_cast<int>((bits >> 23) & 0xff) - 127;
    return static_cast<std::uint16_t>(sign | static_cast<std::uint32_t>(exponent + 15) << 10 |
                                      ((bits >> 13) & 0x3ffu));
}

inline void putHalf(std::vector<std::uint8_t>& out, float value) {
    const std::uint16_t bits = halfBits(value);
    out.push_back(static_cast<std::uint8_t>(bits));
    out.push_back(static_cast<std::uint8_t>(bits >> 8));
}

// One row of n values (a multiple of the type's block) of ggml type `type`, levels drawn from rng.
inline QuantRow quantRow(std::uint32_t type, std::size_t n, std::mt19937& rng) {
    QuantRow row;
    auto& out = row.bytes;
    auto& y = row.values;
    const auto level = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    const float scales[] = {0.5f, 0.25f, 0.125f, 0.0625f};
    const float mins[] = {-1.0f, -0.5f, 0.75f, 0.0f};
    const auto pick = [&](const float(&set)[4]) { return set[level(0, 3)]; };
    const auto dyadic = [&] { return static_cast<float>(level(-127, 127)) / 64.0f; };
    switch (type) {
        case 0:  // F32
            for (std::size_t i = 0; i < n; ++i) {
                y.push_back(dyadic());
                const auto bits = std::bit_cast<std::uint32_t>(y.back());
                for (int b = 0; b < 4; ++b)
                    out.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
            }
            break;
        case 1:  // F16
            for (std::size_t i = 0; i < n; ++i) {
                y.push_back(dyadic());
                putHalf(out, y.back());
            }
            break;
        case 30:  // BF16: the top half of the float
            for (std::size_t i = 0; i < n; ++i) {
                y.push_back(dyadic());
                const auto bits = std::bit_cast<std::uint32_t>(y.back()) >> 16;
                out.push_back(static_cast<std::uint8_t>(bits));
                out.push_back(static_cast<std::uint8_t>(bits >> 8));
            }
            break;
        case 2:  // Q4_0 {d, qs[16]}: (L − 8)·d
        case 3:  // Q4_1 {d, m, qs[16]}: L·d + m
        case 6:  // Q5_0 {d, qh[4], qs[16]}: (L − 16)·d
        case 7:  // Q5_1 {d, m, qh[4], qs[16]}: L·d + m
            for (std::size_t b = 0; b < n / 32; ++b) {
                const bool five = type == 6 || type == 7, withMin = type == 3 || type == 7;
                const float d = pick(scales), m = withMin ? pick(mins) : 0.0f;
                int L[32];
                for (int& l : L) l = level(0, five ? 31 : 15);
                putHalf(out, d);
                if (withMin) putHalf(out, m);
                if (five) {
                    std::uint32_t qh = 0;
                    for (int j = 0; j < 16; ++j) {
                        qh |= static_cast<std::uint32_t>(L[j] >> 4) << j;
                        qh |= static_cast<std::uint32_t>(L[j + 16] >> 4) << (j + 16);
                    }
                    for (int k = 0; k < 4; ++k)
                        out.push_back(static_cast<std::uint8_t>(qh >> (8 * k)));
                }
                for (int j = 0; j < 16; ++j) {
                    out.push_back(static_cast<std::uint8_t>((L[j] & 15) | ((L[j + 16] & 15) << 4)));
                }
                const int offset = withMin ? 0 : (five ? 16 : 8);
                for (int l : L) y.push_back(static_cast<float>(l - offset) * d + m);
            }
            break;
        case 8:  // Q8_0 {d, qs[32]}: L·d
            for (std::size_t b = 0; b < n / 32; ++b) {
                const float d = pick(scales);
                putHalf(out, d);
                for (int j = 0; j < 32; ++j) {
                    const int l = level(-127, 127);
                    out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(l)));
                    y.push_back(static_cast<float>(l) * d);
                }
            }
            break;
        case 12:  // Q4_K {d, dmin, scales[12], qs[128]}: d·sc·L − dmin·m per 32-value sub-block
        case 13:  // Q5_K {d, dmin, scales[12], qh[32], qs[128]}
            for (std::size_t b = 0; b < n / 256; ++b) {
                const bool five = type == 13;
                const float d = pick(scales), dmin = pick(scales);
                int sc[8], mn[8], L[256];
                for (int j = 0; j < 8; ++j) sc[j] = level(0, 63), mn[j] = level(0, 63);
                for (int& l : L) l = level(0, five ? 31 : 15);
                std::uint8_t packed[12] = {};
                for (int j = 0; j < 8; ++j) {
                    if (j < 4) {
                        packed[j] = static_cast<std::uint8_t>(sc[j]);
                        packed[j + 4] = static_cast<std::uint8_t>(mn[j]);
                    } else {
                        packed[j + 4] =
                            static_cast<std::uint8_t>((sc[j] & 0xF) | ((mn[j] & 0xF) << 4));
                        packed[j - 4] |= static_cast<std::uint8_t>((sc[j] >> 4) << 6);
                        packed[j] |= static_cast<std::uint8_t>((mn[j] >> 4) << 6);
                    }
                }
                putHalf(out, d);
                putHalf(out, dmin);
                out.insert(out.end(), packed, packed + 12);
                if (five) {
                    std::uint8_t qh[32] = {};
                    for (int n64 = 0, bit = 0; n64 < 256; n64 += 64, bit += 2) {
                        for (int j = 0; j < 32; ++j) {
                            if (L[n64 + j] > 15) qh[j] |= static_cast<std::uint8_t>(1 << bit);
                            if (L[n64 + j + 32] > 15) qh[j] |= static_cast<std::uint8_t>(2 << bit);
                        }
                    }
                    out.insert(out.end(), qh, qh + 32);
                }
                for (int n64 = 0; n64 < 256; n64 += 64) {
                    for (int j = 0; j < 32; ++j) {
                        out.push_back(static_cast<std::uint8_t>((L[n64 + j] & 15) |
                                                                ((L[n64 + j + 32] & 15) << 4)));
                    }
                }
                for (int e = 0; e < 256; ++e) {
                    y.push_back(d * static_cast<float>(sc[e / 32] * L[e]) -
                                dmin * static_cast<float>(mn[e / 32]));
                }
            }
            break;
        case 14:  // Q6_K {ql[128], qh[64], scales[16], d}: d·sc·(L − 32) per 16-value sub-block
            for (std::size_t b = 0; b < n / 256; ++b) {
                const float d = pick(scales);
                int sc[16], L[256];
                for (int& s : sc) s = level(-128, 127);
                for (int& l : L) l = level(0, 63);
                std::uint8_t ql[128] = {}, qh[64] = {};
                for (int j = 0; j < 256; j += 128) {
                    for (int l = 0; l < 32; ++l) {
                        ql[j / 2 + l] = static_cast<std::uint8_t>((L[j + l] & 15) |
                                                                  ((L[j + l + 64] & 15) << 4));
                        ql[j / 2 + l + 32] = static_cast<std::uint8_t>((L[j + l + 32] & 15) |
                                                                       ((L[j + l + 96] & 15) << 4));
                        qh[j / 4 + l] = static_cast<std::uint8_t>(
                            (L[j + l] >> 4) | ((L[j + l + 32] >> 4) << 2) |
                            ((L[j + l + 64] >> 4) << 4) | ((L[j + l + 96] >> 4) << 6));
                    }
                }
                out.insert(out.end(), ql, ql + 128);
                out.insert(out.end(), qh, qh + 64);
                for (int s : sc)
                    out.push_back(static_cast<std::uint8_t>(static_cast<std::int8_t>(s)));
                putHalf(out, d);
                for (int e = 0; e < 256; ++e) {
                    y.push_back(d * static_cast<float>(sc[e / 16] * (L[e] - 32)));
                }
            }
            break;
        default:
            break;
    }
    return row;
}

}  // namespace ropelab::test
