// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/weights_error.h"

#include <utility>

namespace ropelab {

namespace {

// One short line whatever the file holds: names echoed from it may hold control characters.
std::string oneLine(std::string text) {
    constexpr std::size_t maxText = 200;
    if (text.size() > maxText) text = text.substr(0, maxText) + "...";
    for (char& c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    }
    return text;
}

std::string faultText(const WeightsProblem& p) {
    const auto n = [](std::uint64_t value) { return std::to_string(value); };
    const std::string tensor = "tensor '" + p.name + "'";
    switch (p.fault) {
        case WeightsFault::None:
            break;
        case WeightsFault::CannotOpen:
            return "cannot open (" + p.detail + ")";
        case WeightsFault::ReadFailed:
            return "read error (" + p.detail + ")";
        case WeightsFault::Truncated:
            return "truncated: " + p.detail + " needs " + n(p.count) + " bytes, the file has " +
                   n(p.limit);
        case WeightsFault::HeaderTooLarge:
            return "the header claims " + n(p.count) + " bytes; RoPE Lab reads headers up to " +
                   n(p.limit) + " bytes";
        case WeightsFault::HeaderBeyondEnd:
            return "the header claims " + n(p.count) + " bytes, only " + n(p.limit) + " follow";
        case WeightsFault::HeaderNotJson:
            return "the header is not valid JSON (" + p.detail + ")";
        case WeightsFault::HeaderLayout:
            return "the header " + (p.name.empty() ? std::string() : "entry '" + p.name + "' ") +
                   p.detail;
        case WeightsFault::DuplicateTensor:
            return "duplicate " + tensor;
        case WeightsFault::UnknownDtype:
            return tensor + " has unknown dtype '" + p.found + "'";
        case WeightsFault::UnreadableDtype:
            return tensor + " has dtype " + p.found + ", which RoPE Lab does not read";
        case WeightsFault::SizeMismatch:
            return tensor + " needs " + n(p.count) +
                   " bytes for its shape and type, its data has " + n(p.limit);
        case WeightsFault::BeyondEnd:
            return tensor + " ends at byte " + n(p.offset) + ", beyond the data's " + n(p.limit) +
                   " bytes";
        case WeightsFault::Overlap:
            return tensor + " overlaps tensor '" + p.found + "'";
        case WeightsFault::BadShape:
            return tensor + " " + p.detail;
        case WeightsFault::NotFinite:
            return tensor + " holds " + p.found + " at element " + n(p.index);
        case WeightsFault::MissingTensor:
            return "has no " + tensor;
        case WeightsFault::WrongShape:
            return tensor + " has shape " + p.found + ", expected " + p.detail;
        case WeightsFault::UnknownLayout:
            return "the q/k projection tensors of architecture '" + p.found +
                   "' are not known to RoPE Lab";
        case WeightsFault::NoRope:
            return "the model's position encoding is '" + p.found + "', not RoPE";
        case WeightsFault::BadIndex:
            return "model.safetensors.index.json " + p.detail;
        case WeightsFault::TooManyTensors:
            return "claims " + n(p.count) + " tensors; RoPE Lab reads at most " + n(p.limit);
        case WeightsFault::WriteFailed:
            return "cannot write (" + p.detail + ")";
    }
    return p.detail;
}

WeightsProblem tidy(WeightsProblem problem) {
    problem.name = oneLine(std::move(problem.name));
    problem.found = oneLine(std::move(problem.found));
    problem.detail = oneLine(std::move(problem.detail));
    return problem;
}

}  // namespace

std::string describe(const WeightsProblem& problem) {
    return faultText(tidy(problem));
}

WeightsError::WeightsError(std::string source, WeightsProblem problem)
    : InputError("'" + oneLine(source) + "': " + describe(problem)),
      source_(std::move(source)),
      problem_(tidy(std::move(problem))) {}

}  // namespace ropelab
