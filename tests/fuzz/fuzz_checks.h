// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Invariants shared by the fuzz targets whose inputs end in RoPE frequencies.

#include <cmath>
#include <string>

#include "encodings/rope_frequencies.h"
#include "fuzz_entries.h"

namespace ropelab::fuzz {

// Every θ finite and positive, the attention factor too.
inline void checkSaneFrequencies(const RopeFrequencies& freqs) {
    for (const double f : freqs.invFreq) {
        if (!(std::isfinite(f) && f > 0.0)) fuzzFail("inv_freq not finite and positive", "");
    }
    if (!(std::isfinite(freqs.attentionFactor) && freqs.attentionFactor > 0.0)) {
        fuzzFail("attention factor not finite and positive", std::to_string(freqs.attentionFactor));
    }
}

}  // namespace ropelab::fuzz
