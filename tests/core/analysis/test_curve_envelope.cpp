// SPDX-License-Identifier: GPL-3.0-or-later
// Min/max decimation keeps every extreme, whatever the chunking.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/curve_envelope.h"
#include "common/errors.h"

namespace ropelab {
namespace {

TEST(CurveEnvelope, ColumnsCoverTheSamplesExactly) {
    const CurveEnvelope envelope(10, 4);
    EXPECT_EQ(envelope.columns(), 4);
    EXPECT_EQ(envelope.columnStart(0), 0);
    EXPECT_EQ(envelope.columnStart(1), 2);  // ⌊10/4⌋
    EXPECT_EQ(envelope.columnStart(2), 5);
    EXPECT_EQ(envelope.columnStart(3), 7);
    EXPECT_EQ(envelope.columnStart(4), 10);
    EXPECT_EQ(CurveEnvelope(3, 100).columns(), 3);  // never more columns than samples
}

TEST(CurveEnvelope, MinAndMaxPerColumnAgreeWithBruteForce) {
    const std::int64_t n = 1000;
    const int width = 37;
    std::vector<double> values(n);
    for (std::int64_t i = 0; i < n; ++i) values[i] = std::sin(0.37 * i) * (1 + i % 7);
    CurveEnvelope whole(n, width);
    whole.add(0, values);
    CurveEnvelope chunked(n, width);
    for (std::int64_t start = n; start > 0;) {  // backwards, in uneven chunks
        const std::int64_t len = std::min<std::int64_t>(start, 53);
        start -= len;
        chunked.add(start, std::span<const double>(values).subspan(start, len));
    }
    for (int c = 0; c < width; ++c) {
        double lo = INFINITY, hi = -INFINITY;
        for (std::int64_t i = whole.columnStart(c); i < whole.columnStart(c + 1); ++i) {
            lo = std::min(lo, values[i]);
            hi = std::max(hi, values[i]);
        }
        EXPECT_EQ(whole.minimum(c), lo) << c;
        EXPECT_EQ(whole.maximum(c), hi) << c;
        EXPECT_EQ(chunked.minimum(c), lo) << c;
        EXPECT_EQ(chunked.maximum(c), hi) << c;
    }
}

TEST(CurveEnvelope, UntouchedColumnsAreNaNAndASpikeSurvives) {
    CurveEnvelope envelope(1 << 20, 100);
    std::vector<double> chunk(1000, 0.0);
    chunk[617] = 42.0;
    envelope.add(0, chunk);
    EXPECT_EQ(envelope.maximum(0), 42.0);
    EXPECT_EQ(envelope.minimum(0), 0.0);
    EXPECT_TRUE(std::isnan(envelope.maximum(99)));
}

TEST(CurveEnvelope, LogarithmicColumnsAreEquallyWideOnALogAxis) {
    // 10^6 samples (x = 1 … 10^6) over 6 columns: one decade each.
    const CurveEnvelope envelope = CurveEnvelope::logarithmic(1'000'000, 6);
    ASSERT_EQ(envelope.columns(), 6);
    EXPECT_EQ(envelope.columnStart(0), 0);       // x = 1
    EXPECT_EQ(envelope.columnStart(1), 9);       // x = 10
    EXPECT_EQ(envelope.columnStart(2), 99);      // x = 100
    EXPECT_EQ(envelope.columnStart(5), 99'999);  // x = 10^5
    EXPECT_EQ(envelope.columnStart(6), 1'000'000);
    // Short curves drop the columns that would be empty.
    const CurveEnvelope few = CurveEnvelope::logarithmic(5, 100);
    EXPECT_EQ(few.columns(), 5);
    for (int c = 0; c < 5; ++c) EXPECT_EQ(few.columnStart(c), c);
}

TEST(CurveEnvelope, LogarithmicAgreesWithBruteForce) {
    const std::int64_t n = 5000;
    std::vector<double> values(n);
    for (std::int64_t i = 0; i < n; ++i) values[i] = std::cos(0.01 * i * i);
    CurveEnvelope envelope = CurveEnvelope::logarithmic(n, 50);
    for (std::int64_t start = 0; start < n; start += 333) {
        const std::int64_t len = std::min<std::int64_t>(333, n - start);
        envelope.add(start, std::span<const double>(values).subspan(start, len));
    }
    for (int c = 0; c < envelope.columns(); ++c) {
        const auto first = values.begin() + envelope.columnStart(c);
        const auto last = values.begin() + envelope.columnStart(c + 1);
        EXPECT_EQ(envelope.minimum(c), *std::min_element(first, last)) << c;
        EXPECT_EQ(envelope.maximum(c), *std::max_element(first, last)) << c;
    }
}

TEST(CurveEnvelope, BadInput) {
    EXPECT_THROW(CurveEnvelope(0, 10), InputError);
    EXPECT_THROW(CurveEnvelope(10, 0), InputError);
    EXPECT_THROW(CurveEnvelope::logarithmic(0, 10), InputError);
    CurveEnvelope envelope(10, 2);
    const std::vector<double> three(3, 1.0);
    EXPECT_THROW(envelope.add(8, three), InputError);
    EXPECT_THROW(envelope.add(-1, three), InputError);
}

}  // namespace
}  // namespace ropelab
