// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One pair's part of RoPE's score: a vector with every component but the pair's zeroed, so that
// the score of two such vectors is that pair's term of q·k alone.

#include <Eigen/Core>

#include "encodings/rope_apply.h"

namespace ropelab {

// Components pair.a and pair.b of v, zeros elsewhere.
Eigen::VectorXd ropePairPart(const Eigen::Ref<const Eigen::VectorXd>& v, const RopePair& pair);

}  // namespace ropelab
