// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the GGUF reader. Any bytes must either be refused with one InputError naming the
// file, or give parameters that validate, frequencies that are finite and positive, factor
// tensors of one value per rotated pair and the layout of llama.cpp's table.

#include <cmath>
#include <string>
#include <string_view>

#include "common/errors.h"
#include "encodings/gguf_reader.h"
#include "encodings/rope_frequencies.h"
#include "fuzz_checks.h"
#include "fuzz_entries.h"

namespace ropelab::fuzz {

int gguf(const std::uint8_t* data, std::size_t size) {
    constexpr std::string_view prefix = "'fuzz.gguf': ";
    GgufRope rope;
    try {
        rope = ropeFromGgufBytes({data, size}, "fuzz.gguf");
    } catch (const InputError& error) {
        const std::string_view message = error.what();
        if (message.substr(0, prefix.size()) != prefix || message.size() == prefix.size()) {
            fuzzFail("refusal does not name the file and the problem", message);
        }
        if (message.find('\n') != std::string_view::npos) fuzzFail("refusal of two lines", message);
        return 0;
    }
    if (rope.version != 2 && rope.version != 3) fuzzFail("version", std::to_string(rope.version));
    if (rope.layout != llamaCppLayout(rope.architecture)) fuzzFail("layout", rope.architecture);
    RopeFrequencies freqs;
    try {
        freqs = ropeFrequencies(rope.params);
    } catch (const InputError& error) {
        fuzzFail("accepted parameters do not give frequencies", error.what());
    }
    const std::size_t pairs = static_cast<std::size_t>(freqs.pairs());
    for (const auto* factors : {&rope.freqFactors, &rope.longFactors, &rope.shortFactors}) {
        if (!factors->empty() && factors->size() != pairs) fuzzFail("factor count", "");
    }
    checkSaneFrequencies(freqs);
    return 0;
}

}  // namespace ropelab::fuzz
