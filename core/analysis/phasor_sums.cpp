// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/phasor_sums.h"

#include <algorithm>

#include "analysis/blas_products.h"
#include "analysis/exact_phase.h"

namespace ropelab {

PhasorSums phasorSums(const RopeScoreCoefficients& c, std::int64_t step) {
    PhasorSums s;
    s.a = c.a;
    s.theta = c.theta;
    s.constant = c.constant;
    const std::size_t pairs = c.a.size();
    s.tile.resize(static_cast<std::size_t>(kPhasorTile) * 2 * pairs);
    s.stepRe.resize(pairs);
    s.stepIm.resize(pairs);
    for (std::size_t j = 0; j < pairs; ++j) {
        for (std::int64_t r = 0; r < kPhasorTile; ++r) {
            const std::complex<double> w = exactPhasor(static_cast<double>(r * step), c.theta[j]);
            double* row = s.tile.data() + static_cast<std::size_t>(r) * 2 * pairs;
            row[j] = w.real();
            row[pairs + j] = w.imag();
        }
        const std::complex<double> w =
            exactPhasor(static_cast<double>(kPhasorTile * step), c.theta[j]);
        s.stepRe[j] = w.real();
        s.stepIm[j] = w.imag();
    }
    return s;
}

void evaluatePhasorSums(const PhasorSums& s, double first, std::int64_t count, double* out,
                        PhasorScratch& scratch) {
    const std::size_t pairs = s.a.size();
    if (pairs == 0) {
        std::fill(out, out + count, s.constant);
        return;
    }
    const std::int64_t rows = (count + kPhasorTile - 1) / kPhasorTile;
    const std::int64_t depth = 2 * static_cast<std::int64_t>(pairs);
    // Row q holds [Re u_j …, −Im u_j …] with u_j = a_j·e^{i·(first + q·tile·step)·θ_j}, so that
    // its product with tile row r is Re Σ_j u_j·w_j^r.
    scratch.uRe.resize(pairs);
    scratch.uIm.resize(pairs);
    for (std::size_t j = 0; j < pairs; ++j) {
        const std::complex<double> u = s.a[j] * exactPhasor(first, s.theta[j]);
        scratch.uRe[j] = u.real();
        scratch.uIm[j] = u.imag();
    }
    scratch.rows.resize(static_cast<std::size_t>(rows * depth));
    for (std::int64_t q = 0; q < rows; ++q) {
        double* row = scratch.rows.data() + static_cast<std::size_t>(q * depth);
        for (std::size_t j = 0; j < pairs; ++j) {
            const double re = scratch.uRe[j], im = scratch.uIm[j];
            row[j] = re;
            row[pairs + j] = -im;
            scratch.uRe[j] = re * s.stepRe[j] - im * s.stepIm[j];
            scratch.uIm[j] = re * s.stepIm[j] + im * s.stepRe[j];
        }
    }
    // Whole rows straight into out; a last, partial row through scratch.
    const std::int64_t whole = count / kPhasorTile;
    if (whole > 0) {
        multiplyByTranspose(whole, kPhasorTile, depth, scratch.rows.data(), depth, s.tile.data(),
                            depth, out, kPhasorTile);
    }
    const std::int64_t tail = count - whole * kPhasorTile;
    if (tail > 0) {
        scratch.products.resize(static_cast<std::size_t>(kPhasorTile));
        multiplyByTranspose(1, tail, depth, scratch.rows.data() + whole * depth, depth,
                            s.tile.data(), depth, scratch.products.data(), kPhasorTile);
        std::copy_n(scratch.products.data(), tail, out + whole * kPhasorTile);
    }
    for (std::int64_t i = 0; i < count; ++i) out[i] += s.constant;
}

}  // namespace ropelab
