// SPDX-License-Identifier: GPL-3.0-or-later
// Replays every saved fuzz input of the core targets (tests/fuzz/corpus/<target>/ and
// tests/fuzz/regressions/<target>/) through the same entry points libFuzzer drives, in the normal
// build: each input must be refused cleanly or accepted with sane results. The regressions are the
// inputs that once crashed (tests/fuzz/README.md says what each one was).

#include <gtest/gtest.h>

#include "fuzz_replay.h"

namespace {

TEST(FuzzRegressions, HfConfigInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("hf_config", ropelab::fuzz::hfConfig, 10);
}

TEST(FuzzRegressions, RangeListInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("range_list", ropelab::fuzz::rangeList, 10);
}

TEST(FuzzRegressions, GgufInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("gguf", ropelab::fuzz::gguf, 8);
}

TEST(FuzzRegressions, SafetensorsInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("safetensors", ropelab::fuzz::safetensors, 10);
}

TEST(FuzzRegressions, GgufTensorInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("gguf_tensors", ropelab::fuzz::ggufTensors, 15);
}

}  // namespace
