// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tiny models for the lens tests: random q/k weights (and biases) written as Hugging Face
// safetensors folders (separate, Phi-3 fused, GPT-NeoX per-head fused; F32, F16 or BF16) and as
// GGUF files (llama: rows permuted to Meta's interleaved pairs as llama.cpp's converter does;
// qwen2: half-split as stored), any ggml type. Values are k/64 with |k| <= 127, exact in every
// float format; quantised GGUF weights take the values their blocks decode to.

#include <Eigen/Core>
#include <bit>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "../encodings/gguf_builder.h"
#include "quant_blocks.h"
#include "safetensors_builder.h"

namespace ropelab::test {

struct TinyModel {
    int layers = 2, heads = 4, kvHeads = 2, headDim = 8, width = 16;
    double theta = 10000.0;
    int context = 64;
    double rotaryFraction = 1.0;
    std::vector<Eigen::MatrixXd> wq, wk;  // per layer: heads·headDim (kvHeads·headDim) × width
    std::vector<Eigen::VectorXd> bq, bk;  // empty: no biases
    // q_norm / k_norm weights (Qwen3, Gemma 3), one per head dimension; empty: no q/k norm.
    Eigen::VectorXd qNorm, kNorm;
    std::string modelType = "llama";
    int rotary() const { return static_cast<int>(headDim * rotaryFraction); }
};

// The model whose rows carry the q/k norm's multipliers, weight + offset (Gemma: 1 + weight).
inline TinyModel foldedNorms(TinyModel m, double offset) {
    for (int l = 0; l < m.layers; ++l) {
        for (auto [w, norm] : {std::pair{&m.wq[l], &m.qNorm}, std::pair{&m.wk[l], &m.kNorm}}) {
            for (Eigen::Index r = 0; r < w->rows(); ++r)
                w->row(r) *= (*norm)(r % m.headDim) + offset;
        }
    }
    m.qNorm.resize(0);
    m.kNorm.resize(0);
    return m;
}

inline double randomValue(std::mt19937& rng) {
    return std::uniform_int_distribution<int>(-127, 127)(rng) / 64.0;
}

inline TinyModel randomModel(TinyModel m, unsigned seed, bool bias) {
    std::mt19937 rng(seed);
    for (int l = 0; l < m.layers; ++l) {
        Eigen::MatrixXd q(m.heads * m.headDim, m.width), k(m.kvHeads * m.headDim, m.width);
        for (Eigen::Index i = 0; i < q.size(); ++i) q.data()[i] = randomValue(rng);
        for (Eigen::Index i = 0; i < k.size(); ++i) k.data()[i] = randomValue(rng);
        m.wq.push_back(q);
        m.wk.push_back(k);
        if (bias) {
            Eigen::VectorXd a(q.rows()), b(k.rows());
            for (auto& v : a) v = randomValue(rng);
            for (auto& v : b) v = randomValue(rng);
            m.bq.push_back(a);
            m.bk.push_back(b);
        }
    }
    return m;
}

// A model whose q and k rows are rows of ggml type `type` (width a multiple of its block).
inline TinyModel quantisedModel(TinyModel m, std::uint32_t type, unsigned seed,
                                std::vector<std::vector<std::uint8_t>>& qBytes,
                                std::vector<std::vector<std::uint8_t>>& kBytes) {
    std::mt19937 rng(seed);
    for (int l = 0; l < m.layers; ++l) {
        Eigen::MatrixXd q(m.heads * m.headDim, m.width), k(m.kvHeads * m.headDim, m.width);
        qBytes.emplace_back();
        kBytes.emplace_back();
        for (auto [matrix, bytes] :
             {std::pair{&q, &qBytes.back()}, std::pair{&k, &kBytes.back()}}) {
            for (Eigen::Index r = 0; r < matrix->rows(); ++r) {
                const QuantRow row = quantRow(type, static_cast<std::size_t>(m.width), rng);
                bytes->insert(bytes->end(), row.bytes.begin(), row.bytes.end());
                for (int c = 0; c < m.width; ++c) (*matrix)(r, c) = row.values[c];
            }
        }
        m.wq.push_back(q);
        m.wk.push_back(k);
    }
    return m;
}

struct NamedTensor {
    std::string name;
    std::vector<std::uint64_t> shape;
    std::vector<double> values;  // row-major
};

inline std::vector<double> rowMajor(const Eigen::MatrixXd& m) {
    std::vector<double> out;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        for (Eigen::Index c = 0; c < m.cols(); ++c) out.push_back(m(r, c));
    }
    return out;
}

// A safetensors file of the tensors in `dtype` (F32, F16 or BF16), header written as text.
inline void writeSafetensorsAs(const std::filesystem::path& path,
                               const std::vector<NamedTensor>& tensors, const std::string& dtype) {
    std::string header = "{";
    std::vector<std::uint8_t> data;
    for (const NamedTensor& t : tensors) {
        const std::size_t begin = data.size();
        for (double v : t.values) {
            const auto f = static_cast<float>(v);
            if (dtype == "F32") {
                putF32(data, f);
            } else if (dtype == "F16") {
                put16(data, halfBits(f));
            } else {
                put16(data, static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(f) >> 16));
            }
        }
        std::string shape;
        for (std::uint64_t d : t.shape) shape += (shape.empty() ? "" : ",") + std::to_string(d);
        header += (header.size() > 1 ? "," : "") + std::string("\"") + t.name + "\":{\"dtype\":\"" +
                  dtype + "\",\"shape\":[" + shape + "],\"data_offsets\":[" +
                  std::to_string(begin) + "," + std::to_string(data.size()) + "]}";
    }
    header += "}";
    const std::vector<std::uint8_t> bytes = safetensorsBytes(header, data);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
}

inline void writeText(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
}

inline std::string llamaConfig(const TinyModel& m, const std::string& type = "llama") {
    return "{\"model_type\":\"" + type + "\",\"num_attention_heads\":" + std::to_string(m.heads) +
           ",\"num_key_value_heads\":" + std::to_string(m.kvHeads) +
           ",\"num_hidden_layers\":" + std::to_string(m.layers) +
           ",\"hidden_size\":" + std::to_string(m.width) +
           ",\"head_dim\":" + std::to_string(m.headDim) +
           ",\"rope_theta\":" + std::to_string(m.theta) +
           ",\"max_position_embeddings\":" + std::to_string(m.context) + "}";
}

// Llama / Mistral / Qwen2 layout: q_proj, k_proj (+ bias) per layer.
inline void writeHfSeparate(const std::filesystem::path& folder, const TinyModel& m,
                            const std::string& dtype) {
    std::vector<NamedTensor> tensors;
    for (int l = 0; l < m.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".self_attn.";
        tensors.push_back({p + "q_proj.weight",
                           {std::uint64_t(m.wq[l].rows()), std::uint64_t(m.width)},
                           rowMajor(m.wq[l])});
        tensors.push_back({p + "k_proj.weight",
                           {std::uint64_t(m.wk[l].rows()), std::uint64_t(m.width)},
                           rowMajor(m.wk[l])});
        tensors.push_back({p + "v_proj.weight",
                           {std::uint64_t(m.wk[l].rows()), std::uint64_t(m.width)},
                           rowMajor(m.wk[l])});
        if (m.qNorm.size() > 0) {
            tensors.push_back({p + "q_norm.weight",
                               {std::uint64_t(m.qNorm.size())},
                               {m.qNorm.begin(), m.qNorm.end()}});
            tensors.push_back({p + "k_norm.weight",
                               {std::uint64_t(m.kNorm.size())},
                               {m.kNorm.begin(), m.kNorm.end()}});
        }
        if (!m.bq.empty()) {
            tensors.push_back({p + "q_proj.bias",
                               {std::uint64_t(m.bq[l].size())},
                               {m.bq[l].begin(), m.bq[l].end()}});
            tensors.push_back({p + "k_proj.bias",
                               {std::uint64_t(m.bk[l].size())},
                               {m.bk[l].begin(), m.bk[l].end()}});
        }
    }
    std::filesystem::create_directories(folder);
    writeSafetensorsAs(folder / "model.safetensors", tensors, dtype);
    writeText(folder / "config.json", llamaConfig(m, m.modelType));
}

// Phi-3: qkv_proj holds all q rows, then k rows, then v rows.
inline void writeHfPhi3(const std::filesystem::path& folder, const TinyModel& m) {
    std::vector<NamedTensor> tensors;
    for (int l = 0; l < m.layers; ++l) {
        Eigen::MatrixXd fused(m.wq[l].rows() + 2 * m.wk[l].rows(), m.width);
        fused << m.wq[l], m.wk[l], Eigen::MatrixXd::Constant(m.wk[l].rows(), m.width, 0.5);
        tensors.push_back({"model.layers." + std::to_string(l) + ".self_attn.qkv_proj.weight",
                           {std::uint64_t(fused.rows()), std::uint64_t(m.width)},
                           rowMajor(fused)});
    }
    std::filesystem::create_directories(folder);
    writeSafetensorsAs(folder / "model.safetensors", tensors, "F32");
    writeText(folder / "config.json", llamaConfig(m, "phi3"));
}

// GPT-NeoX: query_key_value holds, per head, its q rows, k rows and v rows (no GQA).
inline void writeHfNeox(const std::filesystem::path& folder, const TinyModel& m) {
    std::vector<NamedTensor> tensors;
    const int hd = m.headDim;
    for (int l = 0; l < m.layers; ++l) {
        Eigen::MatrixXd fused(3 * m.heads * hd, m.width);
        Eigen::VectorXd bias(3 * m.heads * hd);
        for (int h = 0; h < m.heads; ++h) {
            fused.middleRows(3 * h * hd, hd) = m.wq[l].middleRows(h * hd, hd);
            fused.middleRows(3 * h * hd + hd, hd) = m.wk[l].middleRows(h * hd, hd);
            fused.middleRows(3 * h * hd + 2 * hd, hd).setConstant(0.25);
            bias.segment(3 * h * hd, hd) = m.bq[l].segment(h * hd, hd);
            bias.segment(3 * h * hd + hd, hd) = m.bk[l].segment(h * hd, hd);
            bias.segment(3 * h * hd + 2 * hd, hd).setConstant(1.0);
        }
        const std::string p =
            "gpt_neox.layers." + std::to_string(l) + ".attention.query_key_value.";
        tensors.push_back(
            {p + "weight", {std::uint64_t(fused.rows()), std::uint64_t(m.width)}, rowMajor(fused)});
        tensors.push_back({p + "bias", {std::uint64_t(bias.size())}, {bias.begin(), bias.end()}});
    }
    std::filesystem::create_directories(folder);
    writeSafetensorsAs(folder / "model.safetensors", tensors, "F32");
    writeText(folder / "config.json",
              "{\"model_type\":\"gpt_neox\",\"num_attention_heads\":" + std::to_string(m.heads) +
                  ",\"num_hidden_layers\":" + std::to_string(m.layers) +
                  ",\"hidden_size\":" + std::to_string(m.heads * hd) +
                  ",\"rotary_pct\":" + std::to_string(m.rotaryFraction) +
                  ",\"rotary_emb_base\":" + std::to_string(m.theta) +
                  ",\"max_position_embeddings\":" + std::to_string(m.context) + "}");
}

// HF row order (half-split pairs (j, j + d/2)) to Meta's (pairs (2j, 2j + 1)), head by head:
// Meta row 2j + t is HF row t·d/2 + j — llama.cpp's converter un-permutes HF Llama weights so.
inline Eigen::MatrixXd toMetaRows(const Eigen::MatrixXd& hf, int headDim) {
    Eigen::MatrixXd meta(hf.rows(), hf.cols());
    for (Eigen::Index h = 0; h < hf.rows() / headDim; ++h) {
        for (int j = 0; j < headDim / 2; ++j) {
            for (int t = 0; t < 2; ++t)
                meta.row(h * headDim + 2 * j + t) = hf.row(h * headDim + t * headDim / 2 + j);
        }
    }
    return meta;
}

// The F32 bytes of a matrix, row-major.
inline std::vector<std::uint8_t> f32Bytes(const Eigen::MatrixXd& m) {
    std::vector<std::uint8_t> out;
    for (double v : rowMajor(m)) putF32(out, static_cast<float>(v));
    return out;
}

// A GGUF of architecture `arch` (llama: interleaved, rows given in Meta order; qwen2: half-split)
// with attn_q/attn_k (or, fused, attn_qkv) of the given bytes and ggml type.
inline void writeGguf(const std::filesystem::path& path, const TinyModel& m,
                      const std::string& arch, std::uint32_t type,
                      const std::vector<std::vector<std::uint8_t>>& qBytes,
                      const std::vector<std::vector<std::uint8_t>>& kBytes, bool fused = false) {
    GgufBuilder b;
    b.string("general.architecture", arch)
        .u32(arch + ".context_length", static_cast<std::uint32_t>(m.context))
        .u32(arch + ".embedding_length", static_cast<std::uint32_t>(m.width))
        .u32(arch + ".attention.head_count", static_cast<std::uint32_t>(m.heads))
        .u32(arch + ".attention.head_count_kv", static_cast<std::uint32_t>(m.kvHeads))
        .u32(arch + ".attention.key_length", static_cast<std::uint32_t>(m.headDim))
        .u32(arch + ".block_count", static_cast<std::uint32_t>(m.layers))
        .f32(arch + ".rope.freq_base", static_cast<float>(m.theta));
    const auto w = static_cast<std::uint64_t>(m.width);
    for (int l = 0; l < m.layers; ++l) {
        const std::string p = "blk." + std::to_string(l);
        const auto qRows = static_cast<std::uint64_t>(m.heads * m.headDim);
        const auto kRows = static_cast<std::uint64_t>(m.kvHeads * m.headDim);
        if (fused) {
            std::vector<std::uint8_t> all = qBytes[l];
            all.insert(all.end(), kBytes[l].begin(), kBytes[l].end());
            all.insert(all.end(), kBytes[l].begin(), kBytes[l].end());  // v: any rows
            b.tensor(p + ".attn_qkv.weight", {w, qRows + 2 * kRows}, type, all);
        } else {
            b.tensor(p + ".attn_q.weight", {w, qRows}, type, qBytes[l]);
            b.tensor(p + ".attn_k.weight", {w, kRows}, type, kBytes[l]);
        }
        if (m.qNorm.size() > 0) {  // as llama.cpp stores them: F32, one dimension
            b.tensor(p + ".attn_q_norm.weight", {static_cast<std::uint64_t>(m.headDim)}, 0,
                     f32Bytes(m.qNorm.transpose()));
            b.tensor(p + ".attn_k_norm.weight", {static_cast<std::uint64_t>(m.headDim)}, 0,
                     f32Bytes(m.kNorm.transpose()));
        }
        if (!m.bq.empty() && !fused) {  // biases as llama.cpp stores them: F32, one dimension
            b.tensor(p + ".attn_q.bias", {qRows}, 0, f32Bytes(m.bq[l].transpose()));
            b.tensor(p + ".attn_k.bias", {kRows}, 0, f32Bytes(m.bk[l].transpose()));
        }
    }
    const std::vector<std::uint8_t> bytes = b.bytes();
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
}

}  // namespace ropelab::test
