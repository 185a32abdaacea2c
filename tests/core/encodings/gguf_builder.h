// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Builds GGUF files in tests, byte for byte as ggml's gguf writer lays them out: header (magic,
// version, tensor count, metadata count), the key/value pairs, the tensor infos, padding to the
// alignment, then the tensor data.

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ropelab::test {

class GgufBuilder {
public:
    explicit GgufBuilder(std::uint32_t version = 3) : version_(version) {}

    GgufBuilder& string(std::string_view key, std::string_view value) {
        beginKey(key, 8);
        putString(kv_, value);
        return *this;
    }
    GgufBuilder& u32(std::string_view key, std::uint32_t value) {
        beginKey(key, 4);
        put(kv_, value, 4);
        return *this;
    }
    GgufBuilder& i32(std::string_view key, std::int32_t value) {
        beginKey(key, 5);
        put(kv_, static_cast<std::uint32_t>(value), 4);
        return *this;
    }
    GgufBuilder& f32(std::string_view key, float value) {
        beginKey(key, 6);
        put(kv_, std::bit_cast<std::uint32_t>(value), 4);
        return *this;
    }
    GgufBuilder& f64(std::string_view key, double value) {
        beginKey(key, 12);
        put(kv_, std::bit_cast<std::uint64_t>(value), 8);
        return *this;
    }
    GgufBuilder& boolean(std::string_view key, bool value) {
        beginKey(key, 7);
        kv_.push_back(value ? 1 : 0);
        return *this;
    }
    // An array of `count` strings "t0", "t1", ... (a token list).
    GgufBuilder& stringArray(std::string_view key, std::uint64_t count) {
        beginKey(key, 9);
        put(kv_, 8, 4);
        put(kv_, count, 8);
        for (std::uint64_t i = 0; i < count; ++i) putString(kv_, "t" + std::to_string(i));
        return *this;
    }
    GgufBuilder& u32Array(std::string_view key, const std::vector<std::uint32_t>& values) {
        beginKey(key, 9);
        put(kv_, 4, 4);
        put(kv_, values.size(), 8);
        for (std::uint32_t v : values) put(kv_, v, 4);
        return *this;
    }
    // Raw bytes appended to the metadata section (for corrupt files); counts as one entry.
    GgufBuilder& rawEntry(const std::vector<std::uint8_t>& bytes) {
        ++kvCount_;
        kv_.insert(kv_.end(), bytes.begin(), bytes.end());
        return *this;
    }

    // An F32 tensor with data (RoPE factors).
    GgufBuilder& f32Tensor(std::string_view name, const std::vector<float>& values) {
        std::vector<std::uint8_t> data;
        for (float v : values) put(data, std::bit_cast<std::uint32_t>(v), 4);
        return tensor(name, {values.size()}, 0, data);
    }
    // A tensor info of any type and shape; its data (possibly none: a weight we must not read).
    GgufBuilder& tensor(std::string_view name, const std::vector<std::uint64_t>& dims,
                        std::uint32_t type, const std::vector<std::uint8_t>& data) {
        putString(infos_, name);
        put(infos_, dims.size(), 4);
        for (std::uint64_t d : dims) put(infos_, d, 8);
        put(infos_, type, 4);
        put(infos_, data_.size(), 8);
        data_.insert(data_.end(), data.begin(), data.end());
        while (data_.size() % alignment_ != 0) data_.push_back(0);
        ++tensorCount_;
        return *this;
    }

    std::vector<std::uint8_t> bytes() const {
        std::vector<std::uint8_t> out = {'G', 'G', 'U', 'F'};
        put(out, version_, 4);
        put(out, tensorCount_, 8);
        put(out, kvCount_, 8);
        out.insert(out.end(), kv_.begin(), kv_.end());
        out.insert(out.end(), infos_.begin(), infos_.end());
        while (out.size() % alignment_ != 0) out.push_back(0);
        out.insert(out.end(), data_.begin(), data_.end());
        return out;
    }

    static void put(std::vector<std::uint8_t>& out, std::uint64_t value, int bytes) {
        for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
    }
    static void putString(std::vector<std::uint8_t>& out, std::string_view text) {
        put(out, text.size(), 8);
        out.insert(out.end(), text.begin(), text.end());
    }

private:
    void beginKey(std::string_view key, std::uint32_t type) {
        ++kvCount_;
        putString(kv_, key);
        put(kv_, type, 4);
    }

    std::uint32_t version_;
    std::uint64_t alignment_ = 32;
    std::uint64_t tensorCount_ = 0;
    std::uint64_t kvCount_ = 0;
    std::vector<std::uint8_t> kv_;
    std::vector<std::uint8_t> infos_;
    std::vector<std::uint8_t> data_;
};

}  // namespace ropelab::test
