// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/gguf_fault.h"

namespace ropelab {

namespace {

// The English for a GGUF fault: "claims 2 tensors, more than the file can hold".
std::string ggufFaultText(const FileProblem& p) {
    const auto n = [](std::uint64_t value) { return std::to_string(value); };
    const std::string quoted = "'" + p.name + "'";
    const std::string tensor = "tensor " + quoted;
    switch (p.fault) {
        case GgufFault::None:
            break;
        case GgufFault::CutShort:
            return p.detail + " at byte " + n(p.offset) + " needs " + n(p.count) + " bytes, only " +
                   n(p.limit) + " remain";
        case GgufFault::TooManyEntries:
            return "claims " + n(p.count) + " metadata entries, more than the file can hold";
        case GgufFault::TooManyTensors:
            return "claims " + n(p.count) + " tensors, more than the file can hold";
        case GgufFault::TooManyStrings:
            return quoted + " claims " + n(p.count) + " strings, more than the file can hold";
        case GgufFault::TooManyElements:
            return quoted + " claims " + n(p.count) + " elements, more than the file can hold";
        case GgufFault::KeyTooLong:
            return "metadata entry " + n(p.index) + " has a key longer than GGUF's " + n(p.limit) +
                   " bytes";
        case GgufFault::UnknownArrayType:
            return quoted + " is an array of unknown type " + n(p.count);
        case GgufFault::UnknownValueType:
            return quoted + " has unknown value type " + n(p.count);
        case GgufFault::DuplicateKey:
            return "duplicate key " + quoted;
        case GgufFault::TooManyDims:
            return "tensor " + n(p.index) + " has " + n(p.count) + " dimensions; ggml allows " +
                   n(p.limit);
        case GgufFault::DuplicateTensor:
            return "duplicate tensor " + quoted;
        case GgufFault::BadAlignment:
            return "general.alignment must be a power of two (uint32), got " + p.found;
        case GgufFault::MisalignedTensor:
            return tensor + " has offset " + n(p.offset) + ", not a multiple of the alignment " +
                   n(p.limit);
        case GgufFault::HugeTensor:
            return tensor + " is huge";
        case GgufFault::WrongFactorCount:
            return tensor + " has " + n(p.count) +
                   " values; llama.cpp expects rope.dimension_count/2 = " + n(p.limit);
        case GgufFault::BadFactor:
            return tensor + " holds " + p.found + "; factors must be positive and finite";
        case GgufFault::TensorBeyondEnd:
            return tensor + " lies beyond the end of the file";
        case GgufFault::FactorType:
            return tensor + " has ggml type " + n(p.count) +
                   "; llama.cpp's converter writes RoPE factors as F32 (type 0)";
        case GgufFault::StringTooLong:
            return quoted + " is longer than " + n(p.limit) + " bytes";
        case GgufFault::ArrayOfArrays:
            return quoted + " is an array of arrays";
        case GgufFault::TooManyRopeKeys:
            return "more than " + n(p.limit) + " RoPE-related keys";
        case GgufFault::BigEndian:
            return "a big-endian GGUF file; only little-endian files are supported";
    }
    return p.detail;
}

}  // namespace

std::string describeGguf(const FileProblem& p) {
    switch (p.issue) {
        case FileIssue::Truncated:
            return "truncated: " + ggufFaultText(p);
        case FileIssue::Damaged:
            return "damaged: " + ggufFaultText(p);
        case FileIssue::Unsupported:
            return "unsupported: " + ggufFaultText(p);
        default:
            return describe(p);
    }
}

}  // namespace ropelab
