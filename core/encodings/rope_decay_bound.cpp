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
                                   const RopeFrequencies& freqs) {
    std::vector<double> bounds(distances.size());
    for (std::size_t i = 0; i < distances.size(); ++i) {
        bounds[i] = ropeDecayBound(distances[i], freqs.invFreq);
    }
    return bounds;
}

}  // namespace ropelab
