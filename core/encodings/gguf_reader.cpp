// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/gguf_reader.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <fstream>
#include <numbers>
#include <utility>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/number_text.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

namespace {

// GGUF value types (ggml/include/gguf.h).
enum GgufType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

// Bytes of one value of a fixed-size type; 0 for string, array and unknown types.
std::uint64_t fixedSize(std::uint32_t type) {
    switch (type) {
        case U8:
        case I8:
        case Bool:
            return 1;
        case U16:
        case I16:
            return 2;
        case U32:
        case I32:
        case F32:
            return 4;
        case U64:
        case I64:
        case F64:
            return 8;
        default:
            return 0;
    }
}

constexpr std::uint32_t ggmlTypeF32 = 0;
constexpr std::uint32_t ggmlMaxDims = 4;              // GGML_MAX_DIMS
constexpr std::uint64_t defaultAlignment = 32;        // GGUF_DEFAULT_ALIGNMENT
constexpr std::uint64_t maxKeyBytes = 65535;          // the GGUF spec's limit on key length
constexpr std::uint64_t maxKeptStringBytes = 256;     // architecture and scaling type names
constexpr std::size_t maxKeptValues = 4096;           // RoPE-related keys kept while reading
constexpr std::uint64_t maxListedTensors = 1u << 20;  // tensor infos kept for the weights reader
constexpr std::string_view ropeTensorNames[] = {"rope_freqs.weight", "rope_factors_long.weight",
                                                "rope_factors_short.weight"};

class Source {
public:
    virtual ~Source() = default;
    virtual std::uint64_t size() const = 0;
    // Copies n bytes at offset; the caller has checked offset + n <= size().
    virtual void read(std::uint64_t offset, std::uint8_t* out, std::size_t n) = 0;
};

class MemorySource final : public Source {
public:
    explicit MemorySource(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
    std::uint64_t size() const override { return bytes_.size(); }
    void read(std::uint64_t offset, std::uint8_t* out, std::size_t n) override {
        std::memcpy(out, bytes_.data() + offset, n);
    }

private:
    std::span<const std::uint8_t> bytes_;
};

// Reads through a 64 KiB window, so the many small reads of the metadata cost few system calls
// and skipped arrays (token lists) are never read at all.
class FileSource final : public Source {
public:
    FileSource(std::ifstream& stream, std::uint64_t size) : stream_(stream), size_(size) {}
    std::uint64_t size() const override { return size_; }
    void read(std::uint64_t offset, std::uint8_t* out, std::size_t n) override {
        if (n > window_.size()) {
            load(offset, out, n);
            return;
        }
        if (offset < windowStart_ || offset + n > windowStart_ + windowBytes_) {
            windowStart_ = offset;
            windowBytes_ =
                static_cast<std::size_t>(std::min<std::uint64_t>(window_.size(), size_ - offset));
            load(offset, window_.data(), windowBytes_);
        }
        std::memcpy(out, window_.data() + (offset - windowStart_), n);
    }

private:
    void load(std::uint64_t offset, std::uint8_t* out, std::size_t n) {
        stream_.clear();
        stream_.seekg(static_cast<std::streamoff>(offset));
        stream_.read(reinterpret_cast<char*>(out), static_cast<std::streamsize>(n));
        if (!stream_) throw std::ios_base::failure("read error");
    }

    std::ifstream& stream_;
    std::uint64_t size_;
    std::array<std::uint8_t, 1 << 16> window_{};
    std::uint64_t windowStart_ = 0;
    std::size_t windowBytes_ = 0;
};

// A kept metadata value: a number (integers exact up to 2^53, enough for every key we use), a
// bool or a short string. Integer arrays keep their first element (head_count per layer).
struct Value {
    std::uint32_t type = U8;
    bool fromArray = false;
    double number = 0.0;
    std::string text;
    bool isInteger() const {
        return type == U8 || type == I8 || type == U16 || type == I16 || type == U32 ||
               type == I32 || type == U64 || type == I64;
    }
    bool isFloat() const { return type == F32 || type == F64; }
};

struct TensorInfo {
    std::string name;
    std::vector<std::uint64_t> dims;
    std::uint32_t type = 0;
    std::uint64_t offset = 0;
};

// One short line whatever the file holds: keys and names echoed from it may contain control
// characters or run to 64 KiB.
std::string oneLine(const std::string& text) {
    constexpr std::size_t maxText = 300;
    std::string line = text.size() > maxText ? text.substr(0, maxText) + "..." : text;
    for (char& c : line) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    }
    return line;
}

class Parser {
public:
    Parser(Source& source, std::string name) : source_(source), name_(std::move(name)) {}

    [[noreturn]] void fail(FileProblem problem) const {
        for (std::string* text : {&problem.key, &problem.found, &problem.detail, &problem.name}) {
            *text = oneLine(*text);
        }
        std::string text = describeGguf(problem);
        throw FileError(name_, std::move(problem), std::move(text));
    }
    [[noreturn]] void fail(FileIssue issue, const std::string& detail) const {
        fail({issue, "", {}, "", detail});
    }
    // A bad value: `keys` names each parameter by the GGUF key that gave it.
    [[noreturn]] void fail(ParameterProblem problem, FileError::Keys keys = {}) const {
        problem.parameter = oneLine(problem.parameter);
        problem.valueText = oneLine(problem.valueText);
        for (auto& [id, key] : keys) key = oneLine(key);
        throw FileError(name_, std::move(problem), std::move(keys));
    }

    std::uint64_t position() const { return position_; }
    std::uint64_t remaining() const { return source_.size() - position_; }

    void need(std::uint64_t bytes, const std::string& what) const {
        if (bytes > remaining()) {
            fail({.issue = FileIssue::Truncated,
                  .detail = what,
                  .fault = GgufFault::CutShort,
                  .count = bytes,
                  .limit = remaining(),
                  .offset = position_});
        }
    }

    void skip(std::uint64_t bytes, const std::string& what) {
        need(bytes, what);
        position_ += bytes;
    }

    void seek(std::uint64_t offset) { position_ = offset; }

    // Little-endian unsigned integer of `bytes` bytes.
    std::uint64_t unsignedValue(std::size_t bytes, const std::string& what) {
        need(bytes, what);
        std::array<std::uint8_t, 8> raw{};
        source_.read(position_, raw.data(), bytes);
        position_ += bytes;
        std::uint64_t value = 0;
        for (std::size_t i = bytes; i-- > 0;) value = (value << 8) | raw[i];
        return value;
    }
    std::uint32_t u32(const std::string& what) {
        return static_cast<std::uint32_t>(unsignedValue(4, what));
    }
    std::uint64_t u64(const std::string& what) { return unsignedValue(8, what); }

    // One value of a fixed-size type, as a double.
    double number(std::uint32_t type, const std::string& what) {
        const std::uint64_t raw = unsignedValue(static_cast<std::size_t>(fixedSize(type)), what);
        switch (type) {
            case I8:
                return static_cast<std::int8_t>(raw);
            case I16:
                return static_cast<std::int16_t>(raw);
            case I32:
                return static_cast<std::int32_t>(raw);
            case I64:
                return static_cast<double>(static_cast<std::int64_t>(raw));
            case F32:
                return std::bit_cast<float>(static_cast<std::uint32_t>(raw));
            case F64:
                return std::bit_cast<double>(raw);
            default:
                return static_cast<double>(raw);
        }
    }

    // A GGUF string (u64 length, bytes): kept if at most maxBytes long, else skipped (nullopt).
    std::optional<std::string> string(std::uint64_t maxBytes, const std::string& what) {
        const std::uint64_t length = u64(what + " length");
        need(length, what);
        if (length > maxBytes) {
            position_ += length;
            return std::nullopt;
        }
        std::string text(static_cast<std::size_t>(length), '\0');
        source_.read(position_, reinterpret_cast<std::uint8_t*>(text.data()), text.size());
        position_ += length;
        return text;
    }

    void floats(std::uint64_t offset, std::vector<double>& out, std::size_t count) {
        std::vector<std::uint8_t> raw(count * 4);
        source_.read(offset, raw.data(), raw.size());
        out.resize(count);
        for (std::size_t i = 0; i < count; ++i) {
            std::uint32_t bits = 0;
            for (std::size_t b = 4; b-- > 0;) bits = (bits << 8) | raw[i * 4 + b];
            out[i] = std::bit_cast<float>(bits);
        }
    }

private:
    Source& source_;
    std::string name_;
    std::uint64_t position_ = 0;
};

// The key suffixes (after "{arch}.") and the general keys RoPE needs.
bool isRopeKey(std::string_view key) {
    if (key == "general.architecture" || key == "general.alignment") return true;
    static constexpr std::string_view suffixes[] = {".context_length",
                                                    ".embedding_length",
                                                    ".attention.head_count",
                                                    ".attention.head_count_kv",
                                                    ".block_count",
                                                    ".attention.key_length",
                                                    ".rope.dimension_count",
                                                    ".rope.freq_base",
                                                    ".rope.scale_linear",
                                                    ".rope.scaling.type",
                                                    ".rope.scaling.factor",
                                                    ".rope.scaling.attn_factor",
                                                    ".rope.scaling.original_context_length",
                                                    ".rope.scaling.yarn_log_multiplier",
                                                    ".rope.scaling.yarn_ext_factor",
                                                    ".rope.scaling.yarn_beta_fast",
                                                    ".rope.scaling.yarn_beta_slow"};
    return std::any_of(std::begin(suffixes), std::end(suffixes), [&](std::string_view suffix) {
        return key.size() > suffix.size() && key.substr(key.size() - suffix.size()) == suffix;
    });
}

struct Metadata {
    std::uint32_t version = 0;
    std::vector<std::pair<std::string, Value>> values;
    std::vector<TensorInfo> ropeTensors;
    std::vector<TensorInfo> allTensors;  // every tensor, when asked for (ggufLayoutFrom...)
    std::uint64_t dataStart = 0;
    std::uint64_t alignment = defaultAlignment;
    const Value* find(std::string_view key) const {
        for (const auto& [name, value] : values) {
            if (name == key) return &value;
        }
        return nullptr;
    }
};

std::string hexBytes(const std::uint8_t* bytes, std::size_t n) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0) text += ' ';
        text += digits[bytes[i] >> 4];
        text += digits[bytes[i] & 15];
    }
    return text;
}

void readValue(Parser& parser, const std::string& key, std::uint32_t type, bool keep,
               Metadata& metadata) {
    const std::string what = "the value of '" + key + "'";
    Value value;
    value.type = type;
    if (type == String) {
        const std::optional<std::string> text = parser.string(maxKeptStringBytes, what);
        if (!keep) return;
        if (!text)
            parser.fail({.issue = FileIssue::Unsupported,
                         .fault = GgufFault::StringTooLong,
                         .name = key,
                         .limit = maxKeptStringBytes});
        value.text = *text;
    } else if (type == Array) {
        const std::uint32_t elementType = parser.u32(what + " (array type)");
        const std::uint64_t count = parser.u64(what + " (array length)");
        if (elementType == Array) {
            parser.fail(
                {.issue = FileIssue::Unsupported, .fault = GgufFault::ArrayOfArrays, .name = key});
        }
        if (elementType == String) {
            // Each string is at least its 8-byte length: a bound before looping.
            if (count > parser.remaining() / 8) {
                parser.fail({.issue = FileIssue::Damaged,
                             .fault = GgufFault::TooManyStrings,
                             .name = key,
                             .count = count});
            }
            for (std::uint64_t i = 0; i < count; ++i) parser.string(0, what);
            return;
        }
        const std::uint64_t size = fixedSize(elementType);
        if (size == 0) {
            parser.fail({.issue = FileIssue::Damaged,
                         .fault = GgufFault::UnknownArrayType,
                         .name = key,
                         .count = elementType});
        }
        if (count > parser.remaining() / size) {
            parser.fail({.issue = FileIssue::Truncated,
                         .fault = GgufFault::TooManyElements,
                         .name = key,
                         .count = count});
        }
        if (!keep || count == 0) {
            parser.skip(count * size, what);
            return;
        }
        value.type = elementType;
        value.fromArray = true;
        value.number = parser.number(elementType, what);
        parser.skip((count - 1) * size, what);
    } else {
        if (fixedSize(type) == 0) {
            parser.fail({.issue = FileIssue::Damaged,
                         .fault = GgufFault::UnknownValueType,
                         .name = key,
                         .count = type});
        }
        value.number = parser.number(type, what);
        if (!keep) return;
    }
    if (metadata.find(key) != nullptr) {
        parser.fail({.issue = FileIssue::Damaged, .fault = GgufFault::DuplicateKey, .name = key});
    }
    if (metadata.values.size() >= maxKeptValues) {
        parser.fail({.issue = FileIssue::Unsupported,
                     .fault = GgufFault::TooManyRopeKeys,
                     .limit = maxKeptValues});
    }
    metadata.values.emplace_back(key, std::move(value));
}

// keepTensors: keep every tensor's info (names up to 63 bytes, ggml's GGML_MAX_NAME − 1; longer
// ones are kept with an empty name), at most maxListedTensors of them.
Metadata readMetadata(Parser& parser, bool keepTensors) {
    Metadata metadata;
    parser.need(4, "the magic 'GGUF'");
    const std::uint64_t magic = parser.unsignedValue(4, "the magic");
    if (magic != 0x46554747u) {  // "GGUF" little-endian
        std::array<std::uint8_t, 4> bytes{};
        for (std::size_t i = 0; i < 4; ++i) bytes[i] = static_cast<std::uint8_t>(magic >> (8 * i));
        parser.fail({FileIssue::NotGguf, "", {}, hexBytes(bytes.data(), 4)});
    }
    metadata.version = parser.u32("the version");
    if (metadata.version == 0x02000000u || metadata.version == 0x03000000u) {
        parser.fail({.issue = FileIssue::Unsupported, .fault = GgufFault::BigEndian});
    }
    if (metadata.version != 2 && metadata.version != 3) {  // version 1 is 2023's first draft
        parser.fail({FileIssue::UnsupportedVersion, "", {}, std::to_string(metadata.version)});
    }
    const std::uint64_t tensorCount = parser.u64("the tensor count");
    const std::uint64_t kvCount = parser.u64("the metadata count");
    // Every entry takes a minimum number of bytes, so the counts are bounded by the file.
    constexpr std::uint64_t minKvBytes = 8 + 4 + 1;
    constexpr std::uint64_t minTensorBytes = 8 + 4 + 4 + 8;
    if (kvCount > parser.remaining() / minKvBytes) {
        parser.fail(
            {.issue = FileIssue::Damaged, .fault = GgufFault::TooManyEntries, .count = kvCount});
    }
    for (std::uint64_t i = 0; i < kvCount; ++i) {
        const std::string where = "metadata entry " + std::to_string(i);
        const std::optional<std::string> key = parser.string(maxKeyBytes, where + " key");
        if (!key)
            parser.fail({.issue = FileIssue::Damaged,
                         .fault = GgufFault::KeyTooLong,
                         .limit = maxKeyBytes,
                         .index = i});
        const std::uint32_t type = parser.u32("the type of '" + *key + "'");
        readValue(parser, *key, type, isRopeKey(*key), metadata);
    }
    if (tensorCount > parser.remaining() / minTensorBytes) {
        parser.fail({.issue = FileIssue::Damaged,
                     .fault = GgufFault::TooManyTensors,
                     .count = tensorCount});
    }
    if (keepTensors && tensorCount > maxListedTensors) {
        parser.fail(FileIssue::Unsupported, "claims " + std::to_string(tensorCount) +
                                                " tensors; RoPE Lab reads at most " +
                                                std::to_string(maxListedTensors));
    }
    for (std::uint64_t i = 0; i < tensorCount; ++i) {
        const std::string where = "tensor " + std::to_string(i);
        const std::optional<std::string> name = parser.string(64, where + " name");
        const std::uint32_t dims = parser.u32(where + " dimension count");
        if (dims > ggmlMaxDims) {
            parser.fail({.issue = FileIssue::Damaged,
                         .fault = GgufFault::TooManyDims,
                         .count = dims,
                         .limit = ggmlMaxDims,
                         .index = i});
        }
        TensorInfo info;
        for (std::uint32_t d = 0; d < dims; ++d) info.dims.push_back(parser.u64(where + " shape"));
        info.type = parser.u32(where + " type");
        info.offset = parser.u64(where + " offset");
        if (keepTensors) {
            metadata.allTensors.push_back(info);
            if (name && name->size() < 64) metadata.allTensors.back().name = *name;
        }
        if (name && std::find(std::begin(ropeTensorNames), std::end(ropeTensorNames), *name) !=
                        std::end(ropeTensorNames)) {
            for (const TensorInfo& seen : metadata.ropeTensors) {
                if (seen.name == *name) {
                    parser.fail({.issue = FileIssue::Damaged,
                                 .fault = GgufFault::DuplicateTensor,
                                 .name = *name});
                }
            }
            info.name = *name;
            metadata.ropeTensors.push_back(std::move(info));
        }
    }
    std::uint64_t alignment = defaultAlignment;
    if (const Value* value = metadata.find("general.alignment")) {
        if (value->type != U32 || value->fromArray || value->number == 0.0 ||
            !std::has_single_bit(static_cast<std::uint64_t>(value->number))) {
            parser.fail({.issue = FileIssue::Damaged,
                         .found = numberText(value->number),
                         .fault = GgufFault::BadAlignment});
        }
        alignment = static_cast<std::uint64_t>(value->number);
    }
    metadata.alignment = alignment;
    const std::uint64_t end = parser.position();
    metadata.dataStart = end + (alignment - end % alignment) % alignment;
    for (const TensorInfo& info : metadata.ropeTensors) {
        if (info.offset % alignment != 0) {
            parser.fail({.issue = FileIssue::Damaged,
                         .fault = GgufFault::MisalignedTensor,
                         .name = info.name,
                         .limit = alignment,
                         .offset = info.offset});
        }
    }
    return metadata;
}

class RopeMapper {
public:
    RopeMapper(const Parser& parser, const Metadata& metadata, std::string arch)
        : parser_(parser), metadata_(metadata), arch_(std::move(arch)) {}

    std::string key(std::string_view suffix) const { return arch_ + "." + std::string(suffix); }

    // Core's parameter ids and the GGUF keys that give them directly (head_dim: `headDimKey`).
    FileError::Keys keys(const std::string& headDimKey) const {
        FileError::Keys keys{{"head_dim", headDimKey}};
        for (const auto& [id, suffix] :
             {std::pair{"rope_theta", "rope.freq_base"},
              std::pair{"max_position_embeddings", "context_length"},
              std::pair{"rope_type", "rope.scaling.type"},
              std::pair{"factor", metadata_.find(key("rope.scaling.factor")) == nullptr &&
                                          metadata_.find(key("rope.scale_linear")) != nullptr
                                      ? "rope.scale_linear"
                                      : "rope.scaling.factor"},
              std::pair{"original_max_position_embeddings", "rope.scaling.original_context_length"},
              std::pair{"beta_fast", "rope.scaling.yarn_beta_fast"},
              std::pair{"beta_slow", "rope.scaling.yarn_beta_slow"}}) {
            keys.emplace_back(id, key(suffix));
        }
        return keys;
    }

    std::optional<int> positiveInteger(std::string_view suffix) const {
        const std::string name = key(suffix);
        const Value* value = metadata_.find(name);
        if (value == nullptr) return std::nullopt;
        if (!value->isInteger()) parser_.fail({FileIssue::WrongType, name, ValueKind::WholeNumber});
        if (value->number < 1 || value->number > INT_MAX) {
            parser_.fail({name, Rule::Between, value->number, 1, INT_MAX});
        }
        return static_cast<int>(value->number);
    }

    std::optional<double> real(std::string_view suffix) const {
        const std::string name = key(suffix);
        const Value* value = metadata_.find(name);
        if (value == nullptr) return std::nullopt;
        if (!value->isFloat() || value->fromArray) {
            parser_.fail({FileIssue::WrongType, name, ValueKind::Float});
        }
        if (!std::isfinite(value->number)) parser_.fail({FileIssue::NotFinite, name});
        return value->number;
    }

    std::optional<std::string> text(std::string_view suffix) const {
        const std::string name = key(suffix);
        const Value* value = metadata_.find(name);
        if (value == nullptr) return std::nullopt;
        if (value->type != String) parser_.fail({FileIssue::WrongType, name, ValueKind::Text});
        return value->text;
    }

private:
    const Parser& parser_;
    const Metadata& metadata_;
    std::string arch_;
};

// The factors of one RoPE tensor: F32, one value per rotated pair.
std::vector<double> readFactors(Parser& parser, const Metadata& metadata, const TensorInfo& info,
                                int pairs) {
    std::uint64_t elements = 1;
    for (std::uint64_t d : info.dims) {
        if (d != 0 && elements > UINT64_MAX / d)
            parser.fail(
                {.issue = FileIssue::Damaged, .fault = GgufFault::HugeTensor, .name = info.name});
        elements *= d;
    }
    if (info.type != ggmlTypeF32) {
        parser.fail({.issue = FileIssue::Unsupported,
                     .fault = GgufFault::FactorType,
                     .name = info.name,
                     .count = info.type});
    }
    if (elements != static_cast<std::uint64_t>(pairs)) {
        parser.fail({.issue = FileIssue::Damaged,
                     .fault = GgufFault::WrongFactorCount,
                     .name = info.name,
                     .count = elements,
                     .limit = static_cast<std::uint64_t>(pairs)});
    }
    const std::uint64_t bytes = elements * 4;
    const std::uint64_t size = parser.position() + parser.remaining();
    if (info.offset > size || metadata.dataStart > size - info.offset ||
        bytes > size - info.offset - metadata.dataStart) {
        parser.fail({.issue = FileIssue::Truncated,
                     .fault = GgufFault::TensorBeyondEnd,
                     .name = info.name});
    }
    std::vector<double> factors;
    parser.floats(metadata.dataStart + info.offset, factors, static_cast<std::size_t>(elements));
    for (double f : factors) {
        if (!(std::isfinite(f) && f > 0.0)) {
            parser.fail({.issue = FileIssue::Damaged,
                         .found = numberText(f),
                         .fault = GgufFault::BadFactor,
                         .name = info.name});
        }
    }
    return factors;
}

// Recognises the converter's Llama 3 factors. They depend on the parameters only through
// original/(high−low) and low/(high−low), so the original context is taken as Meta's 8192; with
// two or more pairs between the bands both ratios are fitted, with one pair low_freq_factor is
// taken as Meta's 1, with none low 1 and high 4. nullopt unless every factor is reproduced.
std::optional<RopeParams> llama3FromFactors(const RopeParams& plain,
                                            const std::vector<double>& factors) {
    const double factor = factors.back();
    if (!(factor > 1.0)) return std::nullopt;
    const double tolerance = 1e-6;
    const double original = 8192.0;
    const int dim = rotaryDim(plain);
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int mid = 0;
    for (std::size_t i = 0; i < factors.size(); ++i) {
        const double f = factors[i];
        if (std::abs(f - 1.0) <= tolerance || std::abs(f / factor - 1.0) <= tolerance) continue;
        const double inv = std::pow(plain.ropeTheta, -static_cast<double>(2 * i) / dim);
        const double x = original * inv / (2.0 * std::numbers::pi);        // original / wavelength
        const double y = (1.0 / f - 1.0 / factor) / (1.0 - 1.0 / factor);  // the blend s
        sx += x, sy += y, sxx += x * x, sxy += x * y, ++mid;
    }
    // s = (x − low) / (high − low).
    double low = 1.0, high = 4.0;
    if (mid >= 2) {
        const double slope = (mid * sxy - sx * sy) / (mid * sxx - sx * sx);
        const double intercept = (sy - slope * sx) / mid;
        if (!(slope > 0.0) || !std::isfinite(intercept)) return std::nullopt;
        low = -intercept / slope;
        high = low + 1.0 / slope;
    } else if (mid == 1) {
        if (!(sy > 0.0)) return std::nullopt;
        high = low + (sx - low) / sy;
    }
    // float32 factors blur the fit by ~1e-6: a value that close to three decimals is taken as
    // them (the check below still demands every factor back).
    const auto tidy = [](double v) {
        const double rounded = std::round(v * 1e3) / 1e3;
        return std::abs(rounded - v) <= 1e-5 * std::max(1.0, std::abs(v)) ? rounded : v;
    };
    RopeParams params = plain;
    params.ropeType = RopeType::Llama3;
    params.factor = factor;
    params.originalMaxPositionEmbeddings = static_cast<int>(original);
    params.lowFreqFactor = tidy(low);
    params.highFreqFactor = tidy(high);
    try {
        const RopeFrequencies fitted = ropeFrequencies(params);
        const RopeFrequencies unscaled = ropeFrequencies(plain);
        for (std::size_t i = 0; i < factors.size(); ++i) {
            const double stored = unscaled.invFreq[i] / factors[i];
            if (std::abs(fitted.invFreq[i] / stored - 1.0) > 1e-5) return std::nullopt;
        }
    } catch (const InputError&) {
        return std::nullopt;
    }
    return params;
}

GgufRope mapToRope(Parser& parser, const Metadata& metadata) {
    GgufRope rope;
    rope.version = metadata.version;
    const Value* archValue = metadata.find("general.architecture");
    if (archValue == nullptr) parser.fail({FileIssue::Missing, "general.architecture"});
    if (archValue->type != String) {
        parser.fail({FileIssue::WrongType, "general.architecture", ValueKind::Text});
    }
    rope.architecture = archValue->text;
    if (llamaCppUsesNoRope(rope.architecture)) {
        parser.fail({FileIssue::NoRope, "", {}, rope.architecture});
    }
    rope.layout = llamaCppLayout(rope.architecture);
    const RopeMapper m(parser, metadata, rope.architecture);

    const std::optional<int> context = m.positiveInteger("context_length");
    if (!context) parser.fail({FileIssue::Missing, m.key("context_length")});
    std::optional<int> headDim = m.positiveInteger("attention.key_length");
    std::string headDimKey = m.key("attention.key_length");
    if (!headDim) {
        const std::optional<int> embedding = m.positiveInteger("embedding_length");
        const std::optional<int> heads = m.positiveInteger("attention.head_count");
        if (!embedding || !heads) {
            parser.fail({FileIssue::Missing,
                         m.key("attention.key_length"),
                         {},
                         "",
                         m.key("embedding_length") + " and " + m.key("attention.head_count")});
        }
        headDim = *embedding / *heads;  // llama.cpp: n_embd / n_head
        headDimKey = m.key("embedding_length") + " / " + m.key("attention.head_count");
    }
    const FileError::Keys keys = m.keys(headDimKey);
    if (*headDim < 2) parser.fail({"head_dim", Rule::AtLeast, double(*headDim), 2}, keys);
    const int nRot = m.positiveInteger("rope.dimension_count").value_or(*headDim);
    const std::string nRotKey = m.key("rope.dimension_count");
    if (nRot % 2 != 0) parser.fail({nRotKey, Rule::Even, double(nRot)});
    if (nRot > *headDim) {
        parser.fail({nRotKey, Rule::AtMost, double(nRot), 0, double(*headDim)});
    }
    RopeParams& p = rope.params;
    p.headDim = *headDim;
    p.partialRotaryFactor = static_cast<double>(nRot) / *headDim;
    // int(D·F) must give back nRot exactly: nudge F up past a rounding shortfall.
    while (rotaryDim(p) < nRot) {
        p.partialRotaryFactor = std::nextafter(p.partialRotaryFactor, 2.0);
    }
    p.maxPositionEmbeddings = *context;
    p.ropeTheta = m.real("rope.freq_base").value_or(10000.0);

    const std::string type = m.text("rope.scaling.type").value_or("linear");
    if (type != "none" && type != "linear" && type != "yarn" && type != "longrope") {
        ParameterProblem problem("rope_type", Rule::OneOf);
        problem.valueText = type;
        problem.allowed = "none, linear, yarn, longrope";
        parser.fail(problem, keys);
    }
    std::optional<double> factor = m.real("rope.scaling.factor");
    if (!factor) factor = m.real("rope.scale_linear");           // the older key
    double scale = factor.value_or(0.0) == 0.0 ? 1.0 : *factor;  // llama.cpp: 0 means none
    if (type == "none") scale = 1.0;
    if (!(scale > 0.0)) parser.fail({"factor", Rule::GreaterThan, scale, 0}, keys);
    const double attnFactor = m.real("rope.scaling.attn_factor").value_or(1.0);
    if (!(attnFactor > 0.0)) {
        parser.fail({m.key("rope.scaling.attn_factor"), Rule::GreaterThan, attnFactor, 0});
    }
    const int originalContext =
        m.positiveInteger("rope.scaling.original_context_length").value_or(*context);

    const int pairs = nRot / 2;
    const auto tensor = [&](std::string_view name) -> const TensorInfo* {
        for (const TensorInfo& info : metadata.ropeTensors) {
            if (info.name == name) return &info;
        }
        return nullptr;
    };
    const TensorInfo* freqs = tensor("rope_freqs.weight");
    const TensorInfo* longT = tensor("rope_factors_long.weight");
    const TensorInfo* shortT = tensor("rope_factors_short.weight");
    if (freqs) rope.freqFactors = readFactors(parser, metadata, *freqs, pairs);
    if (longT) rope.longFactors = readFactors(parser, metadata, *longT, pairs);
    if (shortT) rope.shortFactors = readFactors(parser, metadata, *shortT, pairs);
    const bool hasFactors = freqs || longT || shortT;
    const bool yarn = type == "yarn";
    if (hasFactors && (yarn || scale != 1.0)) {
        parser.fail(FileIssue::NoEquivalent, "combines RoPE factor tensors with " + type +
                                                 " scaling factor " + numberText(scale) +
                                                 ", which RoPE Lab cannot express");
    }
    if (!yarn && !(longT || shortT) && attnFactor != 1.0) {
        parser.fail(FileIssue::NoEquivalent,
                    m.key("rope.scaling.attn_factor") + " " + numberText(attnFactor) +
                        " without YaRN or LongRoPE scaling has no HuggingFace equivalent");
    }

    if (yarn) {
        if (const auto ext = m.real("rope.scaling.yarn_ext_factor"); ext && *ext != 1.0) {
            parser.fail(FileIssue::NoEquivalent,
                        m.key("rope.scaling.yarn_ext_factor") + " " + numberText(*ext) +
                            " (a partial YaRN blend) has no HuggingFace equivalent");
        }
        rope.scaling = GgufScaling::Yarn;
        p.ropeType = RopeType::Yarn;
        if (scale < 1.0) {
            ParameterProblem problem("factor", Rule::AtLeast, scale, 1);
            problem.ropeType = "yarn";
            parser.fail(problem, keys);
        }
        p.factor = scale;
        p.originalMaxPositionEmbeddings = originalContext;
        if (auto v = m.real("rope.scaling.yarn_beta_fast")) p.betaFast = *v;
        if (auto v = m.real("rope.scaling.yarn_beta_slow")) p.betaSlow = *v;
        // llama-context.cpp: with yarn_log_multiplier, get_mscale(s, mscale) /
        // get_mscale(s, log_mul), mscale = log_mul for DeepSeek-V2 else 1; then × attn_factor.
        double attention = yarnGetMscale(*p.factor);
        if (const auto logMul = m.real("rope.scaling.yarn_log_multiplier");
            logMul && *logMul != 0) {
            p.mscaleAllDim = *logMul;
            p.mscale = (rope.architecture == "deepseek2" && *logMul != 1.0) ? *logMul : 1.0;
            attention = yarnGetMscale(*p.factor, *p.mscale) / yarnGetMscale(*p.factor, *logMul);
        }
        if (attnFactor != 1.0) p.attentionFactor = attention * attnFactor;
    } else if (freqs) {
        RopeParams plain = p;
        if (auto llama3 = llama3FromFactors(plain, rope.freqFactors)) {
            rope.scaling = GgufScaling::Llama3;
            p = *llama3;
        } else {
            // θᵢ / fᵢ whatever the length: longrope with the same factors for both lengths.
            rope.scaling = GgufScaling::FreqFactors;
            p.ropeType = RopeType::LongRope;
            p.shortFactor = rope.freqFactors;
            p.longFactor = rope.freqFactors;
            p.originalMaxPositionEmbeddings = *context;
            p.attentionFactor = 1.0;
        }
    } else if (longT || shortT) {
        // llama.cpp picks long when the context exceeds the original; a missing one is no factor.
        rope.scaling = GgufScaling::LongRopeFactors;
        p.ropeType = RopeType::LongRope;
        p.shortFactor = shortT ? rope.shortFactors : std::vector<double>(pairs, 1.0);
        p.longFactor = longT ? rope.longFactors : std::vector<double>(pairs, 1.0);
        p.originalMaxPositionEmbeddings = originalContext;
        p.attentionFactor = attnFactor;  // llama.cpp: yarn_attn_factor (1) × attn_factor
    } else if (scale != 1.0) {
        rope.scaling = GgufScaling::Linear;
        p.ropeType = RopeType::Linear;
        if (scale < 1.0) parser.fail({"factor", Rule::AtLeast, scale, 1}, keys);
        p.factor = scale;
    }
    try {
        validate(p);
        ropeFrequencies(p);
    } catch (const ParameterError& error) {
        parser.fail(error.problem(), keys);
    } catch (const InputError& error) {
        parser.fail(FileIssue::NoEquivalent, error.what());
    }
    return rope;
}

GgufRope parse(Source& source, std::string name) {
    Parser parser(source, std::move(name));
    const Metadata metadata = readMetadata(parser, false);
    return mapToRope(parser, metadata);
}

GgufLayout parseLayout(Source& source, std::string name) {
    Parser parser(source, std::move(name));
    Metadata metadata = readMetadata(parser, true);
    GgufLayout layout;
    layout.rope = mapToRope(parser, metadata);
    const RopeMapper m(parser, metadata, layout.rope.architecture);
    layout.headCount = m.positiveInteger("attention.head_count");
    layout.headCountKv = m.positiveInteger("attention.head_count_kv");
    layout.blockCount = m.positiveInteger("block_count");
    layout.embeddingLength = m.positiveInteger("embedding_length");
    layout.dataStart = metadata.dataStart;
    layout.alignment = metadata.alignment;
    layout.tensors.reserve(metadata.allTensors.size());
    for (TensorInfo& info : metadata.allTensors) {
        layout.tensors.push_back(
            {std::move(info.name), std::move(info.dims), info.type, info.offset});
    }
    return layout;
}

// llama_model_rope_type (llama.cpp src/llama-model.cpp at 00342301), keyed by the names of
// LLM_ARCH_NAMES (src/llama-arch.cpp).
constexpr std::string_view normArchitectures[] = {
    "llama",     "llada",      "llama4",    "deci",    "baichuan", "starcoder",  "internlm2",
    "minicpm",   "xverse",     "command-r", "cohere2", "olmo",     "arctic",     "deepseek",
    "deepseek2", "plm",        "chatglm",   "glm4",    "granite",  "granitemoe", "granitehybrid",
    "chameleon", "bailingmoe", "neo-bert",  "smollm3", "arcee",    "ernie4_5",   "ernie4_5-moe"};
constexpr std::string_view neoxArchitectures[] = {
    "falcon",     "falcon-h1",      "grok",     "dbrx",        "bert",         "jina-bert-v3",
    "nomic-bert", "nomic-bert-moe", "stablelm", "bitnet",      "qwen",         "qwen2",
    "dream",      "qwen2moe",       "qwen3",    "qwen3moe",    "qwen3next",    "llada-moe",
    "olmo2",      "olmoe",          "phi2",     "phi3",        "phimoe",       "plamo",
    "plamo2",     "gemma",          "gemma2",   "gemma3",      "gemma3n",      "gemma-embedding",
    "starcoder2", "openelm",        "gptneox",  "codeshell",   "orion",        "nemotron",
    "exaone",     "exaone4",        "minicpm3", "bailingmoe2", "dots1",        "hunyuan-moe",
    "gpt-oss",    "hunyuan-dense",  "lfm2",     "lfm2moe",     "smallthinker", "glm4moe",
    "seed_oss",   "grovemoe",       "apertus",  "qwen2vl"};  // M-RoPE: NEOX pairs; for text every
                                                             // section follows the token position
constexpr std::string_view noRopeArchitectures[] = {
    "clip",      "gpt2",   "gptj",       "mpt",          "refact", "bloom",
    "mamba",     "mamba2", "jamba",      "jina-bert-v2", "t5",     "t5encoder",
    "jais",      "rwkv6",  "rwkv6qwen2", "rwkv7",        "arwkv7", "wavtokenizer-dec",
    "nemotron_h"};

template <std::size_t N>
bool listed(const std::string_view (&names)[N], std::string_view name) {
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

}  // namespace

std::optional<RopeLayout> llamaCppLayout(std::string_view architecture) {
    if (listed(normArchitectures, architecture)) return RopeLayout::Interleaved;
    if (listed(neoxArchitectures, architecture)) return RopeLayout::HalfSplit;
    return std::nullopt;
}

bool llamaCppUsesNoRope(std::string_view architecture) {
    return listed(noRopeArchitectures, architecture);
}

GgufRope ropeFromGgufBytes(std::span<const std::uint8_t> bytes, std::string_view source) {
    MemorySource memory(bytes);
    return parse(memory, std::string(source));
}

namespace {

template <typename Result>
Result fromGgufFile(const std::filesystem::path& file,
                    Result (*parseSource)(Source&, std::string)) {
    const std::string name = file.string();
    const auto fail = [&](FileIssue issue, std::string detail) {
        throw FileError(name, {issue, "", {}, "", std::move(detail)});
    };
    std::error_code error;
    if (std::filesystem::is_directory(file, error)) {
        fail(FileIssue::IsDirectory, "a .gguf file");
    }
    std::ifstream stream(file, std::ios::binary);
    if (!stream) fail(FileIssue::CannotOpen, std::strerror(errno));
    const std::uintmax_t size = std::filesystem::file_size(file, error);
    if (error) fail(FileIssue::ReadFailed, error.message());
    FileSource source(stream, size);
    try {
        return parseSource(source, name);
    } catch (const std::ios_base::failure&) {
        fail(FileIssue::ReadFailed, "");
    }
    return {};
}

}  // namespace

GgufRope ropeFromGgufFile(const std::filesystem::path& file) {
    return fromGgufFile(file, &parse);
}

GgufLayout ggufLayoutFromFile(const std::filesystem::path& file) {
    return fromGgufFile(file, &parseLayout);
}

GgufLayout ggufLayoutFromBytes(std::span<const std::uint8_t> bytes, std::string_view source) {
    MemorySource memory(bytes);
    return parseLayout(memory, std::string(source));
}

}  // namespace ropelab
