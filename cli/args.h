// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The command line of one ropelab-cli command, and parsers for option values.
// Every parser throws InputError with ONE line naming the option and what is allowed.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/table_output.h"

namespace ropelab::cli {

// One option a command accepts. valueName empty: a flag (`--causal`); otherwise the option takes
// exactly one value (`--head-dim D` or `--head-dim=D`), shown as valueName in the help.
struct OptionSpec {
    std::string name;       // with the dashes: "--head-dim"
    std::string valueName;  // "D", "RANGE|LIST", ... ; empty for a flag
    std::string help;       // one line; say the default
};

// The parsed options of one invocation. Construction rejects unknown options, a missing value,
// a flag given a value and stray arguments. An option given twice: the last one wins for
// value()/has(); entries() keeps every occurrence in order (for --config precedence).
class Args {
public:
    // specs: the command's options; --format and --help are always accepted.
    Args(std::string command, const std::vector<std::string>& tokens,
         const std::vector<OptionSpec>& specs);

    const std::string& command() const { return command_; }
    bool has(std::string_view option) const;
    std::optional<std::string> value(std::string_view option) const;
    std::string required(std::string_view option) const;  // InputError "--x is required"
    // Options in command-line order: (name, value); value is empty for a flag.
    const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }

    bool helpRequested() const { return has("--help"); }
    OutputFormat format() const;  // --format csv|json, default csv; InputError otherwise

    // Typed access: the parsed value if given, else the fallback / nullopt.
    double numberOr(std::string_view option, double fallback) const;
    std::optional<double> optionalNumber(std::string_view option) const;
    std::int64_t integerOr(std::string_view option, std::int64_t fallback,
                           std::int64_t min = INT32_MIN, std::int64_t max = INT32_MAX) const;

private:
    std::string command_;
    std::vector<std::pair<std::string, std::string>> entries_;
};

// A finite decimal number ("1e4", "-0.5"); rejects NaN, Inf, empty text and trailing garbage.
double parseNumber(std::string_view text, std::string_view option);

// A whole number in [min, max]; rejects fractions ("3.5"), garbage and out-of-range values.
std::int64_t parseInteger(std::string_view text, std::string_view option,
                          std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX);

// LIST: comma-separated finite numbers, at least one ("1,-2,0.5").
std::vector<double> parseList(std::string_view text, std::string_view option);

// RANGE: "A:B" or "A:B:STEP", half-open like Python's range (STEP default 1, may be negative,
// never 0); values A + k·STEP. An empty range is an InputError; more than maxValues values is
// a ResourceError.
std::vector<double> parseRange(std::string_view text, std::string_view option);

// RANGE if the text contains ':', else LIST.
std::vector<double> parseRangeOrList(std::string_view text, std::string_view option);

// The same, but every value must be a whole number (A, B and STEP integers).
std::vector<std::int64_t> parseIntegerRangeOrList(std::string_view text, std::string_view option);

// Throws InputError unless every value is >= min, naming the option and the first bad value.
void requireAtLeast(const std::vector<double>& values, double min, std::string_view option);

// The most values a RANGE may expand to (ResourceError beyond: it would not fit our output).
inline constexpr std::int64_t maxRangeValues = 10'000'000;

// The most numbers one command prints (rows × columns): beyond, the output would be gigabytes.
inline constexpr double maxOutputCells = 1e9;

// The one output-size rule of every command: ResourceError when rows × columns exceeds
// maxOutputCells or the table would not fit in memory, saying how much it would take.
void requireOutputCells(double rows, double columns);

// Shortest text that reads back to the same double (std::to_chars), used for CSV and messages.
std::string formatDouble(double value);

}  // namespace ropelab::cli
