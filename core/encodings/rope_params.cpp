// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/rope_params.h"

#include <cmath>

#include "common/parameter_error.h"
#include "encodings/rope_fields.h"

namespace ropelab {

int rotaryDim(const RopeParams& params) {
    // HF: int(head_dim * partial_rotary_factor), truncating toward zero.
    return static_cast<int>(params.headDim * params.partialRotaryFactor);
}

void validate(const RopeParams& params) {
    for (const RopeFieldInfo& field : ropeFields()) validateField(field, params);
    const RopeType type = params.ropeType;
    const std::string typeName(toString(type));
    const int dim = rotaryDim(params);
    if (dim < 2 || dim % 2 != 0) {
        throw ParameterError({"partial_rotary_factor", Rule::RotaryDimEven,
                              params.partialRotaryFactor, static_cast<double>(params.headDim),
                              static_cast<double>(dim)});
    }
    const auto forType = [&typeName](ParameterProblem problem) {
        problem.ropeType = typeName;
        return ParameterError(std::move(problem));
    };
    if (!params.factor &&
        (type == RopeType::Linear || type == RopeType::Dynamic || type == RopeType::Yarn)) {
        throw forType({"factor", Rule::RequiredFor});
    }
    // dim/(dim-2) in the dynamic-NTK base formula needs at least two pairs.
    if (type == RopeType::Dynamic && dim < 4) {
        ParameterProblem problem("rope_type", Rule::RotaryDimAtLeast, dim, 4);
        problem.valueText = typeName;
        throw ParameterError(problem);
    }
    // The llama3 blend divides by (high - low).
    if (type == RopeType::Llama3 && params.highFreqFactor <= params.lowFreqFactor) {
        ParameterProblem problem("high_freq_factor", Rule::GreaterThanOther, params.highFreqFactor,
                                 params.lowFreqFactor);
        problem.other = "low_freq_factor";
        throw ParameterError(problem);
    }
    if (type == RopeType::LongRope) {
        const int pairs = dim / 2;
        const int originalMax =
            params.originalMaxPositionEmbeddings.value_or(params.maxPositionEmbeddings);
        // The default attention factor divides by ln(original_max).
        if (originalMax < 2) {
            throw forType({"original_max_position_embeddings", Rule::AtLeast,
                           static_cast<double>(originalMax), 2});
        }
        const bool useLong = params.seqLen && *params.seqLen > originalMax;
        if (useLong && params.longFactor.empty()) {
            ParameterProblem problem("long_factor", Rule::RequiredFor,
                                     static_cast<double>(*params.seqLen), originalMax);
            problem.other = "seq_len";
            throw forType(problem);
        }
        if (!useLong && params.shortFactor.empty())
            throw forType({"short_factor", Rule::RequiredFor});
        for (const auto& [key, list] : {std::pair{"short_factor", &params.shortFactor},
                                        std::pair{"long_factor", &params.longFactor}}) {
            // One factor per rotated pair.
            if (!list->empty() && list->size() != static_cast<std::size_t>(pairs)) {
                throw ParameterError({key, Rule::Count, static_cast<double>(list->size()),
                                      static_cast<double>(pairs)});
            }
        }
    }
}

namespace {

ParameterError unknownName(const char* parameter, std::string_view name, const char* allowed) {
    ParameterProblem problem(parameter, Rule::OneOf);
    problem.valueText = std::string(name);
    problem.allowed = allowed;
    return ParameterError(problem);
}

}  // namespace

std::string_view toString(RopeType type) {
    switch (type) {
        case RopeType::Default:
            return "default";
        case RopeType::Linear:
            return "linear";
        case RopeType::Dynamic:
            return "dynamic";
        case RopeType::Yarn:
            return "yarn";
        case RopeType::LongRope:
            return "longrope";
        case RopeType::Llama3:
            return "llama3";
    }
    return "default";
}

std::string_view toString(RopeLayout layout) {
    return layout == RopeLayout::Interleaved ? "interleaved" : "half";
}

RopeType parseRopeType(std::string_view name) {
    if (name == "default") return RopeType::Default;
    if (name == "linear") return RopeType::Linear;
    if (name == "dynamic") return RopeType::Dynamic;
    if (name == "yarn") return RopeType::Yarn;
    // "su" is the name early Phi-3 configs used for what transformers now calls longrope.
    if (name == "longrope" || name == "su") return RopeType::LongRope;
    if (name == "llama3") return RopeType::Llama3;
    throw unknownName("rope_type", name, "default, linear, dynamic, yarn, longrope, llama3");
}

RopeLayout parseRopeLayout(std::string_view name) {
    if (name == "half") return RopeLayout::HalfSplit;
    if (name == "interleaved") return RopeLayout::Interleaved;
    throw unknownName("layout", name, "half, interleaved");
}

}  // namespace ropelab
