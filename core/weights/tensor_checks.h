// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The checks every weights reader makes (safetensors.h, gguf_tensors.h): a tensor list sorted by
// name with no name twice, a row range inside its tensor, finite values. Each throws WeightsError
// naming the file (`source`) and the tensor.

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "weights/weights_error.h"

namespace ropelab {

// Sorts tensors (each with a `name`) by name; DuplicateTensor if a name appears twice.
template <typename Tensor>
void sortByName(std::vector<Tensor>& tensors, const std::string& source) {
    std::sort(tensors.begin(), tensors.end(),
              [](const Tensor& a, const Tensor& b) { return a.name < b.name; });
    for (std::size_t i = 0; i + 1 < tensors.size(); ++i) {
        if (tensors[i].name == tensors[i + 1].name) {
            throw WeightsError(source,
                               {.fault = WeightsFault::DuplicateTensor, .name = tensors[i].name});
        }
    }
}

// The tensor called `name` in a list sorted by name; nullptr if none.
template <typename Tensor>
const Tensor* findByName(const std::vector<Tensor>& tensors, std::string_view name) {
    const auto it =
        std::lower_bound(tensors.begin(), tensors.end(), name,
                         [](const Tensor& t, std::string_view key) { return t.name < key; });
    return it != tensors.end() && it->name == name ? &*it : nullptr;
}

// The same, MissingTensor if none.
template <typename Tensor>
const Tensor& requireByName(const std::vector<Tensor>& tensors, std::string_view name,
                            const std::string& source) {
    const Tensor* found = findByName(tensors, name);
    if (found == nullptr) {
        throw WeightsError(source,
                           {.fault = WeightsFault::MissingTensor, .name = std::string(name)});
    }
    return *found;
}

// BadShape unless rows [first, first + count) lie in a tensor of `rows` rows and `outSize`
// values hold them.
void requireRowRange(const std::string& source, const std::string& tensor, std::uint64_t rows,
                     std::uint64_t rowLength, std::uint64_t first, std::uint64_t count,
                     std::size_t outSize);

// NotFinite at the first NaN or infinity of n values, whose first is element `first` of the
// tensor.
void requireFiniteValues(const std::string& source, const std::string& tensor, const float* values,
                         std::size_t n, std::uint64_t first);

}  // namespace ropelab
