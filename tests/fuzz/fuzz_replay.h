// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Replays saved fuzz inputs in a GoogleTest (normal build): tests/fuzz/corpus/<target>/ and
// tests/fuzz/regressions/<target>/ through the target's entry point. Linking fuzz_replay.cpp
// makes fuzzFail throw, so a broken invariant fails the test with its reason instead of aborting.

#include <cstddef>
#include <string>

#include "fuzz_entries.h"

namespace ropelab::fuzz {

using Entry = int (*)(const std::uint8_t* data, std::size_t size);

// Every saved input of `target` must return 0 without throwing; at least `atLeast` must exist.
void replaySavedInputs(const std::string& target, Entry entry, std::size_t atLeast);

}  // namespace ropelab::fuzz
