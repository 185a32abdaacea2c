// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Applying RoPE to vectors: out = x·cos(pθ) + rotate(x)·sin(pθ), times the attention factor,
// on the first rotaryDim components; the rest pass through unchanged (partial rotary).

#include <Eigen/Core>

#include "encodings/rope_frequencies.h"

namespace ropelab {

// x has freqs.headDim components; position may be fractional. InputError on a size mismatch.
Eigen::VectorXd applyRope(const Eigen::Ref<const Eigen::VectorXd>& x, double position,
                          const RopeFrequencies& freqs, RopeLayout layout);

// The component indices (a, b) rotated together as pair i in a layout.
struct RopePair {
    int a;
    int b;
};
RopePair ropePair(int pair, int rotaryDim, RopeLayout layout);

}  // namespace ropelab
