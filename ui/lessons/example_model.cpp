// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessons/example_model.h"

#include <QSaveFile>
#include <QString>

#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "weights/qk_model.h"
#include "weights/safetensors.h"
#include "weights/weights_error.h"

namespace ropelab {

namespace {

constexpr int kHeads = 4, kKvHeads = 2, kHeadDim = 32, kWidth = 64;
constexpr unsigned kSeed = 20240901;

double amplitude(int layer, int head, int pair) {
    const double centre = kExampleLayerCentre[static_cast<std::size_t>(layer)] + 1.5 * (head - 1.5);
    const double d = (pair - centre) / 2.5;
    return std::sqrt(std::exp(-0.5 * d * d) + 0.05);
}

}  // namespace

void writeExampleModel(const std::filesystem::path& folder) {
    std::error_code error;
    std::mt19937 rng(kSeed);
    std::normal_distribution<double> normal;
    const int pairs = kHeadDim / 2;
    std::vector<std::vector<float>> values;
    std::vector<std::string> names;
    for (int l = 0; l < kExampleLayers; ++l) {
        std::vector<float> q(static_cast<std::size_t>(kHeads * kHeadDim * kWidth));
        std::vector<float> k(static_cast<std::size_t>(kKvHeads * kHeadDim * kWidth));
        std::vector<double> base(static_cast<std::size_t>(kKvHeads * kHeadDim * kWidth));
        for (double& v : base) v = normal(rng);
        for (int h = 0; h < kHeads; ++h) {
            const int g = h / (kHeads / kKvHeads);
            for (int i = 0; i < pairs; ++i) {
                const double a = amplitude(l, h, i);
                const auto [ra, rb] = pairRows(RopeLayout::HalfSplit, kHeadDim, i);
                for (int row : {ra, rb}) {
                    for (int c = 0; c < kWidth; ++c) {
                        const double b =
                            base[static_cast<std::size_t>((g * kHeadDim + row) * kWidth + c)];
                        q[static_cast<std::size_t>((h * kHeadDim + row) * kWidth + c)] =
                            static_cast<float>(a * (b + 0.3 * normal(rng)));
                    }
                }
            }
        }
        // Each KV head's pair rows scaled by the amplitude of the first query head reading it.
        for (int g = 0; g < kKvHeads; ++g) {
            for (int i = 0; i < pairs; ++i) {
                const double a = amplitude(l, g * (kHeads / kKvHeads), i);
                const auto [ra, rb] = pairRows(RopeLayout::HalfSplit, kHeadDim, i);
                for (int row : {ra, rb}) {
                    for (int c = 0; c < kWidth; ++c) {
                        const auto at = static_cast<std::size_t>((g * kHeadDim + row) * kWidth + c);
                        k[at] = static_cast<float>(a * base[at]);
                    }
                }
            }
        }
        const std::string prefix = "model.layers." + std::to_string(l) + ".self_attn.";
        names.push_back(prefix + "q_proj.weight");
        values.push_back(std::move(q));
        names.push_back(prefix + "k_proj.weight");
        values.push_back(std::move(k));
    }
    std::vector<SafetensorsWriteTensor> tensors;
    for (std::size_t t = 0; t < values.size(); ++t) {
        const std::uint64_t rows = (t % 2 == 0 ? kHeads : kKvHeads) * kHeadDim;
        tensors.push_back({names[t], {rows, std::uint64_t{kWidth}}, values[t]});
    }
    const std::string config =
        "{\"model_type\": \"llama\", \"hidden_size\": " + std::to_string(kWidth) +
        ", \"num_attention_heads\": " + std::to_string(kHeads) +
        ", \"num_key_value_heads\": " + std::to_string(kKvHeads) +
        ", \"num_hidden_layers\": " + std::to_string(kExampleLayers) +
        ", \"head_dim\": " + std::to_string(kHeadDim) +
        ", \"max_position_embeddings\": " + std::to_string(kExampleContext) +
        ", \"rope_theta\": 10000.0}";
    std::filesystem::create_directories(folder, error);
    writeSafetensors(folder / "model.safetensors", tensors, {{"ropelab_example", "1"}});
    // config.json beside the weights, as Hugging Face folders hold it; atomic like the weights,
    // through a temporary file of its own, as another window or process may write it at once.
    const std::filesystem::path configPath = folder / "config.json";
    QSaveFile out(QString::fromStdString(configPath.string()));
    const auto size = static_cast<qint64>(config.size());
    if (!out.open(QIODevice::WriteOnly) || out.write(config.data(), size) != size ||
        !out.commit()) {
        throw WeightsError(configPath.string(), {.fault = WeightsFault::WriteFailed,
                                                 .detail = out.errorString().toStdString()});
    }
}

}  // namespace ropelab
