// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE parameters from a GGUF file (llama.cpp's model format; versions 2 and 3, little-endian),
// mapped to RopeParams exactly as llama.cpp applies them (src/llama-model.cpp load_hparams,
// get_rope_factors; src/llama-context.cpp for the attention factor):
//   head dim      {arch}.attention.key_length, else embedding_length / attention.head_count
//   rotary dim    {arch}.rope.dimension_count, else the head dim
//   base          {arch}.rope.freq_base, else 10000
//   scaling       {arch}.rope.scaling.type none|linear|yarn|longrope (absent: linear), .factor
//                 (absent or 0: none), .original_context_length (else context_length),
//                 .attn_factor (else 1), .yarn_beta_fast/.yarn_beta_slow, .yarn_log_multiplier
//   per-pair      rope_freqs.weight (Llama 3.x scaling baked in by the converter) or
//   divisors      rope_factors_long.weight / rope_factors_short.weight (LongRoPE; long when the
//                 context exceeds original_context_length): θᵢ is divided by the stored factor.
// Only the header, the metadata and those small tensors are read, never the weights; every size
// in the file is checked against the file before anything is allocated or skipped. A bad file
// throws FileError; a structure problem carries a GgufFault (encodings/gguf_fault.h).

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "encodings/gguf_fault.h"
#include "encodings/rope_params.h"

namespace ropelab {

// Where the file's scaling came from.
enum class GgufScaling {
    None,    // plain RoPE
    Linear,  // rope.scaling.type linear with a factor
    Yarn,    // rope.scaling.type yarn
    // rope_freqs.weight recognised as the Llama 3 formula (mapped to llama3). The factors fix
    // only original/(high−low) and low/(high−low): reported with Meta's original 8192.
    Llama3,
    FreqFactors,      // rope_freqs.weight of another shape (mapped to longrope, same factors twice)
    LongRopeFactors,  // rope_factors_long/short.weight (mapped to longrope)
};

struct GgufRope {
    std::uint32_t version = 0;
    std::string architecture;  // general.architecture
    RopeParams params;         // validated; seqLen unset (llama.cpp: the context size -c)
    // llama.cpp's pair layout for the architecture (llama_model_rope_type): NORM = interleaved,
    // NEOX (and M-RoPE) = half-split. nullopt: an architecture RoPE Lab's table does not list.
    std::optional<RopeLayout> layout;
    GgufScaling scaling = GgufScaling::None;
    std::vector<double> freqFactors;   // rope_freqs.weight as stored (empty when absent)
    std::vector<double> longFactors;   // rope_factors_long.weight as stored
    std::vector<double> shortFactors;  // rope_factors_short.weight as stored
};

// Reads the file. FileError "'FILE': problem" (one line) for anything that cannot be
// read, is not GGUF v2/v3 little-endian, is truncated or inconsistent, or describes RoPE that
// llama.cpp would not run or that RopeParams cannot express.
GgufRope ropeFromGgufFile(const std::filesystem::path& file);

// The same from bytes in memory; source names them in error messages.
GgufRope ropeFromGgufBytes(std::span<const std::uint8_t> bytes, std::string_view source);

// A tensor as the GGUF header lists it, unchecked beyond the header's structure (the weights
// reader, weights/gguf_tensors.h, checks types, sizes and offsets).
struct GgufTensorEntry {
    std::string name;                 // "" when longer than ggml's 63 bytes
    std::vector<std::uint64_t> dims;  // ggml's ne: innermost (the row length) first
    std::uint32_t type = 0;           // ggml_type
    std::uint64_t offset = 0;         // from the start of the tensor data, as stored
};

// The RoPE, the shape keys and the tensor list of a GGUF file (the weights reader's view).
struct GgufLayout {
    GgufRope rope;
    std::optional<int> headCount;    // {arch}.attention.head_count (a per-layer list: its first)
    std::optional<int> headCountKv;  // {arch}.attention.head_count_kv
    std::optional<int> blockCount;   // {arch}.block_count
    std::optional<int> embeddingLength;    // {arch}.embedding_length
    std::vector<GgufTensorEntry> tensors;  // in file order; at most 2^20
    std::uint64_t dataStart = 0;           // the tensor data's first byte in the file
    std::uint64_t alignment = 32;          // general.alignment
};

// As ropeFromGgufFile, keeping the tensor list; the tensors' data is not read.
GgufLayout ggufLayoutFromFile(const std::filesystem::path& file);
GgufLayout ggufLayoutFromBytes(std::span<const std::uint8_t> bytes, std::string_view source);

// llama.cpp's layout for a general.architecture name (see GgufRope::layout).
std::optional<RopeLayout> llamaCppLayout(std::string_view architecture);

// True for the architectures llama.cpp runs without RoPE (GPT-2, BLOOM, MPT, Mamba, T5, ...).
bool llamaCppUsesNoRope(std::string_view architecture);

}  // namespace ropelab
