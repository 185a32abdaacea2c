// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli/rope_flags.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace ropelab::cli {

namespace {

using F = RopeField;

// clang-format off
constexpr std::array kFlags{
    RopeFlag{F::HeadDim, "--head-dim", "D", "head dimension, even"},
    RopeFlag{F::PartialRotaryFactor, "--partial-rotary-factor", "F",
        "fraction of the head rotated, in (0, 1]; rotary dim = int(D*F)"},
    RopeFlag{F::RopeTheta, "--rope-theta", "B", "RoPE base, > 1"},
    RopeFlag{F::Type, "--rope-type", "TYPE", "default|linear|dynamic|yarn|longrope|llama3"},
    RopeFlag{F::Factor, "--factor", "S",
        "scaling factor >= 1; required by linear, dynamic, yarn (llama3 default 8; longrope "
        "default max/original max)"},
    RopeFlag{F::MaxPositionEmbeddings, "--max-position-embeddings", "N",
        "context length the model was configured for"},
    RopeFlag{F::OriginalMaxPositionEmbeddings, "--original-max-position-embeddings", "N",
        "pre-training context (yarn/longrope default: --max-position-embeddings; llama3 8192)"},
    RopeFlag{F::SeqLen, "--seq-len", "L",
        "current sequence length (dynamic base; longrope long vs short factors)"},
    RopeFlag{F::BetaFast, "--beta-fast", "X", "yarn: rotations where extrapolation ends"},
    RopeFlag{F::BetaSlow, "--beta-slow", "X", "yarn: rotations where interpolation starts"},
    RopeFlag{F::Mscale, "--mscale", "X",
        "yarn: mscale (with --mscale-all-dim: attention factor ratio)"},
    RopeFlag{F::MscaleAllDim, "--mscale-all-dim", "X", "yarn: mscale_all_dim"},
    RopeFlag{F::AttentionFactor, "--attention-factor", "X",
        "yarn/longrope: attention factor (default from the paper)"},
    RopeFlag{F::Truncate, "--no-truncate", "", "yarn: do not floor/ceil the correction range"},
    RopeFlag{F::LowFreqFactor, "--low-freq-factor", "X", "llama3: low_freq_factor"},
    RopeFlag{F::HighFreqFactor, "--high-freq-factor", "X",
        "llama3: high_freq_factor, > low_freq_factor"},
    RopeFlag{F::ShortFactor, "--short-factor", "LIST",
        "longrope: rotary_dim/2 factors used up to the original max"},
    RopeFlag{F::LongFactor, "--long-factor", "LIST",
        "longrope: rotary_dim/2 factors used beyond the original max"},
};
// clang-format on

}  // namespace

std::span<const RopeFlag> ropeFlags() {
    return kFlags;
}

const RopeFlag& ropeFlag(RopeField field) {
    const auto it = std::find_if(kFlags.begin(), kFlags.end(),
                                 [field](const RopeFlag& row) { return row.field == field; });
    if (it == kFlags.end()) throw std::logic_error("a RoPE field without a flag");
    return *it;
}

const RopeFieldInfo* ropeFieldByFlag(std::string_view flag) {
    const auto it = std::find_if(kFlags.begin(), kFlags.end(),
                                 [flag](const RopeFlag& row) { return row.flag == flag; });
    return it == kFlags.end() ? nullptr : &ropeField(it->field);
}

}  // namespace ropelab::cli
