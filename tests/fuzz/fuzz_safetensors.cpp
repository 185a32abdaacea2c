// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the safetensors reader. Any bytes must either be refused with one InputError
// naming the file, or give a tensor list sorted by name, each tensor inside the data and apart
// from the others, whose readable tensors read as finite floats or are refused in one line.

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "common/errors.h"
#include "fuzz_checks.h"
#include "fuzz_entries.h"
#include "weights/safetensors.h"

namespace ropelab::fuzz {

namespace {

constexpr std::string_view prefix = "'fuzz.safetensors': ";

void checkRefusal(const InputError& error) {
    checkOneLineRefusal(error.what(), prefix);
}

}  // namespace

int safetensors(const std::uint8_t* data, std::size_t size) {
    try {
        const SafetensorsFile file({data, size}, "fuzz.safetensors");
        const std::vector<SafetensorsTensor>& tensors = file.tensors();
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            const SafetensorsTensor& t = tensors[i];
            if (i > 0 && !(tensors[i - 1].name < t.name)) fuzzFail("names not sorted", t.name);
            if (t.offset > size || t.bytes > size - t.offset)
                fuzzFail("tensor beyond the end", t.name);
            if (file.find(t.name) != &t) fuzzFail("find misses", t.name);
            if (!t.readable() || t.elements() > (1u << 16)) continue;
            try {
                for (float v : file.read(t)) {
                    if (!std::isfinite(v)) fuzzFail("a non-finite value read", t.name);
                }
            } catch (const InputError& error) {
                checkRefusal(error);
            }
        }
    } catch (const InputError& error) {
        checkRefusal(error);
    }
    return 0;
}

}  // namespace ropelab::fuzz
