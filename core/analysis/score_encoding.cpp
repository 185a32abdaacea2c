// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_encoding.h"

#include <cmath>
#include <string>

#include "common/errors.h"
#include "encodings/sinusoidal.h"

namespace ropelab {

namespace {

struct EncodingName {
    ScoreEncoding encoding;
    std::string_view name;
};
constexpr EncodingName kNames[] = {
    {ScoreEncoding::Rope, "rope"},       {ScoreEncoding::Sinusoidal, "sinusoidal"},
    {ScoreEncoding::Learned, "learned"}, {ScoreEncoding::T5, "t5"},
    {ScoreEncoding::Alibi, "alibi"},     {ScoreEncoding::Seed, "seed"},
};

}  // namespace

std::string_view toString(ScoreEncoding encoding) {
    for (const EncodingName& entry : kNames) {
        if (entry.encoding == encoding) return entry.name;
    }
    return "rope";
}

ScoreEncoding parseScoreEncoding(std::string_view name) {
    for (const EncodingName& entry : kNames) {
        if (entry.name == name) return entry.encoding;
    }
    throw InputError("--encoding must be rope, sinusoidal, learned, t5, alibi or seed, got '" +
                     std::string(name) + "'");
}

bool isRelative(ScoreEncoding encoding) {
    return encoding == ScoreEncoding::Rope || encoding == ScoreEncoding::T5 ||
           encoding == ScoreEncoding::Alibi;
}

void validate(const ScoreEncodingParams& params, int dim) {
    if (dim <= 0) throw InputError("the vector length must be > 0, got " + std::to_string(dim));
    switch (params.encoding) {
        case ScoreEncoding::Rope:
            validate(params.rope);
            if (params.rope.headDim != dim) {
                throw InputError("--head-dim " + std::to_string(params.rope.headDim) +
                                 " does not match the vector length " + std::to_string(dim));
            }
            break;
        case ScoreEncoding::Sinusoidal:
            validateSinusoidal(dim, params.sinusoidalBase);
            break;
        case ScoreEncoding::Learned:
            if (params.learnedMaxLength < 1) {
                throw InputError("--learned-max-length must be >= 1, got " +
                                 std::to_string(params.learnedMaxLength));
            }
            if (!(params.learnedStddev > 0.0) || !std::isfinite(params.learnedStddev)) {
                throw InputError("the learned table's standard deviation must be > 0");
            }
            break;
        case ScoreEncoding::T5:
            validate(params.t5);
            break;
        case ScoreEncoding::Alibi:
            if (params.alibiHeads < 1 || params.alibiHead < 1 ||
                params.alibiHead > params.alibiHeads) {
                throw InputError("--heads must be >= 1 and --head in [1, heads], got heads " +
                                 std::to_string(params.alibiHeads) + ", head " +
                                 std::to_string(params.alibiHead));
            }
            break;
        case ScoreEncoding::Seed:
            if (!std::isfinite(params.seedScale)) throw InputError("--seed-scale must be finite");
            break;
    }
}

}  // namespace ropelab
