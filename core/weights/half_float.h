// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// IEEE binary16 (F16) and bfloat16 (BF16) to float, exactly (every value of both is a float).

#include <bit>
#include <cstdint>

namespace ropelab {

inline float bf16ToFloat(std::uint16_t bits) {
    return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
}

inline float f16ToFloat(std::uint16_t bits) {
    const std::uint32_t sign = static_cast<std::uint32_t>(bits & 0x8000u) << 16;
    const std::uint32_t exponent = (bits >> 10) & 0x1fu;
    const std::uint32_t mantissa = bits & 0x3ffu;
    if (exponent == 0x1f) {  // Inf and NaN keep their payload
        return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    }
    if (exponent == 0) {  // zero and subnormals: mantissa × 2^-24, exact in a float
        const float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
        return sign ? -magnitude : magnitude;
    }
    return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

}  // namespace ropelab
