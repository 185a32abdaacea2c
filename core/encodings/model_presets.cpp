// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/model_presets.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "common/parameter_error.h"
#include "encodings/hf_config.h"

namespace ropelab {

namespace {

using Json = nlohmann::json;

std::string requiredText(const Json& preset, const char* key, const std::string& file,
                         const std::string& where) {
    const auto it = preset.find(key);
    if (it == preset.end()) throw FileError(file, {FileIssue::Missing, where + key});
    if (!it->is_string() || it->get<std::string>().empty()) {
        throw FileError(file, {FileIssue::WrongType, where + key, ValueKind::Text,
                               it->is_string() ? "\"\"" : it->type_name()});
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
        throw FileError(file, {.issue = FileIssue::NotJson, .detail = error.what()});
    } catch (const Json::out_of_range& error) {
        throw FileError(file, {.issue = FileIssue::NumberTooLarge, .detail = error.what()});
    }
    if (!root.is_object()) {
        throw FileError(file, {FileIssue::WrongType, "", ValueKind::Object, root.type_name()});
    }
    const auto list = root.find("presets");
    if (list == root.end()) throw FileError(file, {FileIssue::Missing, "presets"});
    if (!list->is_array()) {
        throw FileError(file,
                        {FileIssue::WrongType, "presets", ValueKind::List, list->type_name()});
    }

    std::vector<ModelPreset> presets;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const Json& entry = (*list)[i];
        // Keys as jq writes them; a preset is named by its id once it has one.
        std::string where = "presets[" + std::to_string(i) + "]";
        if (!entry.is_object()) {
            throw FileError(file,
                            {FileIssue::WrongType, where, ValueKind::Object, entry.type_name()});
        }
        ModelPreset preset;
        preset.id = requiredText(entry, "id", file, where + ".");
        if (!ids.insert(preset.id).second) {
            throw FileError(file,
                            {FileIssue::Duplicate, where + ".id", ValueKind::Text, preset.id});
        }
        where = "presets." + preset.id + ".";
        preset.name = requiredText(entry, "name", file, where);
        preset.source = requiredText(entry, "source", file, where);
        if (const auto note = entry.find("note"); note != entry.end()) {
            if (!note->is_string()) {
                throw FileError(file, {FileIssue::WrongType, where + "note", ValueKind::Text,
                                       note->type_name()});
            }
            preset.note = note->get<std::string>();
        }
        const auto config = entry.find("config");
        if (config == entry.end()) throw FileError(file, {FileIssue::Missing, where + "config"});
        if (!config->is_object()) {
            throw FileError(file, {FileIssue::WrongType, where + "config", ValueKind::Object,
                                   config->type_name()});
        }
        try {
            preset.rope = ropeParamsFromHfConfigJson(config->dump(), file);
        } catch (const FileError& error) {
            throw error.within(file, where + "config.");
        }
        presets.push_back(std::move(preset));
    }
    return presets;
}

std::vector<ModelPreset> loadModelPresets(const std::filesystem::path& file) {
    std::ifstream stream(file, std::ios::binary);
    if (!stream) {
        throw FileError(file.string(),
                        {.issue = FileIssue::CannotOpen, .detail = std::strerror(errno)});
    }
    std::ostringstream text;
    text << stream.rdbuf();
    return modelPresetsFromJson(text.str(), file.filename().string());
}

}  // namespace ropelab
