// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A read-only file read at offsets (pread): several threads read different tensors of one file at
// once without sharing a position, and nothing is mapped or buffered beyond what a caller asks.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

namespace ropelab {

class TensorFile {
public:
    // WeightsError CannotOpen for a missing file, a folder or a file the system refuses.
    explicit TensorFile(const std::filesystem::path& path);
    // Bytes in memory (tests, fuzzers); they must outlive the TensorFile.
    TensorFile(std::span<const std::uint8_t> bytes, std::string name);
    ~TensorFile();
    TensorFile(const TensorFile&) = delete;
    TensorFile& operator=(const TensorFile&) = delete;

    const std::string& name() const { return name_; }
    std::uint64_t size() const { return size_; }
    // Copies n bytes at offset into out. WeightsError Truncated when they pass the end,
    // ReadFailed when the system fails. Thread-safe.
    void read(std::uint64_t offset, void* out, std::size_t n, const char* what) const;

private:
    std::string name_;
    int fd_ = -1;
    std::span<const std::uint8_t> memory_;
    std::uint64_t size_ = 0;
};

}  // namespace ropelab
