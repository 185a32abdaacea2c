// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_heatmap.h"

#include <algorithm>
#include <limits>
#include <string>

#include "analysis/memory_budget.h"
#include "analysis/position_encoder.h"
#include "analysis/tile_max_kernel.h"
#include "common/errors.h"

namespace ropelab {

namespace {

// Queries multiplied per task and keys per tile in max pooling: a 256×256 tile of doubles
// (512 KiB) plus its operands stays in the L2 cache.
constexpr std::int64_t kQueryTile = 256;
constexpr std::int64_t kKeyTile = 256;

// For every index in [0, n): the block of `cells` it falls in.
std::vector<int> blockOfIndex(std::int64_t n, int cells) {
    std::vector<int> block(static_cast<std::size_t>(n));
    for (int c = 0; c < cells; ++c) {
        const std::int64_t end = poolBlockStart(n, cells, c + 1);
        for (std::int64_t i = poolBlockStart(n, cells, c); i < end; ++i) {
            block[static_cast<std::size_t>(i)] = c;
        }
    }
    return block;
}

// bias(m, n) depends on m − n only (T5, ALiBi): tabulated at index m − n + N − 1.
std::vector<double> biasByDistance(const PositionEncoder& encoder, std::int64_t n) {
    std::vector<double> table(static_cast<std::size_t>(2 * n - 1));
    for (std::int64_t delta = -(n - 1); delta <= n - 1; ++delta) {
        table[static_cast<std::size_t>(delta + n - 1)] =
            delta >= 0 ? encoder.bias(delta, 0) : encoder.bias(0, -delta);
    }
    return table;
}

// Σ_{m∈[a,b)} Σ_{n∈[c,e)} g(m − n) from prefix[x + N] = Σ_{δ ≤ x} g(δ): O(b − a).
double biasBlockSum(const std::vector<double>& prefix, std::int64_t n, std::int64_t a,
                    std::int64_t b, std::int64_t c, std::int64_t e) {
    double sum = 0.0;
    for (std::int64_t m = a; m < b; ++m) {
        sum += prefix[static_cast<std::size_t>(m - c + n)] -
               prefix[static_cast<std::size_t>(m - e + n)];
    }
    return sum;
}

// Rows of each block of `cells` summed after encoding: out.row(c) = Σ_{m in block c} f(x_m, m).
Eigen::MatrixXd encodedBlockSums(const PositionEncoder& encoder,
                                 const Eigen::Ref<const Eigen::MatrixXd>& x, int cells,
                                 const Execution& exec) {
    const std::int64_t n = x.rows();
    Eigen::MatrixXd sums(cells, x.cols());
    parallelFor(cells, exec, [&](std::int64_t begin, std::int64_t end) {
        RowMatrix encoded;
        for (std::int64_t c = begin; c < end; ++c) {
            if (exec.stop.stop_requested()) return;
            const std::int64_t first = poolBlockStart(n, cells, static_cast<int>(c));
            const std::int64_t last = poolBlockStart(n, cells, static_cast<int>(c) + 1);
            encoder.encodeRows(x.middleRows(first, last - first), first, encoded);
            sums.row(c) = encoded.colwise().sum();
        }
    });
    return sums;
}

// Mean pooling: Σ_{m,n} ⟨f(q_m), f(k_n)⟩ = ⟨Σ_m f(q_m), Σ_n f(k_n)⟩ per cell, O(N·d + W·H·d).
PooledGrid meanPooled(const PositionEncoder& encoder,
                      const Eigen::Ref<const Eigen::MatrixXd>& queries,
                      const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height,
                      const Execution& exec) {
    const std::int64_t n = queries.rows();
    const Eigen::MatrixXd querySums = encodedBlockSums(encoder, queries, height, exec);
    const Eigen::MatrixXd keySums = encodedBlockSums(encoder, keys, width, exec);
    const Eigen::MatrixXd dots = querySums * keySums.transpose();
    std::vector<double> prefix;
    if (encoder.hasBias()) {
        const std::vector<double> bias = biasByDistance(encoder, n);
        prefix.assign(bias.size() + 1, 0.0);
        for (std::size_t i = 0; i < bias.size(); ++i) prefix[i + 1] = prefix[i] + bias[i];
    }
    PooledGrid grid{width, height, std::vector<double>(static_cast<std::size_t>(width) * height)};
    parallelFor(height, exec, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t r = begin; r < end; ++r) {
            const std::int64_t a = poolBlockStart(n, height, static_cast<int>(r));
            const std::int64_t b = poolBlockStart(n, height, static_cast<int>(r) + 1);
            for (int c = 0; c < width; ++c) {
                const std::int64_t cBegin = poolBlockStart(n, width, c);
                const std::int64_t cEnd = poolBlockStart(n, width, c + 1);
                double sum = dots(r, c);
                if (!prefix.empty()) sum += biasBlockSum(prefix, n, a, b, cBegin, cEnd);
                grid.values[static_cast<std::size_t>(r) * width + c] =
                    sum / static_cast<double>((b - a) * (cEnd - cBegin));
            }
        }
    });
    return grid;
}

// Max pooling needs every score. Each task owns whole grid rows, so no two threads write the
// same cell. Without a bias the per-key maximum over a grid row's queries comes from the
// vectorised tile kernel; T5 / ALiBi add their bias to tiles of an Eigen product.
PooledGrid maxPooled(const PositionEncoder& encoder,
                     const Eigen::Ref<const Eigen::MatrixXd>& queries,
                     const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height,
                     const Execution& exec) {
    const std::int64_t n = queries.rows();
    const std::vector<int> keyBlock = blockOfIndex(n, width);
    PooledGrid grid{width, height,
                    std::vector<double>(static_cast<std::size_t>(width) * height,
                                        -std::numeric_limits<double>::infinity())};
    // Enough consecutive grid rows per task for about kQueryTile queries.
    const std::int64_t rowsPerBlock = std::max<std::int64_t>(1, n / height);
    const std::int64_t gridRowsPerTask = std::max<std::int64_t>(1, kQueryTile / rowsPerBlock);
    const std::int64_t tasks = (height + gridRowsPerTask - 1) / gridRowsPerTask;
    const auto taskRows = [&](std::int64_t t) {
        return std::pair{
            static_cast<int>(t * gridRowsPerTask),
            static_cast<int>(std::min<std::int64_t>(height, (t + 1) * gridRowsPerTask))};
    };

    if (!encoder.hasBias()) {
        const PackedKeys packed = [&] {
            RowMatrix encodedKeys;
            encoder.encodeRows(keys, 0, encodedKeys);
            return packKeys(encodedKeys);
        }();
        const std::int64_t panels = packed.panelCount();
        const SimdLevel level = bestSimdLevel();
        constexpr std::int64_t kPanelsPerBlock = kKeyTile / kKeyPanel;
        parallelFor(tasks, exec, [&](std::int64_t begin, std::int64_t end) {
            RowMatrix encodedQueries;
            std::vector<double> columnMax(static_cast<std::size_t>(kKeyTile));
            for (std::int64_t t = begin; t < end; ++t) {
                const auto [row0, row1] = taskRows(t);
                const std::int64_t first = poolBlockStart(n, height, row0);
                encoder.encodeRows(
                    queries.middleRows(first, poolBlockStart(n, height, row1) - first), first,
                    encodedQueries);
                // A block of keys stays in cache while every query of the task passes over it.
                for (std::int64_t p0 = 0; p0 < panels; p0 += kPanelsPerBlock) {
                    if (exec.stop.stop_requested()) return;
                    const std::int64_t p1 = std::min(panels, p0 + kPanelsPerBlock);
                    const std::int64_t keyEnd = std::min(n, p1 * kKeyPanel);
                    for (int r = row0; r < row1; ++r) {
                        const std::int64_t a = poolBlockStart(n, height, r);
                        const std::int64_t b = poolBlockStart(n, height, r + 1);
                        tileColumnMax(encodedQueries.row(a - first).data(), b - a, packed, p0, p1,
                                      columnMax.data(), level);
                        double* cells = grid.values.data() + static_cast<std::size_t>(r) * width;
                        for (std::int64_t key = p0 * kKeyPanel; key < keyEnd; ++key) {
                            double& cell = cells[keyBlock[static_cast<std::size_t>(key)]];
                            cell = std::max(
                                cell, columnMax[static_cast<std::size_t>(key - p0 * kKeyPanel)]);
                        }
                    }
                }
            }
        });
        return grid;
    }

    RowMatrix encodedKeys;
    encoder.encodeRows(keys, 0, encodedKeys);
    const std::vector<double> bias = biasByDistance(encoder, n);
    parallelFor(tasks, exec, [&](std::int64_t begin, std::int64_t end) {
        RowMatrix encodedQueries;
        Eigen::MatrixXd scores;
        for (std::int64_t t = begin; t < end; ++t) {
            const auto [row0, row1] = taskRows(t);
            for (int r = row0; r < row1; ++r) {
                const std::int64_t a = poolBlockStart(n, height, r);
                const std::int64_t b = poolBlockStart(n, height, r + 1);
                double* cells = grid.values.data() + static_cast<std::size_t>(r) * width;
                for (std::int64_t m0 = a; m0 < b; m0 += kQueryTile) {
                    const std::int64_t rows = std::min(kQueryTile, b - m0);
                    encoder.encodeRows(queries.middleRows(m0, rows), m0, encodedQueries);
                    for (std::int64_t n0 = 0; n0 < n; n0 += kKeyTile) {
                        if (exec.stop.stop_requested()) return;
                        const std::int64_t cols = std::min(kKeyTile, n - n0);
                        scores.noalias() =
                            encodedQueries * encodedKeys.middleRows(n0, cols).transpose();
                        for (std::int64_t j = 0; j < cols; ++j) {
                            const std::int64_t key = n0 + j;
                            double& cell = cells[keyBlock[static_cast<std::size_t>(key)]];
                            const double* biasRow = bias.data() + (m0 - key + n - 1);
                            double best = cell;
                            for (std::int64_t i = 0; i < rows; ++i) {
                                best = std::max(best, scores(i, j) + biasRow[i]);
                            }
                            cell = best;
                        }
                    }
                }
            }
        }
    });
    return grid;
}

PooledGrid pooledHeatmap(const PositionEncoder& encoder,
                         const Eigen::Ref<const Eigen::MatrixXd>& queries,
                         const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height,
                         Pooling pooling, const Execution& exec) {
    const std::int64_t n = queries.rows();
    const double d = static_cast<double>(queries.cols());
    encoder.requirePositions(0, n - 1);
    const double threads = std::max(1, exec.threads);
    const double grid = static_cast<double>(width) * height;
    const double bytes = pooling == Pooling::Mean
                             ? 8.0 * (grid * 2.0 + (width + height) * d + 2.0 * n)
                             : 8.0 * (grid + static_cast<double>(n) * (d + 3.0) +
                                      threads * (kQueryTile * d + kQueryTile * kKeyTile));
    requireMemory(bytes, "a " + std::to_string(n) + "-position heatmap");
    return pooling == Pooling::Mean ? meanPooled(encoder, queries, keys, width, height, exec)
                                    : maxPooled(encoder, queries, keys, width, height, exec);
}

}  // namespace

void validateHeatmapInput(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                          const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height) {
    if (queries.rows() == 0 || queries.cols() == 0) {
        throw InputError("heatmap --length and the vector dimension must be > 0");
    }
    if (keys.rows() != queries.rows() || keys.cols() != queries.cols()) {
        throw InputError("heatmap queries and keys must both be N × d, got " +
                         std::to_string(queries.rows()) + "×" + std::to_string(queries.cols()) +
                         " and " + std::to_string(keys.rows()) + "×" + std::to_string(keys.cols()));
    }
    const std::int64_t n = queries.rows();
    if (width < 1 || height < 1) throw InputError("--grid W and H must be >= 1");
    if (width > n || height > n) {
        throw InputError("--grid " + std::to_string(width) + "x" + std::to_string(height) +
                         " is larger than --length " + std::to_string(n) + "; use W, H <= length");
    }
}

void validateRopeHeatmapInput(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                              const Eigen::Ref<const Eigen::MatrixXd>& keys,
                              const RopeFrequencies& freqs, int width, int height) {
    if (queries.cols() != freqs.headDim) {
        throw InputError("heatmap vectors must have head_dim = " + std::to_string(freqs.headDim) +
                         " components, got " + std::to_string(queries.cols()));
    }
    validateHeatmapInput(queries, keys, width, height);
}

std::int64_t poolBlockStart(std::int64_t n, int cells, int cell) {
    // ⌊cell·n / cells⌋ without overflow: cell·(n mod cells) < cells² < 2⁶².
    const std::int64_t whole = n / cells;
    const std::int64_t rest = n % cells;
    return cell * whole + (cell * rest) / cells;
}

PooledGrid ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                            const Eigen::Ref<const Eigen::MatrixXd>& keys,
                            const RopeFrequencies& freqs, RopeLayout layout, int width, int height,
                            Pooling pooling, const Execution& exec) {
    validateRopeHeatmapInput(queries, keys, freqs, width, height);
    const PositionEncoder encoder(freqs, layout);
    return pooledHeatmap(encoder, queries, keys, width, height, pooling, exec);
}

PooledGrid scoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                        const Eigen::Ref<const Eigen::MatrixXd>& keys,
                        const ScoreEncodingParams& encoding, int width, int height, Pooling pooling,
                        const Execution& exec) {
    validate(encoding, static_cast<int>(queries.cols()));
    validateHeatmapInput(queries, keys, width, height);
    const PositionEncoder encoder(encoding, static_cast<int>(queries.cols()));
    return pooledHeatmap(encoder, queries, keys, width, height, pooling, exec);
}

}  // namespace ropelab
