// SPDX-License-Identifier: GPL-3.0-or-later
// The OpenBLAS products, and the phasor sums of score curves built on them, against plain fp64
// (long double) loops. ctest runs this once on OpenBLAS's own choice of kernels and once per
// forced core type (OPENBLAS_CORETYPE), so each kernel set this CPU can run is checked.

#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "analysis/blas_products.h"
#include "analysis/phasor_sums.h"
#include "analysis/position_encoder.h"
#include "encodings/learned_absolute.h"
#include "encodings/rope_frequencies.h"

namespace ropelab {
namespace {

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

TEST(BlasProducts, DescriptionNamesTheLibraryAndAnyForcedCoreType) {
    const std::string description = blasDescription();
    EXPECT_EQ(description.rfind("OpenBLAS 0.", 0), 0u) << description;
    if (const char* forced = std::getenv("OPENBLAS_CORETYPE")) {
        EXPECT_NE(lower(description).find(lower(forced)), std::string::npos) << description;
    }
}

// OpenBLAS's pthread build starts one idle worker per extra core when it loads, each holding
// a 128 MiB buffer of address space; every product runs on its caller, so none may be left.
int threadsOfThisProcess() {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task")) {
        static_cast<void>(entry);
        ++count;
    }
    return count;
}

// The count once exiting threads are gone: pthread_join returns when the kernel clears a
// thread's id, a moment before its /proc/self/task entry goes (seen on a loaded machine).
int settledThreadsOfThisProcess() {
    int count = threadsOfThisProcess();
    for (int wait = 0; count > 1 && wait < 200; ++wait) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        count = threadsOfThisProcess();
    }
    return count;
}

TEST(BlasProducts, AProductLeavesNoBlasWorkerThreads) {
    const RowMatrix a = seededStandardNormal(64, 64, 3);
    std::vector<double> c(64 * 64);
    multiplyByTranspose(64, 64, 64, a.data(), 64, a.data(), 64, c.data(), 64);
    EXPECT_EQ(settledThreadsOfThisProcess(), 1);
}

TEST(BlasProducts, MultiplyByTransposeEqualsPlainLoopsWithStridesAndOddSizes) {
    // 37 × 29 times (23 × 29)ᵀ inside wider rows: every kernel edge case and the strides.
    const RowMatrix a = seededStandardNormal(37, 31, 1);
    const RowMatrix b = seededStandardNormal(23, 33, 2);
    std::vector<double> c(37 * 25, -1.0);
    multiplyByTranspose(37, 23, 29, a.data(), 31, b.data(), 33, c.data(), 25);
    for (int i = 0; i < 37; ++i) {
        for (int j = 0; j < 25; ++j) {
            const double got = c[static_cast<std::size_t>(i * 25 + j)];
            if (j >= 23) {
                EXPECT_EQ(got, -1.0) << "written past the columns at " << i << ", " << j;
                continue;
            }
            double expected = 0.0;
            double scale = 0.0;
            for (int k = 0; k < 29; ++k) {
                expected += a(i, k) * b(j, k);
                scale += std::abs(a(i, k) * b(j, k));
            }
            EXPECT_NEAR(got, expected, 1e-14 * scale) << i << ", " << j;
        }
    }
}

TEST(BlasProducts, PhasorSumsAgreeWithTheDirectSumInLongDouble) {
    RopeParams params;
    params.headDim = 40;  // 20 pairs
    const RopeFrequencies freqs = ropeFrequencies(params);
    const Eigen::VectorXd q = seededStandardNormal(1, 40, 3).row(0).transpose();
    const Eigen::VectorXd k = seededStandardNormal(1, 40, 4).row(0).transpose();
    const RopeScoreCoefficients c = ropeScoreCoefficients(q, k, freqs, RopeLayout::HalfSplit);
    double magnitude = std::abs(c.constant);
    for (const std::complex<double>& a : c.a) magnitude += std::abs(a);
    const std::int64_t step = 3;
    const double first = 16777216.0 - 5000.0;
    const PhasorSums sums = phasorSums(c, step);
    // A full anchor interval (its last rows furthest from the anchor), a tail alone, and whole
    // tiles followed by a tail.
    for (const std::int64_t count :
         {kAnchorInterval, std::int64_t{37}, 2 * kPhasorTile + std::int64_t{5}}) {
        PhasorScratch scratch;
        std::vector<double> out(static_cast<std::size_t>(count));
        evaluatePhasorSums(sums, first, count, out.data(), scratch);
        for (std::int64_t i = 0; i < count; ++i) {
            long double expected = c.constant;
            for (std::size_t j = 0; j < c.a.size(); ++j) {
                const long double phase =
                    (static_cast<long double>(first) + static_cast<long double>(i * step)) *
                    static_cast<long double>(c.theta[j]);
                expected += static_cast<long double>(c.a[j].real()) * std::cos(phase) -
                            static_cast<long double>(c.a[j].imag()) * std::sin(phase);
            }
            ASSERT_NEAR(out[static_cast<std::size_t>(i)], static_cast<double>(expected),
                        1e-11 * magnitude)
                << "distance index " << i << " of " << count;
        }
    }
}

TEST(BlasProducts, SinglePrecisionProductStaysWithinItsRoundingBound) {
    // |float a·bᵀ − exact| ≤ (d + 3)·2⁻²⁴·Σ|a_k b_k|: the bound max pooling screens with.
    const RowMatrix a = seededStandardNormal(19, 37, 5);
    const RowMatrix b = seededStandardNormal(21, 37, 6);
    const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> af =
        a.cast<float>();
    const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> bf =
        b.cast<float>();
    std::vector<float> c(19 * 21);
    multiplyByTranspose(19, 21, 37, af.data(), 37, bf.data(), 37, c.data(), 21);
    for (int i = 0; i < 19; ++i) {
        for (int j = 0; j < 21; ++j) {
            const double exact = a.row(i).dot(b.row(j));
            const double bound = 40.0 * 0x1p-24 * (a.row(i).cwiseAbs().dot(b.row(j).cwiseAbs()));
            EXPECT_NEAR(c[static_cast<std::size_t>(i * 21 + j)], exact, bound) << i << ", " << j;
        }
    }
}

TEST(BlasProducts, ConcurrentCallersGetTheSameResultAsOneCaller) {
    // Two threads multiplying at once (as the heatmap tasks do) each get the serial result.
    const RowMatrix a = seededStandardNormal(256, 128, 3);
    const RowMatrix b = seededStandardNormal(256, 128, 4);
    std::vector<double> alone(256 * 256);
    multiplyByTranspose(256, 256, 128, a.data(), 128, b.data(), 128, alone.data(), 256);
    std::vector<double> first(alone.size()), second(alone.size());
    std::thread other([&] {
        multiplyByTranspose(256, 256, 128, a.data(), 128, b.data(), 128, first.data(), 256);
    });
    multiplyByTranspose(256, 256, 128, a.data(), 128, b.data(), 128, second.data(), 256);
    other.join();
    EXPECT_EQ(first, alone);
    EXPECT_EQ(second, alone);
}

}  // namespace
}  // namespace ropelab
