// SPDX-License-Identifier: GPL-3.0-or-later
#include "weights/rope_lens.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <mutex>
#include <numbers>
#include <numeric>

#include "common/parameter_error.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {

namespace {

using RowsF = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Float sums (Eigen's vectorised tree reductions, relative error ~1e-7 for rows of thousands),
// widened to double for what is added up across rows.
double dot(const RowsF& a, int ra, const RowsF& b, int rb) {
    return static_cast<double>(a.row(ra).dot(b.row(rb)));
}

double squares(const RowsF& a, int row) {
    return static_cast<double>(a.row(row).squaredNorm());
}

std::vector<int> selection(const std::vector<int>& chosen, int count, const char* parameter) {
    if (chosen.empty()) {
        std::vector<int> all(static_cast<std::size_t>(count));
        std::iota(all.begin(), all.end(), 0);
        return all;
    }
    std::vector<int> unique;  // in the order given, each once
    for (int value : chosen) {
        if (value < 0 || value >= count) {
            throw ParameterError({parameter, Rule::Between, static_cast<double>(value), 0,
                                  static_cast<double>(count - 1)});
        }
        if (std::find(unique.begin(), unique.end(), value) == unique.end()) unique.push_back(value);
    }
    return unique;
}

// Indices of the (at most five) largest values, largest first.
std::vector<std::size_t> topFive(const std::vector<HeadLens>& heads, double HeadLens::*field) {
    std::vector<std::size_t> order(heads.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const std::size_t n = std::min<std::size_t>(5, order.size());
    std::partial_sort(
        order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n), order.end(),
        [&](std::size_t a, std::size_t b) { return heads[a].*field > heads[b].*field; });
    order.resize(n);
    return order;
}

}  // namespace

LensResult ropeLens(const QkModel& model, const LensOptions& options, const Execution& exec) {
    const QkModelInfo& info = model.info();
    LensResult result;
    result.model = info;
    result.layers = selection(options.layers, info.layers, "layers");
    const std::vector<int> heads = selection(options.heads, info.heads, "heads");

    const RopeFrequencies freqs = ropeFrequencies(info.params);
    const int pairs = freqs.pairs();
    const double context = info.context;
    for (double theta : freqs.invFreq) {
        const double wavelength = 2.0 * std::numbers::pi / theta;
        result.invFreq.push_back(theta);
        result.wavelength.push_back(wavelength);
        result.turns.push_back(context / wavelength);
        result.beyondContext.push_back(wavelength > context);
    }

    // One task per (layer, KV head): its key rows are read once for the query heads that share
    // them.
    const int group = info.heads / info.kvHeads;
    struct Task {
        int layer, kvHead;
        std::vector<int> heads;
    };
    std::vector<Task> tasks;
    for (int layer : result.layers) {
        for (int g = 0; g < info.kvHeads; ++g) {
            Task task{layer, g, {}};
            for (int h : heads) {
                if (h / group == g) task.heads.push_back(h);
            }
            if (!task.heads.empty()) tasks.push_back(std::move(task));
        }
    }
    std::vector<std::vector<HeadLens>> perTask(tasks.size());
    const int hd = info.headDim, width = info.width, rot = info.rotaryDim;
    parallelFor(
        static_cast<std::int64_t>(tasks.size()), exec, [&](std::int64_t begin, std::int64_t end) {
            RowsF q(hd, width), k(hd, width);
            for (std::int64_t t = begin; t < end; ++t) {
                if (exec.stop.stop_requested()) throw Cancelled();
                const Task& task = tasks[static_cast<std::size_t>(t)];
                model.readHead(QkRole::Key, task.layer, task.kvHead,
                               {k.data(), std::size_t(k.size())});
                const std::vector<float> kBias =
                    model.readBias(QkRole::Key, task.layer, task.kvHead);
                Eigen::VectorXd kSquares(hd);
                for (int r = 0; r < hd; ++r) kSquares[r] = squares(k, r);
                for (int h : task.heads) {
                    model.readHead(QkRole::Query, task.layer, h, {q.data(), std::size_t(q.size())});
                    const std::vector<float> qBias = model.readBias(QkRole::Query, task.layer, h);
                    const auto biasProduct = [&](int r, int c) {
                        return qBias.empty() ? 0.0 : double(qBias[r]) * double(kBias[c]);
                    };
                    HeadLens lens;
                    lens.layer = task.layer;
                    lens.head = h;
                    lens.kvHead = task.kvHead;
                    double total = 0.0;
                    for (int i = 0; i < pairs; ++i) {
                        const auto [a, b] = pairRows(info.layout, rot, i);
                        const double qn = std::sqrt(squares(q, a) + squares(q, b));
                        const double kn = std::sqrt(kSquares[a] + kSquares[b]);
                        lens.qNorm.push_back(qn);
                        lens.kNorm.push_back(kn);
                        lens.usage.push_back(qn * kn);
                        total += qn * kn;
                        lens.gram.push_back({dot(q, a, k, a) + biasProduct(a, a),
                                             dot(q, a, k, b) + biasProduct(a, b),
                                             dot(q, b, k, a) + biasProduct(b, a),
                                             dot(q, b, k, b) + biasProduct(b, b)});
                    }
                    double passQ = 0.0, passK = 0.0;
                    for (int r = rot; r < hd; ++r) {
                        passQ += squares(q, r);
                        passK += kSquares[r];
                        lens.passTrace += dot(q, r, k, r) + biasProduct(r, r);
                    }
                    lens.passQNorm = std::sqrt(passQ);
                    lens.passKNorm = std::sqrt(passK);
                    double fast = 0.0, beyond = 0.0;
                    for (int i = 0; i < pairs; ++i) {
                        const double share = total > 0.0 ? lens.usage[i] / total : 0.0;
                        lens.share.push_back(share);
                        if (4 * i < pairs) fast += share;
                        if (result.beyondContext[i]) beyond += share;
                    }
                    lens.positionalShare = fast;
                    lens.beyondShare = beyond;
                    perTask[static_cast<std::size_t>(t)].push_back(std::move(lens));
                }
            }
        });

    for (auto& list : perTask) {
        for (HeadLens& lens : list) result.heads.push_back(std::move(lens));
    }
    std::sort(result.heads.begin(), result.heads.end(), [&](const HeadLens& a, const HeadLens& b) {
        const auto rank = [&](int layer) {
            return std::find(result.layers.begin(), result.layers.end(), layer) -
                   result.layers.begin();
        };
        return rank(a.layer) != rank(b.layer) ? rank(a.layer) < rank(b.layer) : a.head < b.head;
    });
    double allBeyond = 0.0, allTotal = 0.0;
    for (int layer : result.layers) {
        double beyond = 0.0, total = 0.0;
        for (const HeadLens& lens : result.heads) {
            if (lens.layer != layer) continue;
            for (int i = 0; i < pairs; ++i) {
                total += lens.usage[i];
                if (result.beyondContext[i]) beyond += lens.usage[i];
            }
        }
        result.layerBeyondShare.push_back(total > 0.0 ? beyond / total : 0.0);
        allBeyond += beyond;
        allTotal += total;
    }
    result.beyondShare = allTotal > 0.0 ? allBeyond / allTotal : 0.0;
    result.mostPositional = topFive(result.heads, &HeadLens::positionalShare);
    result.mostSemantic = topFive(result.heads, &HeadLens::beyondShare);
    const double fraction = static_cast<double>(result.layers.size()) / info.layers;
    result.weightBytes = static_cast<std::uint64_t>(static_cast<double>(info.qkBytes) * fraction);
    return result;
}

std::vector<double> positionalProfile(const HeadLens& head, const std::vector<double>& invFreq,
                                      const std::vector<double>& distances) {
    std::vector<double> scores;
    scores.reserve(distances.size());
    for (double delta : distances) {
        double s = head.passTrace;
        for (std::size_t i = 0; i < invFreq.size(); ++i) {
            const double phi = delta * invFreq[i];
            const auto& g = head.gram[i];
            s += std::cos(phi) * (g[0] + g[3]) + std::sin(phi) * (g[1] - g[2]);
        }
        scores.push_back(s);
    }
    return scores;
}

}  // namespace ropelab
