// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/band_counts.h"

namespace ropelab {

BandCounts countBands(const FrequencyBands& bands) {
    BandCounts counts;
    for (std::size_t i = 0; i < bands.pairs.size(); ++i) {
        const PairBand& p = bands.pairs[i];
        switch (p.band) {
            case FrequencyBand::Extrapolated:
                ++counts.kept;
                break;
            case FrequencyBand::Blended:
                ++counts.blended;
                break;
            case FrequencyBand::Interpolated:
                ++counts.divided;
                break;
        }
        if (p.rotationsInContext < 1.0) ++counts.withoutFullTurn;
        if (counts.firstBeyondContext < 0 && p.wavelength > bands.contextLength) {
            counts.firstBeyondContext = static_cast<int>(i);
        }
    }
    return counts;
}

}  // namespace ropelab
