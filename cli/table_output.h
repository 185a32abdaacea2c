// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Command results as columns of numbers plus named scalars, written as CSV or as one JSON object.
// CSV: a header row of the column names, then one row per index; scalars are not part of the CSV
// (use --format json for them). JSON: {"col": [..], ..., "scalar": x}, columns first, in the order
// added. Doubles are written with the shortest text that round-trips exactly.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ropelab::cli {

enum class OutputFormat { Csv, Json };

// "csv" | "json"; InputError naming --format otherwise.
OutputFormat parseOutputFormat(std::string_view text);

// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
std::string csvField(const std::string& text);

class Table {
public:
    // Every column must have the same length (std::invalid_argument otherwise: a programming
    // error).
    void addColumn(std::string name, std::vector<double> values);
    void addColumn(std::string name, std::vector<std::int64_t> values);  // written as integers
    void addScalar(std::string name, double value);

    std::size_t rows() const;
    void write(std::ostream& out, OutputFormat format) const;

private:
    struct Column {
        std::string name;
        std::variant<std::vector<double>, std::vector<std::int64_t>> values;
    };
    void checkLength(std::size_t length) const;

    std::vector<Column> columns_;
    std::vector<std::pair<std::string, double>> scalars_;
};

}  // namespace ropelab::cli
