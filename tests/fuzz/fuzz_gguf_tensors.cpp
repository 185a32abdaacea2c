// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target: the GGUF tensor reader (weights/gguf_tensors.h). Any bytes must either be refused
// with one InputError naming the file, or list tensors inside the file and apart from each other,
// whose readable ones dequantise to finite floats or are refused in one line.

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "common/errors.h"
#include "fuzz_checks.h"
#include "fuzz_entries.h"
#include "weights/gguf_tensors.h"

namespace ropelab::fuzz {

namespace {

constexpr std::string_view prefix = "'fuzz.gguf': ";

void checkRefusal(const InputError& error) {
    checkOneLineRefusal(error.what(), prefix);
}

}  // namespace

int ggufTensors(const std::uint8_t* data, std::size_t size) {
    try {
        const GgufFile file({data, size}, "fuzz.gguf");
        for (const GgufTensor& t : file.tensors()) {
            if (t.offset > size || t.bytes > size - t.offset)
                fuzzFail("tensor beyond the end", t.name);
            if (!t.readable() || t.rows() * t.rowLength() > (1u << 16)) continue;
            std::vector<float> values(static_cast<std::size_t>(t.rows() * t.rowLength()));
            try {
                file.readRows(t, 0, t.rows(), values);
                for (float v : values) {
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
