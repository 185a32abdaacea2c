// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/gguf_tensors.h"

#include <algorithm>
#include <utility>

#include "weights/ggml_quants.h"
#include "weights/tensor_checks.h"

namespace ropelab {

std::uint64_t GgufTensor::rowLength() const {
    return dims.empty() ? 1 : dims.front();
}

std::uint64_t GgufTensor::rows() const {
    std::uint64_t count = 1;
    for (std::size_t i = 1; i < dims.size(); ++i) count *= dims[i];  // checked when opened
    return count;
}

std::string GgufTensor::typeName() const {
    const auto info = ggmlTypeInfo(type);
    return info ? std::string(info->name) : "type " + std::to_string(type);
}

bool GgufTensor::readable() const {
    const auto info = ggmlTypeInfo(type);
    return info && info->readable;
}

GgufFile::GgufFile(const std::filesystem::path& path)
    : file_(path), layout_(ggufLayoutFromFile(path)) {
    checkTensors();
}

GgufFile::GgufFile(std::span<const std::uint8_t> bytes, std::string name)
    : file_(bytes, name), layout_(ggufLayoutFromBytes(bytes, name)) {
    checkTensors();
}

void GgufFile::checkTensors() {
    const std::string& source = file_.name();
    const std::uint64_t size = file_.size();
    const std::uint64_t dataStart = layout_.dataStart;
    tensors_.reserve(layout_.tensors.size());
    for (std::size_t i = 0; i < layout_.tensors.size(); ++i) {
        const GgufTensorEntry& entry = layout_.tensors[i];
        GgufTensor t{entry.name.empty() ? "#" + std::to_string(i) : entry.name, entry.dims,
                     entry.type};
        const auto bad = [&](std::string detail) {
            throw WeightsError(
                source,
                {.fault = WeightsFault::BadShape, .name = t.name, .detail = std::move(detail)});
        };
        const auto info = ggmlTypeInfo(t.type);
        if (!info) {
            throw WeightsError(source, {.fault = WeightsFault::UnknownDtype,
                                        .name = t.name,
                                        .found = "ggml type " + std::to_string(t.type)});
        }
        std::uint64_t elements = 1;
        for (std::uint64_t d : t.dims) {
            if (d != 0 && elements > (UINT64_MAX / 8) / d)
                bad("has more elements than 64 bits count");
            elements *= d;
        }
        if (t.rowLength() % info->blockElements != 0) {
            bad("has rows of " + std::to_string(t.rowLength()) + " values, not a multiple of " +
                std::string(info->name) + "'s block of " + std::to_string(info->blockElements));
        }
        t.bytes = elements / info->blockElements * info->blockBytes;
        if (entry.offset % layout_.alignment != 0) {
            bad("has offset " + std::to_string(entry.offset) +
                ", not a multiple of the alignment " + std::to_string(layout_.alignment));
        }
        if (dataStart > size || entry.offset > size - dataStart ||
            t.bytes > size - dataStart - entry.offset) {
            throw WeightsError(
                source, {.fault = WeightsFault::BeyondEnd,
                         .name = t.name,
                         .limit = size - std::min(size, dataStart),
                         .offset = entry.offset > UINT64_MAX - t.bytes ? UINT64_MAX
                                                                       : entry.offset + t.bytes});
        }
        t.offset = dataStart + entry.offset;
        tensors_.push_back(std::move(t));
    }
    std::vector<const GgufTensor*> byOffset;
    for (const GgufTensor& t : tensors_) {
        if (t.bytes > 0) byOffset.push_back(&t);
    }
    std::sort(byOffset.begin(), byOffset.end(),
              [](const GgufTensor* a, const GgufTensor* b) { return a->offset < b->offset; });
    for (std::size_t i = 0; i + 1 < byOffset.size(); ++i) {
        if (byOffset[i]->offset + byOffset[i]->bytes > byOffset[i + 1]->offset) {
            throw WeightsError(source, {.fault = WeightsFault::Overlap,
                                        .name = byOffset[i]->name,
                                        .found = byOffset[i + 1]->name});
        }
    }
    sortByName(tensors_, source);
}

const GgufTensor* GgufFile::find(std::string_view name) const {
    return findByName(tensors_, name);
}

const GgufTensor& GgufFile::tensor(std::string_view name) const {
    return requireByName(tensors_, name, file_.name());
}

void GgufFile::readRows(const GgufTensor& tensor, std::uint64_t firstRow, std::uint64_t rowCount,
                        std::span<float> out) const {
    const std::string& source = file_.name();
    if (!tensor.readable()) {
        throw WeightsError(source, {.fault = WeightsFault::UnreadableDtype,
                                    .name = tensor.name,
                                    .found = tensor.typeName()});
    }
    const std::uint64_t rowLength = tensor.rowLength();
    requireRowRange(source, tensor.name, tensor.rows(), rowLength, firstRow, rowCount, out.size());
    if (out.empty()) return;  // no rows, or rows of no values: nothing to read
    const GgmlTypeInfo info = *ggmlTypeInfo(tensor.type);
    const std::uint64_t blocksPerRow = rowLength / info.blockElements;
    const std::uint64_t rowBytes = blocksPerRow * info.blockBytes;
    // About 1 MiB of raw bytes at a time, whole rows (at least one).
    const std::uint64_t rowsPerChunk =
        std::max<std::uint64_t>(1, (1u << 20) / std::max<std::uint64_t>(rowBytes, 1));
    std::vector<std::uint8_t> raw(
        static_cast<std::size_t>(std::min(rowsPerChunk, rowCount) * rowBytes));
    for (std::uint64_t done = 0; done < rowCount;) {
        const std::uint64_t n = std::min(rowsPerChunk, rowCount - done);
        file_.read(tensor.offset + (firstRow + done) * rowBytes, raw.data(),
                   static_cast<std::size_t>(n * rowBytes), "a tensor's rows");
        float* y = out.data() + done * rowLength;
        dequantiseBlocks(tensor.type, raw.data(), static_cast<std::size_t>(n * blocksPerRow), y);
        requireFiniteValues(source, tensor.name, y, static_cast<std::size_t>(n * rowLength),
                            (firstRow + done) * rowLength);
        done += n;
    }
}

}  // namespace ropelab
