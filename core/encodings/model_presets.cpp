// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/model_presets.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/hf_config.h"

namespace ropelab {

namespace {

using Json = nlohmann::json;

std::string requiredText(const Json& preset, const char* key, const std::string& where) {
    const auto it = preset.find(key);
    if (it == preset.end() || !it->is_string() || it->get<std::string>().empty()) {
        throw InputError(where + ": \"" + key + "\" must be a non-empty string");
    }
    return it->get<std::string>();
}

}  // namespace

std::vector<ModelPreset> modelPresetsFromJson(std::string_view json, std::string_view source) {
    const std::string file(source);
    Json root;
    try {
        root = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error& error) {
        throw InputError("presets file '" + file + "': not valid JSON (" + error.what() + ")");
    } catch (const Json::out_of_range& error) {
        throw InputError("presets file '" + file + "': a number is beyond the range of a double (" +
                         error.what() + ")");
    }
    const auto list = root.is_object() ? root.find("presets") : root.end();
    if (!root.is_object() || list == root.end() || !list->is_array()) {
        throw InputError("presets file '" + file + "': expected an object with a \"presets\" list");
    }

    std::vector<ModelPreset> presets;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& entry = (*list)[i];
        std::string where = "presets file '" + file + "', preset #" + std::to_string(i + 1);
        if (!entry.is_object()) throw InputError(where + ": must be an object");
        ModelPreset preset;
        preset.id = requiredText(entry, "id", where);
        where = "presets file '" + file + "', preset \"" + preset.id + "\"";
        if (!ids.insert(preset.id).second) throw InputError(where + ": the id is used twice");
        preset.name = requiredText(entry, "name", where);
        preset.source = requiredText(entry, "source", where);
        if (const auto note = entry.find("note"); note != entry.end()) {
            if (!note->is_string()) throw InputError(where + ": \"note\" must be a string");
            preset.note = note->get<std::string>();
        }
        const auto config = entry.find("config");
        if (config == entry.end() || !config->is_object()) {
            throw InputError(where + ": \"config\" must be an object of config.json keys");
        }
        try {
            preset.rope = ropeParamsFromHfConfigJson(config->dump(), where);
        } catch (const FileError& error) {
            // The importer names its input; a preset names itself instead.
            throw InputError(where + ": config " + error.problemText());
        }
        presets.push_back(std::move(preset));
    }
    return presets;
}

std::vector<ModelPreset> loadModelPresets(const std::filesystem::path& file) {
    std::ifstream stream(file, std::ios::binary);
    if (!stream) throw InputError("presets file '" + file.string() + "': cannot open");
    std::ostringstream text;
    text << stream.rdbuf();
    return modelPresetsFromJson(text.str(), file.filename().string());
}

}  // namespace ropelab
