// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Learned absolute positions (GPT-2, BERT): a table of max_len × d trained vectors, looked up by
// position. We cannot train here, so the table holds its initialisation: N(0, 0.02²), the
// initializer_range of GPT-2 and BERT, drawn from a seed. A position >= max_len has no row: the
// model never saw it, which is the lesson.

#include <cstdint>

#include <Eigen/Core>

namespace ropelab {

class LearnedPositionTable {
public:
    static constexpr double defaultStddev = 0.02;

    // InputError for maxLength < 1, dim < 1 or a non-positive stddev; ResourceError beyond 10^8
    // numbers. The same (maxLength, dim, seed, stddev) gives the same table on every platform.
    LearnedPositionTable(int maxLength, int dim, std::uint64_t seed, double stddev = defaultStddev);

    int maxLength() const { return static_cast<int>(table_.rows()); }
    int dim() const { return static_cast<int>(table_.cols()); }
    const Eigen::MatrixXd& table() const { return table_; }

    // Row `position`; InputError for a negative position or one >= maxLength.
    Eigen::VectorXd lookup(std::int64_t position) const;

private:
    Eigen::MatrixXd table_;
};

// Standard normal samples, row-major, from std::mt19937_64(seed) and our own Box–Muller
// transform: std::normal_distribution differs between libstdc++ and libc++, this does not.
Eigen::MatrixXd seededStandardNormal(Eigen::Index rows, Eigen::Index cols, std::uint64_t seed);

}  // namespace ropelab
