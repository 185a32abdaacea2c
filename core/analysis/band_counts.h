// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A context-extension method's bands in numbers: how many pairs it keeps, blends and divides by
// the factor, and which pairs never complete a turn within the context.

#include "analysis/frequency_bands.h"

namespace ropelab {

struct BandCounts {
    int kept = 0;
    int blended = 0;
    int divided = 0;
    int withoutFullTurn = 0;      // wavelength beyond the context length
    int firstBeyondContext = -1;  // the first such pair (−1: none)
};

BandCounts countBands(const FrequencyBands& bands);

}  // namespace ropelab
