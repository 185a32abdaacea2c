// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The RoPE options shared by every command that uses RoPE (the ropelab-cli contract):
// --head-dim --partial-rotary-factor --rope-theta --rope-type --factor --max-position-embeddings
// --original-max-position-embeddings --seq-len --beta-fast --beta-slow --mscale --mscale-all-dim
// --attention-factor --no-truncate --low-freq-factor --high-freq-factor --short-factor
// --long-factor --config --gguf, and two other tools' words: --ntk-alpha (exllama alpha_value)
// and --rope-freq-scale (llama.cpp).

#include <optional>
#include <string>
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
// --gguf FILE acts as --config (llama.cpp's reading of the file); --rope-freq-scale S is
// --rope-type linear --factor 1/S in place; --ntk-alpha A multiplies the final rope_theta by
// A^(d/(d−2)), d the rotary dim, after every other option.
RopeParams ropeParamsFromArgs(const Args& args, std::optional<int> defaultHeadDim = std::nullopt);

// The same, with what the other tools' words leave out of RopeParams.
struct RopeSettings {
    RopeParams params;
    std::optional<double> ntkAlpha;        // --ntk-alpha, if given
    double thetaBeforeAlpha = 10000.0;     // rope_theta before --ntk-alpha applied
    std::optional<RopeLayout> ggufLayout;  // llama.cpp's layout for the last --gguf file
    std::string ggufArchitecture;          // its general.architecture ("" without --gguf)
};
RopeSettings ropeSettingsFromArgs(const Args& args,
                                  std::optional<int> defaultHeadDim = std::nullopt);

}  // namespace ropelab::cli
