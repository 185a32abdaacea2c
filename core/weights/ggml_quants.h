// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// ggml's tensor types: the block size and bytes of every type a GGUF file may hold (ggml.c
// type_traits), and dequantisation of F32, F16, BF16, Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, Q4_K, Q5_K and
// Q6_K exactly as ggml's reference dequantize_row_* (ggml-quants.c) computes it, in float, from
// the block layouts of ggml-common.h.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ropelab {

// ggml_type values (ggml.h).
enum GgmlType : std::uint32_t {
    GgmlF32 = 0,
    GgmlF16 = 1,
    GgmlQ4_0 = 2,
    GgmlQ4_1 = 3,
    GgmlQ5_0 = 6,
    GgmlQ5_1 = 7,
    GgmlQ8_0 = 8,
    GgmlQ4_K = 12,
    GgmlQ5_K = 13,
    GgmlQ6_K = 14,
    GgmlBF16 = 30,
};

struct GgmlTypeInfo {
    std::string_view name;        // "Q4_K"
    std::uint32_t blockElements;  // values per block (1 for plain types)
    std::uint32_t blockBytes;     // bytes per block
    bool readable;                // dequantiseBlocks handles it
};

// nullopt for a type number ggml does not define.
std::optional<GgmlTypeInfo> ggmlTypeInfo(std::uint32_t type);

// Dequantises `blocks` consecutive blocks of a readable type at raw into out
// (blocks × blockElements floats). raw holds blocks × blockBytes bytes.
void dequantiseBlocks(std::uint32_t type, const std::uint8_t* raw, std::size_t blocks, float* out);

}  // namespace ropelab
