// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved fuzz input of the activity loader (tests/fuzz/corpus/activity/ and
// tests/fuzz/regressions/activity/) through the entry point libFuzzer drives: each must be
// refused with one line, or load into complete activities that survive save → load.

#include <gtest/gtest.h>

#include "fuzz_replay.h"

namespace {

TEST(FuzzRegressions, ActivityInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("activity", ropelab::fuzz::activity, 6);
}

}  // namespace
