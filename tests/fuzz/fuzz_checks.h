// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Invariants shared by the fuzz targets: RoPE frequencies, and refusals of a named file.

#include <cmath>
#include <string>
#include <string_view>

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

// A refusal is one line: "'FILE': the problem", where prefix is "'FILE': ".
inline void checkOneLineRefusal(std::string_view message, std::string_view prefix) {
    if (message.substr(0, prefix.size()) != prefix || message.size() == prefix.size()) {
        fuzzFail("refusal does not name the file and the problem", message);
    }
    if (message.find('\n') != std::string_view::npos) fuzzFail("refusal of two lines", message);
}

}  // namespace ropelab::fuzz
