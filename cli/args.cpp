// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/args.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

#include "analysis/memory_budget.h"
#include "common/errors.h"

namespace ropelab::cli {

namespace {

std::string quoted(std::string_view text) {
    return "'" + std::string(text) + "'";
}

const OptionSpec* findSpec(const std::vector<OptionSpec>& specs, std::string_view name) {
    for (const OptionSpec& spec : specs) {
        if (spec.name == name) return &spec;
    }
    return nullptr;
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

void checkCount(double count, std::string_view option, std::string_view text) {
    if (count > static_cast<double>(maxRangeValues)) {
        throw ResourceError(std::string(option) + " " + quoted(text) + " has about " +
                            formatDouble(std::floor(count)) + " values; at most " +
                            std::to_string(maxRangeValues) + " are allowed (about " +
                            std::to_string(maxRangeValues * 8 / 1'000'000) +
                            " MB per column of doubles)");
    }
}

struct RangeParts {
    std::string_view start, stop, step;
    bool hasStep = false;
};

RangeParts splitRange(std::string_view text, std::string_view option) {
    const auto malformed = [&] {
        return InputError(std::string(option) + ": malformed RANGE " + quoted(text) +
                          "; expected A:B or A:B:STEP (half-open, like Python range)");
    };
    RangeParts parts;
    const std::size_t first = text.find(':');
    if (first == std::string_view::npos) throw malformed();
    parts.start = text.substr(0, first);
    std::string_view rest = text.substr(first + 1);
    const std::size_t second = rest.find(':');
    if (second == std::string_view::npos) {
        parts.stop = rest;
    } else {
        parts.stop = rest.substr(0, second);
        parts.step = rest.substr(second + 1);
        parts.hasStep = true;
        if (parts.step.find(':') != std::string_view::npos) throw malformed();
    }
    if (trim(parts.start).empty() || trim(parts.stop).empty() ||
        (parts.hasStep && trim(parts.step).empty())) {
        throw malformed();
    }
    return parts;
}

void checkNotEmpty(std::size_t count, std::string_view text, std::string_view option) {
    if (count == 0) {
        throw InputError(std::string(option) + ": RANGE " + quoted(text) +
                         " contains no values (half-open A:B:STEP: needs A < B for STEP > 0, "
                         "A > B for STEP < 0)");
    }
}

// The comma-separated items of a LIST, each read by `parse`; an empty item makes the list
// malformed, and `expected` says what a good one looks like.
template <class Parse>
auto parseItems(std::string_view text, std::string_view option, std::string_view expected,
                Parse parse) {
    std::vector<decltype(parse(text))> values;
    std::size_t begin = 0;
    for (;;) {
        const std::size_t comma = text.find(',', begin);
        const std::string_view item =
            text.substr(begin, comma == std::string_view::npos ? text.npos : comma - begin);
        if (trim(item).empty()) {
            throw InputError(std::string(option) + ": malformed LIST " + quoted(text) +
                             "; expected " + std::string(expected));
        }
        values.push_back(parse(item));
        if (comma == std::string_view::npos) break;
        begin = comma + 1;
    }
    return values;
}

void requireNonZeroStep(bool zero, std::string_view text, std::string_view option) {
    if (zero) {
        throw InputError(std::string(option) + ": RANGE step must not be 0, got " + quoted(text));
    }
}

}  // namespace

std::string formatDouble(double value) {
    char buffer[64];
    const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

Args::Args(std::string command, const std::vector<std::string>& tokens,
           const std::vector<OptionSpec>& specs)
    : command_(std::move(command)) {
    std::vector<OptionSpec> known = specs;
    known.push_back({"--format", "csv|json", ""});
    known.push_back({"--help", "", ""});
    const std::string helpHint = "; run 'ropelab-cli " + command_ + " --help' for its options";
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::string& token = tokens[i];
        if (token == "-h") {
            entries_.emplace_back("--help", "");
            continue;
        }
        if (token.size() < 3 || token.compare(0, 2, "--") != 0) {
            throw InputError("unexpected argument " + quoted(token) + helpHint);
        }
        const std::size_t equals = token.find('=');
        const std::string name = token.substr(0, equals);
        const OptionSpec* spec = findSpec(known, name);
        if (spec == nullptr) throw InputError("unknown option " + name + helpHint);
        if (spec->valueName.empty()) {
            if (equals != std::string::npos) {
                throw InputError(name + " is a flag and takes no value, got " + quoted(token));
            }
            entries_.emplace_back(name, "");
        } else if (equals != std::string::npos) {
            entries_.emplace_back(name, token.substr(equals + 1));
        } else {
            if (i + 1 >= tokens.size()) {
                throw InputError(name + " needs a value (" + spec->valueName + ")");
            }
            entries_.emplace_back(name, tokens[++i]);
        }
    }
}

bool Args::has(std::string_view option) const {
    return std::any_of(entries_.begin(), entries_.end(),
                       [&](const auto& entry) { return entry.first == option; });
}

std::optional<std::string> Args::value(std::string_view option) const {
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
        if (it->first == option) return it->second;
    }
    return std::nullopt;
}

std::string Args::required(std::string_view option) const {
    std::optional<std::string> text = value(option);
    if (!text) {
        throw InputError(std::string(option) + " is required; run 'ropelab-cli " + command_ +
                         " --help'");
    }
    return *text;
}

OutputFormat Args::format() const {
    const std::optional<std::string> text = value("--format");
    return text ? parseOutputFormat(*text) : OutputFormat::Csv;
}

double Args::numberOr(std::string_view option, double fallback) const {
    const std::optional<std::string> text = value(option);
    return text ? parseNumber(*text, option) : fallback;
}

std::optional<double> Args::optionalNumber(std::string_view option) const {
    const std::optional<std::string> text = value(option);
    if (!text) return std::nullopt;
    return parseNumber(*text, option);
}

std::int64_t Args::integerOr(std::string_view option, std::int64_t fallback, std::int64_t min,
                             std::int64_t max) const {
    const std::optional<std::string> text = value(option);
    return text ? parseInteger(*text, option, min, max) : fallback;
}

double parseNumber(std::string_view text, std::string_view option) {
    const std::string_view trimmed = trim(text);
    std::string_view digits = trimmed;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    double value = 0.0;
    const std::from_chars_result result =
        std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || result.ec == std::errc::invalid_argument ||
        result.ptr != digits.data() + digits.size()) {
        throw InputError(std::string(option) + ": expected a number, got " + quoted(text));
    }
    if (result.ec == std::errc::result_out_of_range || !std::isfinite(value)) {
        throw InputError(std::string(option) + ": expected a finite number, got " + quoted(text));
    }
    return value;
}

std::int64_t parseInteger(std::string_view text, std::string_view option, std::int64_t min,
                          std::int64_t max) {
    const std::string_view trimmed = trim(text);
    std::string_view digits = trimmed;
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    std::int64_t value = 0;
    const std::from_chars_result result =
        std::from_chars(digits.data(), digits.data() + digits.size(), value);
    const auto range = [&] {
        std::string allowed = "an integer";
        if (min != INT64_MIN && max != INT64_MAX) {
            allowed += " in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
        } else if (min != INT64_MIN) {
            allowed += " >= " + std::to_string(min);
        } else if (max != INT64_MAX) {
            allowed += " <= " + std::to_string(max);
        }
        return allowed;
    };
    if (digits.empty() || result.ec == std::errc::invalid_argument ||
        result.ptr != digits.data() + digits.size()) {
        throw InputError(std::string(option) + ": expected " + range() + ", got " + quoted(text));
    }
    if (result.ec == std::errc::result_out_of_range || value < min || value > max) {
        throw InputError(std::string(option) + " must be " + range() + ", got " + quoted(text));
    }
    return value;
}

std::vector<double> parseList(std::string_view text, std::string_view option) {
    return parseItems(text, option, "comma-separated numbers like 1,-2,0.5",
                      [option](std::string_view item) { return parseNumber(item, option); });
}

std::vector<double> parseRange(std::string_view text, std::string_view option) {
    const RangeParts parts = splitRange(text, option);
    const double start = parseNumber(parts.start, option);
    const double stop = parseNumber(parts.stop, option);
    const double step = parts.hasStep ? parseNumber(parts.step, option) : 1.0;
    requireNonZeroStep(step == 0.0, text, option);
    const double count = std::max(0.0, std::ceil((stop - start) / step));
    checkCount(count, option, text);
    std::vector<double> values;
    values.reserve(static_cast<std::size_t>(count));
    // Computed as A + k·STEP (no accumulated rounding); the bound is rechecked per value.
    for (std::int64_t k = 0;; ++k) {
        const double value = start + static_cast<double>(k) * step;
        if (step > 0.0 ? value >= stop : value <= stop) break;
        values.push_back(value);
    }
    checkNotEmpty(values.size(), text, option);
    return values;
}

std::vector<double> parseRangeOrList(std::string_view text, std::string_view option) {
    return text.find(':') != std::string_view::npos ? parseRange(text, option)
                                                    : parseList(text, option);
}

std::vector<std::int64_t> parseIntegerRangeOrList(std::string_view text, std::string_view option) {
    // Keeps |values| well inside int64 so stop - start cannot overflow.
    constexpr std::int64_t limit = std::int64_t{1} << 53;
    if (text.find(':') == std::string_view::npos) {
        return parseItems(
            text, option, "comma-separated integers like -3,0,5",
            [option](std::string_view item) { return parseInteger(item, option, -limit, limit); });
    }
    const RangeParts parts = splitRange(text, option);
    const std::int64_t start = parseInteger(parts.start, option, -limit, limit);
    const std::int64_t stop = parseInteger(parts.stop, option, -limit, limit);
    const std::int64_t step = parts.hasStep ? parseInteger(parts.step, option, -limit, limit) : 1;
    requireNonZeroStep(step == 0, text, option);
    const std::int64_t span = step > 0 ? stop - start : start - stop;
    const std::int64_t magnitude = step > 0 ? step : -step;
    const std::int64_t count = span <= 0 ? 0 : (span + magnitude - 1) / magnitude;
    checkCount(static_cast<double>(count), option, text);
    checkNotEmpty(static_cast<std::size_t>(count), text, option);
    std::vector<std::int64_t> values(static_cast<std::size_t>(count));
    for (std::int64_t k = 0; k < count; ++k) values[static_cast<std::size_t>(k)] = start + k * step;
    return values;
}

void requireAtLeast(const std::vector<double>& values, double min, std::string_view option) {
    for (double value : values) {
        if (value < min) {
            throw InputError(std::string(option) + " values must be >= " + formatDouble(min) +
                             ", got " + formatDouble(value));
        }
    }
}

void requireOutputCells(double rows, double columns) {
    const double cells = rows * columns;
    if (cells > maxOutputCells) {
        throw ResourceError("the output would have " + formatDouble(cells) + " numbers (about " +
                            formatDouble(std::ceil(cells * 8 / 1e6)) +
                            " MB as doubles); at most 1e9 are printed, ask for fewer (use a STEP)");
    }
    // The printed table holds each number once, and briefly a copy while a column moves in.
    requireMemory(16.0 * cells, ResourceProblem(Demand::OutputTable, cells));
}

}  // namespace ropelab::cli
