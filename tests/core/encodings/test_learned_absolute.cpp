// SPDX-License-Identifier: GPL-3.0-or-later
// The learned absolute table: deterministic, N(0, 0.02²) (GPT-2/BERT initializer_range), and no
// row beyond max_len.

#include <gtest/gtest.h>

#include "common/errors.h"
#include "common/parameter_error.h"
#include "encodings/learned_absolute.h"

namespace ropelab {
namespace {

TEST(LearnedAbsolute, SameSeedSameTableOtherSeedOtherTable) {
    const LearnedPositionTable a(64, 16, 42);
    const LearnedPositionTable b(64, 16, 42);
    const LearnedPositionTable c(64, 16, 43);
    EXPECT_EQ(a.table(), b.table());
    EXPECT_NE(a.table(), c.table());
    EXPECT_EQ(a.lookup(5), Eigen::VectorXd(a.table().row(5).transpose()));
}

TEST(LearnedAbsolute, InitialisationHasTheStatedDistribution) {
    // 2·10^5 samples: the mean's standard error is 0.02/√(2·10^5) ≈ 4.5e-5.
    const LearnedPositionTable table(2000, 100, 7);
    const double mean = table.table().mean();
    const double variance = (table.table().array() - mean).square().mean();
    EXPECT_NEAR(mean, 0.0, 3e-4);
    EXPECT_NEAR(std::sqrt(variance), 0.02, 2e-4);
    // About 68.3 % of a normal lies within one standard deviation.
    const double inside = (table.table().array().abs() < 0.02).cast<double>().mean();
    EXPECT_NEAR(inside, 0.6827, 0.01);
}

TEST(LearnedAbsolute, PositionBeyondTheTableIsAnError) {
    const LearnedPositionTable table(8, 4, 1);
    EXPECT_NO_THROW(table.lookup(7));
    try {
        table.lookup(8);
        ADD_FAILURE();
    } catch (const ParameterError& error) {
        // The table's rows are 0 … max_len − 1: position 8 needs max_len > 8.
        EXPECT_EQ(error.problem(), ParameterProblem("max_len", Rule::GreaterThan, 8, 8));
        EXPECT_STREQ(error.what(), "max_len must be > 8, got 8");
    }
    EXPECT_THROW(table.lookup(-1), InputError);
    EXPECT_THROW(LearnedPositionTable(0, 4, 1), InputError);
    EXPECT_THROW(LearnedPositionTable(200000, 1000, 1), ResourceError);
}

}  // namespace
}  // namespace ropelab
