// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Hugging Face safetensors files (https://huggingface.co/docs/safetensors): an 8-byte
// little-endian header length N, N bytes of JSON {"NAME": {"dtype": "BF16", "shape": [r, c],
// "data_offsets": [begin, end]}, ..., "__metadata__": {"key": "text"}}, then the data; offsets
// count from the first byte after the header, tensors are row-major and little-endian.
//
// Reading: SafetensorsFile checks the whole header before it allocates anything for the data —
// the header length against kMaxSafetensorsHeader and the file, every dtype, every shape's byte
// count against its offsets, every tensor against the end of the data and against the others
// (no overlaps) — and keeps only the tensor list; tensors are read on request, a row range at a
// time, with pread (thread-safe: threads may read different tensors at once). F32, F16, BF16 and
// F64 read as float; every other dtype is listed by name and refused when read. Any problem
// throws WeightsError (weights/weights_error.h): one line naming the file and the problem.
//
//   const SafetensorsFile file("model.safetensors");
//   const SafetensorsTensor& q = file.tensor("model.layers.0.self_attn.q_proj.weight");
//   std::vector<float> rows(8 * q.rowLength());
//   file.readRows(q, 0, 8, rows);                 // rows 0..7, converted to float
//   const std::string* step = file.metadata("step");
//
// Writing: writeSafetensors writes F32 tensors and a metadata map to a temporary file in the
// target's folder and renames it over the target, so readers see the old file or the whole new
// one; on failure the temporary file is removed and WeightsError (WriteFailed) says why.
//
//   writeSafetensors("tiny.safetensors", {{"w", {2, 3}, values}}, {{"step", "100"}});

#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "weights/tensor_file.h"

namespace ropelab {

// The largest header read (the reference implementation's MAX_HEADER_SIZE, 100 MB).
inline constexpr std::uint64_t kMaxSafetensorsHeader = 100'000'000;
// The most tensors one file may list.
inline constexpr std::uint64_t kMaxSafetensorsTensors = 1u << 20;

struct SafetensorsTensor {
    std::string name;
    std::string dtype;                 // as the file writes it: "F32", "BF16", "I8", ...
    std::vector<std::uint64_t> shape;  // outermost first: {rows, columns} for a matrix
    std::uint64_t offset = 0;          // of the first byte, from the start of the file
    std::uint64_t bytes = 0;           // of data
    std::uint64_t elements() const;    // the product of shape (1 for a scalar)
    std::uint64_t rows() const;        // shape[0]; 1 for a scalar
    std::uint64_t rowLength() const;   // elements() / rows(); the product of shape[1..]
    bool readable() const;             // F32, F16, BF16 or F64
};

class SafetensorsFile {
public:
    explicit SafetensorsFile(const std::filesystem::path& path);
    // A file's bytes in memory (tests, fuzzers); they must outlive the object.
    SafetensorsFile(std::span<const std::uint8_t> bytes, std::string name);

    const std::string& name() const { return file_.name(); }
    const std::vector<SafetensorsTensor>& tensors() const { return tensors_; }  // by name
    const SafetensorsTensor* find(std::string_view name) const;
    // WeightsError MissingTensor when absent.
    const SafetensorsTensor& tensor(std::string_view name) const;
    const std::map<std::string, std::string>& metadata() const { return metadata_; }
    const std::string* metadata(std::string_view key) const;

    // Rows [firstRow, firstRow + rowCount) as floats, row-major, into out (exactly rowCount ×
    // rowLength() values). WeightsError for an unreadable dtype, rows past the end (BadShape),
    // a non-finite value (NotFinite, with its element index in the tensor) or a read error.
    void readRows(const SafetensorsTensor& tensor, std::uint64_t firstRow, std::uint64_t rowCount,
                  std::span<float> out) const;
    // The whole tensor as floats.
    std::vector<float> read(const SafetensorsTensor& tensor) const;

private:
    void parseHeader();

    TensorFile file_;
    std::vector<SafetensorsTensor> tensors_;
    std::map<std::string, std::string> metadata_;
};

// One F32 tensor to write: values row-major, exactly the product of shape of them.
struct SafetensorsWriteTensor {
    std::string name;
    std::vector<std::uint64_t> shape;
    std::span<const float> values;
};

// Writes the tensors (in the order given) and the metadata atomically; see the top of this file.
// WeightsError for an empty or duplicate name, "__metadata__" as a name, values that do not fill
// the shape, or a failed write (WriteFailed, with the system's reason).
void writeSafetensors(const std::filesystem::path& path,
                      std::span<const SafetensorsWriteTensor> tensors,
                      const std::map<std::string, std::string>& metadata = {});

}  // namespace ropelab
