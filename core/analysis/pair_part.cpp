// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/pair_part.h"

namespace ropelab {

Eigen::VectorXd ropePairPart(const Eigen::Ref<const Eigen::VectorXd>& v, const RopePair& pair) {
    Eigen::VectorXd out = Eigen::VectorXd::Zero(v.size());
    out[pair.a] = v[pair.a];
    out[pair.b] = v[pair.b];
    return out;
}

}  // namespace ropelab
