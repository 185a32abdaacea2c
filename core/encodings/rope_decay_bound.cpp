#include "encodings/rope_decay_bound.h"

#include <cmath>
#include <complex>

namespace ropelab {

double ropeDecayBound(double distance, const std::vector<double>& invFreq) {
    std::complex<double> partialSum = 0.0;  // S_j
    double total = 0.0;
    for (double theta : invFreq) {
        const double angle = distance * theta;
        partialSum += std::complex<double>(std::cos(angle), std::sin(angle));
        total += std::abs(partialSum);
    }
    return invFreq.empty() ? 0.0 : total / static_cast<double>(invFreq.size());
}

std::vector<double> ropeDecayBound(const std::vector<double>& distances,
                                   const RopeFrequencies& freqs, const Execution& exec) {
    std::vector<double> bounds(distances.size());
    parallelFor(
        static_cast<std::int64_t>(distances.size()), exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                const auto index = static_cast<std::size_t>(i);
                bounds[index] = ropeDecayBound(distances[index], freqs.invFreq);
            }
        },
        256);
    return bounds;
}

}  // namespace ropelab
