// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/tensor_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "weights/weights_error.h"

namespace ropelab {

TensorFile::TensorFile(const std::filesystem::path& path) : name_(path.string()) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        throw WeightsError(name_,
                           {.fault = WeightsFault::CannotOpen, .detail = std::strerror(errno)});
    }
    struct stat info {};
    if (::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
        const std::string reason =
            S_ISDIR(info.st_mode) ? "a folder, not a file" : "not a regular file";
        ::close(fd_);
        throw WeightsError(name_, {.fault = WeightsFault::CannotOpen, .detail = reason});
    }
    size_ = static_cast<std::uint64_t>(info.st_size);
}

TensorFile::TensorFile(std::span<const std::uint8_t> bytes, std::string name)
    : name_(std::move(name)), memory_(bytes), size_(bytes.size()) {}

TensorFile::~TensorFile() {
    if (fd_ >= 0) ::close(fd_);
}

void TensorFile::read(std::uint64_t offset, void* out, std::size_t n, const char* what) const {
    if (offset > size_ || n > size_ - offset) {
        throw WeightsError(name_, {.fault = WeightsFault::Truncated,
                                   .detail = what,
                                   .count = offset + n,
                                   .limit = size_});
    }
    if (fd_ < 0) {
        if (n > 0) std::memcpy(out, memory_.data() + offset, n);
        return;
    }
    auto* bytes = static_cast<char*>(out);
    while (n > 0) {
        const ssize_t got = ::pread(fd_, bytes, n, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            // 0: the file shrank after it was opened.
            throw WeightsError(name_,
                               {.fault = WeightsFault::ReadFailed,
                                .detail = got < 0 ? std::strerror(errno) : "the file ended early"});
        }
        bytes += got;
        offset += static_cast<std::uint64_t>(got);
        n -= static_cast<std::size_t>(got);
    }
}

}  // namespace ropelab
