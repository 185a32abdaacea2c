// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Builds safetensors bytes in tests from a header written as JSON text and raw data, so a test
// can write any header, honest or lying, independently of the writer under test.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ropelab::test {

inline std::vector<std::uint8_t> safetensorsBytes(std::string_view header,
                                                  const std::vector<std::uint8_t>& data) {
    std::vector<std::uint8_t> out;
    const std::uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(n >> (8 * i)));
    out.insert(out.end(), header.begin(), header.end());
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

// Little-endian bytes of 16-bit, 32-bit float and 64-bit float values.
inline void put16(std::vector<std::uint8_t>& out, std::uint16_t bits) {
    out.push_back(static_cast<std::uint8_t>(bits));
    out.push_back(static_cast<std::uint8_t>(bits >> 8));
}
inline void putF32(std::vector<std::uint8_t>& out, float value) {
    const auto bits = std::bit_cast<std::uint32_t>(value);
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
}
inline void putF64(std::vector<std::uint8_t>& out, double value) {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
}

}  // namespace ropelab::test
