// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/safetensors.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <system_error>
#include <utility>

#include "weights/half_float.h"
#include "weights/tensor_checks.h"

namespace ropelab {

namespace {

static_assert(std::endian::native == std::endian::little, "safetensors data is little-endian");

constexpr std::string_view metadataKey = "__metadata__";
constexpr std::size_t maxDims = 16;  // a bound that keeps the element count's overflow check simple

// Bits per element of every dtype the safetensors format lists (0: unknown).
std::uint64_t dtypeBits(std::string_view dtype) {
    static constexpr std::pair<std::string_view, std::uint64_t> dtypes[] = {
        {"BOOL", 8},    {"U8", 8},   {"I8", 8},      {"F8_E5M2", 8}, {"F8_E4M3", 8},
        {"F8_E8M0", 8}, {"I16", 16}, {"U16", 16},    {"F16", 16},    {"BF16", 16},
        {"I32", 32},    {"U32", 32}, {"F32", 32},    {"F64", 64},    {"I64", 64},
        {"U64", 64},    {"F4", 4},   {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"C64", 64}};
    for (const auto& [name, bits] : dtypes) {
        if (name == dtype) return bits;
    }
    return 0;
}

// One entry of the header while it is parsed.
struct Entry {
    SafetensorsTensor tensor;
    bool hasDtype = false, hasShape = false, hasOffsets = false;
    std::vector<std::uint64_t> offsets;
};

// A SAX handler that builds only the tensor list and the metadata map: memory stays proportional
// to the header, and any other JSON shape is refused at once.
class HeaderHandler {
public:
    using Json = nlohmann::json;
    explicit HeaderHandler(const std::string& source) : source_(source) {}

    [[noreturn]] void layout(const std::string& detail) const {
        throw WeightsError(
            source_, {.fault = WeightsFault::HeaderLayout, .name = current_, .detail = detail});
    }

    bool null() { return scalar("null"); }
    bool boolean(bool) { return scalar("a boolean"); }
    bool number_integer(Json::number_integer_t value) {
        if (value < 0) return scalar("a negative number");
        return number_unsigned(static_cast<Json::number_unsigned_t>(value));
    }
    bool number_unsigned(Json::number_unsigned_t value) {
        if (depth_ == 3 && field_ == Field::Shape) {
            if (entry_.tensor.shape.size() == maxDims) layout("has more than 16 dimensions");
            entry_.tensor.shape.push_back(value);
            return true;
        }
        if (depth_ == 3 && field_ == Field::Offsets) {
            if (entry_.offsets.size() == 2) layout("has more than two data_offsets");
            entry_.offsets.push_back(value);
            return true;
        }
        return scalar("a number");
    }
    bool number_float(Json::number_float_t, const std::string&) {
        return scalar("a fractional number");
    }
    bool string(std::string& value) {
        if (depth_ == 2 && inMetadata_) {
            metadata_.emplace(std::move(key_), std::move(value));
            return true;
        }
        if (depth_ == 2 && field_ == Field::Dtype) {
            entry_.tensor.dtype = std::move(value);
            entry_.hasDtype = true;
            return true;
        }
        return scalar("a string");
    }
    bool binary(Json::binary_t&) { return scalar("binary"); }

    bool start_object(std::size_t) {
        if (depth_ == 0) {
            depth_ = 1;
            return true;
        }
        if (depth_ != 1) layout("holds an object where a number or string belongs");
        depth_ = 2;
        if (current_ == metadataKey) {
            if (seenMetadata_) layout("appears twice");
            inMetadata_ = seenMetadata_ = true;
        } else {
            if (entries_.size() == kMaxSafetensorsTensors) {
                throw WeightsError(source_, {.fault = WeightsFault::TooManyTensors,
                                             .count = entries_.size() + 1,
                                             .limit = kMaxSafetensorsTensors});
            }
            entry_ = Entry{};
            entry_.tensor.name = current_;
        }
        return true;
    }
    bool end_object() {
        if (depth_ == 2) {
            if (inMetadata_) {
                inMetadata_ = false;
            } else {
                if (!entry_.hasDtype) layout("has no dtype");
                if (!entry_.hasShape) layout("has no shape");
                if (!entry_.hasOffsets) layout("has no data_offsets");
                if (entry_.offsets.size() != 2) layout("needs two data_offsets [begin, end]");
                entries_.push_back(std::move(entry_));
            }
        }
        --depth_;
        field_ = Field::None;
        return true;
    }
    bool start_array(std::size_t) {
        if (depth_ == 2 && field_ == Field::Shape) {
            entry_.hasShape = true;
        } else if (depth_ == 2 && field_ == Field::Offsets) {
            entry_.hasOffsets = true;
        } else {
            layout(depth_ == 0 ? "is not a JSON object" : "holds a list where none belongs");
        }
        depth_ = 3;
        return true;
    }
    bool end_array() {
        depth_ = 2;
        field_ = Field::None;
        return true;
    }
    bool key(std::string& name) {
        if (depth_ == 1) {
            current_ = name;
            return true;
        }
        if (inMetadata_) {
            key_ = std::move(name);
            return true;
        }
        const bool repeated = (name == "dtype" && entry_.hasDtype) ||
                              (name == "shape" && entry_.hasShape) ||
                              (name == "data_offsets" && entry_.hasOffsets);
        if (repeated) layout("repeats the field '" + name + "'");
        field_ = name == "dtype"          ? Field::Dtype
                 : name == "shape"        ? Field::Shape
                 : name == "data_offsets" ? Field::Offsets
                                          : Field::Other;
        return true;
    }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) {
        throw WeightsError(source_, {.fault = WeightsFault::HeaderNotJson, .detail = error.what()});
    }

    std::vector<Entry>& entries() { return entries_; }
    std::map<std::string, std::string>& metadata() { return metadata_; }

private:
    enum class Field { None, Dtype, Shape, Offsets, Other };

    // A scalar is allowed only as a tensor's unknown extra field (the format ignores those).
    bool scalar(const char* what) {
        if (depth_ == 2 && !inMetadata_ && field_ == Field::Other) {
            field_ = Field::None;
            return true;
        }
        if (depth_ == 0) layout("is not a JSON object");
        if (depth_ == 1) layout("is " + std::string(what) + ", not an object");
        if (inMetadata_) layout("holds " + std::string(what) + "; metadata values are strings");
        layout("holds " + std::string(what) + " where it does not belong");
    }

    const std::string& source_;
    int depth_ = 0;
    std::string current_;  // the top-level key being read
    std::string key_;      // the metadata key being read
    Field field_ = Field::None;
    bool inMetadata_ = false, seenMetadata_ = false;
    Entry entry_;
    std::vector<Entry> entries_;
    std::map<std::string, std::string> metadata_;
};

// Converts n little-endian F16, BF16 or F64 values at raw to float.
void toFloats(std::string_view dtype, const std::uint8_t* raw, std::size_t n, float* out) {
    if (dtype == "F16" || dtype == "BF16") {
        const bool bf16 = dtype == "BF16";
        for (std::size_t i = 0; i < n; ++i) {
            const auto bits = static_cast<std::uint16_t>(raw[2 * i] | (raw[2 * i + 1] << 8));
            out[i] = bf16 ? bf16ToFloat(bits) : f16ToFloat(bits);
        }
        return;
    }
    for (std::size_t i = 0; i < n; ++i) {
        double value = 0;
        std::memcpy(&value, raw + 8 * i, 8);
        out[i] = static_cast<float>(value);
    }
}

}  // namespace

std::uint64_t SafetensorsTensor::elements() const {
    std::uint64_t count = 1;
    for (std::uint64_t d : shape) count *= d;  // checked against overflow when the file was read
    return count;
}

std::uint64_t SafetensorsTensor::rows() const {
    return shape.empty() ? 1 : shape.front();
}

std::uint64_t SafetensorsTensor::rowLength() const {
    std::uint64_t count = 1;
    for (std::size_t i = 1; i < shape.size(); ++i) count *= shape[i];
    return count;
}

bool SafetensorsTensor::readable() const {
    return dtype == "F32" || dtype == "F16" || dtype == "BF16" || dtype == "F64";
}

SafetensorsFile::SafetensorsFile(const std::filesystem::path& path) : file_(path) {
    parseHeader();
}

SafetensorsFile::SafetensorsFile(std::span<const std::uint8_t> bytes, std::string name)
    : file_(bytes, std::move(name)) {
    parseHeader();
}

void SafetensorsFile::parseHeader() {
    const std::string& source = file_.name();
    std::array<std::uint8_t, 8> length{};
    file_.read(0, length.data(), 8, "the 8-byte header length");
    std::uint64_t headerBytes = 0;
    for (std::size_t i = 8; i-- > 0;) headerBytes = (headerBytes << 8) | length[i];
    if (headerBytes > kMaxSafetensorsHeader) {
        throw WeightsError(source, {.fault = WeightsFault::HeaderTooLarge,
                                    .count = headerBytes,
                                    .limit = kMaxSafetensorsHeader});
    }
    if (headerBytes > file_.size() - 8) {
        throw WeightsError(source, {.fault = WeightsFault::HeaderBeyondEnd,
                                    .count = headerBytes,
                                    .limit = file_.size() - 8});
    }
    std::string header(static_cast<std::size_t>(headerBytes), '\0');
    file_.read(8, header.data(), header.size(), "the header");
    HeaderHandler handler(source);
    nlohmann::json::sax_parse(header, &handler);
    header = std::string();

    const std::uint64_t dataStart = 8 + headerBytes;
    const std::uint64_t dataBytes = file_.size() - dataStart;
    std::vector<Entry>& entries = handler.entries();
    for (Entry& entry : entries) {
        SafetensorsTensor& t = entry.tensor;
        const std::uint64_t bits = dtypeBits(t.dtype);
        if (bits == 0) {
            throw WeightsError(
                source, {.fault = WeightsFault::UnknownDtype, .name = t.name, .found = t.dtype});
        }
        std::uint64_t elements = 1;
        for (std::uint64_t d : t.shape) {
            if (d != 0 && elements > (UINT64_MAX / 64) / d) {
                throw WeightsError(source, {.fault = WeightsFault::BadShape,
                                            .name = t.name,
                                            .detail = "has more elements than 64 bits count"});
            }
            elements *= d;
        }
        const std::uint64_t begin = entry.offsets[0], end = entry.offsets[1];
        if (end < begin) {
            throw WeightsError(source, {.fault = WeightsFault::HeaderLayout,
                                        .name = t.name,
                                        .detail = "has data_offsets that end before they begin"});
        }
        if (end > dataBytes) {
            throw WeightsError(source, {.fault = WeightsFault::BeyondEnd,
                                        .name = t.name,
                                        .limit = dataBytes,
                                        .offset = end});
        }
        const std::uint64_t needed = (elements * bits + 7) / 8;
        if (needed != end - begin) {
            throw WeightsError(source, {.fault = WeightsFault::SizeMismatch,
                                        .name = t.name,
                                        .count = needed,
                                        .limit = end - begin});
        }
        t.offset = dataStart + begin;
        t.bytes = end - begin;
    }
    std::vector<const Entry*> byOffset;
    byOffset.reserve(entries.size());
    for (const Entry& entry : entries) {
        if (entry.tensor.bytes > 0) byOffset.push_back(&entry);
    }
    std::sort(byOffset.begin(), byOffset.end(),
              [](const Entry* a, const Entry* b) { return a->tensor.offset < b->tensor.offset; });
    for (std::size_t i = 0; i + 1 < byOffset.size(); ++i) {
        const SafetensorsTensor& a = byOffset[i]->tensor;
        const SafetensorsTensor& b = byOffset[i + 1]->tensor;
        if (a.offset + a.bytes > b.offset) {
            throw WeightsError(source,
                               {.fault = WeightsFault::Overlap, .name = b.name, .found = a.name});
        }
    }
    tensors_.reserve(entries.size());
    for (Entry& entry : entries) tensors_.push_back(std::move(entry.tensor));
    sortByName(tensors_, source);
    metadata_ = std::move(handler.metadata());
}

const SafetensorsTensor* SafetensorsFile::find(std::string_view name) const {
    return findByName(tensors_, name);
}

const SafetensorsTensor& SafetensorsFile::tensor(std::string_view name) const {
    return requireByName(tensors_, name, file_.name());
}

const std::string* SafetensorsFile::metadata(std::string_view key) const {
    const auto it = metadata_.find(std::string(key));
    return it == metadata_.end() ? nullptr : &it->second;
}

void SafetensorsFile::readRows(const SafetensorsTensor& tensor, std::uint64_t firstRow,
                               std::uint64_t rowCount, std::span<float> out) const {
    const std::string& source = file_.name();
    if (!tensor.readable()) {
        throw WeightsError(
            source,
            {.fault = WeightsFault::UnreadableDtype, .name = tensor.name, .found = tensor.dtype});
    }
    const std::uint64_t rowLength = tensor.rowLength();
    requireRowRange(source, tensor.name, tensor.rows(), rowLength, firstRow, rowCount, out.size());
    if (out.empty()) return;  // no rows, or rows of no values: nothing to read
    const std::uint64_t elementBytes = dtypeBits(tensor.dtype) / 8;
    const std::uint64_t first = firstRow * rowLength;
    const std::uint64_t offset = tensor.offset + first * elementBytes;
    if (tensor.dtype == "F32") {
        file_.read(offset, out.data(), out.size() * 4, "a tensor's rows");
        requireFiniteValues(source, tensor.name, out.data(), out.size(), first);
        return;
    }
    // Narrower and wider types go through a bounded buffer, a chunk at a time.
    constexpr std::size_t chunk = 1 << 16;
    std::vector<std::uint8_t> raw(std::min<std::size_t>(chunk, out.size()) * elementBytes);
    for (std::size_t done = 0; done < out.size();) {
        const std::size_t n = std::min(chunk, out.size() - done);
        file_.read(offset + done * elementBytes, raw.data(), n * elementBytes, "a tensor's rows");
        toFloats(tensor.dtype, raw.data(), n, out.data() + done);
        requireFiniteValues(source, tensor.name, out.data() + done, n, first + done);
        done += n;
    }
}

std::vector<float> SafetensorsFile::read(const SafetensorsTensor& tensor) const {
    std::vector<float> values(static_cast<std::size_t>(tensor.readable() ? tensor.elements() : 0));
    readRows(tensor, 0, tensor.rows(), values);
    return values;
}

namespace {

[[noreturn]] void writeFailed(const std::string& source, std::string detail) {
    throw WeightsError(source, {.fault = WeightsFault::WriteFailed, .detail = std::move(detail)});
}

void writeAll(int fd, const void* data, std::size_t n) {
    const auto* bytes = static_cast<const char*>(data);
    while (n > 0) {
        const ssize_t wrote = ::write(fd, bytes, n);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) throw std::system_error(errno, std::generic_category());
        bytes += wrote;
        n -= static_cast<std::size_t>(wrote);
    }
}

}  // namespace

void writeSafetensors(const std::filesystem::path& path,
                      std::span<const SafetensorsWriteTensor> tensors,
                      const std::map<std::string, std::string>& metadata) {
    const std::string source = path.string();
    nlohmann::ordered_json header = nlohmann::ordered_json::object();
    if (!metadata.empty()) header[std::string(metadataKey)] = metadata;
    std::uint64_t offset = 0;
    for (const SafetensorsWriteTensor& t : tensors) {
        const auto bad = [&](std::string detail) {
            throw WeightsError(
                source,
                {.fault = WeightsFault::BadShape, .name = t.name, .detail = std::move(detail)});
        };
        if (t.name.empty() || t.name == metadataKey) bad("cannot be written under that name");
        if (header.contains(t.name)) {
            throw WeightsError(source, {.fault = WeightsFault::DuplicateTensor, .name = t.name});
        }
        std::uint64_t elements = 1;
        for (std::uint64_t d : t.shape) {
            if (d != 0 && elements > UINT64_MAX / 4 / d) bad("is too large");
            elements *= d;
        }
        if (elements != t.values.size()) {
            bad("has " + std::to_string(t.values.size()) + " values for a shape of " +
                std::to_string(elements));
        }
        header[t.name] = {{"dtype", "F32"},
                          {"shape", t.shape},
                          {"data_offsets", {offset, offset + elements * 4}}};
        offset += elements * 4;
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' ');  // the data starts 8-byte aligned, as HF writes

    const std::filesystem::path folder =
        path.parent_path().empty() ? std::filesystem::path(".") : path.parent_path();
    std::string temp = (folder / ("." + path.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) writeFailed(source, std::strerror(errno));
    try {
        std::array<std::uint8_t, 8> length{};
        for (std::size_t i = 0; i < 8; ++i) {
            length[i] =
                static_cast<std::uint8_t>(static_cast<std::uint64_t>(text.size()) >> (8 * i));
        }
        writeAll(fd, length.data(), length.size());
        writeAll(fd, text.data(), text.size());
        for (const SafetensorsWriteTensor& t : tensors) {
            writeAll(fd, t.values.data(), t.values.size() * sizeof(float));
        }
        // mkstemp makes the file 0600; a model file is as readable as any other the user saves.
        if (::fchmod(fd, 0644) != 0 || ::fsync(fd) != 0)
            throw std::system_error(errno, std::generic_category());
        if (::close(fd) != 0) {
            const int error = errno;
            ::unlink(temp.c_str());
            writeFailed(source, std::strerror(error));
        }
    } catch (const std::system_error& error) {
        ::close(fd);
        ::unlink(temp.c_str());
        writeFailed(source, std::strerror(error.code().value()));
    }
    if (std::rename(temp.c_str(), source.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        writeFailed(source, std::strerror(error));
    }
}

}  // namespace ropelab
