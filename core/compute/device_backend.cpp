// SPDX-License-Identifier: GPL-3.0-or-later
#include "compute/device_backend.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <cmath>
#include <complex>
#include <map>
#include <numbers>
#include <string>

#include "analysis/memory_budget.h"
#include "analysis/score_curve.h"
#include "common/errors.h"
#include "common/parameter_error.h"
#include "compute/exact_phase.h"
#include "compute/kernels/kernel_constants.h"
#include "encodings/rope_apply.h"

namespace ropelab {

namespace {

// Device buffers stay below this size, so a sweep fits any GPU and PoCL's host memory alike.
constexpr std::size_t kMaxBufferBytes = std::size_t{256} << 20;
// CUDA's limit on the second grid dimension.
constexpr std::size_t kMaxGroupsY = 65535;
// Max-pool launches hold about this many groups, so cancellation and progress stay responsive.
constexpr std::size_t kGroupsPerHeatmapLaunch = 32768;

using RowMajorFloat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

std::size_t groupsFor(std::int64_t items, std::int64_t perGroup) {
    return static_cast<std::size_t>((items + perGroup - 1) / perGroup);
}

void checkStop(const Execution& exec) {
    if (exec.stop.stop_requested()) throw Cancelled();
}

void reportProgress(const Execution& exec, double fraction) {
    if (exec.progress) exec.progress(fraction);
}

// Adds the seconds `body` takes to `total`.
template <class Body>
void timed(double& total, Body&& body) {
    const auto start = std::chrono::steady_clock::now();
    body();
    total += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Row-major floats for the device, converted on every thread (65536 × 128 doubles take longer
// to narrow on one thread than the device takes to multiply them).
RowMajorFloat rowMajorFloats(const Eigen::Ref<const Eigen::MatrixXd>& matrix,
                             const Execution& exec) {
    RowMajorFloat out(matrix.rows(), matrix.cols());
    const Execution converting{.threads = exec.threads, .stop = {}, .progress = {}};
    parallelFor(
        matrix.rows(), converting,
        [&](std::int64_t begin, std::int64_t end) {
            out.middleRows(begin, end - begin) =
                matrix.middleRows(begin, end - begin).cast<float>();
        },
        256);
    return out;
}

// Curves in device order: each frequency set's curves occupy consecutive slots, first in tiles
// of ROPELAB_CURVE_TILE (kernel scoreCurves4), the remainder one by one (scoreCurves1).
struct CurveBatch {
    int pairs = 0;  // the most pairs of any curve; fewer pairs are padded with zero coefficients
    std::vector<std::size_t> slotCurve;   // slot → index of the input curve
    std::vector<float> coeff;             // (Re a_j, −Im a_j) per slot and pair
    std::vector<float> constant;          // per slot
    std::vector<std::uint64_t> turnStep;  // turnFraction(θ_j) per set and pair
    std::vector<std::int32_t> tileSet4, tileSlot4, tileSet1, tileSlot1;
};

CurveBatch packCurves(const std::vector<RopeCurveInput>& curves) {
    // The CPU's own coefficients (one piece of code for the math); they also validate sizes.
    std::vector<RopeScoreCoefficients> coefficients;
    coefficients.reserve(curves.size());
    for (const RopeCurveInput& c : curves) {
        coefficients.push_back(ropeScoreCoefficients(c.q, c.k, c.freqs, c.layout));
    }
    CurveBatch batch;
    std::map<std::vector<double>, std::vector<std::size_t>> curvesOfSet;
    for (std::size_t i = 0; i < curves.size(); ++i) {
        curvesOfSet[coefficients[i].theta].push_back(i);
        batch.pairs = std::max(batch.pairs, static_cast<int>(coefficients[i].theta.size()));
    }
    const auto pairs = static_cast<std::size_t>(batch.pairs);
    std::int32_t set = 0;
    for (const auto& [theta, members] : curvesOfSet) {
        for (std::size_t j = 0; j < pairs; ++j) {
            batch.turnStep.push_back(j < theta.size() ? turnFraction(theta[j]) : 0);
        }
        const std::size_t tiled = members.size() / ROPELAB_CURVE_TILE * ROPELAB_CURVE_TILE;
        for (std::size_t m = 0; m < members.size(); ++m) {
            const auto slot = static_cast<std::int32_t>(batch.slotCurve.size());
            if (m < tiled && m % ROPELAB_CURVE_TILE == 0) {
                batch.tileSet4.push_back(set);
                batch.tileSlot4.push_back(slot);
            } else if (m >= tiled) {
                batch.tileSet1.push_back(set);
                batch.tileSlot1.push_back(slot);
            }
            batch.slotCurve.push_back(members[m]);
            const RopeScoreCoefficients& c = coefficients[members[m]];
            for (std::size_t j = 0; j < pairs; ++j) {
                const std::complex<double> a = j < c.a.size() ? c.a[j] : 0.0;
                batch.coeff.push_back(static_cast<float>(a.real()));
                batch.coeff.push_back(static_cast<float>(-a.imag()));
            }
            batch.constant.push_back(static_cast<float>(c.constant));
        }
        ++set;
    }
    return batch;
}

// DeviceError instead of an allocation the device cannot hold, so the engine falls back.
void requireDeviceBuffer(const GpuDevice& device, double bytes, BufferUse use) {
    const double limit = static_cast<double>(std::min(kMaxBufferBytes, device.maxBufferBytes()));
    if (bytes > limit) {
        DeviceProblem problem{DeviceIssue::BufferTooLarge, device.kind(), device.name()};
        problem.buffer = use;
        problem.bytes = bytes;
        problem.limit = limit;
        throw DeviceError(problem);
    }
}

// Block starts 0 = s_0 < … < s_cells = n, as the CPU pools (poolBlockStart).
std::vector<std::int32_t> blockStarts(std::int64_t n, int cells) {
    std::vector<std::int32_t> starts(static_cast<std::size_t>(cells) + 1);
    for (int c = 0; c <= cells; ++c) {
        starts[static_cast<std::size_t>(c)] =
            static_cast<std::int32_t>(poolBlockStart(n, cells, c));
    }
    return starts;
}

std::vector<std::int32_t> cellOfIndex(std::int64_t n, int cells) {
    std::vector<std::int32_t> cell(static_cast<std::size_t>(n));
    for (int c = 0; c < cells; ++c) {
        for (std::int64_t i = poolBlockStart(n, cells, c); i < poolBlockStart(n, cells, c + 1);
             ++i) {
            cell[static_cast<std::size_t>(i)] = c;
        }
    }
    return cell;
}

// Inverse of the kernel's orderedKey.
double floatOfKey(std::int32_t key) {
    return static_cast<double>(std::bit_cast<float>(key >= 0 ? key : key ^ 0x7fffffff));
}

}  // namespace

DeviceBackend::DeviceBackend(std::unique_ptr<GpuDevice> device) : device_(std::move(device)) {}

std::vector<std::vector<double>> DeviceBackend::ropeScoreCurves(
    const std::vector<RopeCurveInput>& curves, const DistanceRange& distances,
    const Execution& exec) {
    timings_ = {};
    const std::int64_t count = distances.count();
    if (count == 0) throw ParameterError({"distances", Rule::NotEmpty});
    const CurveBatch batch = packCurves(curves);
    requireMemory(8.0 * static_cast<double>(curves.size()) * static_cast<double>(count),
                  ResourceProblem(Demand::ScoreCurves, curves.size(), count));
    std::vector<std::vector<double>> result(curves.size());
    if (curves.empty()) return result;
    for (std::vector<double>& r : result) r.resize(static_cast<std::size_t>(count));

    const auto slots = static_cast<std::int64_t>(batch.slotCurve.size());
    const auto budget =
        static_cast<std::int64_t>(std::min(kMaxBufferBytes, device_->maxBufferBytes()));
    const std::int64_t chunk = std::clamp<std::int64_t>(budget / (4 * slots), 1,
                                                        std::min<std::int64_t>(count, INT_MAX / 2));

    const DeviceBuffer coeff = device_->uploadVector(batch.coeff);
    const DeviceBuffer constant = device_->uploadVector(batch.constant);
    const DeviceBuffer turnStep = device_->uploadVector(batch.turnStep);
    const DeviceBuffer tileSet4 = device_->uploadVector(batch.tileSet4);
    const DeviceBuffer tileSlot4 = device_->uploadVector(batch.tileSlot4);
    const DeviceBuffer tileSet1 = device_->uploadVector(batch.tileSet1);
    const DeviceBuffer tileSlot1 = device_->uploadVector(batch.tileSlot1);
    const DeviceBuffer out =
        device_->allocate(static_cast<std::size_t>(slots * chunk) * sizeof(float));
    std::vector<float> outHost(static_cast<std::size_t>(slots * chunk));
    std::vector<float> strideHost(batch.turnStep.size() * 2);

    // Each kernel variant with its own run length, hence its own thread count and rotation.
    struct Variant {
        Kernel kernel;
        int steps;
        const DeviceBuffer& tileSet;
        const DeviceBuffer& tileSlot;
        std::size_t tiles;
        DeviceBuffer stride;
    };
    Variant variants[] = {
        {Kernel::ScoreCurves4, ROPELAB_CURVE_STEPS4, tileSet4, tileSlot4, batch.tileSet4.size(),
         device_->allocate(strideHost.size() * sizeof(float) + 1)},
        {Kernel::ScoreCurves1, ROPELAB_CURVE_STEPS1, tileSet1, tileSlot1, batch.tileSet1.size(),
         device_->allocate(strideHost.size() * sizeof(float) + 1)},
    };

    for (std::int64_t offset = 0; offset < count; offset += chunk) {
        checkStop(exec);
        const std::int64_t n = std::min(chunk, count - offset);
        const auto kernelsStart = std::chrono::steady_clock::now();
        for (Variant& v : variants) {
            if (v.tiles == 0) continue;
            const std::size_t groups = groupsFor(n, std::int64_t{v.steps} * ROPELAB_CURVE_GROUP);
            // A thread's consecutive distances lie `threads` indices apart: rotate by that,
            // with the rotation reduced exactly on the host.
            const std::uint64_t threads = groups * ROPELAB_CURVE_GROUP;
            const auto advance =
                static_cast<std::int64_t>(threads * static_cast<std::uint64_t>(distances.step));
            for (std::size_t f = 0; f < batch.turnStep.size(); ++f) {
                const std::array<float, 2> w = phasorOfDistance(batch.turnStep[f], advance);
                strideHost[2 * f] = w[0];
                strideHost[2 * f + 1] = w[1];
            }
            if (!strideHost.empty()) {
                device_->upload(v.stride, strideHost.data(), strideHost.size() * sizeof(float));
            }
            for (std::size_t first = 0; first < v.tiles; first += kMaxGroupsY) {
                const LaunchShape shape{{groups, std::min(kMaxGroupsY, v.tiles - first)},
                                        {ROPELAB_CURVE_GROUP, 1}};
                const KernelArg args[] = {std::int32_t{batch.pairs},
                                          &coeff,
                                          &constant,
                                          &turnStep,
                                          &v.stride,
                                          &v.tileSet,
                                          &v.tileSlot,
                                          static_cast<std::int32_t>(first),
                                          distances.at(offset),
                                          distances.step,
                                          static_cast<std::int32_t>(n),
                                          &out};
                device_->launch(v.kernel, shape, args);
            }
        }
        device_->finish();
        timings_.kernelSeconds +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - kernelsStart).count();
        timed(timings_.transferSeconds, [&] {
            device_->download(out, outHost.data(),
                              static_cast<std::size_t>(slots * n) * sizeof(float));
        });
        // Widening 2^28 floats to doubles takes longer than the kernels: spread it over threads.
        const Execution copying{.threads = exec.threads, .stop = {}, .progress = {}};
        parallelFor(slots, copying, [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t s = begin; s < end; ++s) {
                std::vector<double>& target = result[batch.slotCurve[static_cast<std::size_t>(s)]];
                const float* source = outHost.data() + s * n;
                std::copy(source, source + n, target.begin() + offset);
            }
        });
        reportProgress(exec, static_cast<double>(offset + n) / static_cast<double>(count));
    }
    return result;
}

DeviceBuffer DeviceBackend::rotateOnDevice(const DeviceBuffer& rows, std::int64_t count,
                                           const std::vector<std::int64_t>& positions,
                                           const std::vector<float>& fractions,
                                           const RopeFrequencies& freqs, RopeLayout layout) {
    const int pairs = freqs.pairs();
    std::vector<std::int32_t> pairIndex;
    std::vector<std::uint64_t> turnStep;
    std::vector<float> turnsPerPosition;
    for (int j = 0; j < pairs; ++j) {
        const RopePair p = ropePair(j, freqs.rotaryDim, layout);
        pairIndex.push_back(p.a);
        pairIndex.push_back(p.b);
        const double theta = freqs.invFreq[static_cast<std::size_t>(j)];
        turnStep.push_back(turnFraction(theta));
        turnsPerPosition.push_back(static_cast<float>(theta / (2 * std::numbers::pi)));
    }
    const DeviceBuffer pairIndexBuffer = device_->uploadVector(pairIndex);
    const DeviceBuffer turnStepBuffer = device_->uploadVector(turnStep);
    const DeviceBuffer turnsBuffer = device_->uploadVector(turnsPerPosition);
    const DeviceBuffer positionBuffer = device_->uploadVector(positions);
    const DeviceBuffer fractionBuffer = device_->uploadVector(fractions);
    DeviceBuffer rotated = device_->allocate(rows.bytes);
    const std::int64_t threads = count * std::max(pairs, 1);
    const LaunchShape shape{{groupsFor(threads, ROPELAB_LINEAR_GROUP), 1},
                            {ROPELAB_LINEAR_GROUP, 1}};
    const KernelArg args[] = {&rows,
                              static_cast<std::int32_t>(count),
                              std::int32_t{freqs.headDim},
                              std::int32_t{pairs},
                              &pairIndexBuffer,
                              &turnStepBuffer,
                              &turnsBuffer,
                              static_cast<float>(freqs.attentionFactor),
                              &positionBuffer,
                              &fractionBuffer,
                              &rotated};
    device_->launch(Kernel::ApplyRopeRows, shape, args);
    return rotated;
}

Eigen::MatrixXd DeviceBackend::applyRopeRows(const Eigen::Ref<const Eigen::MatrixXd>& rows,
                                             const std::vector<double>& positions,
                                             const RopeFrequencies& freqs, RopeLayout layout,
                                             const Execution& exec) {
    timings_ = {};
    if (rows.cols() != freqs.headDim) {
        throw ParameterError({"vector", Rule::Count, static_cast<double>(rows.cols()),
                              static_cast<double>(freqs.headDim)});
    }
    if (static_cast<std::int64_t>(positions.size()) != rows.rows()) {
        // One position per vector.
        throw ParameterError({"positions", Rule::Count, static_cast<double>(positions.size()),
                              static_cast<double>(rows.rows())});
    }
    std::vector<std::int64_t> whole(positions.size());
    std::vector<float> fractions(positions.size());
    for (std::size_t r = 0; r < positions.size(); ++r) {
        const double p = positions[r];
        if (!std::isfinite(p)) throw ParameterError({"positions", Rule::Finite, p});
        if (std::abs(p) >= 0x1p62) {
            ParameterProblem problem("positions", Rule::Between, p, -0x1p62, 0x1p62);
            problem.eachValue = true;
            throw ParameterError(problem);
        }
        // The whole part is reduced exactly on the device; the fraction in [0, 1) is small.
        const double floorP = std::floor(p);
        whole[r] = static_cast<std::int64_t>(floorP);
        fractions[r] = static_cast<float>(p - floorP);
    }
    checkStop(exec);
    Eigen::MatrixXd result(rows.rows(), rows.cols());
    if (rows.rows() == 0) return result;
    requireDeviceBuffer(*device_, 4.0 * static_cast<double>(rows.size()), BufferUse::RopeRows);
    const RowMajorFloat input = rowMajorFloats(rows, exec);
    const DeviceBuffer inputBuffer = device_->allocate(static_cast<std::size_t>(input.size()) * 4);
    device_->upload(inputBuffer, input.data(), inputBuffer.bytes);
    DeviceBuffer rotated;
    timed(timings_.kernelSeconds, [&] {
        rotated = rotateOnDevice(inputBuffer, rows.rows(), whole, fractions, freqs, layout);
        device_->finish();
    });
    RowMajorFloat output(rows.rows(), rows.cols());
    timed(timings_.transferSeconds,
          [&] { device_->download(rotated, output.data(), rotated.bytes); });
    result = output.cast<double>();
    reportProgress(exec, 1.0);
    return result;
}

PooledGrid DeviceBackend::ropeScoreHeatmap(const Eigen::Ref<const Eigen::MatrixXd>& queries,
                                           const Eigen::Ref<const Eigen::MatrixXd>& keys,
                                           const RopeFrequencies& freqs, RopeLayout layout,
                                           int width, int height, Pooling pooling,
                                           const Execution& exec) {
    timings_ = {};
    validateRopeHeatmapInput(queries, keys, freqs, width, height);
    const std::int64_t n = queries.rows();
    const int dim = static_cast<int>(queries.cols());
    // Also keeps every index the kernels compute below 2^31.
    requireDeviceBuffer(*device_, 4.0 * static_cast<double>(n) * dim, BufferUse::Heatmap);
    requireDeviceBuffer(*device_, 4.0 * width * static_cast<double>(height), BufferUse::PooledGrid);
    checkStop(exec);

    std::vector<std::int64_t> positions(static_cast<std::size_t>(n));
    for (std::int64_t m = 0; m < n; ++m) positions[static_cast<std::size_t>(m)] = m;
    const std::vector<float> fractions(static_cast<std::size_t>(n), 0.0f);
    const auto onDevice = [&](const Eigen::Ref<const Eigen::MatrixXd>& vectors) {
        const RowMajorFloat input = rowMajorFloats(vectors, exec);
        DeviceBuffer buffer = device_->allocate(static_cast<std::size_t>(input.size()) * 4);
        timed(timings_.transferSeconds,
              [&] { device_->upload(buffer, input.data(), buffer.bytes); });
        return buffer;
    };
    const DeviceBuffer qRaw = onDevice(queries);
    const DeviceBuffer kRaw = onDevice(keys);
    const auto kernelsStart = std::chrono::steady_clock::now();
    const DeviceBuffer q = rotateOnDevice(qRaw, n, positions, fractions, freqs, layout);
    const DeviceBuffer k = rotateOnDevice(kRaw, n, positions, fractions, freqs, layout);
    const auto kernelSecondsSoFar = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - kernelsStart)
            .count();
    };

    PooledGrid grid;
    grid.width = width;
    grid.height = height;
    grid.values.resize(static_cast<std::size_t>(width) * height);
    if (pooling == Pooling::Mean) {
        // Σ⟨q'_m, k'_n⟩ over a cell = ⟨Σ q'_m, Σ k'_n⟩: block sums, then one dot per cell.
        const DeviceBuffer rowStart = device_->uploadVector(blockStarts(n, height));
        const DeviceBuffer colStart = device_->uploadVector(blockStarts(n, width));
        const auto blockSums = [&](const DeviceBuffer& rotated, const DeviceBuffer& starts,
                                   int cells) {
            DeviceBuffer sums = device_->allocate(static_cast<std::size_t>(cells) * dim * 4);
            const LaunchShape shape{{groupsFor(std::int64_t{cells} * dim, ROPELAB_LINEAR_GROUP), 1},
                                    {ROPELAB_LINEAR_GROUP, 1}};
            const KernelArg args[] = {&rotated, std::int32_t{dim}, &starts, std::int32_t{cells},
                                      &sums};
            device_->launch(Kernel::PoolBlockSums, shape, args);
            return sums;
        };
        const DeviceBuffer qSums = blockSums(q, rowStart, height);
        const DeviceBuffer kSums = blockSums(k, colStart, width);
        const DeviceBuffer cells = device_->allocate(grid.values.size() * 4);
        const LaunchShape shape{
            {groupsFor(static_cast<std::int64_t>(grid.values.size()), ROPELAB_LINEAR_GROUP), 1},
            {ROPELAB_LINEAR_GROUP, 1}};
        const KernelArg args[] = {&qSums,
                                  &kSums,
                                  std::int32_t{dim},
                                  &rowStart,
                                  &colStart,
                                  std::int32_t{width},
                                  std::int32_t{height},
                                  &cells};
        device_->launch(Kernel::MeanPoolDots, shape, args);
        device_->finish();
        timings_.kernelSeconds = kernelSecondsSoFar();
        std::vector<float> values(grid.values.size());
        timed(timings_.transferSeconds,
              [&] { device_->download(cells, values.data(), values.size() * 4); });
        std::copy(values.begin(), values.end(), grid.values.begin());
        reportProgress(exec, 1.0);
        return grid;
    }

    const DeviceBuffer rowCell = device_->uploadVector(cellOfIndex(n, height));
    const DeviceBuffer colCell = device_->uploadVector(cellOfIndex(n, width));
    const DeviceBuffer keysBuffer =
        device_->uploadVector(std::vector<std::int32_t>(grid.values.size(), ROPELAB_EMPTY_KEY));
    const std::size_t tiles = groupsFor(n, ROPELAB_HEAT_TILE);
    const std::size_t band =
        std::clamp<std::size_t>(kGroupsPerHeatmapLaunch / tiles, 1, kMaxGroupsY);
    for (std::size_t first = 0; first < tiles; first += band) {
        checkStop(exec);
        const LaunchShape shape{{tiles, std::min(band, tiles - first)},
                                {ROPELAB_HEAT_THREADS, ROPELAB_HEAT_THREADS}};
        const KernelArg args[] = {
            &q,         &k,       static_cast<std::int32_t>(n), std::int32_t{dim},
            &rowCell,   &colCell, std::int32_t{width},          static_cast<std::int32_t>(first),
            &keysBuffer};
        device_->launch(Kernel::MaxPoolScores, shape, args);
        device_->finish();
        reportProgress(
            exec, static_cast<double>(std::min(first + band, tiles)) / static_cast<double>(tiles));
    }
    timings_.kernelSeconds = kernelSecondsSoFar();
    std::vector<std::int32_t> maxKeys(grid.values.size());
    timed(timings_.transferSeconds,
          [&] { device_->download(keysBuffer, maxKeys.data(), maxKeys.size() * 4); });
    std::transform(maxKeys.begin(), maxKeys.end(), grid.values.begin(), floatOfKey);
    return grid;
}

}  // namespace ropelab
