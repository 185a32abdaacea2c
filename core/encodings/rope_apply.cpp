// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/rope_apply.h"

#include <cmath>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

RopePair ropePair(int pair, int rotaryDim, RopeLayout layout) {
    if (layout == RopeLayout::Interleaved) return {2 * pair, 2 * pair + 1};
    return {pair, pair + rotaryDim / 2};
}

Eigen::VectorXd applyRope(const Eigen::Ref<const Eigen::VectorXd>& x, double position,
                          const RopeFrequencies& freqs, RopeLayout layout) {
    if (x.size() != freqs.headDim) {
        throw ParameterError({"vector", Rule::Count, static_cast<double>(x.size()),
                              static_cast<double>(freqs.headDim)});
    }
    if (!std::isfinite(position)) {
        ParameterProblem problem("positions", Rule::Finite, position);
        problem.eachValue = true;
        throw ParameterError(problem);
    }
    Eigen::VectorXd out = x;
    for (int i = 0; i < freqs.pairs(); ++i) {
        const double angle = position * freqs.invFreq[static_cast<std::size_t>(i)];
        // HF multiplies cos and sin by attention_scaling, so the rotated part is scaled.
        const double c = std::cos(angle) * freqs.attentionFactor;
        const double s = std::sin(angle) * freqs.attentionFactor;
        const RopePair p = ropePair(i, freqs.rotaryDim, layout);
        out[p.a] = x[p.a] * c - x[p.b] * s;
        out[p.b] = x[p.b] * c + x[p.a] * s;
    }
    return out;
}

}  // namespace ropelab
