// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A few turns of one pair's helix around a position: the whole sequence would be a solid blob for
// fast pairs (pair 0 turns 650 times in 4096 positions).

#include <cstdint>
#include <vector>

#include "analysis/trajectory.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

struct HelixWindowSpec {
    double turns = 6.0;              // wavelengths in the window
    std::int64_t minPositions = 64;  // the window of a fast pair
    int pointsPerTurn = 64;          // the continuous curve: smooth at any zoom shown
    int minSegments = 2;             // of the continuous curve
    std::int64_t maxMarked = 160;    // integer positions marked, at most
};

// About spec.turns wavelengths of pair i, at least spec.minPositions and at most sequenceLength
// positions, centred on `position` where the sequence leaves room: the continuous helix from the
// window's first position to its last (ropeHelixCurve) and, when the window holds at most
// spec.maxMarked positions, each of them with its phasor (ropeHelix). InputError as those.
struct HelixWindow {
    HelixCurve curve;
    std::vector<double> positions;  // the marked positions; empty when there are too many
    Helix marks;
};
HelixWindow ropeHelixWindow(const RopeFrequencies& freqs, int pair, std::int64_t position,
                            std::int64_t sequenceLength, const HelixWindowSpec& spec = {});

}  // namespace ropelab
