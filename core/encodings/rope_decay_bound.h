#pragma once
// RoFormer's long-term decay (Su et al. 2021, §3.4.3): with S_j = Σ_{k<j} e^{i·Δ·θ_k}, the score
// is bounded by (max |h_{i+1} − h_i|) · Σ_j |S_j|; the paper's figure plots the relative bound
// (1/(d/2)) · Σ_{j=1}^{d/2} |S_j| against the distance Δ = m − n.

#include <vector>

#include "common/execution.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

// The relative bound for one distance, θ_k = invFreq[k] (any rope_type's frequencies).
double ropeDecayBound(double distance, const std::vector<double>& invFreq);

// The same for many distances, split over exec.threads.
std::vector<double> ropeDecayBound(const std::vector<double>& distances,
                                   const RopeFrequencies& freqs, const Execution& exec = {});

}  // namespace ropelab
