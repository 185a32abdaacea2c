// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Numbers in error messages: the shortest text that reads back as the same double.

#include <charconv>
#include <string>

namespace ropelab {

inline std::string numberText(double value) {
    char buffer[64];
    const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

}  // namespace ropelab
