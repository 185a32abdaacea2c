// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer's entry point for one target; ROPELAB_FUZZ_ENTRY names the function (fuzz_entries.h).

#include "fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return ropelab::fuzz::ROPELAB_FUZZ_ENTRY(data, size);
}
