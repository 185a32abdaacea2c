// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What is wrong with a weights file (safetensors, a GGUF's tensors, a model folder), as data: the
// fault and its numbers. WeightsError is an InputError whose what() is one line,
// "'FILE': tensor 'x' overlaps tensor 'y'"; problem() lets the app word the fault in the user's
// language.

#include <cstdint>
#include <string>

#include "common/errors.h"

namespace ropelab {

enum class WeightsFault {
    None,             // `detail` says what is wrong
    CannotOpen,       // detail: the system's reason
    ReadFailed,       // detail: the system's reason
    Truncated,        // the file has `limit` bytes; `count` are needed; detail: for what
    HeaderTooLarge,   // the safetensors header claims `count` bytes; RoPE Lab reads <= `limit`
    HeaderBeyondEnd,  // the header claims `count` bytes, only `limit` follow the length field
    HeaderNotJson,    // the header is not JSON; detail: the parser's message
    HeaderLayout,     // the header is JSON of the wrong shape; detail: what is wrong, `name`
    DuplicateTensor,  // the tensor `name` appears twice
    UnknownDtype,     // the tensor `name` has the dtype `found`, which no format lists
    UnreadableDtype,  // the tensor `name` has the dtype `found`, which RoPE Lab cannot read
    SizeMismatch,     // the tensor `name` needs `count` bytes for its shape; its data has `limit`
    BeyondEnd,        // the tensor `name` ends at byte `offset`, past the data's `limit` bytes
    Overlap,          // the tensors `name` and `found` share bytes
    BadShape,         // the tensor `name` has a shape the reader cannot use; detail: why
    NotFinite,        // the tensor `name` holds `found` at element `index`
    MissingTensor,    // the model has no tensor `name`
    WrongShape,       // the tensor `name` has shape `found`; `detail` says what was expected
    UnknownLayout,    // this architecture's q/k tensors are not known; found: the architecture
    NoRope,           // the model's position encoding is `found`, not RoPE
    BadIndex,         // model.safetensors.index.json is wrong; detail: how
    TooManyTensors,   // the file claims `count` tensors; RoPE Lab reads at most `limit`
    WriteFailed,      // writing failed; detail: the system's reason
};

struct WeightsProblem {
    WeightsFault fault = WeightsFault::None;
    std::string name{};    // a tensor or key
    std::string found{};   // what the file holds there
    std::string detail{};  // technical detail in English
    std::uint64_t count = 0;
    std::uint64_t limit = 0;
    std::uint64_t offset = 0;
    std::uint64_t index = 0;

    bool operator==(const WeightsProblem&) const = default;
};

// The English sentence without the file: "tensor 'a' overlaps tensor 'b'".
std::string describe(const WeightsProblem& problem);

class WeightsError : public InputError {
public:
    WeightsError(std::string source, WeightsProblem problem);
    const std::string& source() const { return source_; }
    const WeightsProblem& problem() const { return problem_; }

private:
    std::string source_;
    WeightsProblem problem_;
};

}  // namespace ropelab
