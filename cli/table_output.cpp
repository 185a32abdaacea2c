// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/table_output.h"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string_view>

#include "common/errors.h"

namespace ropelab::cli {

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

OutputFormat parseOutputFormat(std::string_view text) {
    if (text == "csv") return OutputFormat::Csv;
    if (text == "json") return OutputFormat::Json;
    throw InputError("--format: unknown value '" + std::string(text) + "'; allowed: csv, json");
}

void Table::checkLength(std::size_t length) const {
    if (!columns_.empty() && length != rows()) {
        throw std::invalid_argument("Table column length " + std::to_string(length) +
                                    " differs from " + std::to_string(rows()));
    }
}

void Table::addColumn(std::string name, std::vector<double> values) {
    checkLength(values.size());
    columns_.push_back({std::move(name), std::move(values)});
}

void Table::addColumn(std::string name, std::vector<std::int64_t> values) {
    checkLength(values.size());
    columns_.push_back({std::move(name), std::move(values)});
}

void Table::addScalar(std::string name, double value) {
    scalars_.emplace_back(std::move(name), value);
}

std::size_t Table::rows() const {
    if (columns_.empty()) return 0;
    return std::visit([](const auto& values) { return values.size(); }, columns_.front().values);
}

namespace {

// The shortest text that reads back as the same number; as nlohmann::json::dump, a whole double
// keeps a ".0" and a non-finite one is null (JSON has no inf or nan).
void appendJsonNumber(std::string& text, double value) {
    if (!std::isfinite(value)) {
        text += "null";
        return;
    }
    char buffer[64];
    const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
    const std::string_view digits(buffer, static_cast<std::size_t>(result.ptr - buffer));
    text += digits;
    if (digits.find_first_of(".e") == std::string_view::npos) text += ".0";
}

void appendJsonNumber(std::string& text, std::int64_t value) {
    char buffer[32];
    const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
    text.append(buffer, result.ptr);
}

// Flush in blocks so huge tables never hold their whole text in memory.
void flushIfLarge(std::ostream& out, std::string& text) {
    if (text.size() > (1u << 20)) {
        out << text;
        text.clear();
    }
}

}  // namespace

void Table::write(std::ostream& out, OutputFormat format) const {
    std::string text;
    if (format == OutputFormat::Json) {
        // Written as it goes, columns in the order added: building a json object first would
        // take ~100 bytes per number, more than the columns themselves by an order of magnitude.
        text += '{';
        bool first = true;
        const auto key = [&](const std::string& name) {
            if (!first) text += ',';
            first = false;
            text += nlohmann::json(name).dump();
            text += ':';
        };
        for (const Column& column : columns_) {
            key(column.name);
            text += '[';
            std::visit(
                [&](const auto& values) {
                    for (std::size_t r = 0; r < values.size(); ++r) {
                        if (r > 0) text += ',';
                        appendJsonNumber(text, values[r]);
                        flushIfLarge(out, text);
                    }
                },
                column.values);
            text += ']';
        }
        for (const auto& [name, value] : scalars_) {
            key(name);
            appendJsonNumber(text, value);
        }
        text += "}\n";
        out << text;
        return;
    }
    for (std::size_t c = 0; c < columns_.size(); ++c) {
        if (c > 0) text += ',';
        text += columns_[c].name;
    }
    text += '\n';
    char buffer[64];
    const std::size_t rowCount = rows();
    for (std::size_t r = 0; r < rowCount; ++r) {
        for (std::size_t c = 0; c < columns_.size(); ++c) {
            if (c > 0) text += ',';
            const std::to_chars_result result = std::visit(
                [&](const auto& values) {
                    return std::to_chars(buffer, buffer + sizeof buffer, values[r]);
                },
                columns_[c].values);
            text.append(buffer, result.ptr);
        }
        text += '\n';
        flushIfLarge(out, text);
    }
    out << text;
}

}  // namespace ropelab::cli
