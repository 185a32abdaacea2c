// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The command line's columns of the RoPE table (encodings/rope_fields.h): each field's flag,
// value name and help line, keyed by the core field. rope_options.cpp builds the options from
// them and parameter_flags.cpp names core's problems with them.

#include <span>
#include <string_view>

#include "encodings/rope_fields.h"

namespace ropelab::cli {

struct RopeFlag {
    RopeField field;
    std::string_view flag;       // "--head-dim"; a switch (bool) flag sets the opposite default
    std::string_view valueName;  // "D" in the help; empty for a switch
    std::string_view help;       // the help line, defaults said where RopeParams{} has none
};

// One row per field, in the table's order.
std::span<const RopeFlag> ropeFlags();
const RopeFlag& ropeFlag(RopeField field);
// The field a flag sets; nullptr for other flags.
const RopeFieldInfo* ropeFieldByFlag(std::string_view flag);

}  // namespace ropelab::cli
