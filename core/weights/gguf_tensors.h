// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The tensors of a GGUF file (llama.cpp's format), read a row range at a time as float.
//
// GgufFile reads the header with the GGUF reader (encodings/gguf_reader.h: RoPE, shape keys,
// tensor list) and checks every tensor before any data is read: a ggml type it knows, a row
// length that is a whole number of blocks, an offset on the file's alignment, its bytes
// (rows × blocks per row × block bytes) inside the file and apart from every other tensor's —
// so a tensor whose quant type and size disagree overlaps its neighbour or passes the end and is
// refused. Reading dequantises block by block (weights/ggml_quants.h) through a bounded buffer,
// with pread: threads may read different tensors at once. Problems throw WeightsError (one line
// naming the file); header problems the GGUF reader's FileError.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "encodings/gguf_reader.h"
#include "weights/tensor_file.h"

namespace ropelab {

struct GgufTensor {
    std::string name;
    std::vector<std::uint64_t> dims;  // ggml's ne, innermost first: dims[0] is the row length
    std::uint32_t type = 0;           // ggml_type
    std::uint64_t offset = 0;         // of the first byte, from the start of the file
    std::uint64_t bytes = 0;
    std::uint64_t rowLength() const;  // dims[0]
    std::uint64_t rows() const;       // the product of dims[1..]
    std::string typeName() const;     // "Q4_K"
    bool readable() const;            // a type ggml_quants.h dequantises
};

class GgufFile {
public:
    explicit GgufFile(const std::filesystem::path& path);
    // A file's bytes in memory (tests, fuzzers); they must outlive the object.
    GgufFile(std::span<const std::uint8_t> bytes, std::string name);

    const std::string& name() const { return file_.name(); }
    const GgufLayout& layout() const { return layout_; }
    const std::vector<GgufTensor>& tensors() const { return tensors_; }  // by name
    const GgufTensor* find(std::string_view name) const;
    const GgufTensor& tensor(std::string_view name) const;  // WeightsError MissingTensor

    // Rows [firstRow, firstRow + rowCount) as floats into out (rowCount × rowLength() values).
    // WeightsError for an unreadable type, rows past the end, a non-finite value, a read error.
    void readRows(const GgufTensor& tensor, std::uint64_t firstRow, std::uint64_t rowCount,
                  std::span<float> out) const;

private:
    void checkTensors();

    TensorFile file_;
    GgufLayout layout_;
    std::vector<GgufTensor> tensors_;
};

}  // namespace ropelab
