// SPDX-License-Identifier: GPL-3.0-or-later
// Commands for what practitioners get wrong about RoPE: conventions (one configuration in each
// tool's words), layout-permutation (the Meta-to-HF weight rows), kv-cache (keys cached with
// the RoPE of their time).

#include <climits>
#include <nlohmann/json.hpp>
#include <ostream>

#include "analysis/kv_cache_drift.h"
#include "cli/command.h"
#include "cli/execution_options.h"
#include "cli/rope_options.h"
#include "common/errors.h"
#include "encodings/conventions.h"
#include "encodings/layout_permutation.h"

namespace ropelab::cli {

namespace {

using Json = nlohmann::ordered_json;

// The CLI's sentence for a limitation (the lesson words the same in the user's language).
std::string sentence(const ToolWords& tool, const ToolLimit& limit, const ConventionsInput& in) {
    const std::string type(toString(in.params.ropeType));
    switch (limit.what) {
        case Limitation::NeedsMetaToHfPermutation:
            return (tool.tool == "vllm"
                        ? std::string("vLLM's Llama code rotates half-split pairs (is_neox_style)")
                        : std::string("transformers' Llama-family code rotates half-split pairs "
                                      "(rotate_half)")) +
                   ": weights in Meta's interleaved order need the Meta-to-HF row permutation "
                   "(ropelab-cli layout-permutation)";
        case Limitation::NeedsHfToMetaPermutation:
            return "Meta's llama code rotates interleaved pairs (view_as_complex): "
                   "half-split-order "
                   "weights need the HF-to-Meta row permutation";
        case Limitation::AlwaysTruncates:
            return "ggml always floors and ceils YaRN's correction range (truncate = false cannot "
                   "be expressed)";
        case Limitation::AttentionFactorFromGguf:
            return "the attention factor " + formatDouble(limit.value) +
                   " is read from the GGUF (rope.scaling.attn_factor, "
                   "rope.scaling.yarn_log_multiplier), not from a flag";
        case Limitation::NoDynamicNtk:
            return tool.tool == "gguf"
                       ? "GGUF has no dynamic NTK scaling type (none, linear, yarn, longrope)"
                       : "llama.cpp has no dynamic NTK: its frequencies never follow the current "
                         "length; the nearest is a fixed --rope-freq-base";
        case Limitation::LongRopeFactorsInGguf:
            return "LongRoPE's factors live in the GGUF (rope_factors_long/short.weight); no flag "
                   "sets them: llama.cpp uses the long ones when the context -c exceeds "
                   "rope.scaling.original_context_length";
        case Limitation::Llama3FactorsInGguf:
            return "Llama 3 scaling lives in the GGUF's rope_freqs.weight tensor, baked in by the "
                   "converter; no flag sets it";
        case Limitation::RotaryDimFromGguf:
            return "the rotary dimension " + formatDouble(limit.value) +
                   " comes from the GGUF (rope.dimension_count), not from a flag";
        case Limitation::LayoutFromArchitecture:
            return std::string("the pair layout (here ") +
                   (in.layout == RopeLayout::Interleaved ? "interleaved, NORM"
                                                         : "half-split, NEOX") +
                   ") follows the architecture in llama.cpp (llama_model_rope_type), not a flag";
        case Limitation::DynamicUsesScaledMaxLength:
            return "vLLM's dynamic scaling computes one base for the length "
                   "max_position_embeddings x factor, not the current length as transformers does";
        case Limitation::OnlyFixedNtkAndLinear:
            return "alpha_value and compress_pos_emb express only a fixed NTK base and linear "
                   "interpolation, not " +
                   type + " scaling";
        case Limitation::OnlyLlama31Scaling:
            return "params.json knows only use_scaled_rope (Llama 3.1's scaling: factor 8, low 1, "
                   "high 4, original 8192), not " +
                   type + " with these values";
        case Limitation::NoPartialRotary:
            return "Meta's llama code rotates the whole head (no partial rotary)";
    }
    return {};
}

// A setting's JSON text as a person types it: strings without their quotes.
std::string plainValue(const std::string& jsonText) {
    const Json value = Json::parse(jsonText);
    return value.is_string() ? value.get<std::string>() : jsonText;
}

Command conventionsCommand() {
    Command command;
    command.name = "conventions";
    command.summary =
        "One RoPE configuration in each tool's words (HF, llama.cpp, GGUF, vLLM, ...)";
    command.description =
        "Prints the RoPE options (or --config / --gguf) as HuggingFace config.json keys\n"
        "(hf_config), llama.cpp command-line flags (llama_cpp), GGUF metadata keys and RoPE\n"
        "tensors (gguf), vLLM's --rope-theta/--rope-scaling (vllm), exllama's alpha_value/\n"
        "compress_pos_emb (exllama) and Meta's params.json (meta_params), and says in a sentence\n"
        "what a tool cannot express (key cannot_express). CSV columns tool,key,value (values as\n"
        "typed: JSON for config files, plain for flags). JSON: one object with layout\n"
        "(\"interleaved\" or \"half\"), rope_type, and per tool an object of settings plus a\n"
        "list TOOL_cannot.";
    command.options = ropeOptionSpecs();
    command.options.push_back(
        {"--layout", "half|interleaved",
         "pair layout (default: llama.cpp's for the --gguf architecture, else half as HF)"});
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const RopeSettings settings = ropeSettingsFromArgs(args);
        ConventionsInput input;
        input.params = settings.params;
        input.ntkAlpha = settings.ntkAlpha;
        input.thetaBeforeAlpha = settings.thetaBeforeAlpha;
        input.architecture = settings.ggufArchitecture;
        if (const auto layout = args.value("--layout")) {
            input.layout = parseRopeLayout(*layout);
        } else if (!settings.ggufArchitecture.empty()) {
            if (!settings.ggufLayout) {
                throw InputError("llama.cpp's pair layout for architecture '" +
                                 settings.ggufArchitecture +
                                 "' is not in RoPE Lab's table; give --layout half|interleaved");
            }
            input.layout = *settings.ggufLayout;
        }
        const Conventions conventions = ropeConventions(input);
        const std::string layout(toString(conventions.layout));
        const std::string ropeType(toString(input.params.ropeType));
        if (args.format() == OutputFormat::Json) {
            Json result;
            result["layout"] = layout;
            result["rope_type"] = ropeType;
            if (!input.architecture.empty()) result["architecture"] = input.architecture;
            for (const ToolWords& tool : conventions.tools) {
                Json words = Json::object();
                for (const ToolSetting& s : tool.settings) words[s.key] = Json::parse(s.value);
                result[tool.tool] = words;
                Json cannot = Json::array();
                for (const ToolLimit& limit : tool.cannot) {
                    cannot.push_back(sentence(tool, limit, input));
                }
                result[tool.tool + "_cannot"] = cannot;
            }
            out << result.dump() << '\n';
            return 0;
        }
        out << "tool,key,value\n"
            << "ropelab,layout," << layout << "\nropelab,rope_type," << ropeType << '\n';
        for (const ToolWords& tool : conventions.tools) {
            for (const ToolSetting& s : tool.settings) {
                out << tool.tool << ',' << csvField(s.key) << ',' << csvField(plainValue(s.value))
                    << '\n';
            }
            for (const ToolLimit& limit : tool.cannot) {
                out << tool.tool << ",cannot_express," << csvField(sentence(tool, limit, input))
                    << '\n';
            }
        }
        return 0;
    };
    return command;
}

Command layoutPermutationCommand() {
    Command command;
    command.name = "layout-permutation";
    command.summary = "Meta-to-HF row permutation of W_q/W_k (interleaved -> half-split pairs)";
    command.description =
        "Prints columns hf_row,meta_row for every row of W_q or W_k (heads x head dim rows):\n"
        "HF's convert_llama_weights_to_hf.py moves Meta's row 2j+t of each head to row\n"
        "t*d/2+j, so half-split RoPE on the permuted weights gives exactly the q.k of\n"
        "interleaved RoPE on Meta's weights. llama.cpp's converter applies the inverse.";
    command.options = {{"--head-dim", "D", "head dimension, even (required)"},
                       {"--heads", "H", "number of heads (default 1)"}};
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const int headDim = static_cast<int>(
            parseInteger(args.required("--head-dim"), "--head-dim", INT_MIN, INT_MAX));
        const int heads = static_cast<int>(args.integerOr("--heads", 1));
        const std::vector<int> meta = metaRowOfHfRow(headDim, heads);
        std::vector<std::int64_t> hfRow(meta.size()), metaRow(meta.size());
        for (std::size_t r = 0; r < meta.size(); ++r) {
            hfRow[r] = static_cast<std::int64_t>(r);
            metaRow[r] = meta[r];
        }
        Table table;
        table.addColumn("hf_row", std::move(hfRow));
        table.addColumn("meta_row", std::move(metaRow));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

Command kvCacheCommand() {
    Command command;
    command.name = "kv-cache";
    command.summary = "Score error of keys cached with the RoPE of their time, as generation goes";
    command.description =
        "Prefills --prompt-length tokens in one forward, then generates --generate tokens one\n"
        "at a time, as HF does with a KV cache: each key keeps the rotation of the forward that\n"
        "cached it, while the query uses the frequencies of the current length (dynamic NTK\n"
        "recomputes them, longrope switches short -> long past the original max).\n"
        "Prints columns length,max_abs_score_error: after each generated token, the tokens in\n"
        "the cache and the largest |q.k cached - q.k consistent| over the cached keys (random\n"
        "q rows of random:S, keys of random:S+1, half-split pairs). Exactly 0 for rope types\n"
        "whose frequencies do not depend on the length.";
    command.options = ropeOptionSpecs();
    command.options.push_back({"--prompt-length", "P", "tokens prefilled at once (required)"});
    command.options.push_back({"--generate", "G", "tokens generated one by one (required)"});
    command.options.push_back({"--seed", "S", "random q and k (default 0)"});
    command.options.push_back(threadsOption());
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const RopeParams params = ropeParamsFromArgs(args);
        const std::int64_t prompt =
            parseInteger(args.required("--prompt-length"), "--prompt-length", INT32_MIN, INT32_MAX);
        const std::int64_t generate =
            parseInteger(args.required("--generate"), "--generate", INT32_MIN, INT32_MAX);
        const auto seed = static_cast<std::uint64_t>(args.integerOr("--seed", 0, 0, INT64_MAX));
        KvCacheDrift drift = kvCacheDrift(params, prompt, generate, seed, executionFromArgs(args));
        Table table;
        table.addColumn("length", std::move(drift.length));
        table.addColumn("max_abs_score_error", std::move(drift.maxAbsScoreError));
        table.write(out, args.format());
        return 0;
    };
    return command;
}

}  // namespace

std::vector<Command> clinicCommands() {
    return {conventionsCommand(), layoutPermutationCommand(), kvCacheCommand()};
}

}  // namespace ropelab::cli
