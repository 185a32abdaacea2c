// SPDX-License-Identifier: GPL-3.0-or-later
// The model-file fuzz target's saved inputs (tests/fuzz/corpus/training_model/ and
// regressions/training_model/) replayed in the normal build: each refused cleanly or sane.

#include <gtest/gtest.h>

#include "fuzz_replay.h"

namespace {

TEST(FuzzRegressions, TrainingModelInputsAreRefusedOrSane) {
    ropelab::fuzz::replaySavedInputs("training_model", ropelab::fuzz::trainingModel, 6);
}

}  // namespace
