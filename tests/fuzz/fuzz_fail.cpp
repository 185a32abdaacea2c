// SPDX-License-Identifier: GPL-3.0-or-later
#include <cstdio>
#include <cstdlib>

#include "fuzz_entries.h"

namespace ropelab::fuzz {

void fuzzFail(std::string_view what, std::string_view detail) {
    std::fprintf(stderr, "fuzz invariant broken: %.*s: %.*s\n", static_cast<int>(what.size()),
                 what.data(), static_cast<int>(detail.size()), detail.data());
    std::abort();
}

}  // namespace ropelab::fuzz
