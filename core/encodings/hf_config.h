// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE parameters from a HuggingFace config.json, normalised as transformers does before it
// computes frequencies: rope_parameters (v5) or rope_scaling (v4), the legacy "type" key and
// names ("su" → longrope), original_max_position_embeddings inside the scaling dict or at the top
// level, qk_rope_head_dim (DeepSeek) or head_dim or hidden_size / num_attention_heads, rotary_pct /
// rotary_emb_base (GPT-NeoX), rope_theta absent → 10000, and a text_config sub-object (multimodal
// configs).

#include <filesystem>
#include <string>
#include <string_view>

#include "encodings/rope_params.h"

namespace ropelab {

// Reads and parses the file. FileError (an InputError) naming the file and the problem when it
// cannot be read, is not valid JSON or lacks what we need; when it describes invalid parameters,
// the FileError holds the ParameterError's data and the file's key for each parameter.
RopeParams ropeParamsFromHfConfigFile(const std::filesystem::path& file);

// The same from JSON text; source names it in error messages.
RopeParams ropeParamsFromHfConfigJson(std::string_view json, std::string_view source);

// The config.json keys of `params` (every field the file can hold, as the table places it; unset
// optional values and empty lists left out), as compact JSON text that the reader reads back to
// the same parameters (seq_len aside: no config holds it).
std::string ropeParamsToHfConfigJson(const RopeParams& params);

}  // namespace ropelab
