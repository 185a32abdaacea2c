// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE settings of published models (resources/presets/models.json): each preset keeps the
// RoPE keys of the model's HuggingFace config.json and is read by the config.json importer, so a
// preset and an imported file are normalised the same way.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "encodings/rope_params.h"

namespace ropelab {

struct ModelPreset {
    std::string id;      // stable key, e.g. "llama-3.1-8b"
    std::string name;    // shown to people, e.g. "Llama 3.1 8B"
    std::string source;  // where the values were published (a URL)
    std::string note;    // what to know about the values; may be empty
    RopeParams rope;
};

// Parses the presets file text; `source` names it in messages. InputError naming the file, the
// preset (by id, else by position) and the key for anything malformed: not JSON, a missing or
// empty id/name/source, a duplicate id, a config value the importer rejects.
std::vector<ModelPreset> modelPresetsFromJson(std::string_view json, std::string_view source);

// The same from a file; InputError when it cannot be read.
std::vector<ModelPreset> loadModelPresets(const std::filesystem::path& file);

}  // namespace ropelab
