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
    RopeFieldInfo{RopeField::HeadDim, "head_dim", C::TopLevel, &P::headDim, {2, maxHeadDim},
        true},
    RopeFieldInfo{RopeField::PartialRotaryFactor, "partial_rotary_factor", C::TopOrScaling,
        &P::partialRotaryFactor, {0, 1, true}},
    RopeFieldInfo{RopeField::RopeTheta, "rope_theta", C::TopOrScaling, &P::ropeTheta,
        {1, kInf, true}},
    RopeFieldInfo{RopeField::Type, "rope_type", C::Scaling, &P::ropeType, {}},
    RopeFieldInfo{RopeField::Factor, "factor", C::Scaling, &P::factor, {1, kInf}, false,
        kScaled},
    RopeFieldInfo{RopeField::MaxPositionEmbeddings, "max_position_embeddings", C::TopLevel,
        &P::maxPositionEmbeddings, {1, kInf}},
    RopeFieldInfo{RopeField::OriginalMaxPositionEmbeddings, "original_max_position_embeddings",
        C::TopOrScaling, &P::originalMaxPositionEmbeddings, {1, kInf}, false,
        kYarn | bit(RopeType::LongRope) | bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::SeqLen, "seq_len", C::NotInConfig, &P::seqLen, {0, kInf}, false,
        bit(RopeType::Dynamic) | bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::BetaFast, "beta_fast", C::Scaling, &P::betaFast, {0, kInf, true},
        false, kYarn},
    RopeFieldInfo{RopeField::BetaSlow, "beta_slow", C::Scaling, &P::betaSlow, {0, kInf, true},
        false, kYarn},
    RopeFieldInfo{RopeField::Mscale, "mscale", C::Scaling, &P::mscale, {0, kInf}, false, kYarn},
    RopeFieldInfo{RopeField::MscaleAllDim, "mscale_all_dim", C::Scaling, &P::mscaleAllDim,
        {0, kInf}, false, kYarn},
    RopeFieldInfo{RopeField::AttentionFactor, "attention_factor", C::Scaling, &P::attentionFactor,
        {0, kInf, true}, false, kYarn | bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::Truncate, "truncate", C::Scaling, &P::truncate, {}, false, kYarn},
    RopeFieldInfo{RopeField::LowFreqFactor, "low_freq_factor", C::Scaling, &P::lowFreqFactor,
        {0, kInf, true}, false, bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::HighFreqFactor, "high_freq_factor", C::Scaling, &P::highFreqFactor,
        {}, false, bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::ShortFactor, "short_factor", C::Scaling, &P::shortFactor,
        {0, kInf, true}, false, bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::LongFactor, "long_factor", C::Scaling, &P::longFactor,
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

bool usedBy(const RopeFieldInfo& field, RopeType type) {
    return (field.ropeTypes & bit(type)) != 0;
}

void forEachNumber(const RopeFieldInfo& field, const RopeParams& params,
                   const std::function<void(double value, bool eachValue)>& visit) {
    std::visit(
        [&](auto member) {
            using T = std::remove_cvref_t<decltype(params.*member)>;
            const T& value = params.*member;
            if constexpr (std::is_same_v<T, int> || std::is_same_v<T, double>) {
                visit(static_cast<double>(value), false);
            } else if constexpr (std::is_same_v<T, std::optional<int>> ||
                                 std::is_same_v<T, std::optional<double>>) {
                if (value) visit(static_cast<double>(*value), false);
            } else if constexpr (std::is_same_v<T, std::vector<double>>) {
                for (double item : value) visit(item, true);
            }
        },
        field.member);
}

void validateField(const RopeFieldInfo& field, const RopeParams& params) {
    forEachNumber(field, params,
                  [&field](double value, bool eachValue) { checkNumber(field, value, eachValue); });
}

}  // namespace ropelab
