#pragma once
// Seeded standard-normal vectors, identical on every platform (std::normal_distribution is not).

#include <cstdint>

#include <Eigen/Core>

namespace ropelab {

// rows × cols independent N(0, 1) values from std::mt19937_64(seed) through our own Box–Muller,
// filled row by row: row r of a taller matrix equals row r of a shorter one with the same seed.
// InputError on negative sizes.
Eigen::MatrixXd randomNormalMatrix(std::int64_t rows, std::int64_t cols, std::uint64_t seed);

}  // namespace ropelab
