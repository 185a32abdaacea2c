// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/helix_window.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/distance_range.h"
#include "common/parameter_error.h"

namespace ropelab {

HelixWindow ropeHelixWindow(const RopeFrequencies& freqs, int pair, std::int64_t position,
                            std::int64_t sequenceLength, const HelixWindowSpec& spec) {
    if (pair < 0 || pair >= freqs.pairs()) {
        throw ParameterError({"pairs", Rule::Between, static_cast<double>(pair), 0,
                              static_cast<double>(freqs.pairs() - 1)});
    }
    const std::int64_t n = sequenceLength;
    const double wavelength =
        2.0 * std::numbers::pi / freqs.invFreq[static_cast<std::size_t>(pair)];
    const std::int64_t window = std::min<std::int64_t>(
        n, std::max<std::int64_t>(spec.minPositions, std::llround(spec.turns * wavelength)));
    const std::int64_t first = std::clamp<std::int64_t>(position - window / 2, 0, n - window);
    HelixWindow shown;
    shown.curve = ropeHelixCurve(freqs, pair, static_cast<double>(first),
                                 static_cast<double>(first + std::max<std::int64_t>(window - 1, 1)),
                                 spec.pointsPerTurn, spec.minSegments);
    if (window <= spec.maxMarked) {
        const DistanceRange positions{first, first + window, 1};
        shown.marks = ropeHelix(freqs, pair, positions);
        for (std::int64_t i = 0; i < positions.count(); ++i) {
            shown.positions.push_back(static_cast<double>(positions.at(i)));
        }
    }
    return shown;
}

}  // namespace ropelab
