// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One valid RoPE configuration in which every field of the parameter table differs from
// RopeParams{} (and lies inside the app's limits), so a reader or writer that skips a field
// cannot round-trip it. Shared by the table's consumer tests in core, cli and ui.

#include <vector>

#include "encodings/rope_params.h"

namespace ropelab::samples {

inline RopeParams everyFieldSample() {
    RopeParams p;
    p.headDim = 64;
    p.partialRotaryFactor = 0.5;  // rotary dim 32: 16 pairs
    p.ropeTheta = 500000.0;
    p.ropeType = RopeType::LongRope;
    p.factor = 4.0;
    p.maxPositionEmbeddings = 8192;
    p.originalMaxPositionEmbeddings = 4096;
    p.seqLen = 2048;
    p.betaFast = 16.0;
    p.betaSlow = 2.0;
    p.mscale = 0.5;
    p.mscaleAllDim = 0.25;
    p.attentionFactor = 1.25;
    p.truncate = false;
    p.lowFreqFactor = 2.0;
    p.highFreqFactor = 8.0;
    p.shortFactor = std::vector<double>(16, 1.5);
    p.longFactor = std::vector<double>(16, 3.0);
    for (int i = 0; i < 16; ++i) p.longFactor[i] += 0.125 * i;
    return p;
}

}  // namespace ropelab::samples
