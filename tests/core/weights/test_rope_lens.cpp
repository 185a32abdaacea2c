// SPDX-License-Identifier: GPL-3.0-or-later
// The RoPE lens on tiny models written here in every supported packing, dtype and ggml type.
// Norms, usage and the context columns are computed again here straight from the weight
// matrices; the positional profile is checked against the trace of (R_m W_q)ᵀ(R_n W_k) with the
// rotation matrices built from RoPE's definition, and against a Monte Carlo average of q·k.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <stop_token>

#include "common/errors.h"
#include "lens_models.h"
#include "temp_folder.h"
#include "weights/qk_model.h"
#include "weights/rope_lens.h"
#include "weights/safetensors.h"
#include "weights/weights_error.h"

namespace ropelab {
namespace {

namespace fs = std::filesystem;
using test::TempFolder;
using test::TinyModel;

LensResult lens(const fs::path& path, LensOptions options = {}, int threads = 2) {
    const QkModel model(path);
    Execution exec;
    exec.threads = threads;
    return ropeLens(model, options, exec);
}

double theta(const TinyModel& m, int i) {
    return std::pow(m.theta, -2.0 * i / m.rotary());
}

// Pair i's rows within a head in Hugging Face's half-split order.
std::pair<int, int> hfPair(const TinyModel& m, int i) {
    return {i, i + m.rotary() / 2};
}

// Checks every number of the lens against the weights of m (HF row order).
void expectLensOf(const TinyModel& m, const LensResult& result) {
    const int group = m.heads / m.kvHeads, pairs = m.rotary() / 2, hd = m.headDim;
    ASSERT_EQ(result.heads.size(), static_cast<std::size_t>(m.layers * m.heads));
    for (int i = 0; i < pairs; ++i) {
        const double wavelength = 2.0 * std::numbers::pi / theta(m, i);
        EXPECT_NEAR(result.invFreq[i], theta(m, i), 1e-15);
        EXPECT_NEAR(result.wavelength[i], wavelength, 1e-9 * wavelength);
        EXPECT_NEAR(result.turns[i], m.context / wavelength, 1e-9);
        EXPECT_EQ(result.beyondContext[i], wavelength > m.context);
    }
    double allBeyond = 0, allTotal = 0;
    for (int l = 0; l < m.layers; ++l) {
        double beyond = 0, total = 0;
        for (int h = 0; h < m.heads; ++h) {
            const HeadLens& lens = result.heads[static_cast<std::size_t>(l * m.heads + h)];
            const int g = h / group;
            EXPECT_EQ(lens.layer, l);
            EXPECT_EQ(lens.head, h);
            EXPECT_EQ(lens.kvHead, g);
            double headTotal = 0;
            for (int i = 0; i < pairs; ++i) {
                const auto [a, b] = hfPair(m, i);
                const double qn = std::sqrt(m.wq[l].row(h * hd + a).squaredNorm() +
                                            m.wq[l].row(h * hd + b).squaredNorm());
                const double kn = std::sqrt(m.wk[l].row(g * hd + a).squaredNorm() +
                                            m.wk[l].row(g * hd + b).squaredNorm());
                EXPECT_NEAR(lens.qNorm[i], qn, 1e-6 * qn) << l << " " << h << " " << i;
                EXPECT_NEAR(lens.kNorm[i], kn, 1e-6 * kn);
                EXPECT_NEAR(lens.usage[i], qn * kn, 1e-6 * qn * kn);
                headTotal += qn * kn;
                total += qn * kn;
                if (2.0 * std::numbers::pi / theta(m, i) > m.context) beyond += qn * kn;
            }
            const double lensTotal = std::accumulate(lens.usage.begin(), lens.usage.end(), 0.0);
            EXPECT_NEAR(lensTotal, headTotal, 1e-6 * headTotal);
            for (int i = 0; i < pairs; ++i) {
                EXPECT_NEAR(lens.share[i], lens.usage[i] / lensTotal, 1e-12);
            }
            const double passQ = m.wq[l].middleRows(h * hd + m.rotary(), hd - m.rotary()).norm();
            const double passK = m.wk[l].middleRows(g * hd + m.rotary(), hd - m.rotary()).norm();
            EXPECT_NEAR(lens.passQNorm, passQ, 1e-6 * (1 + passQ));
            EXPECT_NEAR(lens.passKNorm, passK, 1e-6 * (1 + passK));
        }
        EXPECT_NEAR(result.layerBeyondShare[l], beyond / total, 1e-6);
        allBeyond += beyond;
        allTotal += total;
    }
    EXPECT_NEAR(result.beyondShare, allBeyond / allTotal, 1e-6);
}

// The rotation RoPE applies at position p to a head's rows (HF half-split pairs).
Eigen::MatrixXd rotation(const TinyModel& m, double p) {
    Eigen::MatrixXd r = Eigen::MatrixXd::Identity(m.headDim, m.headDim);
    for (int i = 0; i < m.rotary() / 2; ++i) {
        const auto [a, b] = hfPair(m, i);
        const double c = std::cos(p * theta(m, i)), s = std::sin(p * theta(m, i));
        r(a, a) = c, r(a, b) = -s, r(b, a) = s, r(b, b) = c;
    }
    return r;
}

// Usage columns of two results, which must be equal to the last bit.
void expectSameTable(const LensResult& a, const LensResult& b) {
    ASSERT_EQ(a.heads.size(), b.heads.size());
    for (std::size_t h = 0; h < a.heads.size(); ++h) {
        EXPECT_EQ(a.heads[h].qNorm, b.heads[h].qNorm) << h;
        EXPECT_EQ(a.heads[h].kNorm, b.heads[h].kNorm) << h;
        EXPECT_EQ(a.heads[h].usage, b.heads[h].usage) << h;
        EXPECT_EQ(a.heads[h].gram, b.heads[h].gram) << h;
    }
}

TEST(RopeLens, LlamaWithGqaAndBiasesMatchesTheWeights) {
    const TempFolder folder;
    const TinyModel m = test::randomModel({}, 1, true);
    test::writeHfSeparate(folder / "llama", m, "F32");
    const LensResult result = lens(folder / "llama");
    EXPECT_EQ(result.model.heads, 4);
    EXPECT_EQ(result.model.kvHeads, 2);
    EXPECT_EQ(result.model.width, 16);
    EXPECT_EQ(result.model.context, 64);
    EXPECT_TRUE(result.model.bias);
    EXPECT_EQ(result.model.weightType, "F32");
    // Pairs 0 and 1 turn within 64 positions (wavelengths 6.3 and 62.8), pairs 2 and 3 do not.
    EXPECT_EQ(result.beyondContext, (std::vector<bool>{false, false, true, true}));
    expectLensOf(m, result);
}

TEST(RopeLens, QkNormWeightsAreFoldedIntoTheRows) {
    const TempFolder folder;
    TinyModel m = test::randomModel({}, 5, false);
    std::mt19937 rng(6);
    m.qNorm.resize(m.headDim);
    m.kNorm.resize(m.headDim);
    for (auto& v : m.qNorm) v = test::randomValue(rng);
    for (auto& v : m.kNorm) v = test::randomValue(rng);

    m.modelType = "qwen3";
    test::writeHfSeparate(folder / "qwen3", m, "F32");
    const LensResult qwen = lens(folder / "qwen3");
    EXPECT_TRUE(qwen.model.qkNorm);
    expectLensOf(test::foldedNorms(m, 0.0), qwen);

    // Gemma's RMSNorm multiplies by 1 + weight.
    m.modelType = "gemma3_text";
    test::writeHfSeparate(folder / "gemma3", m, "F32");
    expectLensOf(test::foldedNorms(m, 1.0), lens(folder / "gemma3"));

    // llama.cpp keeps Qwen3's half-split rows and stores the norm weights as they are.
    test::writeGguf(folder / "qwen3.gguf", m, "qwen3", 0,
                    {test::f32Bytes(m.wq[0]), test::f32Bytes(m.wq[1])},
                    {test::f32Bytes(m.wk[0]), test::f32Bytes(m.wk[1])});
    const LensResult gguf = lens(folder / "qwen3.gguf");
    EXPECT_TRUE(gguf.model.qkNorm);
    expectSameTable(qwen, gguf);

    test::writeHfSeparate(folder / "plain", test::foldedNorms(m, 0.0), "F32");
    EXPECT_FALSE(lens(folder / "plain").model.qkNorm);
}

TEST(RopeLens, PositionalProfileIsTheExpectedScoreOfOneInput) {
    const TempFolder folder;
    const TinyModel m = test::randomModel({}, 2, true);
    test::writeHfSeparate(folder / "m", m, "F32");
    const LensResult result = lens(folder / "m");
    const int hd = m.headDim, layer = 1, head = 3, kv = head / 2;
    const HeadLens& h = result.heads[static_cast<std::size_t>(layer * m.heads + head)];
    const Eigen::MatrixXd wq = m.wq[layer].middleRows(head * hd, hd);
    const Eigen::MatrixXd wk = m.wk[layer].middleRows(kv * hd, hd);
    const Eigen::VectorXd bq = m.bq[layer].segment(head * hd, hd);
    const Eigen::VectorXd bk = m.bk[layer].segment(kv * hd, hd);
    const std::vector<double> distances = {0, 1, 2, 5, 17, -3, 1000};
    const std::vector<double> profile = positionalProfile(h, result.invFreq, distances);
    for (std::size_t d = 0; d < distances.size(); ++d) {
        // Query at m = n + Δ, key at n (n = 7: only the distance may matter).
        const Eigen::MatrixXd rq = rotation(m, 7 + distances[d]), rk = rotation(m, 7);
        const double expected =
            ((rq * wq).transpose() * (rk * wk)).trace() + (rq * bq).dot(rk * bk);
        EXPECT_NEAR(profile[d], expected, 1e-9 * (1 + std::abs(expected))) << distances[d];
    }
    // Monte Carlo: x ~ N(0, I), q = R_m(W_q x + b_q), k = R_n(W_k x + b_k), q·k averaged.
    std::mt19937 rng(5);
    std::normal_distribution<double> normal;
    for (double delta : {0.0, 3.0}) {
        const Eigen::MatrixXd rq = rotation(m, 11 + delta), rk = rotation(m, 11);
        const int samples = 40000;
        double sum = 0, sumSquares = 0;
        for (int s = 0; s < samples; ++s) {
            Eigen::VectorXd x(m.width);
            for (auto& v : x) v = normal(rng);
            const double score = (rq * (wq * x + bq)).dot(rk * (wk * x + bk));
            sum += score;
            sumSquares += score * score;
        }
        const double mean = sum / samples;
        const double error = std::sqrt((sumSquares / samples - mean * mean) / samples);
        const double s = positionalProfile(h, result.invFreq, {delta})[0];
        EXPECT_NEAR(mean, s, 5 * error) << delta;
    }
}

TEST(RopeLens, EveryDtypeAndPackingGivesTheSameTable) {
    const TempFolder folder;
    const TinyModel m = test::randomModel({}, 3, false);
    test::writeHfSeparate(folder / "f32", m, "F32");
    const LensResult reference = lens(folder / "f32");
    expectLensOf(m, reference);
    for (const char* dtype : {"F16", "BF16"}) {
        test::writeHfSeparate(folder / dtype, m, dtype);
        const LensResult other = lens(folder / dtype);
        EXPECT_EQ(other.model.weightType, dtype);
        expectSameTable(reference, other);
    }
    test::writeHfPhi3(folder / "phi3", m);
    const LensResult phi3 = lens(folder / "phi3");
    EXPECT_EQ(phi3.model.packing, QkPacking::Stacked);
    expectSameTable(reference, phi3);

    // GGUF llama: rows permuted to Meta's interleaved pairs; qwen2: half-split, fused attn_qkv.
    std::vector<std::vector<std::uint8_t>> qMeta, kMeta, qHalf, kHalf;
    for (int l = 0; l < m.layers; ++l) {
        qMeta.push_back(test::f32Bytes(test::toMetaRows(m.wq[l], m.headDim)));
        kMeta.push_back(test::f32Bytes(test::toMetaRows(m.wk[l], m.headDim)));
        qHalf.push_back(test::f32Bytes(m.wq[l]));
        kHalf.push_back(test::f32Bytes(m.wk[l]));
    }
    test::writeGguf(folder / "llama.gguf", m, "llama", 0, qMeta, kMeta);
    const LensResult llama = lens(folder / "llama.gguf");
    EXPECT_EQ(llama.model.layout, RopeLayout::Interleaved);
    expectSameTable(reference, llama);
    test::writeGguf(folder / "qwen2.gguf", m, "qwen2", 0, qHalf, kHalf, true);
    const LensResult qwen2 = lens(folder / "qwen2.gguf");
    EXPECT_EQ(qwen2.model.layout, RopeLayout::HalfSplit);
    expectSameTable(reference, qwen2);
}

TEST(RopeLens, BiasesAndShardsGiveTheSameTable) {
    const TempFolder folder;
    const TinyModel m = test::randomModel({}, 12, true);
    test::writeHfSeparate(folder / "hf", m, "F32");
    const LensResult reference = lens(folder / "hf");
    // Qwen2 in GGUF: half-split rows as stored, biases as F32 vectors.
    std::vector<std::vector<std::uint8_t>> q, k;
    for (int l = 0; l < m.layers; ++l) {
        q.push_back(test::f32Bytes(m.wq[l]));
        k.push_back(test::f32Bytes(m.wk[l]));
    }
    test::writeGguf(folder / "qwen2.gguf", m, "qwen2", 0, q, k);
    const LensResult qwen2 = lens(folder / "qwen2.gguf");
    EXPECT_TRUE(qwen2.model.bias);
    expectSameTable(reference, qwen2);

    // Shards: each layer in a file of its own, listed by model.safetensors.index.json.
    fs::create_directories(folder / "sharded");
    std::string map;
    for (int l = 0; l < m.layers; ++l) {
        const std::string shard = "model-0000" + std::to_string(l + 1) + "-of-00002.safetensors";
        const std::string p = "model.layers." + std::to_string(l) + ".self_attn.";
        const auto rows = [&](const Eigen::MatrixXd& w) {
            return std::vector<std::uint64_t>{std::uint64_t(w.rows()), std::uint64_t(w.cols())};
        };
        test::writeSafetensorsAs(
            folder / "sharded" / shard,
            {{p + "q_proj.weight", rows(m.wq[l]), test::rowMajor(m.wq[l])},
             {p + "k_proj.weight", rows(m.wk[l]), test::rowMajor(m.wk[l])},
             {p + "q_proj.bias", {std::uint64_t(m.bq[l].size())}, {m.bq[l].begin(), m.bq[l].end()}},
             {p + "k_proj.bias",
              {std::uint64_t(m.bk[l].size())},
              {m.bk[l].begin(), m.bk[l].end()}}},
            "F32");
        for (const char* t : {"q_proj.weight", "k_proj.weight", "q_proj.bias", "k_proj.bias"}) {
            map += (map.empty() ? "" : ",") + std::string("\"") + p + t + "\":\"" + shard + "\"";
        }
    }
    test::writeText(folder / "sharded" / "model.safetensors.index.json",
                    "{\"metadata\":{},\"weight_map\":{" + map + "}}");
    test::writeText(folder / "sharded" / "config.json", test::llamaConfig(m));
    expectSameTable(reference, lens(folder / "sharded"));
}

TEST(RopeLens, ReadsTheModelsTheTrainingLabSaves) {
    // core/training/model_file.h: q, k, v stacked in blocks.{l}.attn.qkv (F32, with bias), the
    // shape and RoPE in __metadata__, no config.json.
    const TempFolder folder;
    TinyModel shape;
    shape.kvHeads = 4;
    shape.width = 32;  // heads · head_dim
    const TinyModel m = test::randomModel(shape, 13, true);
    test::writeHfSeparate(folder / "hf", m, "F32");
    std::vector<std::vector<float>> values;
    std::vector<SafetensorsWriteTensor> tensors;
    for (int l = 0; l < m.layers; ++l) {
        Eigen::MatrixXd qkv(3 * m.width, m.width);
        qkv << m.wq[l], m.wk[l], Eigen::MatrixXd::Constant(m.width, m.width, 0.5);
        Eigen::VectorXd bias(3 * m.width);
        bias << m.bq[l], m.bk[l], Eigen::VectorXd::Constant(m.width, 1.0);
        const std::vector<double> w = test::rowMajor(qkv);
        values.emplace_back(w.begin(), w.end());
        values.emplace_back(bias.begin(), bias.end());
        const std::string p = "blocks." + std::to_string(l) + ".attn.qkv.";
        tensors.push_back({p + "weight", {96, 32}, {}});
        tensors.push_back({p + "bias", {96}, {}});
    }
    for (std::size_t i = 0; i < tensors.size(); ++i) tensors[i].values = values[i];
    std::map<std::string, std::string> metadata = {{"format", "ropelab-model"},
                                                   {"version", "1"},
                                                   {"encoding", "rope"},
                                                   {"layers", "2"},
                                                   {"width", "32"},
                                                   {"heads", "4"},
                                                   {"train_length", "64"},
                                                   {"rope_theta", "10000"}};
    writeSafetensors(folder / "lab.safetensors", tensors, metadata);
    const LensResult lab = lens(folder / "lab.safetensors");
    EXPECT_EQ(lab.model.architecture, "ropelab-model");
    EXPECT_EQ(lab.model.context, 64);
    expectSameTable(lens(folder / "hf"), lab);
    metadata["encoding"] = "alibi";
    writeSafetensors(folder / "alibi.safetensors", tensors, metadata);
    try {
        lens(folder / "alibi.safetensors");
        FAIL();
    } catch (const WeightsError& error) {
        EXPECT_EQ(std::string(error.what()), "'" + (folder / "alibi.safetensors").string() +
                                                 "': the model's position encoding is 'alibi', "
                                                 "not RoPE");
    }
}

// Rows of `rowBytes` bytes, head by head, from HF order to Meta's (as toMetaRows).
std::vector<std::uint8_t> metaByteRows(const std::vector<std::uint8_t>& hf, std::size_t rowBytes,
                                       int headDim) {
    std::vector<std::uint8_t> meta(hf.size());
    const std::size_t rows = hf.size() / rowBytes;
    for (std::size_t h = 0; h < rows / headDim; ++h) {
        for (int j = 0; j < headDim / 2; ++j) {
            for (int t = 0; t < 2; ++t) {
                const std::size_t from = h * headDim + t * headDim / 2 + j,
                                  to = h * headDim + 2 * j + t;
                std::copy_n(hf.begin() + from * rowBytes, rowBytes, meta.begin() + to * rowBytes);
            }
        }
    }
    return meta;
}

TEST(RopeLens, QuantisedGgufMatchesTheSameWeightsInSafetensors) {
    const TempFolder folder;
    TinyModel shape;
    shape.width = 256;  // one K-quant block per row
    for (std::uint32_t type : {1u, 30u, 2u, 3u, 6u, 7u, 8u, 12u, 13u, 14u}) {
        std::vector<std::vector<std::uint8_t>> qBytes, kBytes;
        const TinyModel m = test::quantisedModel(shape, type, 10 + type, qBytes, kBytes);
        const std::string name = "t" + std::to_string(type);
        test::writeHfSeparate(folder / name, m, "F32");
        const std::size_t qRowBytes = qBytes[0].size() / static_cast<std::size_t>(m.wq[0].rows());
        for (int l = 0; l < m.layers; ++l) {
            qBytes[l] = metaByteRows(qBytes[l], qRowBytes, m.headDim);
            kBytes[l] = metaByteRows(kBytes[l], qRowBytes, m.headDim);
        }
        test::writeGguf(folder / (name + ".gguf"), m, "llama", type, qBytes, kBytes);
        const LensResult gguf = lens(folder / (name + ".gguf"));
        SCOPED_TRACE(gguf.model.weightType);
        expectLensOf(m, gguf);
        expectSameTable(lens(folder / name), gguf);
    }
}

TEST(RopeLens, NeoxPartialRotaryReportsTheUnrotatedRowsApart) {
    const TempFolder folder;
    TinyModel shape;
    shape.kvHeads = 4;
    shape.width = 32;  // NeoX: hidden = heads · head_dim
    shape.rotaryFraction = 0.5;
    const TinyModel m = test::randomModel(shape, 4, true);
    test::writeHfNeox(folder / "neox", m);
    const LensResult result = lens(folder / "neox");
    EXPECT_EQ(result.model.packing, QkPacking::PerHeadTriple);
    EXPECT_EQ(result.model.rotaryDim, 4);
    ASSERT_EQ(result.invFreq.size(), 2u);
    expectLensOf(m, result);
    EXPECT_GT(result.heads[0].passQNorm, 0.0);
}

TEST(RopeLens, ChosenLayersAndHeadsAndSummaries) {
    const TempFolder folder;
    const TinyModel m = test::randomModel({}, 6, false);
    test::writeHfSeparate(folder / "m", m, "F32");
    const LensResult one = lens(folder / "m", {{1}, {3, 0}}, 1);
    ASSERT_EQ(one.heads.size(), 2u);
    EXPECT_EQ(one.heads[0].head, 0);
    EXPECT_EQ(one.heads[1].head, 3);
    EXPECT_EQ(one.heads[1].kvHead, 1);
    EXPECT_EQ(one.layers, std::vector<int>{1});
    const LensResult twice = lens(folder / "m", {{1, 1}, {3, 0, 3}}, 1);  // each counted once
    ASSERT_EQ(twice.heads.size(), 2u);
    EXPECT_EQ(twice.layerBeyondShare, one.layerBeyondShare);
    const LensResult all = lens(folder / "m");
    EXPECT_EQ(one.heads[1].usage, all.heads[static_cast<std::size_t>(m.heads + 3)].usage);
    // The top lists are the heads with the largest shares, largest first.
    ASSERT_EQ(all.mostPositional.size(), 5u);
    for (std::size_t i = 0; i < all.heads.size(); ++i) {
        EXPECT_GE(all.heads[all.mostPositional[0]].positionalShare, all.heads[i].positionalShare);
        EXPECT_GE(all.heads[all.mostSemantic[0]].beyondShare, all.heads[i].beyondShare);
        // Positional: the fastest quarter of the 4 pairs is pair 0; semantic: pairs 2 and 3.
        EXPECT_NEAR(all.heads[i].positionalShare, all.heads[i].share[0], 1e-15);
        EXPECT_NEAR(all.heads[i].beyondShare, all.heads[i].share[2] + all.heads[i].share[3], 1e-15);
    }
    EXPECT_THROW(lens(folder / "m", {{2}, {}}), InputError);
    EXPECT_THROW(lens(folder / "m", {{}, {4}}), InputError);
    const QkModel model(folder / "m");
    // Progress rises to 1 (one task per layer and KV head: 4 here), called from the workers.
    std::vector<double> fractions;
    Execution progress;
    progress.threads = 2;
    progress.progress = [&](double f) { fractions.push_back(f); };
    ropeLens(model, {}, progress);
    ASSERT_FALSE(fractions.empty());
    EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
    EXPECT_EQ(fractions.back(), 1.0);
    std::stop_source stop;
    stop.request_stop();
    Execution exec;
    exec.stop = stop.get_token();
    EXPECT_THROW(ropeLens(model, {}, exec), Cancelled);
}

std::string refusal(const fs::path& path) {
    try {
        lens(path);
    } catch (const InputError& error) {
        return error.what();
    }
    return "";
}

TEST(RopeLens, BadModelsAreRefusedInOneLine) {
    const TempFolder folder;
    const TinyModel m = test::randomModel({}, 8, false);
    test::writeHfSeparate(folder / "ok", m, "F32");
    // An architecture whose tensors are not known.
    fs::create_directories(folder / "gptj");
    test::writeSafetensorsAs(folder / "gptj" / "model.safetensors",
                             {{"transformer.h.0.attn.q_proj.weight", {2, 2}, {1, 2, 3, 4}}}, "F32");
    test::writeText(folder / "gptj" / "config.json", test::llamaConfig(m, "gptj"));
    EXPECT_EQ(refusal(folder / "gptj"), "'" + (folder / "gptj").string() +
                                            "': the q/k projection tensors of architecture 'gptj' "
                                            "are not known to RoPE Lab");
    // A config that promises more layers than the file holds.
    TinyModel more = m;
    more.layers = 3;
    test::writeText(folder / "ok" / "config.json", test::llamaConfig(more));
    EXPECT_EQ(refusal(folder / "ok"),
              "'" + (folder / "ok").string() +
                  "': has no tensor 'model.layers.2.self_attn.q_proj.weight'");
    // Heads that do not fit the tensor.
    TinyModel wide = m;
    wide.heads = 8;
    wide.kvHeads = 4;
    test::writeText(folder / "ok" / "config.json", test::llamaConfig(wide));
    EXPECT_EQ(refusal(folder / "ok"),
              "'" + (folder / "ok" / "model.safetensors").string() +
                  "': tensor 'model.layers.0.self_attn.q_proj.weight' has shape [32, 16], expected "
                  "[64, width]");
    fs::remove(folder / "ok" / "config.json");
    EXPECT_NE(refusal(folder / "ok").find("no config.json beside it"), std::string::npos);
    // A NaN weight.
    TinyModel nan = m;
    nan.wq[1](5, 3) = std::numeric_limits<double>::quiet_NaN();
    test::writeHfSeparate(folder / "nan", nan, "F32");
    EXPECT_EQ(refusal(folder / "nan"), "'" + (folder / "nan" / "model.safetensors").string() +
                                           "': tensor 'model.layers.1.self_attn.q_proj.weight' "
                                           "holds NaN at element 83");
    // A q norm whose length is neither head_dim nor the q rows.
    TinyModel normed = m;
    normed.modelType = "qwen3";
    normed.qNorm = Eigen::VectorXd::Ones(m.headDim);
    normed.kNorm = Eigen::VectorXd::Ones(m.headDim - 2);
    test::writeHfSeparate(folder / "norm", normed, "F32");
    EXPECT_EQ(refusal(folder / "norm"), "'" + (folder / "norm" / "model.safetensors").string() +
                                            "': tensor 'model.layers.0.self_attn.k_norm.weight' "
                                            "has shape [6], expected [8] or [16]");
}

}  // namespace
}  // namespace ropelab
