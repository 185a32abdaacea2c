// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_encoding.h"

#include <cmath>
#include <string>

#include "common/errors.h"
#include "common/parameter_error.h"
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
    ParameterProblem problem("encoding", Rule::OneOf);
    problem.valueText = std::string(name);
    problem.allowed = "rope, sinusoidal, learned, t5, alibi, seed";
    throw ParameterError(problem);
}

bool isRelative(ScoreEncoding encoding) {
    return encoding == ScoreEncoding::Rope || encoding == ScoreEncoding::T5 ||
           encoding == ScoreEncoding::Alibi;
}

void validate(const ScoreEncodingParams& params, int dim) {
    if (dim <= 0) throw ParameterError({"q", Rule::NotEmpty});
    switch (params.encoding) {
        case ScoreEncoding::Rope:
            validate(params.rope);
            if (params.rope.headDim != dim) {
                throw ParameterError({"q", Rule::Count, static_cast<double>(dim),
                                      static_cast<double>(params.rope.headDim)});
            }
            break;
        case ScoreEncoding::Sinusoidal:
            validateSinusoidal(dim, params.sinusoidalBase);
            break;
        case ScoreEncoding::Learned:
            requireAtLeast(params.learnedMaxLength, 1, "learned_max_length");
            requireFinite(params.learnedStddev, "learned_stddev");
            if (!(params.learnedStddev > 0.0)) {
                throw ParameterError({"learned_stddev", Rule::GreaterThan, params.learnedStddev});
            }
            break;
        case ScoreEncoding::T5:
            validate(params.t5);
            break;
        case ScoreEncoding::Alibi:
            requireAtLeast(params.alibiHeads, 1, "heads");
            if (params.alibiHead < 1 || params.alibiHead > params.alibiHeads) {
                throw ParameterError({"head", Rule::Between, static_cast<double>(params.alibiHead),
                                      1, static_cast<double>(params.alibiHeads)});
            }
            break;
        case ScoreEncoding::Seed:
            requireFinite(params.seedScale, "seed_scale");
            break;
    }
}

}  // namespace ropelab
