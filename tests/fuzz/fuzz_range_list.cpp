// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the RANGE/LIST/number parsers and the option parser of ropelab-cli. Any text must
// either be refused with an InputError/ResourceError naming the option, or give values that keep
// the documented promises (finite, within the range, at most maxRangeValues, evenly stepped).

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.h"
#include "common/errors.h"
#include "fuzz_entries.h"

namespace ropelab::fuzz {

namespace {

constexpr std::string_view kOption = "--fuzz";

// Runs parse; a refusal must be one of ours and name the option.
template <class Parse>
void refusedOrChecked(std::string_view parser, Parse&& parse) {
    try {
        parse();
    } catch (const InputError& error) {
        if (std::string_view(error.what()).find(kOption) == std::string_view::npos) {
            fuzzFail(parser, std::string("InputError does not name the option: ") + error.what());
        }
    } catch (const ResourceError& error) {
        if (std::string_view(error.what()).find(kOption) == std::string_view::npos) {
            fuzzFail(parser,
                     std::string("ResourceError does not name the option: ") + error.what());
        }
    }
}

// The indices whose values are checked: all of a short result; of a long one (a RANGE may give
// ten million values) the ends and an even sample, so one input stays well under the timeout.
template <class F>
void forCheckedIndices(std::size_t size, F&& check) {
    constexpr std::size_t kAll = 1 << 16;
    constexpr std::size_t kEnds = 4096;
    if (size <= kAll) {
        for (std::size_t i = 0; i < size; ++i) check(i);
        return;
    }
    const std::size_t stride = size / kAll;
    for (std::size_t i = 0; i < size; i += i < kEnds || i >= size - kEnds ? 1 : stride) check(i);
}

void checkFinite(std::string_view parser, const std::vector<double>& values) {
    if (values.empty()) fuzzFail(parser, "accepted with no values");
    forCheckedIndices(values.size(), [&](std::size_t i) {
        if (!std::isfinite(values[i])) fuzzFail(parser, "a value is not finite");
    });
}

// A RANGE's values move one way from A and stay short of B (half-open).
void checkRangeShape(std::string_view parser, const std::vector<double>& values) {
    checkFinite(parser, values);
    if (values.size() > static_cast<std::size_t>(cli::maxRangeValues) + 1) {
        fuzzFail(parser, "more values than maxRangeValues");
    }
    const bool up = values.back() >= values.front();
    forCheckedIndices(values.size(), [&](std::size_t i) {
        if (i > 0 && (up ? values[i] < values[i - 1] : values[i] > values[i - 1])) {
            fuzzFail(parser, "RANGE values are not monotone");
        }
    });
}

void checkIntegerRange(std::string_view text, const std::vector<std::int64_t>& values) {
    if (values.empty()) fuzzFail("parseIntegerRangeOrList", "accepted with no values");
    constexpr std::int64_t limit = std::int64_t{1} << 53;
    forCheckedIndices(values.size(), [&](std::size_t i) {
        if (values[i] < -limit || values[i] > limit) {
            fuzzFail("parseIntegerRangeOrList", "value beyond 2^53");
        }
    });
    if (text.find(':') == std::string_view::npos) return;
    if (values.size() > static_cast<std::size_t>(cli::maxRangeValues)) {
        fuzzFail("parseIntegerRangeOrList", "more values than maxRangeValues");
    }
    if (values.size() < 2) return;
    const std::int64_t step = values[1] - values[0];
    if (step == 0) fuzzFail("parseIntegerRangeOrList", "zero step");
    forCheckedIndices(values.size(), [&](std::size_t i) {
        if (i > 0 && values[i] - values[i - 1] != step) {
            fuzzFail("parseIntegerRangeOrList", "uneven step");
        }
    });
}

}  // namespace

int rangeList(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    refusedOrChecked("parseNumber", [&] {
        if (!std::isfinite(cli::parseNumber(text, kOption))) fuzzFail("parseNumber", "not finite");
    });
    refusedOrChecked("parseInteger", [&] {
        const std::int64_t v = cli::parseInteger(text, kOption, -1000, 1000);
        if (v < -1000 || v > 1000) fuzzFail("parseInteger", "outside [min, max]");
    });
    refusedOrChecked("parseList", [&] {
        const std::vector<double> values = cli::parseList(text, kOption);
        checkFinite("parseList", values);
        const auto commas = static_cast<std::size_t>(std::count(text.begin(), text.end(), ','));
        if (values.size() != commas + 1) fuzzFail("parseList", "value count != commas + 1");
    });
    refusedOrChecked("parseRangeOrList", [&] {
        const std::vector<double> values = cli::parseRangeOrList(text, kOption);
        if (text.find(':') != std::string_view::npos) {
            checkRangeShape("parseRange", values);
        } else {
            checkFinite("parseList", values);
        }
    });
    refusedOrChecked("parseIntegerRangeOrList",
                     [&] { checkIntegerRange(text, cli::parseIntegerRangeOrList(text, kOption)); });

    // The same bytes as a command line: tokens separated by NUL.
    std::vector<std::string> tokens;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        const std::size_t end = std::min(text.find('\0', begin), text.size());
        tokens.emplace_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
    const std::vector<cli::OptionSpec> specs = {{"--fuzz", "RANGE|LIST", ""}, {"--flag", "", ""}};
    try {
        const cli::Args args("fuzz", tokens, specs);
        for (const auto& [name, value] : args.entries()) {
            if (name != "--fuzz" && name != "--flag" && name != "--format" && name != "--help") {
                fuzzFail("Args", "accepted an unknown option " + name);
            }
            if ((name == "--flag" || name == "--help") && !value.empty()) {
                fuzzFail("Args", "a flag got a value");
            }
        }
        try {
            args.format();
        } catch (const InputError& error) {
            if (std::string_view(error.what()).find("--format") == std::string_view::npos) {
                fuzzFail("Args::format", error.what());
            }
        }
        if (const auto value = args.value("--fuzz")) {
            refusedOrChecked("parseRangeOrList(option)",
                             [&] { cli::parseRangeOrList(*value, kOption); });
        }
    } catch (const InputError& error) {
        if (std::string_view(error.what()).empty()) fuzzFail("Args", "empty message");
    }
    return 0;
}

}  // namespace ropelab::fuzz
