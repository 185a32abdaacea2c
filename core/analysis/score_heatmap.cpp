// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/score_heatmap.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "analysis/blas_products.h"
#include "analysis/memory_budget.h"
#include "analysis/pooling_kernels.h"
#include "analysis/position_encoder.h"
#include "common/parameter_error.h"

namespace ropelab {

namespace {

// Queries multiplied per task and keys per tile in max pooling: a 256×256 tile of doubles
// (512 KiB) plus its operands stays in the L2 cache.
constexpr std::int64_t kQueryTile = 256;
constexpr std::int64_t kKeyTile = 256;
// Max pooling splits its work into at least this many tasks where the grid allows it (the
// same for every thread count).
constexpr std::int64_t kMinTasks = 16;
// A grid row whose screening leaves more than 1 / kMaxHitShare of its scores as candidates is
// multiplied in double precision instead (recomputing one costs about 8 screened scores).
constexpr std::int64_t kMaxHitShare = 16;
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
        // Masked distances (−∞) count as 0 here: a block holding one has no mean at all (below).
        for (std::size_t i = 0; i < bias.size(); ++i) {
            prefix[i + 1] = prefix[i] + (std::isfinite(bias[i]) ? bias[i] : 0.0);
        }
    }
    const bool masked = encoder.masksLaterKeys();
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
                double& cell = grid.values[static_cast<std::size_t>(r) * width + c];
                // Its first query before its last key: the block holds a masked pair, score −∞.
                if (masked && a < cEnd - 1) {
                    cell = -std::numeric_limits<double>::infinity();
                    continue;
                }
                double sum = dots(r, c);
                if (!prefix.empty()) sum += biasBlockSum(prefix, n, a, b, cBegin, cEnd);
                cell = sum / static_cast<double>((b - a) * (cEnd - cBegin));
            }
        }
    });
    return grid;
}

// Single-precision screening of max pooling. For rows of any length d, a float product of the
// float-rounded vectors differs from the exact score by at most screenBound(d, ‖q‖, ‖k‖): 2u for
// rounding the inputs, γ_d ≤ 1.01·d·u for any summation order (u = 2⁻²⁴), with margin for the
// double recomputation, and an absolute 2⁻¹⁴⁰ term for underflow. A score whose float value is
// more than twice the bound below its cell's float maximum cannot be that cell's maximum; the
// rest (usually one or two per cell) are recomputed in double precision.
double screenBound(std::int64_t dim, double queryNorm, double keyNorm) {
    const auto d = static_cast<double>(dim);
    return (d + 3.0) * 0x1p-24 * 1.02 * queryNorm * keyNorm +
           0x1p-140 * (d + std::sqrt(d) * (queryNorm + keyNorm + 1.0));
}

// Screening is valid while floats cannot overflow and γ_d's bound holds (d·u ≤ 0.01).
bool screenable(std::int64_t dim, double maxQueryNorm, double maxKeyNorm) {
    return static_cast<double>(dim) * 0x1p-24 <= 0.01 && maxQueryNorm <= 0x1p60 &&
           maxKeyNorm <= 0x1p60 && maxQueryNorm * maxKeyNorm <= 0x1p100;
}

// Row norms and a float copy of row-major rows (NaN norms fail screenable).
void floatRows(const RowMatrix& rows, std::vector<float>& copy, std::vector<double>& norms,
               double& maxNorm) {
    copy.resize(static_cast<std::size_t>(rows.size()));
    norms.resize(static_cast<std::size_t>(rows.rows()));
    maxNorm = 0.0;
    for (std::int64_t i = 0; i < rows.rows(); ++i) {
        const double norm = rows.row(i).norm();
        norms[static_cast<std::size_t>(i)] = norm;
        maxNorm =
            std::isnan(norm) ? std::numeric_limits<double>::infinity() : std::max(maxNorm, norm);
    }
    const double* source = rows.data();
    for (std::size_t i = 0; i < copy.size(); ++i) copy[i] = static_cast<float>(source[i]);
}

// Max pooling needs every score: tiles of kQueryTile × kKeyTile scores by OpenBLAS, reduced to
// column maxima per grid row by the SIMD kernels, then to cells. Without a bias the tiles are
// multiplied in single precision (twice as fast) and only the candidates for each cell's maximum
// recomputed in double; from a grid row with too many candidates on (near-ties, tiny cells) the
// tile is multiplied in double instead, as are T5 / ALiBi tiles (plus their bias). A task owns a
// band of grid rows and a band of grid columns, so no two threads write the same cell; the bands
// depend on the sizes only, so every thread count multiplies the same tiles and gives the same
// result.
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
    std::vector<float> keysFloat;
    std::vector<double> keyNorm;
    double maxKeyNorm = 0.0;
    if (bias.empty()) floatRows(encodedKeys, keysFloat, keyNorm, maxKeyNorm);
    const bool screening = bias.empty() && screenable(dim, 0.0, maxKeyNorm);
    constexpr std::int64_t kTileScores = kQueryTile * kKeyTile;
    parallelFor(rowBands * colBands, exec, [&](std::int64_t begin, std::int64_t end) {
        RowMatrix encodedQueries;
        std::vector<double> scores(static_cast<std::size_t>(kTileScores));
        std::vector<double> colMax(static_cast<std::size_t>(kKeyTile));
        std::vector<float> queriesFloat, scoresFloat(static_cast<std::size_t>(kTileScores));
        std::vector<float> colMaxFloat(static_cast<std::size_t>(kKeyTile));
        std::vector<float> threshold(static_cast<std::size_t>(kKeyTile));
        std::vector<double> queryNorm;
        std::vector<std::int32_t> hits(static_cast<std::size_t>(kTileScores / kMaxHitShare));
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
                bool screened = screening;
                if (screened) {
                    double maxQueryNorm = 0.0;
                    floatRows(encodedQueries, queriesFloat, queryNorm, maxQueryNorm);
                    screened = screenable(dim, maxQueryNorm, maxKeyNorm);
                }
                for (std::int64_t k0 = keyBegin; k0 < keyEnd; k0 += kKeyTile) {
                    if (exec.stop.stop_requested()) return;
                    const std::int64_t cols = std::min(kKeyTile, keyEnd - k0);
                    // Double scores of queries [a, b) into scores, plus the bias.
                    const auto exactScores = [&](std::int64_t a, std::int64_t b) {
                        double* out = scores.data() + (a - q0) * cols;
                        multiplyByTranspose(b - a, cols, dim, encodedQueries.row(a - q0).data(),
                                            dim, encodedKeys.row(k0).data(), dim, out, cols);
                        if (bias.empty()) return;
                        // bias(m, k) at index m − k + N − 1.
                        for (std::int64_t m = a; m < b; ++m) {
                            const double* biasRow = bias.data() + (m - k0 + n - 1);
                            double* row = out + (m - a) * cols;
                            for (std::int64_t j = 0; j < cols; ++j) row[j] += biasRow[-j];
                        }
                    };
                    if (screened) {
                        multiplyByTranspose(q1 - q0, cols, dim, queriesFloat.data(), dim,
                                            keysFloat.data() + k0 * dim, dim, scoresFloat.data(),
                                            cols);
                    } else {
                        exactScores(q0, q1);
                    }
                    // Screens grid row r's queries [a, b): false when there are too many
                    // candidates to recompute.
                    const auto screenRow = [&](int r, std::int64_t a, std::int64_t b) {
                        const float* tile = scoresFloat.data() + (a - q0) * cols;
                        columnMax(tile, b - a, cols, cols, colMaxFloat.data());
                        const double maxQueryNorm = *std::max_element(queryNorm.begin() + (a - q0),
                                                                      queryNorm.begin() + (b - q0));
                        for (std::int64_t j = 0; j < cols;) {
                            const int cell = keyBlock[static_cast<std::size_t>(k0 + j)];
                            std::int64_t last = j;
                            float best = -std::numeric_limits<float>::infinity();
                            double maxNorm = 0.0;
                            for (; last < cols &&
                                   keyBlock[static_cast<std::size_t>(k0 + last)] == cell;
                                 ++last) {
                                best = std::max(best, colMaxFloat[static_cast<std::size_t>(last)]);
                                maxNorm =
                                    std::max(maxNorm, keyNorm[static_cast<std::size_t>(k0 + last)]);
                            }
                            const double below = static_cast<double>(best) -
                                                 2.0 * screenBound(dim, maxQueryNorm, maxNorm);
                            // Rounded down, so no candidate is lost to the conversion.
                            const float bar = std::nextafter(
                                static_cast<float>(below), -std::numeric_limits<float>::infinity());
                            std::fill(threshold.begin() + j, threshold.begin() + last, bar);
                            j = last;
                        }
                        const auto capacity =
                            static_cast<std::int64_t>(hits.size()) * (b - a) * cols / kTileScores;
                        const std::int64_t count = findAtLeast(
                            tile, b - a, cols, cols, threshold.data(), capacity, hits.data());
                        if (count > capacity) return false;
                        double* cells = grid.values.data() + static_cast<std::size_t>(r) * width;
                        for (std::int64_t h = 0; h < count; ++h) {
                            const std::int64_t i = hits[static_cast<std::size_t>(h)] / cols;
                            const std::int64_t j = hits[static_cast<std::size_t>(h)] % cols;
                            const double score =
                                encodedQueries.row(a - q0 + i).dot(encodedKeys.row(k0 + j));
                            double& cell = cells[keyBlock[static_cast<std::size_t>(k0 + j)]];
                            cell = std::max(cell, score);
                        }
                        return true;
                    };
                    // The grid rows this tile of queries meets, each reduced on its own. Once one
                    // has too many candidates, the rest of the tile is multiplied in double in one
                    // product (a choice made by the tile's numbers alone).
                    bool exact = !screened;
                    for (int r = row0; r < row1; ++r) {
                        const std::int64_t a = std::max(q0, poolBlockStart(n, height, r));
                        const std::int64_t b = std::min(q1, poolBlockStart(n, height, r + 1));
                        if (a >= b) continue;
                        if (!exact) {
                            if (screenRow(r, a, b)) continue;
                            exactScores(a, q1);
                            exact = true;
                        }
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
                             // Keys in double and float (with norms), a tile of each per thread.
                             : 8.0 * (grid + static_cast<double>(n) * (1.5 * d + 4.0) +
                                      threads * 1.5 * (kQueryTile * d + kQueryTile * kKeyTile));
    requireMemory(bytes, ResourceProblem(Demand::Heatmap, n));
    return pooling == Pooling::Mean ? meanPooled(encoder, queries, keys, width, height, exec)
                                    : maxPooled(encoder, queries, keys, width, height, exec);
}

}  // namespace

void validateHeatmapInput(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                          const Eigen::Ref<const Eigen::MatrixXd>& keys, int width, int height) {
    if (queries.rows() == 0) throw ParameterError({"length", Rule::GreaterThan});
    if (queries.cols() == 0) throw ParameterError({"head_dim", Rule::GreaterThan});
    if (keys.rows() != queries.rows() || keys.cols() != queries.cols()) {
        const bool rows = keys.rows() != queries.rows();
        throw ParameterError({rows ? "length" : "head_dim", Rule::EqualTo,
                              static_cast<double>(rows ? keys.rows() : keys.cols()),
                              static_cast<double>(rows ? queries.rows() : queries.cols())});
    }
    const std::int64_t n = queries.rows();
    // The grid's cells are positions pooled together: at least one, at most one per position.
    if (width < 1 || height < 1) {
        throw ParameterError(
            {"grid", Rule::AtLeast, static_cast<double>(std::min(width, height)), 1.0});
    }
    if (width > n || height > n) {
        throw ParameterError({"grid", Rule::AtMost, static_cast<double>(std::max(width, height)),
                              0.0, static_cast<double>(n)});
    }
}

void validateRopeHeatmapInput(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                              const Eigen::Ref<const Eigen::MatrixXd>& keys,
                              const RopeFrequencies& freqs, int width, int height) {
    if (queries.cols() != freqs.headDim) {
        throw ParameterError({"head_dim", Rule::EqualTo, static_cast<double>(queries.cols()),
                              static_cast<double>(freqs.headDim)});
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
