// SPDX-License-Identifier: GPL-3.0-or-later
// tests common/resource_problem.* and the refusals that carry it: each says what would be too
// large, the budget it breaks and the numbers as data, and what() is their English sentence.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <functional>
#include <vector>

#include "analysis/kv_cache_drift.h"
#include "analysis/memory_budget.h"
#include "common/errors.h"
#include "encodings/alibi.h"
#include "encodings/learned_absolute.h"
#include "encodings/sinusoidal.h"
#include "encodings/t5_buckets.h"

namespace ropelab {
namespace {

// The problem `compute` refuses with; a failure when it does not refuse.
ResourceProblem refusal(const std::function<void()>& compute) {
    try {
        compute();
    } catch (const ResourceError& error) {
        EXPECT_TRUE(error.problem().has_value()) << error.what();
        if (error.problem()) {
            EXPECT_EQ(error.what(), describe(*error.problem()));
            return *error.problem();
        }
    }
    ADD_FAILURE() << "no ResourceError";
    return ResourceProblem(Demand::Training);
}

TEST(ResourceProblem, EncodingTablesPastTheCapSayTheirShapeAndNumbers) {
    const ResourceProblem sinusoidal =
        refusal([] { sinusoidalTable(std::vector<double>(200000, 0.0), 1000); });
    EXPECT_EQ(sinusoidal.what, Demand::SinusoidalTable);
    EXPECT_EQ(sinusoidal.count, 200000);
    EXPECT_EQ(sinusoidal.count2, 1000);
    EXPECT_EQ(sinusoidal.budget, Budget::Numbers);
    EXPECT_EQ(sinusoidal.needed, 2e8);
    EXPECT_EQ(sinusoidal.limit, kMaxTableNumbers);
    EXPECT_EQ(describe(sinusoidal),
              "a sinusoidal table of 200000 x 1000 would need 1600 MB; at most 800 MB (1e+08 "
              "numbers) is allowed");

    const ResourceProblem learned = refusal([] { LearnedPositionTable(200000, 1000, 1); });
    EXPECT_EQ(learned.what, Demand::LearnedTable);
    EXPECT_EQ(learned.count, 200000);
    EXPECT_EQ(learned.count2, 1000);
    EXPECT_EQ(learned.budget, Budget::Numbers);

    const ResourceProblem t5 = refusal([] {
        const T5BucketParams params;
        t5BiasMatrix(20000, params, Eigen::VectorXd::Zero(params.numBuckets));
    });
    EXPECT_EQ(t5.what, Demand::T5BiasMatrix);
    EXPECT_EQ(t5.count, 20000);
    EXPECT_EQ(t5.needed, 4e8);

    const ResourceProblem alibi = refusal([] { alibiBias(20000, 0.5); });
    EXPECT_EQ(alibi.what, Demand::AlibiMatrix);
    EXPECT_EQ(alibi.count, 20000);
    EXPECT_EQ(alibi.budget, Budget::Numbers);
    EXPECT_EQ(describe(alibi),
              "a 20000 x 20000 ALiBi bias matrix would need 3200 MB; at most 800 MB (1e+08 "
              "numbers) is allowed");
}

TEST(ResourceProblem, KvCacheScoringNamesTheParametersToLower) {
    RopeParams p;
    p.headDim = 16;
    const ResourceProblem problem = refusal([&] {
        kvCacheDrift(p, 1 << 20, 1 << 10, 0, Execution{2, {}, {}});
    });
    EXPECT_EQ(problem.what, Demand::KvCacheScoring);
    EXPECT_EQ(problem.budget, Budget::PairTerms);
    // 1024 steps × (2²⁰ + 512) cached keys × 8 pairs.
    EXPECT_EQ(problem.needed, 1024.0 * (1048576.0 + 512.0) * 8.0);
    EXPECT_EQ(problem.limit, maxKvCacheTerms);
    EXPECT_EQ(problem.fewer, (std::vector<std::string>{"generate", "prompt_length"}));
    EXPECT_EQ(describe(problem),
              "scoring every cached key at every step would take 8.59413e+09 pair terms; at most "
              "1e+08 are allowed");
}

TEST(ResourceProblem, MemoryPastTheBudgetSaysTheBytesAndTheBudget) {
    const double budget = analysisMemoryBudgetBytes();
    EXPECT_NO_THROW(requireMemory(budget, ResourceProblem(Demand::Heatmap, 10)));
    const ResourceProblem problem =
        refusal([&] { requireMemory(2 * budget, ResourceProblem(Demand::Heatmap, 100000)); });
    EXPECT_EQ(problem.what, Demand::Heatmap);
    EXPECT_EQ(problem.count, 100000);
    EXPECT_EQ(problem.budget, Budget::Memory);
    EXPECT_EQ(problem.needed, 2 * budget);
    EXPECT_EQ(problem.limit, budget);
    EXPECT_NE(describe(problem).find("a heat map of 100000 positions would need "),
              std::string::npos);
}

TEST(ResourceProblem, TrainingFailuresThatAreNotSizesAreSaidToo) {
    ResourceProblem diverged(Demand::TrainingDiverged, 12);
    diverged.rate = 0.03;
    EXPECT_EQ(describe(diverged),
              "the training loss became NaN at step 12; the model is lost (try a learning rate "
              "below 0.03)");
    ResourceProblem engine(Demand::TrainingEngine);
    engine.path = "/x/engine.so";
    engine.detail = "libtorch.so: not found";
    EXPECT_EQ(describe(engine),
              "the training engine /x/engine.so cannot be loaded (libtorch.so: not found); it "
              "needs Debian's libtorch1.13");
    ResourceProblem length(Demand::Invariance, 20000);
    length.budget = Budget::Length;
    length.needed = 20000;
    length.limit = 16384;
    EXPECT_EQ(describe(length),
              "invariance over 20000 positions compares every pair of positions: at most 16384 "
              "positions are allowed, got 20000");
}

}  // namespace
}  // namespace ropelab
