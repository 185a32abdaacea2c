// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one table of RoPE parameters: for every field of RopeParams its config.json key (also
// core's id in ParameterError and the session key), its label and unit in English (the app
// translates them), where config.json holds it, its ropelab-cli flag and help, core's valid range,
// the desktop app's tighter range and which rope types read it. The config.json reader and writer,
// the CLI options, session files, the app's labels, limits and editors and validate() walk this
// table; a new field is one row here (and the member in RopeParams). Defaults are RopeParams{}'s.

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
    std::string_view flag;       // "--head-dim"; a switch (bool) flag sets the opposite default
    std::string_view valueName;  // "D" in the help; empty for a switch
    std::string_view help;       // the CLI help line, defaults said where RopeParams{} has none
    std::string_view label;      // the app's label, English: "Head dimension d"
    std::string_view unit;       // what the value counts: "positions", "rotations"; "" for none
    FieldRange range;            // core's range (numbers only)
    // The app's range: the values its lessons compute and draw in about 2 s (ui/model/app_limits.h;
    // why each bound is where it is: rope_fields.cpp).
    FieldRange appRange;
    bool even = false;                   // whole numbers that must be even (head_dim)
    unsigned ropeTypes = everyRopeType;  // bit (1 << int(RopeType)) for each type that reads it
};

std::span<const RopeFieldInfo> ropeFields();
const RopeFieldInfo& ropeField(RopeField id);
const RopeFieldInfo* ropeFieldByKey(std::string_view key);
const RopeFieldInfo* ropeFieldByFlag(std::string_view flag);
bool usedBy(const RopeFieldInfo& field, RopeType type);

// Calls `visit(value, eachValue)` for each number `field` holds in `params`: its value, nothing for
// an unset optional, each value of a list (eachValue true); nothing for a name or a switch.
void forEachNumber(const RopeFieldInfo& field, const RopeParams& params,
                   const std::function<void(double value, bool eachValue)>& visit);

// Checks one field's value in `params` against its own row (finite, range, even); the rules
// that tie fields together are validate()'s. Throws ParameterError with the field's key.
void validateField(const RopeFieldInfo& field, const RopeParams& params);

}  // namespace ropelab
