// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What is wrong with a GGUF file's structure, as data: the reader (encodings/gguf_reader.cpp)
// throws FileError with a FileProblem whose `fault` is one of these; each front end words it.

#include <string>

#include "common/parameter_error.h"

namespace ropelab {

// Which structure of a GGUF file is wrong (FileIssue Truncated, Damaged, Unsupported), with the
// numbers FileProblem carries: `name` (a key or a tensor), `count`, `limit`, `offset`, `index`.
enum class GgufFault {
    None,              // no GGUF fault: `detail` says what is wrong
    CutShort,          // at byte `offset`, `count` bytes are needed, `limit` remain; detail: what
    TooManyEntries,    // the header claims `count` metadata entries, more than the file can hold
    TooManyTensors,    // the header claims `count` tensors, more than the file can hold
    TooManyStrings,    // the array `name` claims `count` strings, more than the file can hold
    TooManyElements,   // the array `name` claims `count` elements, more than the file can hold
    KeyTooLong,        // metadata entry `index` has a key longer than `limit` bytes
    UnknownArrayType,  // the array `name` has the unknown element type `count`
    UnknownValueType,  // the key `name` has the unknown value type `count`
    DuplicateKey,      // the key `name` appears twice
    TooManyDims,       // tensor `index` has `count` dimensions; ggml allows `limit`
    DuplicateTensor,   // the tensor `name` appears twice
    BadAlignment,      // general.alignment is `found`, not a power of two (uint32)
    MisalignedTensor,  // the tensor `name` has offset `offset`, not a multiple of `limit`
    HugeTensor,        // the tensor `name` has more elements than 64 bits count
    WrongFactorCount,  // the tensor `name` has `count` values; `limit` (rotated pairs) expected
    BadFactor,         // the tensor `name` holds `found`; factors must be positive and finite
    TensorBeyondEnd,   // the tensor `name` lies beyond the end of the file
    FactorType,        // the tensor `name` has ggml type `count`, not F32 (0)
    StringTooLong,     // the text at `name` is longer than `limit` bytes
    ArrayOfArrays,     // the key `name` is an array of arrays
    TooManyRopeKeys,   // more than `limit` RoPE-related keys
    BigEndian,         // a big-endian GGUF file
};

// The English sentence for a problem of a GGUF file, its fault said: "damaged: duplicate key 'x'".
std::string describeGguf(const FileProblem& problem);

}  // namespace ropelab
