// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the training lab's model file (training/model_file.h). Any bytes must either be
// refused with one InputError line naming the file, or give a model whose shape is within the
// limits and whose tensors are exactly its layout's, filled with finite numbers.

#include <cmath>
#include <string>
#include <string_view>

#include "common/errors.h"
#include "fuzz_entries.h"
#include "training/model_file.h"

namespace ropelab::fuzz {

int trainingModel(const std::uint8_t* data, std::size_t size) {
    try {
        const training::Model model = training::loadModel({data, size}, "fuzz.safetensors");
        training::validate(model.config);
        if (model.vocabulary.size() != static_cast<std::size_t>(model.config.vocabulary)) {
            fuzzFail("vocabulary size differs from embed.weight",
                     std::to_string(model.vocabulary.size()));
        }
        const std::vector<training::NamedTensor> layout = training::tensorLayout(model.config);
        if (layout.size() != model.tensors.size())
            fuzzFail("tensor count", std::to_string(model.tensors.size()));
        for (std::size_t i = 0; i < layout.size(); ++i) {
            const training::NamedTensor& t = model.tensors[i];
            if (t.name != layout[i].name || t.shape != layout[i].shape ||
                t.values.size() != layout[i].values.size()) {
                fuzzFail("a tensor not of the layout", t.name);
            }
            for (float v : t.values) {
                if (!std::isfinite(v)) fuzzFail("a non-finite weight", t.name);
            }
        }
    } catch (const InputError& error) {
        const std::string_view message = error.what();
        if (message.find("fuzz.safetensors") == std::string_view::npos) {
            fuzzFail("refusal does not name the file", message);
        }
        if (message.find('\n') != std::string_view::npos) fuzzFail("refusal of two lines", message);
    }
    return 0;
}

}  // namespace ropelab::fuzz
