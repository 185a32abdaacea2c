#pragma once
// A long curve reduced for drawing: one column per pixel holds the min and max of the samples that
// fall in it, so every peak and dip survives however many samples there are.

#include <cstdint>
#include <span>
#include <vector>

namespace ropelab {

class CurveEnvelope {
public:
    // sampleCount samples spread over min(columns, sampleCount) columns; column c covers samples
    // [⌊c·n/W⌋, ⌊(c+1)·n/W⌋). InputError for sampleCount < 1 or columns < 1.
    CurveEnvelope(std::int64_t sampleCount, int columns);

    std::int64_t sampleCount() const { return sampleCount_; }
    int columns() const { return static_cast<int>(min_.size()); }
    std::int64_t columnStart(int column) const;  // first sample of the column (columnStart(W) = n)

    // Folds samples firstSample … firstSample + values.size() − 1 in, in any order and chunking.
    // InputError when they fall outside [0, sampleCount).
    void add(std::int64_t firstSample, std::span<const double> values);

    // NaN for a column no sample has reached yet.
    double minimum(int column) const { return min_[static_cast<std::size_t>(column)]; }
    double maximum(int column) const { return max_[static_cast<std::size_t>(column)]; }

private:
    std::int64_t sampleCount_;
    std::vector<double> min_;
    std::vector<double> max_;
};

}  // namespace ropelab
