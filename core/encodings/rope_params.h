// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RoPE parameters, named after the HuggingFace config keys (rope_theta, rope_scaling.*).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ropelab {

enum class RopeType { Default, Linear, Dynamic, Yarn, LongRope, Llama3 };

// HalfSplit pairs (i, i + d/2) as HF/GPT-NeoX rotate_half; Interleaved pairs (2i, 2i+1) as
// RoFormer, GPT-J and Meta's llama.
enum class RopeLayout { HalfSplit, Interleaved };

struct RopeParams {
    int headDim = 128;
    double partialRotaryFactor = 1.0;
    double ropeTheta = 10000.0;
    RopeType ropeType = RopeType::Default;
    std::optional<double> factor;  // required by linear/dynamic/yarn; llama3 default 8
    int maxPositionEmbeddings = 2048;
    std::optional<int> originalMaxPositionEmbeddings;
    std::optional<int> seqLen;  // dynamic: current length; longrope: picks long/short factors
    double betaFast = 32.0;
    double betaSlow = 1.0;
    std::optional<double> mscale;
    std::optional<double> mscaleAllDim;
    std::optional<double> attentionFactor;
    bool truncate = true;
    double lowFreqFactor = 1.0;
    double highFreqFactor = 4.0;
    std::vector<double> shortFactor;
    std::vector<double> longFactor;

    bool operator==(const RopeParams&) const = default;
};

// Real heads are <= 512 wide; far larger ones only exhaust memory.
inline constexpr int maxHeadDim = 1 << 20;

// The number of rotated components: int(headDim * partialRotaryFactor), as HF.
int rotaryDim(const RopeParams& params);

// Throws ParameterError (an InputError) for the first bad parameter: its key, the rule, the value.
void validate(const RopeParams& params);

std::string_view toString(RopeType type);           // HF spelling: "default", "linear", ...
std::string_view toString(RopeLayout layout);       // "half", "interleaved"
RopeType parseRopeType(std::string_view name);      // accepts HF names and legacy "su"; InputError
RopeLayout parseRopeLayout(std::string_view name);  // "half" | "interleaved"; InputError

}  // namespace ropelab
