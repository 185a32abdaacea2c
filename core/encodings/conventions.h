// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One RoPE configuration in the words of each tool that runs it: HuggingFace config.json keys,
// llama.cpp command-line flags, GGUF metadata keys and tensors, vLLM's --rope-theta /
// --rope-scaling, exllama's alpha_value / compress_pos_emb and Meta's params.json — and, in plain
// sentences, what a tool cannot express.

#include <optional>
#include <string>
#include <vector>

#include "encodings/rope_params.h"

namespace ropelab {

struct ToolSetting {
    std::string key;    // "rope_scaling", "--rope-freq-base", "llama.rope.freq_base", ...
    std::string value;  // JSON text: a number, a string, an array or an object
};

// What a tool cannot express; the front ends word it (cli/clinic_commands.cpp, the clinic lesson).
enum class Limitation {
    NeedsMetaToHfPermutation,    // HF / vLLM rotate half-split pairs: interleaved weights permuted
    NeedsHfToMetaPermutation,    // Meta rotates interleaved pairs: half-split weights permuted
    AlwaysTruncates,             // ggml floors/ceils YaRN's correction range (truncate = false)
    AttentionFactorFromGguf,     // value: the attention factor, set only in the GGUF
    NoDynamicNtk,                // llama.cpp / GGUF have no length-dependent base
    LongRopeFactorsInGguf,       // the factors are GGUF tensors, no flag
    Llama3FactorsInGguf,         // rope_freqs.weight, baked in by the converter, no flag
    RotaryDimFromGguf,           // value: the rotary dim, rope.dimension_count, no flag
    LayoutFromArchitecture,      // llama.cpp's layout follows llama_model_rope_type, no flag
    DynamicUsesScaledMaxLength,  // vLLM's dynamic: one base for max_position × factor
    OnlyFixedNtkAndLinear,       // exllama: alpha_value and compress_pos_emb only
    OnlyLlama31Scaling,          // params.json: use_scaled_rope = Llama 3.1's fixed values
    NoPartialRotary,             // Meta's code rotates the whole head
};

struct ToolLimit {
    Limitation what;
    double value = 0.0;  // the number the limitation names, if any
};

struct ToolWords {
    std::string tool;  // hf_config, llama_cpp, gguf, vllm, exllama, meta_params
    std::vector<ToolSetting> settings;
    std::vector<ToolLimit> cannot;  // what the tool cannot express
};

struct ConventionsInput {
    RopeParams params;  // validated by ropeConventions
    RopeLayout layout = RopeLayout::HalfSplit;
    std::optional<double> ntkAlpha;  // given as exllama's alpha_value
    double thetaBeforeAlpha = 0.0;   // rope_theta the alpha applies to (with ntkAlpha)
    std::string architecture;        // GGUF general.architecture; "" = written as {arch}
};

struct Conventions {
    RopeLayout layout = RopeLayout::HalfSplit;
    std::vector<ToolWords> tools;  // in the order listed above
};

// InputError when the parameters are invalid.
Conventions ropeConventions(const ConventionsInput& input);

// The per-pair divisors llama.cpp's converter stores as rope_freqs.weight for llama3 parameters
// (convert_hf_to_gguf.py LlamaModel): 1, factor, or 1/((1−s)/factor + s) in the band between.
std::vector<double> llama3RopeFreqs(const RopeParams& params);

}  // namespace ropelab
