// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A bad parameter as data: which parameter, which rule it breaks, the limits and the value. Core
// names parameters by its own ids (the config.json keys for RoPE: "rope_theta"; "grid",
// "distances", ... elsewhere) and builds no front end's sentence: the CLI words the problem with
// its flags, the config.json and GGUF readers with the file's keys, the app with the control's
// label in the user's language. what() is the sentence with core's ids, for logs.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/errors.h"

namespace ropelab {

enum class Rule {
    Finite,            // a finite number
    Even,              // an even whole number
    GreaterThan,       // value > lower
    AtLeast,           // value >= lower
    AtMost,            // value <= upper
    Between,           // lower <= value <= upper
    AboveAtMost,       // lower < value <= upper
    OneOf,             // valueText is not one of `allowed`
    NotEmpty,          // an empty list
    Count,             // a list of `value` entries where `lower` are needed
    GreaterThanOther,  // value > the parameter `other`, whose value is lower
    RequiredFor,  // absent, but rope_type `ropeType` needs it (when `other`'s value exceeds lower)
    RotaryDimEven,  // int(head_dim × value) = upper is not an even number >= 2 (lower: head_dim)
    RotaryDimAtLeast,  // rope_type valueText needs a rotary dim >= lower, got value
    Unavailable,       // the choice valueText exists but cannot be used here, for `reason`
    SumAtMost,         // value (the sum with the parameter `other`) must be <= upper
    // The parameters give inv_freq `value` (not positive and finite) for pair `lower`: a
    // smaller `other` (factor) or parameter (rope_theta) helps.
    FrequencyOutOfRange,
    NonZero,     // value must not be 0
    MultipleOf,  // value must be a multiple of the parameter `other`, whose value is lower
    Distinct,    // every value of the list must appear once; value appears twice
    EqualTo,     // value must be lower (a size fixed by something else)
};

struct ParameterProblem {
    ParameterProblem(std::string parameter, Rule rule, double value = 0, double lower = 0,
                     double upper = 0)
        : parameter(std::move(parameter)), rule(rule), value(value), lower(lower), upper(upper) {}

    std::string parameter;  // core's id: "rope_theta", "grid", "distances", ...
    Rule rule;
    double value = 0;       // the offending number (a list's size for Count)
    std::string valueText;  // the offending text (OneOf, a rope_type name)
    double lower = 0;
    double upper = 0;
    bool eachValue =
        false;             // the rule applies to every value of a list; value is the first bad one
    std::string allowed;   // OneOf: "default, linear, ..."
    std::string other;     // GreaterThanOther, RequiredFor: the other parameter's id
    std::string ropeType;  // RequiredFor and rules only some rope types have: "longrope"
    std::string reason;    // Unavailable: why, in core's words

    bool operator==(const ParameterProblem&) const = default;
};

// A front end's name for a parameter id (a flag, a config key, a label).
using ParameterNamer = std::function<std::string(std::string_view parameter)>;

// The English sentence for a problem, with every parameter named by `name`:
// "NAME must be > 1, got 0.5".
std::string describe(const ParameterProblem& problem, const ParameterNamer& name);

class ParameterError : public InputError {
public:
    explicit ParameterError(ParameterProblem problem);
    const ParameterProblem& problem() const { return problem_; }

private:
    ParameterProblem problem_;
};

// What is wrong with a file's structure, as data: each front end words the kind its own way.
enum class FileIssue {
    CannotOpen,          // detail: the system's reason
    ReadFailed,          // detail: the system's reason ("" when it gave none)
    IsDirectory,         // detail: the file that was expected ("a config.json file")
    NotJson,             // detail: the JSON parser's message
    NumberTooLarge,      // a JSON number beyond a double; detail: the parser's message
    WrongType,           // the value at `key` ("" for the whole file) is not `expected`;
                         // found: its JSON type or text ("" when not said)
    NotFinite,           // the number at `key` is not finite
    Missing,             // the file lacks `key`; detail: the keys that would do instead, if any
    NotGguf,             // found: the first four bytes, in hex
    UnsupportedVersion,  // found: the GGUF version (RoPE Lab reads 2 and 3)
    Truncated,           // detail: what is cut off, and where
    Damaged,             // the file contradicts itself; detail: how
    Unsupported,         // a structure RoPE Lab does not read; detail: which
    NoRope,              // found: the architecture, which uses no RoPE
    NoEquivalent,        // RoPE that RoPE Lab cannot express; detail: why
    Empty,               // the file holds nothing
    NotUtf8,             // offset: the first byte that cannot start a UTF-8 character
    // A text of `count` characters where `limit` are needed; key: "" the whole text, "train"
    // its first 90% (one training sequence), "held_out" its last 10% (the evaluation length).
    TooShort,
    TooManySymbols,    // count distinct characters, more than limit
    UnknownSymbol,     // found: a character the model's vocabulary lacks
    Duplicate,         // found: the value at `key` that an earlier entry already has
    WrongFormat,       // `key` holds found where RoPE Lab reads detail ("format", "version")
    WrongShape,        // tensor `name` is found ("F16 [3, 4]") where detail ("F32 [64, 32]")
    WrongTensorCount,  // count tensors where the model needs limit
};

// Which structure of a GGUF file is wrong: defined, and worded in English, beside the GGUF reader
// (encodings/gguf_fault.h).
enum class GgufFault;

// The kind of value a key needs (FileIssue::WrongType).
enum class ValueKind { Number, WholeNumber, NumberList, Text, TrueFalse, Object, Float, List };

struct FileProblem {
    FileIssue issue;
    std::string key{};  // as the file writes it ("rope_scaling.factor"); "" for none
    ValueKind expected = ValueKind::Number;
    std::string found{};   // what the file holds there: a JSON type, a value, a version, bytes
    std::string detail{};  // technical detail in English (a system or parser message)
    GgufFault fault{};     // a GGUF structure problem (0: none); its numbers follow
    std::string name{};    // the GGUF key or tensor
    std::uint64_t count = 0;
    std::uint64_t limit = 0;
    std::uint64_t offset = 0;
    std::uint64_t index = 0;

    bool operator==(const FileProblem&) const = default;
};

// The English sentence for a file problem: "rope_scaling must be an object, got array". A GGUF
// fault is said by describeGguf (encodings/gguf_fault.h); here only its detail.
std::string describe(const FileProblem& problem);

// A file that cannot be used (config.json, GGUF, presets): `source` names the file. The problem is
// either a bad parameter (parameterProblem(), with keyOf() giving the file's own name for each
// parameter it read: "rope_scaling.factor", "llama.rope.freq_base") or a structural one
// (fileProblem()). what(): "'SOURCE': PROBLEM" in English, parameters named with the file's keys.
class FileError : public InputError {
public:
    using Keys = std::vector<std::pair<std::string, std::string>>;  // core id -> the file's key

    FileError(std::string source, FileProblem problem);
    // A problem whose English the reader words itself (a GGUF fault: encodings/gguf_fault.h).
    FileError(std::string source, FileProblem problem, std::string problemText);
    FileError(std::string source, ParameterProblem problem, Keys keys);

    const std::string& source() const { return source_; }
    // The English sentence without the source: "rope_scaling.factor must be >= 1, got 0.5".
    const std::string& problemText() const { return problemText_; }
    const std::optional<ParameterProblem>& parameterProblem() const { return parameter_; }
    const std::optional<FileProblem>& fileProblem() const { return file_; }
    // The file's key for a parameter id; the id itself when the file did not set it.
    std::string keyOf(std::string_view parameter) const;
    // The same problem inside a bigger file `source`, every key prefixed ("rope_scaling.").
    FileError within(std::string source, const std::string& prefix) const;

private:
    FileError(std::string source, std::string problemText);

    std::string source_;
    std::optional<ParameterProblem> parameter_;
    std::optional<FileProblem> file_;
    Keys keys_;
    std::string problemText_;
};

// Throws ParameterError for the common rules; `parameter` is core's id.
void requireFinite(double value, std::string_view parameter);
void requireAtLeast(double value, double lower, std::string_view parameter);
void requireNotEmpty(std::size_t size, std::string_view parameter);

}  // namespace ropelab
