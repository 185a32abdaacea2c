// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/rope_fields.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "common/parameter_error.h"

namespace ropelab {

namespace {

constexpr unsigned bit(RopeType type) {
    return 1u << static_cast<unsigned>(type);
}

constexpr unsigned kScaled = bit(RopeType::Linear) | bit(RopeType::Dynamic) | bit(RopeType::Yarn) |
                             bit(RopeType::LongRope) | bit(RopeType::Llama3);
constexpr unsigned kYarn = bit(RopeType::Yarn);
constexpr double kInf = std::numeric_limits<double>::infinity();

using P = RopeParams;
using C = ConfigPlace;

// clang-format off
const std::array kFields{
    RopeFieldInfo{RopeField::HeadDim, "head_dim", C::TopLevel, &P::headDim,
        "--head-dim", "D", "head dimension, even", {2, maxHeadDim}, true},
    RopeFieldInfo{RopeField::PartialRotaryFactor, "partial_rotary_factor", C::TopOrScaling,
        &P::partialRotaryFactor, "--partial-rotary-factor", "F",
        "fraction of the head rotated, in (0, 1]; rotary dim = int(D*F)", {0, 1, true}},
    RopeFieldInfo{RopeField::RopeTheta, "rope_theta", C::TopOrScaling, &P::ropeTheta,
        "--rope-theta", "B", "RoPE base, > 1", {1, kInf, true}},
    RopeFieldInfo{RopeField::Type, "rope_type", C::Scaling, &P::ropeType,
        "--rope-type", "TYPE", "default|linear|dynamic|yarn|longrope|llama3", {}},
    RopeFieldInfo{RopeField::Factor, "factor", C::Scaling, &P::factor, "--factor", "S",
        "scaling factor >= 1; required by linear, dynamic, yarn (llama3 default 8; longrope "
        "default max/original max)", {1, kInf}, false, kScaled},
    RopeFieldInfo{RopeField::MaxPositionEmbeddings, "max_position_embeddings", C::TopLevel,
        &P::maxPositionEmbeddings, "--max-position-embeddings", "N",
        "context length the model was configured for", {1, kInf}},
    RopeFieldInfo{RopeField::OriginalMaxPositionEmbeddings, "original_max_position_embeddings",
        C::TopOrScaling, &P::originalMaxPositionEmbeddings, "--original-max-position-embeddings",
        "N", "pre-training context (yarn/longrope default: --max-position-embeddings; llama3 8192)",
        {1, kInf}, false, kYarn | bit(RopeType::LongRope) | bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::SeqLen, "seq_len", C::NotInConfig, &P::seqLen, "--seq-len", "L",
        "current sequence length (dynamic base; longrope long vs short factors)", {0, kInf},
        false, bit(RopeType::Dynamic) | bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::BetaFast, "beta_fast", C::Scaling, &P::betaFast, "--beta-fast", "X",
        "yarn: rotations where extrapolation ends", {0, kInf, true}, false, kYarn},
    RopeFieldInfo{RopeField::BetaSlow, "beta_slow", C::Scaling, &P::betaSlow, "--beta-slow", "X",
        "yarn: rotations where interpolation starts", {0, kInf, true}, false, kYarn},
    RopeFieldInfo{RopeField::Mscale, "mscale", C::Scaling, &P::mscale, "--mscale", "X",
        "yarn: mscale (with --mscale-all-dim: attention factor ratio)", {0, kInf}, false, kYarn},
    RopeFieldInfo{RopeField::MscaleAllDim, "mscale_all_dim", C::Scaling, &P::mscaleAllDim,
        "--mscale-all-dim", "X", "yarn: mscale_all_dim", {0, kInf}, false, kYarn},
    RopeFieldInfo{RopeField::AttentionFactor, "attention_factor", C::Scaling, &P::attentionFactor,
        "--attention-factor", "X", "yarn/longrope: attention factor (default from the paper)",
        {0, kInf, true}, false, kYarn | bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::Truncate, "truncate", C::Scaling, &P::truncate, "--no-truncate", "",
        "yarn: do not floor/ceil the correction range", {}, false, kYarn},
    RopeFieldInfo{RopeField::LowFreqFactor, "low_freq_factor", C::Scaling, &P::lowFreqFactor,
        "--low-freq-factor", "X", "llama3: low_freq_factor", {0, kInf, true}, false,
        bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::HighFreqFactor, "high_freq_factor", C::Scaling, &P::highFreqFactor,
        "--high-freq-factor", "X", "llama3: high_freq_factor, > low_freq_factor", {}, false,
        bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::ShortFactor, "short_factor", C::Scaling, &P::shortFactor,
        "--short-factor", "LIST", "longrope: rotary_dim/2 factors used up to the original max",
        {0, kInf, true}, false, bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::LongFactor, "long_factor", C::Scaling, &P::longFactor,
        "--long-factor", "LIST", "longrope: rotary_dim/2 factors used beyond the original max",
        {0, kInf, true}, false, bit(RopeType::LongRope)},
};
// clang-format on

template <class Find>
const RopeFieldInfo* findField(Find matches) {
    const auto it = std::find_if(kFields.begin(), kFields.end(), matches);
    return it == kFields.end() ? nullptr : &*it;
}

void checkNumber(const RopeFieldInfo& field, double value, bool eachValue) {
    ParameterProblem problem(std::string(field.key), Rule::Finite, value);
    problem.eachValue = eachValue;
    const FieldRange& r = field.range;
    if (!std::isfinite(value)) throw ParameterError(problem);
    const bool aboveMinimum = r.minimumExcluded ? value > r.minimum : value >= r.minimum;
    if (!aboveMinimum || value > r.maximum) {
        problem.lower = r.minimum;
        problem.upper = r.maximum;
        if (std::isinf(r.maximum)) {
            problem.rule = r.minimumExcluded ? Rule::GreaterThan : Rule::AtLeast;
        } else {
            problem.rule = r.minimumExcluded ? Rule::AboveAtMost : Rule::Between;
        }
        throw ParameterError(problem);
    }
    if (field.even && std::fmod(value, 2.0) != 0.0) {
        problem.rule = Rule::Even;
        throw ParameterError(problem);
    }
}

}  // namespace

std::span<const RopeFieldInfo> ropeFields() {
    return kFields;
}

const RopeFieldInfo& ropeField(RopeField id) {
    const RopeFieldInfo* field = findField([id](const RopeFieldInfo& f) { return f.id == id; });
    if (field == nullptr) throw std::logic_error("RopeField without a row in the table");
    return *field;
}

const RopeFieldInfo* ropeFieldByKey(std::string_view key) {
    return findField([key](const RopeFieldInfo& f) { return f.key == key; });
}

const RopeFieldInfo* ropeFieldByFlag(std::string_view flag) {
    return findField([flag](const RopeFieldInfo& f) { return f.flag == flag; });
}

bool usedBy(const RopeFieldInfo& field, RopeType type) {
    return (field.ropeTypes & bit(type)) != 0;
}

void validateField(const RopeFieldInfo& field, const RopeParams& params) {
    std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            const T& value = params.*member;
            if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
                checkNumber(field, static_cast<double>(value), false);
            } else if constexpr (std::is_same_v<T, std::optional<int>> ||
                                 std::is_same_v<T, std::optional<double>>) {
                if (value) checkNumber(field, static_cast<double>(*value), false);
            } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                for (double item : value) checkNumber(field, item, true);
            }
        },
        field.member);
}

}  // namespace ropelab
