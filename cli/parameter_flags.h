// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Core's parameter problems and limits in the command line's words: each parameter named by its
// flag.

#include <string>
#include <string_view>

#include "common/errors.h"
#include "common/parameter_error.h"

namespace ropelab::cli {

// The flag of a core parameter id: the RoPE table's flag ("rope_theta" → "--rope-theta"), else
// the id with dashes ("grid" → "--grid", "prompt_length" → "--prompt-length").
std::string flagOf(std::string_view parameter);

// "--rope-theta must be > 1, got 0.5"; an unavailable --backend also says where to look.
std::string flagMessage(const ParameterProblem& problem);
// what(), then what to ask for less of: "...: ask for fewer --generate or --prompt-length".
std::string flagMessage(const ResourceError& error);

}  // namespace ropelab::cli
