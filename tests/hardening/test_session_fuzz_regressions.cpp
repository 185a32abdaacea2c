// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved fuzz input of the session loader (tests/fuzz/corpus/session/ and
// tests/fuzz/regressions/session/) through the entry point libFuzzer drives: each must be refused
// with a reason, or load into a state that validates, survives save → load, applies to every
// lesson and lets every lesson render its figures offscreen (PNG and CSV).

#include <gtest/gtest.h>

#include "fuzz_replay.h"

namespace {

TEST(FuzzRegressions, SessionInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("session", ropelab::fuzz::session, 5);
}

}  // namespace
