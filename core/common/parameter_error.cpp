// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/parameter_error.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace ropelab {

namespace {

std::string number(double value) {
    // Whole numbers as integers (1000000, not 1e+06), the rest as the shortest exact text.
    if (std::abs(value) < 1e15 && value == std::floor(value)) {
        return std::to_string(static_cast<long long>(value));
    }
    char buffer[64];
    const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string identity(std::string_view parameter) {
    return std::string(parameter);
}

std::string keyIn(const FileError::Keys& keys, std::string_view parameter) {
    const auto it = std::find_if(keys.begin(), keys.end(),
                                 [parameter](const auto& key) { return key.first == parameter; });
    return it == keys.end() ? std::string(parameter) : it->second;
}

}  // namespace

std::string describe(const ParameterProblem& p, const ParameterNamer& name) {
    const std::string who = p.eachValue ? "each value of " + name(p.parameter) : name(p.parameter);
    const std::string got = ", got " + number(p.value);
    switch (p.rule) {
        case Rule::Finite:
            return who + " must be a finite number" + got;
        case Rule::Even:
            return who + " must be even" + got;
        case Rule::GreaterThan:
            return who + " must be > " + number(p.lower) + got;
        case Rule::AtLeast:
            return who + " must be >= " + number(p.lower) +
                   (p.ropeType.empty() ? "" : " for rope_type " + p.ropeType) + got;
        case Rule::AtMost:
            return who + " must be <= " + number(p.upper) + got;
        case Rule::Between:
            return who + " must be in [" + number(p.lower) + ", " + number(p.upper) + "]" + got;
        case Rule::AboveAtMost:
            return who + " must be in (" + number(p.lower) + ", " + number(p.upper) + "]" + got;
        case Rule::OneOf:
            return who + " must be one of " + p.allowed + ", got '" + p.valueText + "'";
        case Rule::NotEmpty:
            return who + " must not be empty";
        case Rule::Count:
            return who + " must have " + number(p.lower) + " values, got " + number(p.value);
        case Rule::GreaterThanOther:
            return who + " must be > " + name(p.other) + " (" + number(p.lower) + ")" + got;
        case Rule::RequiredFor:
            return who + " is required for rope_type " + p.ropeType +
                   (p.other.empty() ? std::string()
                                    : " when " + name(p.other) + " (" + number(p.value) +
                                          ") exceeds " + number(p.lower));
        case Rule::RotaryDimEven:
            return who + " gives rotary dim int(" + number(p.lower) + " * " + number(p.value) +
                   ") = " + number(p.upper) + "; it must be an even number >= 2";
        case Rule::RotaryDimAtLeast:
            return who + " " + p.valueText + " needs a rotary dim >= " + number(p.lower) + got;
        case Rule::SumAtMost:
            return who + " + " + name(p.other) + " must be <= " + number(p.upper) + got;
        case Rule::Unavailable:
            return who + " " + p.valueText + " is unavailable: " + p.reason;
    }
    return who + " is not allowed" + got;
}

ParameterError::ParameterError(ParameterProblem problem)
    : InputError(describe(problem, identity)), problem_(std::move(problem)) {}

FileError::FileError(std::string source, std::string problem)
    : InputError("'" + source + "': " + problem),
      source_(std::move(source)),
      problemText_(std::move(problem)) {}

FileError::FileError(std::string source, ParameterProblem problem, Keys keys)
    : FileError(source,
                describe(problem, [&keys](std::string_view id) { return keyIn(keys, id); })) {
    parameter_ = std::move(problem);
    keys_ = std::move(keys);
}

std::string FileError::keyOf(std::string_view parameter) const {
    return keyIn(keys_, parameter);
}

void requireFinite(double value, std::string_view parameter) {
    if (!std::isfinite(value)) {
        throw ParameterError({std::string(parameter), Rule::Finite, value});
    }
}

void requireAtLeast(double value, double lower, std::string_view parameter) {
    if (!(value >= lower)) {
        throw ParameterError({std::string(parameter), Rule::AtLeast, value, lower});
    }
}

void requireNotEmpty(std::size_t size, std::string_view parameter) {
    if (size == 0) {
        throw ParameterError({std::string(parameter), Rule::NotEmpty});
    }
}

}  // namespace ropelab
