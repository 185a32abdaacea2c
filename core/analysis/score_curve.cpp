#include "analysis/score_curve.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "analysis/exact_phase.h"
#include "analysis/memory_budget.h"
#include "analysis/position_encoder.h"
#include "common/errors.h"
#include "encodings/rope_apply.h"

namespace ropelab {

namespace {

// Distances between exact anchors: angle addition loses ~1 ulp per step, so after 512 steps the
// phasors are still good to ~1e-13 relative.
constexpr std::int64_t kAnchorInterval = 512;

void requireLength(const Eigen::Ref<const Eigen::VectorXd>& v, int length, const char* name) {
    if (v.size() != length) {
        throw InputError(std::string(name) + " must have " + std::to_string(length) +
                         " components (head_dim), got " + std::to_string(v.size()));
    }
}

// Four pairs per step: GCC/Clang vector extensions map this to SSE2, AVX or AVX-512 registers.
using Lanes = double __attribute__((vector_size(4 * sizeof(double))));
constexpr std::size_t kLanes = 4;

// Always inlined into each clone, so no vector ever crosses a call (-Wpsabi is moot here).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"
[[gnu::always_inline]] inline Lanes loadLanes(const double* p) {
    Lanes v;
    std::memcpy(&v, p, sizeof v);  // unaligned load
    return v;
}

[[gnu::always_inline]] inline void storeLanes(double* p, Lanes v) {
    std::memcpy(p, &v, sizeof v);
}

// The coefficients padded to a multiple of four pairs (a = 0, θ = 0), one array per part.
struct PhasorSums {
    std::vector<double> aRe, aIm, stepRe, stepIm, theta;
    double constant = 0.0;
};

PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step) {
    PhasorSums s;
    const std::size_t padded = (c.a.size() + kLanes - 1) / kLanes * kLanes;
    s.aRe.assign(padded, 0.0);
    s.aIm.assign(padded, 0.0);
    s.stepRe.assign(padded, 1.0);
    s.stepIm.assign(padded, 0.0);
    s.theta.assign(padded, 0.0);
    s.constant = c.constant;
    for (std::size_t j = 0; j < c.a.size(); ++j) {
        s.aRe[j] = c.a[j].real();
        s.aIm[j] = c.a[j].imag();
        s.theta[j] = c.theta[j];
        const std::complex<double> w = exactPhasor(static_cast<double>(step), c.theta[j]);
        s.stepRe[j] = w.real();
        s.stepIm[j] = w.imag();
    }
    return s;
}

// Scores for distances first, first + step, … (count of them) into out, starting from an exact
// anchor at `first` and advancing by angle addition e^{i(Δ+step)θ} = e^{iΔθ}·e^{i·step·θ}.
// Cloned for x86-64-v3 (AVX2) with run-time dispatch; the plain build is the fallback.
__attribute__((target_clones("arch=x86-64-v3", "default"))) void evaluatePhasorSums(
    const PhasorSums& s, double first, std::int64_t count, double* out, double* zRe, double* zIm) {
    const std::size_t padded = s.theta.size();
    for (std::size_t j = 0; j < padded; ++j) {
        const std::complex<double> z = exactPhasor(first, s.theta[j]);
        zRe[j] = z.real();
        zIm[j] = z.imag();
    }
    for (std::int64_t i = 0; i < count; ++i) {
        // Per-lane partial sums in a fixed order: identical for every thread count.
        Lanes partial = {0.0, 0.0, 0.0, 0.0};
        for (std::size_t j = 0; j < padded; j += kLanes) {
            const Lanes re = loadLanes(zRe + j);
            const Lanes im = loadLanes(zIm + j);
            const Lanes wRe = loadLanes(s.stepRe.data() + j);
            const Lanes wIm = loadLanes(s.stepIm.data() + j);
            partial += loadLanes(s.aRe.data() + j) * re - loadLanes(s.aIm.data() + j) * im;
            storeLanes(zRe + j, re * wRe - im * wIm);
            storeLanes(zIm + j, re * wIm + im * wRe);
        }
        out[i] = s.constant + ((partial[0] + partial[1]) + (partial[2] + partial[3]));
    }
}

#pragma GCC diagnostic pop

}  // namespace

RopeScoreCoefficients ropeScoreCoefficients(const Eigen::Ref<const Eigen::VectorXd>& q,
                                            const Eigen::Ref<const Eigen::VectorXd>& k,
                                            const RopeFrequencies& freqs, RopeLayout layout) {
    requireLength(q, freqs.headDim, "q");
    requireLength(k, freqs.headDim, "k");
    RopeScoreCoefficients c;
    c.theta = freqs.invFreq;
    c.a.resize(freqs.invFreq.size());
    // Both q and k carry the attention factor on their rotated part.
    const double scale = freqs.attentionFactor * freqs.attentionFactor;
    for (int j = 0; j < freqs.pairs(); ++j) {
        const RopePair p = ropePair(j, freqs.rotaryDim, layout);
        const std::complex<double> zq(q[p.a], q[p.b]);
        const std::complex<double> zk(k[p.a], k[p.b]);
        c.a[static_cast<std::size_t>(j)] = scale * zq * std::conj(zk);
    }
    for (int i = freqs.rotaryDim; i < freqs.headDim; ++i) c.constant += q[i] * k[i];
    return c;
}

std::vector<double> ropeScoreCurve(const Eigen::Ref<const Eigen::VectorXd>& q,
                                   const Eigen::Ref<const Eigen::VectorXd>& k,
                                   const RopeFrequencies& freqs, RopeLayout layout,
                                   const DistanceRange& distances, const Execution& exec) {
    const RopeScoreCoefficients coefficients = ropeScoreCoefficients(q, k, freqs, layout);
    const std::int64_t count = distances.count();
    if (count == 0) throw InputError("--distances must not be empty");
    requireMemory(8.0 * static_cast<double>(count),
                  "a score curve over " + std::to_string(count) + " distances");
    const PhasorSums sums = phasorSums(coefficients, distances.step);
    std::vector<double> scores(static_cast<std::size_t>(count));
    const std::int64_t blocks = (count + kAnchorInterval - 1) / kAnchorInterval;
    parallelFor(blocks, exec, [&](std::int64_t blockBegin, std::int64_t blockEnd) {
        std::vector<double> zRe(sums.theta.size()), zIm(sums.theta.size());
        for (std::int64_t b = blockBegin; b < blockEnd; ++b) {
            if (exec.stop.stop_requested()) return;
            const std::int64_t first = b * kAnchorInterval;
            const std::int64_t n = std::min(kAnchorInterval, count - first);
            evaluatePhasorSums(sums, static_cast<double>(distances.at(first)), n,
                               scores.data() + first, zRe.data(), zIm.data());
        }
    });
    return scores;
}

std::vector<double> scoreCurve(const Eigen::Ref<const Eigen::VectorXd>& q,
                               const Eigen::Ref<const Eigen::VectorXd>& k,
                               const ScoreEncodingParams& encoding, const DistanceRange& distances,
                               std::int64_t keyPosition, const Execution& exec) {
    if (q.size() != k.size()) {
        throw InputError("q and k must have the same length, got " + std::to_string(q.size()) +
                         " and " + std::to_string(k.size()));
    }
    validate(encoding, static_cast<int>(q.size()));
    if (encoding.encoding == ScoreEncoding::Rope) {
        return ropeScoreCurve(q, k, ropeFrequencies(encoding.rope), encoding.layout, distances,
                              exec);
    }
    const std::int64_t count = distances.count();
    if (count == 0) throw InputError("--distances must not be empty");
    requireMemory(8.0 * static_cast<double>(count),
                  "a score curve over " + std::to_string(count) + " distances");
    const PositionEncoder encoder(encoding, static_cast<int>(q.size()));
    const std::int64_t lastQuery = keyPosition + distances.at(count - 1);
    encoder.requirePositions(std::min(keyPosition + distances.start, lastQuery),
                             std::max(keyPosition + distances.start, lastQuery));
    encoder.requirePositions(keyPosition, keyPosition);
    const Eigen::VectorXd keyEncoded = encoder.encode(k, keyPosition);
    const Eigen::VectorXd keyMapped = encoder.mapForDot(keyEncoded);
    std::vector<double> scores(static_cast<std::size_t>(count));
    parallelFor(
        count, exec,
        [&](std::int64_t begin, std::int64_t end) {
            for (std::int64_t i = begin; i < end; ++i) {
                const std::int64_t queryPosition = keyPosition + distances.at(i);
                scores[static_cast<std::size_t>(i)] =
                    encoder.dotEncoded(q, queryPosition, keyMapped) +
                    encoder.bias(queryPosition, keyPosition);
            }
        },
        256);
    return scores;
}

}  // namespace ropelab
