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

// The app's ranges (appRange), and why each bound is where it is:
// - head_dim: lesson 2 draws (and exports as CSV) the full N x d sinusoidal table, and every lesson
//   recomputes when it changes. At d = 512, N = 4096 all lessons export in 1 GiB of address space;
//   at 1024 x 16384 applying a session took 8 s (issue 18; core allows d up to 2^20). Real heads
//   are at most 512 wide.
// - contexts (max_position_embeddings, original_max_position_embeddings, seq_len): beyond every
//   released model (Llama 4 Scout: 10M); the curves that use them are sampled.
// - the scaling numbers: the lesson-7 editor's ranges, wide enough for every published config
//   (rope_theta up to 3.6e9 in Gradient's 1M-context Llama 3) and small enough that products and
//   squares stay finite on the plots; short_factor and long_factor value by value.
// clang-format off
const std::array kFields{
    RopeFieldInfo{RopeField::HeadDim, "head_dim", C::TopLevel, &P::headDim,
        "--head-dim", "D", "head dimension, even", "Head dimension d", "",
        {2, maxHeadDim}, {2, 512}, true},
    RopeFieldInfo{RopeField::PartialRotaryFactor, "partial_rotary_factor", C::TopOrScaling,
        &P::partialRotaryFactor, "--partial-rotary-factor", "F",
        "fraction of the head rotated, in (0, 1]; rotary dim = int(D*F)",
        "Rotated fraction (partial_rotary_factor)", "", {0, 1, true}, {0, 1, true}},
    RopeFieldInfo{RopeField::RopeTheta, "rope_theta", C::TopOrScaling, &P::ropeTheta,
        "--rope-theta", "B", "RoPE base, > 1", "Base (rope_theta)", "",
        {1, kInf, true}, {1, 1e10, true}},
    RopeFieldInfo{RopeField::Type, "rope_type", C::Scaling, &P::ropeType,
        "--rope-type", "TYPE", "default|linear|dynamic|yarn|longrope|llama3",
        "Scaling type (rope_type)", "", {}, {}},
    RopeFieldInfo{RopeField::Factor, "factor", C::Scaling, &P::factor, "--factor", "S",
        "scaling factor >= 1; required by linear, dynamic, yarn (llama3 default 8; longrope "
        "default max/original max)", "Scaling factor (factor)", "", {1, kInf}, {1, 1024}, false,
        kScaled},
    RopeFieldInfo{RopeField::MaxPositionEmbeddings, "max_position_embeddings", C::TopLevel,
        &P::maxPositionEmbeddings, "--max-position-embeddings", "N",
        "context length the model was configured for", "Context (max_position_embeddings)",
        "positions", {1, kInf}, {1, 1e8}},
    RopeFieldInfo{RopeField::OriginalMaxPositionEmbeddings, "original_max_position_embeddings",
        C::TopOrScaling, &P::originalMaxPositionEmbeddings, "--original-max-position-embeddings",
        "N", "pre-training context (yarn/longrope default: --max-position-embeddings; llama3 8192)",
        "Pre-training context (original_max_position_embeddings)", "positions", {1, kInf},
        {1, 1e8}, false, kYarn | bit(RopeType::LongRope) | bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::SeqLen, "seq_len", C::NotInConfig, &P::seqLen, "--seq-len", "L",
        "current sequence length (dynamic base; longrope long vs short factors)",
        "Current sequence length (seq_len)", "positions", {0, kInf}, {0, 1e8}, false,
        bit(RopeType::Dynamic) | bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::BetaFast, "beta_fast", C::Scaling, &P::betaFast, "--beta-fast", "X",
        "yarn: rotations where extrapolation ends", "YaRN beta_fast", "rotations",
        {0, kInf, true}, {0, 1e4, true}, false, kYarn},
    RopeFieldInfo{RopeField::BetaSlow, "beta_slow", C::Scaling, &P::betaSlow, "--beta-slow", "X",
        "yarn: rotations where interpolation starts", "YaRN beta_slow", "rotations",
        {0, kInf, true}, {0, 1e4, true}, false, kYarn},
    RopeFieldInfo{RopeField::Mscale, "mscale", C::Scaling, &P::mscale, "--mscale", "X",
        "yarn: mscale (with --mscale-all-dim: attention factor ratio)", "YaRN mscale", "",
        {0, kInf}, {0, 100}, false, kYarn},
    RopeFieldInfo{RopeField::MscaleAllDim, "mscale_all_dim", C::Scaling, &P::mscaleAllDim,
        "--mscale-all-dim", "X", "yarn: mscale_all_dim", "YaRN mscale_all_dim", "",
        {0, kInf}, {0, 100}, false, kYarn},
    RopeFieldInfo{RopeField::AttentionFactor, "attention_factor", C::Scaling, &P::attentionFactor,
        "--attention-factor", "X", "yarn/longrope: attention factor (default from the paper)",
        "Attention factor (attention_factor)", "", {0, kInf, true}, {0, 100, true}, false,
        kYarn | bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::Truncate, "truncate", C::Scaling, &P::truncate, "--no-truncate", "",
        "yarn: do not floor/ceil the correction range", "YaRN truncate", "", {}, {}, false,
        kYarn},
    RopeFieldInfo{RopeField::LowFreqFactor, "low_freq_factor", C::Scaling, &P::lowFreqFactor,
        "--low-freq-factor", "X", "llama3: low_freq_factor", "Llama 3 low_freq_factor", "",
        {0, kInf, true}, {0, 1e4, true}, false, bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::HighFreqFactor, "high_freq_factor", C::Scaling, &P::highFreqFactor,
        "--high-freq-factor", "X", "llama3: high_freq_factor, > low_freq_factor",
        "Llama 3 high_freq_factor", "", {}, {0, 1e4, true}, false, bit(RopeType::Llama3)},
    RopeFieldInfo{RopeField::ShortFactor, "short_factor", C::Scaling, &P::shortFactor,
        "--short-factor", "LIST", "longrope: rotary_dim/2 factors used up to the original max",
        "LongRoPE short_factor", "", {0, kInf, true}, {0, 1e4, true}, false,
        bit(RopeType::LongRope)},
    RopeFieldInfo{RopeField::LongFactor, "long_factor", C::Scaling, &P::longFactor,
        "--long-factor", "LIST", "longrope: rotary_dim/2 factors used beyond the original max",
        "LongRoPE long_factor", "", {0, kInf, true}, {0, 1e4, true}, false,
        bit(RopeType::LongRope)},
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
