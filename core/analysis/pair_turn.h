// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE in 2D: pair i of q turned by mθ_i and of k by nθ_i, in numbers, [0] for q and [1] for k.

#include <array>
#include <vector>

#include <Eigen/Core>

#include "encodings/rope_apply.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

struct PairTurn {
    RopePair components{0, 1};
    // Components a and b before turning (starts), after (tips), and at up to `trail` positions
    // before m and n (the trails, oldest first).
    std::array<std::array<double, 2>, 2> starts{}, tips{};
    std::array<std::vector<double>, 2> trailA, trailB;
    double angle = 0.0;        // from k's tip to q's, radians in (−π, π]
    double score = 0.0;        // q·k over all pairs at m − n
    double pairScore = 0.0;    // pair i's part of it
    double shiftChange = 0.0;  // q·k at (m + 1, n + 1) minus q·k at (m, n)
};

// `pair` is one of the rotary pairs, 0 … rotaryDim/2 − 1; InputError for vectors of the wrong
// length.
PairTurn ropePairTurn(const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& k, const RopeFrequencies& freqs,
                      RopeLayout layout, int pair, int m, int n, int trail);

}  // namespace ropelab
