// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one table of RoPE parameters: for every field of RopeParams its config.json key (also
// core's id in ParameterError and the session key), where config.json holds it, core's valid
// range and which rope types read it. The config.json reader and writer, session files and
// validate() walk this table; the front ends keep their own columns keyed by RopeField: the
// CLI's flags and help (cli/rope_flags.h), the app's labels, units (ui/model/parameter_text.h)
// and tighter ranges (ui/model/app_limits.h). A new field is one row here, the member in
// RopeParams and a row in each of those. Defaults are RopeParams{}'s.

#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "encodings/rope_params.h"

namespace ropelab {

enum class RopeField {
    HeadDim,
    PartialRotaryFactor,
    RopeTheta,
    Type,
    Factor,
    MaxPositionEmbeddings,
    OriginalMaxPositionEmbeddings,
    SeqLen,
    BetaFast,
    BetaSlow,
    Mscale,
    MscaleAllDim,
    AttentionFactor,
    Truncate,
    LowFreqFactor,
    HighFreqFactor,
    ShortFactor,
    LongFactor,
};

// Where a HuggingFace config.json holds the field.
enum class ConfigPlace {
    TopLevel,      // next to hidden_size
    Scaling,       // inside rope_scaling (v4) / rope_parameters (v5)
    TopOrScaling,  // either; the scaling dict wins
    NotInConfig,   // a runtime value (seq_len)
};

// The member of RopeParams a field is.
using RopeMember =
    std::variant<int RopeParams::*, double RopeParams::*, std::optional<int> RopeParams::*,
                 std::optional<double> RopeParams::*, bool RopeParams::*, RopeType RopeParams::*,
                 std::vector<double> RopeParams::*>;

// A valid value (each value, for a list): minimum < or <= value <= maximum.
struct FieldRange {
    double minimum = -std::numeric_limits<double>::infinity();
    double maximum = std::numeric_limits<double>::infinity();
    bool minimumExcluded = false;
};

// RopeFieldInfo::ropeTypes of a field every rope type reads.
inline constexpr unsigned everyRopeType = ~0u;

struct RopeFieldInfo {
    RopeField id;
    std::string_view key;  // config.json key; core's id; the session key
    ConfigPlace place;
    RopeMember member;
    FieldRange range;                    // core's range (numbers only)
    bool even = false;                   // whole numbers that must be even (head_dim)
    unsigned ropeTypes = everyRopeType;  // bit (1 << int(RopeType)) for each type that reads it
};

std::span<const RopeFieldInfo> ropeFields();
const RopeFieldInfo& ropeField(RopeField id);
const RopeFieldInfo* ropeFieldByKey(std::string_view key);
bool usedBy(const RopeFieldInfo& field, RopeType type);

// Calls `visit(value, eachValue)` for each number `field` holds in `params`: its value, nothing for
// an unset optional, each value of a list (eachValue true); nothing for a name or a switch.
void forEachNumber(const RopeFieldInfo& field, const RopeParams& params,
                   const std::function<void(double value, bool eachValue)>& visit);

// Checks one field's value in `params` against its own row (finite, range, even); the rules
// that tie fields together are validate()'s. Throws ParameterError with the field's key.
void validateField(const RopeFieldInfo& field, const RopeParams& params);

}  // namespace ropelab
