// SPDX-License-Identifier: GPL-3.0-or-later
#include "encodings/conventions.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "encodings/rope_fields.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

namespace {

using Json = nlohmann::ordered_json;

// A field's config.json key, from the RoPE table (encodings/rope_fields.h).
std::string hf(RopeField field) {
    return std::string(ropeField(field).key);
}

bool same(double a, double b) {
    return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}

// The rope_scaling dict transformers reads (empty for default RoPE).
Json hfScaling(const RopeParams& p) {
    Json s = Json::object();
    if (p.ropeType == RopeType::Default) return s;
    s[hf(RopeField::Type)] = std::string(toString(p.ropeType));
    // transformers needs llama3's factor and original context written out (RopeParams defaults
    // them to Meta's 8 and 8192), and longrope's original context (default: the max).
    if (p.ropeType == RopeType::Llama3) {
        s[hf(RopeField::Factor)] = p.factor.value_or(8.0);
        s[hf(RopeField::OriginalMaxPositionEmbeddings)] =
            p.originalMaxPositionEmbeddings.value_or(8192);
    } else {
        if (p.factor) s[hf(RopeField::Factor)] = *p.factor;
        if (p.originalMaxPositionEmbeddings || p.ropeType == RopeType::LongRope) {
            s[hf(RopeField::OriginalMaxPositionEmbeddings)] =
                p.originalMaxPositionEmbeddings.value_or(p.maxPositionEmbeddings);
        }
    }
    if (p.ropeType == RopeType::Yarn) {
        if (p.betaFast != 32.0) s[hf(RopeField::BetaFast)] = p.betaFast;
        if (p.betaSlow != 1.0) s[hf(RopeField::BetaSlow)] = p.betaSlow;
        if (p.mscale) s[hf(RopeField::Mscale)] = *p.mscale;
        if (p.mscaleAllDim) s[hf(RopeField::MscaleAllDim)] = *p.mscaleAllDim;
        if (!p.truncate) s[hf(RopeField::Truncate)] = false;
    }
    if ((p.ropeType == RopeType::Yarn || p.ropeType == RopeType::LongRope) && p.attentionFactor) {
        s[hf(RopeField::AttentionFactor)] = *p.attentionFactor;
    }
    if (p.ropeType == RopeType::Llama3) {
        s[hf(RopeField::LowFreqFactor)] = p.lowFreqFactor;
        s[hf(RopeField::HighFreqFactor)] = p.highFreqFactor;
    }
    if (p.ropeType == RopeType::LongRope) {
        s[hf(RopeField::ShortFactor)] = p.shortFactor;
        if (!p.longFactor.empty()) s[hf(RopeField::LongFactor)] = p.longFactor;
    }
    return s;
}

ToolWords hfConfig(const ConventionsInput& in) {
    const RopeParams& p = in.params;
    ToolWords w{"hf_config", {}, {}};
    w.settings.push_back({hf(RopeField::HeadDim), Json(p.headDim).dump()});
    if (p.partialRotaryFactor != 1.0) {
        w.settings.push_back(
            {hf(RopeField::PartialRotaryFactor), Json(p.partialRotaryFactor).dump()});
    }
    w.settings.push_back({hf(RopeField::RopeTheta), Json(p.ropeTheta).dump()});
    w.settings.push_back(
        {hf(RopeField::MaxPositionEmbeddings), Json(p.maxPositionEmbeddings).dump()});
    const Json scaling = hfScaling(p);
    if (!scaling.empty()) w.settings.push_back({"rope_scaling", scaling.dump()});
    if (in.layout == RopeLayout::Interleaved) {
        w.cannot.push_back({Limitation::NeedsMetaToHfPermutation});
    }
    return w;
}

// The attention factor llama.cpp applies to YaRN before the file's rope.scaling.attn_factor
// (llama-context.cpp): get_mscale(s), or get_mscale(s, 1) / get_mscale(s, yarn_log_multiplier).
double llamaCppYarnAttention(const RopeParams& p) {
    const double s = *p.factor;
    if (p.mscaleAllDim && *p.mscaleAllDim != 0.0) {
        return yarnGetMscale(s, 1.0) / yarnGetMscale(s, *p.mscaleAllDim);
    }
    return yarnGetMscale(s);
}

ToolWords llamaCpp(const ConventionsInput& in, const RopeFrequencies& freqs) {
    const RopeParams& p = in.params;
    ToolWords w{"llama_cpp", {}, {}};
    w.settings.push_back({"--rope-freq-base", Json(p.ropeTheta).dump()});
    switch (p.ropeType) {
        case RopeType::Default:
            w.settings.push_back({"--rope-scaling", Json("none").dump()});
            break;
        case RopeType::Linear:
            w.settings.push_back({"--rope-scaling", Json("linear").dump()});
            w.settings.push_back({"--rope-freq-scale", Json(1.0 / *p.factor).dump()});
            break;
        case RopeType::Yarn: {
            w.settings.push_back({"--rope-scaling", Json("yarn").dump()});
            w.settings.push_back({"--rope-freq-scale", Json(1.0 / *p.factor).dump()});
            w.settings.push_back(
                {"--yarn-orig-ctx",
                 Json(p.originalMaxPositionEmbeddings.value_or(p.maxPositionEmbeddings)).dump()});
            w.settings.push_back({"--yarn-ext-factor", Json(1.0).dump()});
            w.settings.push_back({"--yarn-beta-fast", Json(p.betaFast).dump()});
            w.settings.push_back({"--yarn-beta-slow", Json(p.betaSlow).dump()});
            if (!p.truncate) {
                w.cannot.push_back({Limitation::AlwaysTruncates});
            }
            if (!same(freqs.attentionFactor, llamaCppYarnAttention(p)) || p.mscaleAllDim) {
                w.cannot.push_back({Limitation::AttentionFactorFromGguf, freqs.attentionFactor});
            }
            break;
        }
        case RopeType::Dynamic:
            w.cannot.push_back({Limitation::NoDynamicNtk});
            break;
        case RopeType::LongRope:
            w.settings.push_back(
                {"-c", Json(p.seqLen.value_or(
                                p.originalMaxPositionEmbeddings.value_or(p.maxPositionEmbeddings)))
                           .dump()});
            w.cannot.push_back({Limitation::LongRopeFactorsInGguf});
            break;
        case RopeType::Llama3:
            w.cannot.push_back({Limitation::Llama3FactorsInGguf});
            break;
    }
    if (freqs.rotaryDim != p.headDim) {
        w.cannot.push_back({Limitation::RotaryDimFromGguf, static_cast<double>(freqs.rotaryDim)});
    }
    w.cannot.push_back({Limitation::LayoutFromArchitecture});
    return w;
}

ToolWords gguf(const ConventionsInput& in, const RopeFrequencies& freqs) {
    const RopeParams& p = in.params;
    const std::string a = in.architecture.empty() ? "{arch}" : in.architecture;
    ToolWords w{"gguf", {}, {}};
    w.settings.push_back({a + ".context_length", Json(p.maxPositionEmbeddings).dump()});
    w.settings.push_back({a + ".attention.key_length", Json(p.headDim).dump()});
    w.settings.push_back({a + ".rope.dimension_count", Json(freqs.rotaryDim).dump()});
    w.settings.push_back({a + ".rope.freq_base", Json(p.ropeTheta).dump()});
    const int original = p.originalMaxPositionEmbeddings.value_or(p.maxPositionEmbeddings);
    switch (p.ropeType) {
        case RopeType::Default:
            break;
        case RopeType::Linear:
            w.settings.push_back({a + ".rope.scaling.type", Json("linear").dump()});
            w.settings.push_back({a + ".rope.scaling.factor", Json(*p.factor).dump()});
            break;
        case RopeType::Yarn: {
            w.settings.push_back({a + ".rope.scaling.type", Json("yarn").dump()});
            w.settings.push_back({a + ".rope.scaling.factor", Json(*p.factor).dump()});
            w.settings.push_back(
                {a + ".rope.scaling.original_context_length", Json(original).dump()});
            if (p.betaFast != 32.0) {
                w.settings.push_back({a + ".rope.scaling.yarn_beta_fast", Json(p.betaFast).dump()});
            }
            if (p.betaSlow != 1.0) {
                w.settings.push_back({a + ".rope.scaling.yarn_beta_slow", Json(p.betaSlow).dump()});
            }
            if (p.mscaleAllDim && *p.mscaleAllDim != 0.0) {
                w.settings.push_back(
                    {a + ".rope.scaling.yarn_log_multiplier", Json(*p.mscaleAllDim).dump()});
            }
            const double attn = freqs.attentionFactor / llamaCppYarnAttention(p);
            if (!same(attn, 1.0)) {
                w.settings.push_back({a + ".rope.scaling.attn_factor", Json(attn).dump()});
            }
            if (!p.truncate) {
                w.cannot.push_back({Limitation::AlwaysTruncates});
            }
            break;
        }
        case RopeType::Dynamic:
            w.cannot.push_back({Limitation::NoDynamicNtk});
            break;
        case RopeType::LongRope:
            w.settings.push_back(
                {a + ".rope.scaling.original_context_length", Json(original).dump()});
            w.settings.push_back(
                {a + ".rope.scaling.attn_factor", Json(freqs.attentionFactor).dump()});
            w.settings.push_back({"rope_factors_short.weight", Json(p.shortFactor).dump()});
            w.settings.push_back(
                {"rope_factors_long.weight",
                 Json(p.longFactor.empty() ? p.shortFactor : p.longFactor).dump()});
            break;
        case RopeType::Llama3:
            w.settings.push_back({"rope_freqs.weight", Json(llama3RopeFreqs(p)).dump()});
            break;
    }
    return w;
}

ToolWords vllm(const ConventionsInput& in) {
    const RopeParams& p = in.params;
    ToolWords w{"vllm", {}, {}};
    w.settings.push_back({"--rope-theta", Json(p.ropeTheta).dump()});
    const Json scaling = hfScaling(p);
    if (!scaling.empty()) w.settings.push_back({"--rope-scaling", Json(scaling.dump()).dump()});
    if (p.ropeType == RopeType::Dynamic) {
        w.cannot.push_back({Limitation::DynamicUsesScaledMaxLength});
    }
    if (in.layout == RopeLayout::Interleaved) {
        w.cannot.push_back({Limitation::NeedsMetaToHfPermutation});
    }
    return w;
}

ToolWords exllama(const ConventionsInput& in) {
    const RopeParams& p = in.params;
    ToolWords w{"exllama", {}, {}};
    const bool alpha = in.ntkAlpha.has_value();
    w.settings.push_back({"rope_theta", Json(alpha ? in.thetaBeforeAlpha : p.ropeTheta).dump()});
    w.settings.push_back({"alpha_value", Json(in.ntkAlpha.value_or(1.0)).dump()});
    if (p.ropeType == RopeType::Default || p.ropeType == RopeType::Linear) {
        w.settings.push_back(
            {"compress_pos_emb", Json(p.ropeType == RopeType::Linear ? *p.factor : 1.0).dump()});
    } else {
        w.cannot.push_back({Limitation::OnlyFixedNtkAndLinear});
    }
    return w;
}

ToolWords metaParams(const ConventionsInput& in) {
    const RopeParams& p = in.params;
    ToolWords w{"meta_params", {}, {}};
    w.settings.push_back({"rope_theta", Json(p.ropeTheta).dump()});
    const bool llama31 = p.ropeType == RopeType::Llama3 && p.factor.value_or(8.0) == 8.0 &&
                         p.lowFreqFactor == 1.0 && p.highFreqFactor == 4.0 &&
                         p.originalMaxPositionEmbeddings.value_or(8192) == 8192;
    if (p.ropeType == RopeType::Default || llama31) {
        w.settings.push_back({"use_scaled_rope", Json(llama31).dump()});
    } else {
        w.cannot.push_back({Limitation::OnlyLlama31Scaling});
    }
    if (p.partialRotaryFactor != 1.0) {
        w.cannot.push_back({Limitation::NoPartialRotary});
    }
    if (in.layout == RopeLayout::HalfSplit) {
        w.cannot.push_back({Limitation::NeedsHfToMetaPermutation});
    }
    return w;
}

}  // namespace

std::vector<double> llama3RopeFreqs(const RopeParams& params) {
    RopeParams plain = params;
    plain.ropeType = RopeType::Default;
    const RopeFrequencies unscaled = ropeFrequencies(plain);
    const RopeFrequencies scaled = ropeFrequencies(params);
    std::vector<double> factors(unscaled.invFreq.size());
    for (std::size_t i = 0; i < factors.size(); ++i) {
        factors[i] = unscaled.invFreq[i] / scaled.invFreq[i];
    }
    return factors;
}

Conventions ropeConventions(const ConventionsInput& input) {
    const RopeFrequencies freqs = ropeFrequencies(input.params);  // validates
    Conventions result;
    result.layout = input.layout;
    result.tools = {hfConfig(input), llamaCpp(input, freqs), gguf(input, freqs),
                    vllm(input),     exllama(input),         metaParams(input)};
    return result;
}

}  // namespace ropelab
