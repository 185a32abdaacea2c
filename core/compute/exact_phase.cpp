// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/exact_phase.h"

#include <cmath>
#include <numbers>

namespace ropelab {

std::uint64_t turnFraction(double theta) {
    const long double turns =
        static_cast<long double>(theta) / (2 * std::numbers::pi_v<long double>);
    const long double fraction = std::ldexp(turns - std::floor(turns), 64);
    // 1 − tiny can round up to a whole turn, which is 0.
    if (fraction >= std::ldexp(1.0L, 64)) return 0;
    return static_cast<std::uint64_t>(fraction);
}

double phaseTurns(std::uint64_t turns, std::int64_t distance) {
    // Unsigned multiplication wraps modulo 2⁶⁴, which is exactly the reduction modulo one turn.
    const std::uint64_t phase = static_cast<std::uint64_t>(distance) * turns;
    return std::ldexp(static_cast<double>(static_cast<std::int64_t>(phase)), -64);
}

std::array<float, 2> phasorOfDistance(std::uint64_t turns, std::int64_t distance) {
    const std::uint64_t phase = static_cast<std::uint64_t>(distance) * turns;
    const long double angle =
        std::ldexp(static_cast<long double>(static_cast<std::int64_t>(phase)), -64) *
        (2 * std::numbers::pi_v<long double>);
    return {static_cast<float>(std::cos(angle)), static_cast<float>(std::sin(angle))};
}

}  // namespace ropelab
