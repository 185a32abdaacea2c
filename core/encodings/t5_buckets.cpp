// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/t5_buckets.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab {

void validate(const T5BucketParams& params) {
    const int minimum = params.bidirectional ? 4 : 2;
    requireAtLeast(params.numBuckets, minimum, "num_buckets");
    const int halves = params.bidirectional ? params.numBuckets / 2 : params.numBuckets;
    const int maxExact = halves / 2;
    if (params.maxDistance <= maxExact) {
        // max_exact: num_buckets / 4 bidirectional, / 2 causal.
        throw ParameterError({"max_distance", Rule::GreaterThan,
                              static_cast<double>(params.maxDistance),
                              static_cast<double>(maxExact)});
    }
}

int t5RelativePositionBucket(std::int64_t relative, const T5BucketParams& params) {
    validate(params);
    int buckets = params.numBuckets;
    int offset = 0;
    std::int64_t distance = 0;
    if (params.bidirectional) {
        buckets /= 2;
        if (relative > 0) offset = buckets;
        distance = relative < 0 ? -relative : relative;
    } else {
        distance = relative < 0 ? -relative : 0;
    }
    const int maxExact = buckets / 2;
    if (distance < maxExact) return offset + static_cast<int>(distance);
    double logBucket = std::log(static_cast<double>(distance) / maxExact) /
                       std::log(static_cast<double>(params.maxDistance) / maxExact) *
                       (buckets - maxExact);
    // At the edges (16, 32, 64 with the defaults) the exact value is an integer; keep double
    // rounding from landing just below it (HF's float32 lands on it).
    const double nearest = std::round(logBucket);
    if (std::abs(logBucket - nearest) <= 1e-9 * std::max(1.0, std::abs(nearest))) {
        logBucket = nearest;
    }
    // HF .to(torch.long) truncates toward zero; logBucket >= 0 here since distance >= max_exact.
    const double large = maxExact + std::trunc(logBucket);
    return offset + static_cast<int>(std::min(large, static_cast<double>(buckets - 1)));
}

Eigen::MatrixXd t5BiasMatrix(int length, const T5BucketParams& params,
                             const Eigen::Ref<const Eigen::VectorXd>& bucketBias) {
    validate(params);
    if (bucketBias.size() != params.numBuckets) {
        throw ParameterError({"bucket_bias", Rule::Count, static_cast<double>(bucketBias.size()),
                              static_cast<double>(params.numBuckets)});
    }
    requireAtLeast(length, 1, "length");
    requireTableNumbers(static_cast<double>(length) * length,
                        ResourceProblem(Demand::T5BiasMatrix, length));
    // bias depends on j − i only: one bucket lookup per diagonal.
    Eigen::VectorXd byRelative(2 * length - 1);
    for (int r = -(length - 1); r <= length - 1; ++r) {
        byRelative[r + length - 1] = bucketBias[t5RelativePositionBucket(r, params)];
    }
    Eigen::MatrixXd bias(length, length);
    for (int j = 0; j < length; ++j) {
        for (int i = 0; i < length; ++i) bias(i, j) = byRelative[j - i + length - 1];
    }
    return bias;
}

}  // namespace ropelab
