#pragma once
// The RoPE options shared by every command that uses RoPE (the ropelab-cli contract):
// --head-dim --partial-rotary-factor --rope-theta --rope-type --factor --max-position-embeddings
// --original-max-position-embeddings --seq-len --beta-fast --beta-slow --mscale --mscale-all-dim
// --attention-factor --no-truncate --low-freq-factor --high-freq-factor --short-factor
// --long-factor --config.

#include <optional>
#include <vector>

#include "cli/args.h"
#include "encodings/rope_params.h"

namespace ropelab::cli {

// The option specs, to append to a command's options.
std::vector<OptionSpec> ropeOptionSpecs();

// RopeParams from the RoPE options, applied in command-line order: --config FILE replaces every
// parameter the config describes (everything but --seq-len), so flags given after it override
// the file and flags before it are overridden. Validated (InputError names the bad option).
// defaultHeadDim replaces the default 128 before the options apply (e.g. a given vector's size).
RopeParams ropeParamsFromArgs(const Args& args, std::optional<int> defaultHeadDim = std::nullopt);

}  // namespace ropelab::cli
