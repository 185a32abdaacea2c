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
        case Rule::FrequencyOutOfRange:
            return "these RoPE parameters give inv_freq " + number(p.value) + " for pair " +
                   number(p.lower) + "; use a smaller " + name(p.other) + " or " +
                   name(p.parameter);
        case Rule::NonZero:
            return who + " must not be 0";
        case Rule::MultipleOf:
            return who + " must be a multiple of " + name(p.other) + " (" + number(p.lower) + ")" +
                   got;
        case Rule::Distinct:
            return who + " must list each value once, got " + number(p.value) + " twice";
        case Rule::EqualTo:
            return who + " must be " + number(p.lower) + got;
    }
    return who + " is not allowed" + got;
}

ParameterError::ParameterError(ParameterProblem problem)
    : InputError(describe(problem, identity)), problem_(std::move(problem)) {}

std::string describe(const FileProblem& p) {
    const std::string got = p.found.empty() ? std::string() : ", got " + p.found;
    switch (p.issue) {
        case FileIssue::CannotOpen:
            return "cannot open (" + p.detail + ")";
        case FileIssue::ReadFailed:
            return p.detail.empty() ? "read error" : "read error (" + p.detail + ")";
        case FileIssue::IsDirectory:
            return "is a directory, expected " + p.detail;
        case FileIssue::NotJson:
            return "not valid JSON (" + p.detail + ")";
        case FileIssue::NumberTooLarge:
            return "has a number beyond the range of a double (" + p.detail + ")";
        case FileIssue::WrongType: {
            static constexpr const char* kinds[] = {
                "a number",      "an integer", "a list of numbers", "a string",
                "true or false", "an object",  "a float",           "a list"};
            const std::string kind = kinds[static_cast<int>(p.expected)];
            return (p.key.empty() ? "expected " + kind : p.key + " must be " + kind) + got;
        }
        case FileIssue::NotFinite:
            return p.key + " must be finite";
        case FileIssue::Missing:
            return p.detail.empty() ? "has no " + p.key : "needs " + p.key + ", or " + p.detail;
        case FileIssue::NotGguf:
            return "not a GGUF file (it starts with bytes " + p.found + ", not 'GGUF')";
        case FileIssue::UnsupportedVersion:
            return "GGUF version " + p.found + " is not supported; versions 2 and 3 are";
        case FileIssue::Truncated:
            return "truncated: " + p.detail;
        case FileIssue::Damaged:
            return "damaged: " + p.detail;
        case FileIssue::Unsupported:
            return "unsupported: " + p.detail;
        case FileIssue::NoRope:
            return "architecture '" + p.found + "' uses no RoPE in llama.cpp";
        case FileIssue::NoEquivalent:
            return "describes RoPE that RoPE Lab cannot use: " + p.detail;
        case FileIssue::Empty:
            return "is empty";
        case FileIssue::NotUtf8:
            return "is not UTF-8 text (byte " + std::to_string(p.offset) +
                   " cannot start a character)";
        case FileIssue::TooShort: {
            const std::string part = p.key == "train"      ? " for training (its first 90%)"
                                     : p.key == "held_out" ? " held out (its last 10%)"
                                                           : "";
            return "has " + std::to_string(p.count) + " characters" + part + "; at least " +
                   std::to_string(p.limit) + " are needed";
        }
        case FileIssue::TooManySymbols:
            return "has " + std::to_string(p.count) + " distinct characters; at most " +
                   std::to_string(p.limit) + " are allowed";
        case FileIssue::UnknownSymbol:
            return "holds the character '" + p.found + "', which the model's vocabulary lacks";
        case FileIssue::Duplicate:
            return p.key + " '" + p.found + "' is used twice";
        case FileIssue::WrongFormat:
            return p.key + " is '" + p.found + "'; RoPE Lab reads '" + p.detail + "'";
        case FileIssue::WrongShape:
            return "tensor '" + p.name + "' is " + p.found + ", not " + p.detail;
        case FileIssue::WrongTensorCount:
            return "has " + std::to_string(p.count) + " tensors; the model needs " +
                   std::to_string(p.limit);
    }
    return p.detail;
}

FileError::FileError(std::string source, std::string problemText)
    : InputError("'" + source + "': " + problemText),
      source_(std::move(source)),
      problemText_(std::move(problemText)) {}

FileError::FileError(std::string source, FileProblem problem)
    : FileError(std::move(source), problem, describe(problem)) {}

FileError::FileError(std::string source, FileProblem problem, std::string problemText)
    : FileError(std::move(source), std::move(problemText)) {
    file_ = std::move(problem);
}

FileError::FileError(std::string source, ParameterProblem problem, Keys keys)
    : FileError(std::move(source),
                describe(problem, [&keys](std::string_view id) { return keyIn(keys, id); })) {
    parameter_ = std::move(problem);
    keys_ = std::move(keys);
}

std::string FileError::keyOf(std::string_view parameter) const {
    return keyIn(keys_, parameter);
}

FileError FileError::within(std::string source, const std::string& prefix) const {
    if (parameter_) {
        Keys keys;
        for (const std::string& id : {parameter_->parameter, parameter_->other}) {
            if (!id.empty()) keys.emplace_back(id, prefix + keyOf(id));
        }
        return FileError(std::move(source), *parameter_, std::move(keys));
    }
    if (file_) {
        FileProblem problem = *file_;
        if (problem.key.empty()) return FileError(std::move(source), problem, problemText_);
        problem.key = prefix + problem.key;
        return FileError(std::move(source), problem);
    }
    return FileError(std::move(source), problemText_);
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
