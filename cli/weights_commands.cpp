// SPDX-License-Identifier: GPL-3.0-or-later
// The issue-39 command: lens, the RoPE usage of a real checkpoint's q and k weights.

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "cli/command.h"
#include "cli/execution_options.h"
#include "common/errors.h"
#include "weights/qk_model.h"
#include "weights/rope_lens.h"

namespace ropelab::cli {

namespace {

// --layers / --heads: whole numbers, each below `count` (the model's layers or query heads).
std::vector<int> indexList(const Args& args, std::string_view option, int count, const char* what) {
    const std::optional<std::string> text = args.value(option);
    if (!text) return {};
    std::vector<int> values;
    for (std::int64_t v : parseIntegerRangeOrList(*text, option)) {
        if (v < 0 || v >= count) {
            throw InputError(std::string(option) + " must list " + what + " 0.." +
                             std::to_string(count - 1) + " of this model, got " +
                             std::to_string(v));
        }
        values.push_back(static_cast<int>(v));
    }
    return values;
}

// The model at --model; a file's problem is named with the option, as every command does.
std::unique_ptr<QkModel> openModel(const std::string& path) {
    try {
        return std::make_unique<QkModel>(path);
    } catch (const InputError& error) {
        throw InputError("--model " + std::string(error.what()));
    }
}

Command lensCommand() {
    Command command;
    command.name = "lens";
    command.summary =
        "Which RoPE pairs a real checkpoint's q and k weights use (safetensors, GGUF)";
    command.description =
        "Reads the q and k projection weights of a model (a Hugging Face safetensors file or\n"
        "folder with its config.json, or a llama.cpp GGUF file; streamed, one head at a time)\n"
        "and prints columns layer,head,kv_head,pair,inv_freq,wavelength,beyond_context,q_norm,\n"
        "k_norm,usage: for each layer, query head (and the KV head it reads under GQA) and RoPE\n"
        "pair in the file's layout, the Frobenius norms of the pair's two rows of W_q and of W_k\n"
        "and usage = q_norm*k_norm, an upper bound on the pair's share of q.k for unit inputs.\n"
        "beyond_context is 1 where the wavelength 2*pi/inv_freq exceeds the trained context.\n"
        "JSON adds context, beyond_share (usage beyond the context / all usage),\n"
        "beyond_share_layer_L for each layer, the layer and head with the largest share in\n"
        "the fastest quarter of the pairs (most_positional_*) and beyond the context\n"
        "(most_semantic_*), and qk_norm: 1 when q and k pass a per-head RMSNorm before RoPE\n"
        "(Qwen3, Gemma 3), whose weights are then folded into the rows.\n"
        "With --profile: columns layer,head,distance,score, the positional profile s(d): the\n"
        "expected q.k of a query at position m and a key at m-d made from the same input x with\n"
        "E[x x^T] = I (for independent random q and k the expectation is 0 at every distance).";
    command.options = {
        {"--model", "PATH", "a .safetensors file or folder, or a .gguf file (required)"},
        {"--layers", "LIST|RANGE", "layers to analyse (default: all)"},
        {"--heads", "LIST|RANGE", "query heads to analyse (default: all)"},
        {"--profile", "", "print the positional profile instead of the usage table"},
        {"--distances", "LIST|RANGE", "distances d for --profile (required with it)"},
        threadsOption()};
    command.run = [](const Args& args, std::ostream& out, std::ostream&) {
        const bool profile = args.has("--profile");
        if (args.has("--distances") && !profile) {
            throw InputError("--distances needs --profile");
        }
        const std::vector<double> distances =
            profile ? parseRangeOrList(args.required("--distances"), "--distances")
                    : std::vector<double>{};
        const std::unique_ptr<QkModel> loaded = openModel(args.required("--model"));
        const QkModel& model = *loaded;
        const QkModelInfo& info = model.info();
        LensOptions options;
        options.layers = indexList(args, "--layers", info.layers, "layers");
        options.heads = indexList(args, "--heads", info.heads, "heads");
        const std::size_t layers = options.layers.empty() ? info.layers : options.layers.size();
        const std::size_t heads = options.heads.empty() ? info.heads : options.heads.size();
        const double pairs = info.rotaryDim / 2;
        if (profile) {
            requireOutputCells(double(layers) * double(heads) * double(distances.size()), 4.0);
        } else {
            requireOutputCells(double(layers) * double(heads) * pairs, 10.0);
        }
        const LensResult result = ropeLens(model, options, executionFromArgs(args));

        Table table;
        std::vector<std::int64_t> layer, head;
        if (profile) {
            std::vector<double> distance, score;
            for (const HeadLens& h : result.heads) {
                const std::vector<double> s = positionalProfile(h, result.invFreq, distances);
                layer.insert(layer.end(), s.size(), h.layer);
                head.insert(head.end(), s.size(), h.head);
                distance.insert(distance.end(), distances.begin(), distances.end());
                score.insert(score.end(), s.begin(), s.end());
            }
            table.addColumn("layer", std::move(layer));
            table.addColumn("head", std::move(head));
            table.addColumn("distance", std::move(distance));
            table.addColumn("score", std::move(score));
        } else {
            std::vector<std::int64_t> kvHead, pair, beyond;
            std::vector<double> invFreq, wavelength, qNorm, kNorm, usage;
            for (const HeadLens& h : result.heads) {
                for (std::size_t i = 0; i < h.usage.size(); ++i) {
                    layer.push_back(h.layer);
                    head.push_back(h.head);
                    kvHead.push_back(h.kvHead);
                    pair.push_back(static_cast<std::int64_t>(i));
                    invFreq.push_back(result.invFreq[i]);
                    wavelength.push_back(result.wavelength[i]);
                    beyond.push_back(result.beyondContext[i] ? 1 : 0);
                    qNorm.push_back(h.qNorm[i]);
                    kNorm.push_back(h.kNorm[i]);
                    usage.push_back(h.usage[i]);
                }
            }
            table.addColumn("layer", std::move(layer));
            table.addColumn("head", std::move(head));
            table.addColumn("kv_head", std::move(kvHead));
            table.addColumn("pair", std::move(pair));
            table.addColumn("inv_freq", std::move(invFreq));
            table.addColumn("wavelength", std::move(wavelength));
            table.addColumn("beyond_context", std::move(beyond));
            table.addColumn("q_norm", std::move(qNorm));
            table.addColumn("k_norm", std::move(kNorm));
            table.addColumn("usage", std::move(usage));
            table.addScalar("context", info.context);
            table.addScalar("beyond_share", result.beyondShare);
            for (std::size_t l = 0; l < result.layers.size(); ++l) {
                table.addScalar("beyond_share_layer_" + std::to_string(result.layers[l]),
                                result.layerBeyondShare[l]);
            }
            table.addScalar("qk_norm", info.qkNorm ? 1 : 0);
            for (const auto& [name, heads] : {std::pair{"most_positional", &result.mostPositional},
                                              std::pair{"most_semantic", &result.mostSemantic}}) {
                if (heads->empty()) continue;
                const HeadLens& h = result.heads[heads->front()];
                table.addScalar(std::string(name) + "_layer", h.layer);
                table.addScalar(std::string(name) + "_head", h.head);
            }
        }
        table.write(out, args.format());
        return 0;
    };
    return command;
}

}  // namespace

std::vector<Command> weightsCommands() {
    return {lensCommand()};
}

}  // namespace ropelab::cli
