// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// T5 relative position buckets, exactly as HF transformers models/t5/modeling_t5.py
// _relative_position_bucket, and the bias matrix a per-bucket table gives (one head).

#include <cstdint>

#include <Eigen/Core>

namespace ropelab {

struct T5BucketParams {
    int numBuckets = 32;        // HF default relative_attention_num_buckets
    int maxDistance = 128;      // HF default relative_attention_max_distance
    bool bidirectional = true;  // encoder; false = causal (decoder)

    bool operator==(const T5BucketParams&) const = default;
};

// InputError unless the log branch is well defined: max_exact = (buckets, halved when
// bidirectional) / 2 >= 1 and max_distance > max_exact.
void validate(const T5BucketParams& params);

// The bucket of relative = key − query. Bidirectional: buckets [0, n/2) for keys at or before
// the query, [n/2, n) after it; causal: keys after the query share bucket 0.
int t5RelativePositionBucket(std::int64_t relative, const T5BucketParams& params);

// bias(i, j) = bucketBias[bucket(j − i)] for query i and key j, length × length.
// InputError if bucketBias has not numBuckets entries; ResourceError beyond 10^8 numbers.
Eigen::MatrixXd t5BiasMatrix(int length, const T5BucketParams& params,
                             const Eigen::Ref<const Eigen::VectorXd>& bucketBias);

}  // namespace ropelab
