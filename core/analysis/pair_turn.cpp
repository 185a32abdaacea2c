// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/pair_turn.h"

#include <algorithm>
#include <cmath>

#include "analysis/exact_phase.h"
#include "analysis/pair_part.h"
#include "analysis/score_curve.h"

namespace ropelab {

PairTurn ropePairTurn(const Eigen::Ref<const Eigen::VectorXd>& q,
                      const Eigen::Ref<const Eigen::VectorXd>& k, const RopeFrequencies& freqs,
                      RopeLayout layout, int pair, int m, int n, int trail) {
    PairTurn turn;
    turn.components = ropePair(pair, freqs.rotaryDim, layout);
    const RopePair c = turn.components;
    const auto ofPair = [c](const Eigen::Ref<const Eigen::VectorXd>& v) {
        return std::array{v[c.a], v[c.b]};
    };
    const Eigen::VectorXd qRotated = applyRope(q, m, freqs, layout);
    const Eigen::VectorXd kRotated = applyRope(k, n, freqs, layout);
    turn.starts = {ofPair(q), ofPair(k)};
    turn.tips = {ofPair(qRotated), ofPair(kRotated)};
    const std::array last{m, n};
    for (std::size_t s = 0; s < 2; ++s) {
        for (int p = std::max(0, last[s] - trail); p < last[s]; ++p) {
            const std::array<double, 2> dot = ofPair(applyRope(s == 0 ? q : k, p, freqs, layout));
            turn.trailA[s].push_back(dot[0]);
            turn.trailB[s].push_back(dot[1]);
        }
    }
    turn.angle = wrapPhase(std::atan2(turn.tips[0][1], turn.tips[0][0]) -
                           std::atan2(turn.tips[1][1], turn.tips[1][0]));
    turn.score = ropeScoreAt(q, k, freqs, layout, m - n);
    turn.shiftChange = applyRope(q, m + 1, freqs, layout).dot(applyRope(k, n + 1, freqs, layout)) -
                       qRotated.dot(kRotated);
    turn.pairScore = ropeScoreAt(ropePairPart(q, c), ropePairPart(k, c), freqs, layout, m - n);
    return turn;
}

}  // namespace ropelab
