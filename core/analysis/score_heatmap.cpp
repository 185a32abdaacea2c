// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_heatmap.h"

#include <algorithm>
#include <limits>
#include <string>

#include "analysis/blas_products.h"
#include "analysis/memory_budget.h"
#include "analysis/pooling_kernels.h"
#include "analysis/position_encoder.h"
#include "common/errors.h"

namespace ropelab {

namespace {

// Queries multiplied per task and keys per tile in max pooling: a 256×256 tile of doubles
// (512 KiB) plus its operands stays in the L2 cache.
constexpr std::int64_t kQueryTile = 256;
constexpr std::int64_t kKeyTile = 256;
// Max pooling splits its work into at least this many tasks where the grid allows it (the
// same for every thread count).
constexpr std::int64_t kMinTasks = 16;
// Rows per task of mean pooling's block sums.
constexpr std::int64_t kSumRows = 2048;

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

// Rows of each block of `cells` summed after encoding: row c = Σ_{m in block c} f(x_m, m).
RowMatrix encodedBlockSums(const PositionEncoder& encoder,
                           const Eigen::Ref<const Eigen::MatrixXd>& x, int cells,
                           const Execution& exec) {
    const std::int64_t n = x.rows();
    std::vector<std::int64_t> starts(static_cast<std::size_t>(cells) + 1);
    for (int c = 0; c <= cells; ++c)
        starts[static_cast<std::size_t>(c)] = poolBlockStart(n, cells, c);
    RowMatrix sums(cells, x.cols());
    // Chunks of at least kSumRows rows: long runs down each column keep the prefetcher busy.
    const std::int64_t blocksPerChunk =
        std::max<std::int64_t>(1, kSumRows / std::max<std::int64_t>(1, n / cells));
    parallelFor(
        cells, exec,
        [&](std::int64_t begin, std::int64_t end) {
            if (exec.stop.stop_requested()) return;
            encoder.sumEncodedBlocks(x, starts.data() + begin, end - begin, sums.row(begin).data());
        },
        blocksPerChunk);
    return sums;
}

// Mean pooling: Σ_{m,n} ⟨f(q_m), f(k_n)⟩ = ⟨Σ_m f(q_m), Σ_n f(k_n)⟩ per cell, O(N·d + W·H·d).
PooledGrid meanPooled(const PositionEncoder& encoder,
                      const Eigen::Ref<const Eigen::MatrixXd>& queries,
                      const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height,
                      const Execution& exec) {
    const std::int64_t n = queries.rows();
    const std::int64_t dim = queries.cols();
    const RowMatrix querySums = encodedBlockSums(encoder, queries, height, exec);
    const RowMatrix keySums = encodedBlockSums(encoder, keys, width, exec);
    // One product on this thread, so its rounding never depends on the thread count.
    RowMatrix dots(height, width);
    multiplyByTranspose(height, width, dim, querySums.data(), dim, keySums.data(), dim, dots.data(),
                        width);
    std::vector<double> prefix;
    if (encoder.hasBias()) {
        const std::vector<double> bias = biasByDistance(encoder, n);
        prefix.assign(bias.size() + 1, 0.0);
        for (std::size_t i = 0; i < bias.size(); ++i) prefix[i + 1] = prefix[i] + bias[i];
    }
    PooledGrid grid{width, height, std::vector<double>(static_cast<std::size_t>(width) * height)};
    std::vector<std::int64_t> colStart(static_cast<std::size_t>(width) + 1);
    for (int c = 0; c <= width; ++c)
        colStart[static_cast<std::size_t>(c)] = poolBlockStart(n, width, c);
    parallelFor(height, exec, [&](std::int64_t begin, std::int64_t end) {
        for (std::int64_t r = begin; r < end; ++r) {
            const std::int64_t a = poolBlockStart(n, height, static_cast<int>(r));
            const std::int64_t b = poolBlockStart(n, height, static_cast<int>(r) + 1);
            for (int c = 0; c < width; ++c) {
                const std::int64_t cBegin = colStart[static_cast<std::size_t>(c)];
                const std::int64_t cEnd = colStart[static_cast<std::size_t>(c) + 1];
                double sum = dots(r, c);
                if (!prefix.empty()) sum += biasBlockSum(prefix, n, a, b, cBegin, cEnd);
                grid.values[static_cast<std::size_t>(r) * width + c] =
                    sum / static_cast<double>((b - a) * (cEnd - cBegin));
            }
        }
    });
    return grid;
}

// Max pooling needs every score: tiles of kQueryTile × kKeyTile scores by OpenBLAS (plus the
// bias of T5 / ALiBi), reduced to column maxima per grid row by the SIMD kernel, then to cells.
// A task owns a band of grid rows and a band of grid columns, so no two threads write the same
// cell; the bands depend on the sizes only, so every thread count multiplies the same tiles and
// gives the same result.
PooledGrid maxPooled(const PositionEncoder& encoder,
                     const Eigen::Ref<const Eigen::MatrixXd>& queries,
                     const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height,
                     const Execution& exec) {
    const std::int64_t n = queries.rows();
    const std::int64_t dim = queries.cols();
    const std::vector<int> keyBlock = blockOfIndex(n, width);
    PooledGrid grid{width, height,
                    std::vector<double>(static_cast<std::size_t>(width) * height,
                                        -std::numeric_limits<double>::infinity())};
    // Bands of about kQueryTile queries (whole grid rows); when that leaves fewer than kMinTasks
    // bands (a few tall grid rows), the keys are split into bands of grid columns too.
    const std::int64_t rowsPerBlock = std::max<std::int64_t>(1, n / height);
    const std::int64_t gridRowsPerBand = std::max<std::int64_t>(1, kQueryTile / rowsPerBlock);
    const std::int64_t rowBands = (height + gridRowsPerBand - 1) / gridRowsPerBand;
    const std::int64_t colBands =
        std::clamp<std::int64_t>((kMinTasks + rowBands - 1) / rowBands, 1, width);
    RowMatrix encodedKeys;
    encoder.encodeRows(keys, 0, encodedKeys);
    const std::vector<double> bias =
        encoder.hasBias() ? biasByDistance(encoder, n) : std::vector<double>();
    parallelFor(rowBands * colBands, exec, [&](std::int64_t begin, std::int64_t end) {
        RowMatrix encodedQueries;
        std::vector<double> scores(static_cast<std::size_t>(kQueryTile * kKeyTile));
        std::vector<double> colMax(static_cast<std::size_t>(kKeyTile));
        for (std::int64_t t = begin; t < end; ++t) {
            const auto row0 = static_cast<int>(t / colBands * gridRowsPerBand);
            const auto row1 =
                static_cast<int>(std::min<std::int64_t>(height, row0 + gridRowsPerBand));
            const auto col0 = static_cast<int>(t % colBands * width / colBands);
            const auto col1 = static_cast<int>((t % colBands + 1) * width / colBands);
            const std::int64_t keyBegin = poolBlockStart(n, width, col0);
            const std::int64_t keyEnd = poolBlockStart(n, width, col1);
            const std::int64_t queryEnd = poolBlockStart(n, height, row1);
            for (std::int64_t q0 = poolBlockStart(n, height, row0); q0 < queryEnd;
                 q0 += kQueryTile) {
                const std::int64_t q1 = std::min(queryEnd, q0 + kQueryTile);
                encoder.encodeRows(queries.middleRows(q0, q1 - q0), q0, encodedQueries);
                for (std::int64_t k0 = keyBegin; k0 < keyEnd; k0 += kKeyTile) {
                    if (exec.stop.stop_requested()) return;
                    const std::int64_t cols = std::min(kKeyTile, keyEnd - k0);
                    multiplyByTranspose(q1 - q0, cols, dim, encodedQueries.data(), dim,
                                        encodedKeys.row(k0).data(), dim, scores.data(), cols);
                    if (!bias.empty()) {
                        // bias(m, k) at index m − k + N − 1.
                        for (std::int64_t i = 0; i < q1 - q0; ++i) {
                            const double* biasRow = bias.data() + (q0 + i - k0 + n - 1);
                            double* row = scores.data() + i * cols;
                            for (std::int64_t j = 0; j < cols; ++j) row[j] += biasRow[-j];
                        }
                    }
                    // The grid rows this tile of queries meets, each reduced on its own.
                    for (int r = row0; r < row1; ++r) {
                        const std::int64_t a = std::max(q0, poolBlockStart(n, height, r));
                        const std::int64_t b = std::min(q1, poolBlockStart(n, height, r + 1));
                        if (a >= b) continue;
                        columnMax(scores.data() + (a - q0) * cols, b - a, cols, cols,
                                  colMax.data());
                        double* cells = grid.values.data() + static_cast<std::size_t>(r) * width;
                        for (std::int64_t j = 0; j < cols; ++j) {
                            double& cell = cells[keyBlock[static_cast<std::size_t>(k0 + j)]];
                            cell = std::max(cell, colMax[static_cast<std::size_t>(j)]);
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
