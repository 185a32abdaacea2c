// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The query and key projections of a real checkpoint, a head at a time.
//
// QkModel opens a Hugging Face safetensors file or folder (one file or shards listed in
// model.safetensors.index.json, config.json beside it), a model RoPE Lab's training lab saved
// (its __metadata__ says format "ropelab-model": core/training/model_file.h) or a GGUF file,
// finds the q and k weights of each layer and checks their shapes against the configuration:
//   Llama / Mistral / Qwen2 / Gemma   model.layers.{l}.self_attn.q_proj / k_proj (.weight, .bias)
//   Phi-3                             model.layers.{l}.self_attn.qkv_proj: q, k, v rows stacked
//   GPT-NeoX                          gpt_neox.layers.{l}.attention.query_key_value: per head
//                                     [q, k, v] rows interleaved
//   RoPE Lab's training lab           blocks.{l}.attn.qkv: q, k, v rows stacked
//   GGUF                              blk.{l}.attn_q / attn_k, or attn_qkv (q, k, v stacked)
// and anything else is "this architecture's q/k tensors are not known" (WeightsError
// UnknownLayout). The pair layout is the file's: Hugging Face rotates half-split pairs; llama.cpp
// stores its NORM-rope architectures (Llama family) permuted to Meta's interleaved pairs and the
// NEOX ones half-split (encodings/gguf_reader.h llamaCppLayout). Nothing is read until a head is
// asked for; memory is one head's rows at a time.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "encodings/rope_params.h"

namespace ropelab {

enum class QkFormat { Safetensors, Gguf };
enum class QkPacking {
    Separate,      // q and k in tensors of their own
    Stacked,       // one tensor: all q rows, then all k rows, then v (Phi-3 qkv_proj, attn_qkv)
    PerHeadTriple  // one tensor: per head [q rows, k rows, v rows] (GPT-NeoX query_key_value)
};
enum class QkRole { Query, Key };

struct QkModelInfo {
    std::string path;
    QkFormat format = QkFormat::Safetensors;
    std::string architecture;  // config.json model_type or GGUF general.architecture
    QkPacking packing = QkPacking::Separate;
    RopeLayout layout = RopeLayout::HalfSplit;  // the pairs in the file's row order
    RopeParams params;                          // validated; headDim, rotary dim, frequencies
    int layers = 0;
    int heads = 0;    // query heads
    int kvHeads = 0;  // key/value heads (GQA: query head h reads kvHead h / (heads / kvHeads))
    int headDim = 0;
    int rotaryDim = 0;
    int width = 0;      // the model's hidden size: the length of every q and k row
    int context = 0;    // the trained context: the original one under scaling, else the maximum
    bool bias = false;  // q and k have biases
    // q and k pass through an RMSNorm per head before RoPE (Qwen3, Gemma 3, OLMo 2: q_norm,
    // k_norm): readHead folds its per-dimension weights into the rows; the division by the RMS
    // is one factor per head and token, so it scales a head's pairs alike and is left out.
    bool qkNorm = false;
    double qkNormOffset = 0.0;  // added to the stored norm weights (Gemma's 1 + weight)
    std::string weightType;     // of layer 0's q weights: "BF16", "Q4_K", ...
    std::uint64_t qkBytes = 0;  // bytes of every layer's q and k weights in the file(s)
};

class QkModel {
public:
    // WeightsError / FileError (both InputError, one line naming the file) when the model cannot
    // be used.
    explicit QkModel(const std::filesystem::path& path);
    ~QkModel();
    QkModel(const QkModel&) = delete;
    QkModel& operator=(const QkModel&) = delete;

    const QkModelInfo& info() const { return info_; }

    // The headDim rows (each `width` values, row-major) of query head `head` or of KV head `head`
    // in `layer`, as the file orders them, times the q/k norm's weights when the model has one.
    // Thread-safe.
    void readHead(QkRole role, int layer, int head, std::span<float> out) const;
    // That head's bias (headDim values, scaled as its rows); empty when the model has none.
    std::vector<float> readBias(QkRole role, int layer, int head) const;

    class Source;  // the file format behind the model

private:
    // The q/k norm's multiplier of each of the head's rows; empty without a q/k norm.
    std::vector<float> normWeights(QkRole role, int layer, int head) const;
    struct Tensors;
    QkModelInfo info_;
    std::unique_ptr<Source> source_;
    std::vector<Tensors> layers_;
};

// The two rows (within a head) that RoPE rotates together as pair `pair` in `layout`, for
// rotaryDim rotated components; rows rotaryDim .. headDim − 1 are not rotated.
inline std::pair<int, int> pairRows(RopeLayout layout, int rotaryDim, int pair) {
    return layout == RopeLayout::Interleaved ? std::pair{2 * pair, 2 * pair + 1}
                                             : std::pair{pair, pair + rotaryDim / 2};
}

}  // namespace ropelab
