#include "cli/table_output.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "common/errors.h"

namespace ropelab::cli {

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

void Table::write(std::ostream& out, OutputFormat format) const {
    if (format == OutputFormat::Json) {
        // ordered_json keeps columns in the order added; doubles are dumped round-trip exact.
        nlohmann::ordered_json object = nlohmann::ordered_json::object();
        for (const Column& column : columns_) {
            std::visit([&](const auto& values) { object[column.name] = values; }, column.values);
        }
        for (const auto& [name, value] : scalars_) object[name] = value;
        out << object.dump() << '\n';
        return;
    }
    std::string text;
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
        // Flush in blocks so huge tables do not hold their whole text in memory.
        if (text.size() > (1u << 20)) {
            out << text;
            text.clear();
        }
    }
    out << text;
}

}  // namespace ropelab::cli
