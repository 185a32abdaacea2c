// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A request too large to compute, as data: what would be too large, the budget it breaks, how much
// it needs and how much is allowed. Core builds no front end's sentence: the CLI and the app word
// the problem (the CLI naming its flags for `fewer`); describe() is the English for logs.

#include <string>
#include <vector>

namespace ropelab {

// What would need too much; `count` and `count2` are the sizes that name it.
enum class Demand {
    ScoreCurve,        // a score curve over count distances
    ScoreCurves,       // count score curves over count2 distances
    MeanScore,         // a mean |score| over count distances
    QueryKeyRows,      // the queries and keys of count positions
    Heatmap,           // a heat map of count positions
    Trajectory,        // a trajectory over count positions
    Pca,               // PCA over count positions
    Helix,             // a helix over count positions
    HelixCurve,        // a helix drawn with count points
    LearnedTable,      // a learned position table of count positions × count2 dimensions
    SeedMatrix,        // the seed code's count × count matrix
    RotationMatrix,    // the count × count RoPE rotation matrix
    RandomDirections,  // count random directions in count2 dimensions
    Invariance,        // invariance over count positions
    PhaseErrors,       // phase errors for count positions × count2 pairs
    OutputTable,       // an output table of count numbers
    SinusoidalTable,   // a sinusoidal table of count positions × count2 dimensions
    T5BiasMatrix,      // a count × count T5 bias matrix
    AlibiMatrix,       // a count × count ALiBi bias matrix
    KvCacheScoring,    // scoring every cached key at every generated step
    Training,          // training the model
    Evaluation,        // evaluating the model at a length of count positions
    // Not sizes: a training run that failed (Budget::None).
    TrainingDiverged,  // the loss became NaN at step count; rate: the learning rate used
    TrainingEngine,    // the engine module `path` cannot be loaded; detail: the loader's reason
};

// Which limit the demand breaks; needed and limit are in its unit.
enum class Budget {
    Memory,          // bytes, past the analyses' budget: half of this machine's memory
    TrainingMemory,  // bytes, past the training lab's fixed limit
    Numbers,         // numbers in one table, past a fixed cap
    PairTerms,       // pair terms of work
    Length,          // positions, for work that grows as length² (every pair of positions)
    None,            // not a size
};

struct ResourceProblem {
    // Sizes are doubles: a product of sizes cannot overflow, and every size fits exactly.
    ResourceProblem(Demand what, double count = 0, double count2 = 0)
        : what(what), count(count), count2(count2) {}

    Demand what;
    double count = 0;
    double count2 = 0;
    Budget budget = Budget::None;
    double needed = 0;
    double limit = 0;
    // The parameters (core's ids) whose smaller values would fit, for a front end to name.
    std::vector<std::string> fewer{};
    double rate = 0;       // TrainingDiverged
    std::string path{};    // TrainingEngine
    std::string detail{};  // TrainingEngine: the system loader's own text

    bool operator==(const ResourceProblem&) const = default;
};

// The English sentence: "a sinusoidal table of 200000 × 1000 would need 1600 MB; at most 800 MB
// (1e8 numbers) is allowed".
std::string describe(const ResourceProblem& problem);

}  // namespace ropelab
