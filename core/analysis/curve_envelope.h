// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A long curve reduced for drawing: one column per pixel holds the min and max of the samples that
// fall in it, so every peak and dip survives however many samples there are.

#include <cstdint>
#include <span>
#include <vector>

namespace ropelab {

class CurveEnvelope {
public:
    // sampleCount samples spread over min(columns, sampleCount) equal columns; column c covers
    // samples [⌊c·n/W⌋, ⌊(c+1)·n/W⌋). InputError for sampleCount < 1 or columns < 1.
    CurveEnvelope(std::int64_t sampleCount, int columns);

    // Columns equally wide on a log axis, sample i standing for x = i + 1: column c covers
    // x in [n^(c/W), n^((c+1)/W)); columns that would hold no sample are dropped.
    static CurveEnvelope logarithmic(std::int64_t sampleCount, int columns);

    std::int64_t sampleCount() const { return starts_.back(); }
    int columns() const { return static_cast<int>(min_.size()); }
    // First sample of the column; columnStart(columns()) = sampleCount().
    std::int64_t columnStart(int column) const { return starts_[static_cast<std::size_t>(column)]; }

    // Folds samples firstSample … firstSample + values.size() − 1 in, in any order and chunking.
    // InputError when they fall outside [0, sampleCount).
    void add(std::int64_t firstSample, std::span<const double> values);

    // NaN for a column no sample has reached yet.
    double minimum(int column) const { return min_[static_cast<std::size_t>(column)]; }
    double maximum(int column) const { return max_[static_cast<std::size_t>(column)]; }

private:
    explicit CurveEnvelope(std::vector<std::int64_t> starts);

    std::vector<std::int64_t> starts_;  // columns() + 1 increasing sample indices, 0 … n
    std::vector<double> min_;
    std::vector<double> max_;
};

}  // namespace ropelab
