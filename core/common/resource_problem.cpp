// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/resource_problem.h"

#include <cstdio>
#include <utility>

#include "common/errors.h"

namespace ropelab {

namespace {

std::string format(const char* pattern, double value) {
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

std::string whole(double value) {
    return format("%.0f", value);
}

std::string subject(const ResourceProblem& p) {
    const std::string n = whole(p.count);
    const std::string m = whole(p.count2);
    switch (p.what) {
        case Demand::ScoreCurve:
            return "a score curve over " + n + " distances";
        case Demand::ScoreCurves:
            return n + " score curves over " + m + " distances";
        case Demand::MeanScore:
            return "a mean |score| over " + n + " distances";
        case Demand::QueryKeyRows:
            return "the queries and keys of " + n + " positions";
        case Demand::Heatmap:
            return "a heat map of " + n + " positions";
        case Demand::Trajectory:
            return "a trajectory over " + n + " positions";
        case Demand::Pca:
            return "PCA over " + n + " positions";
        case Demand::Helix:
            return "a helix over " + n + " positions";
        case Demand::HelixCurve:
            return "a helix of " + n + " points";
        case Demand::LearnedTable:
            return "a learned table of " + n + " x " + m;
        case Demand::SeedMatrix:
            return "the seed code's " + n + " x " + n + " matrix";
        case Demand::RotationMatrix:
            return "the " + n + " x " + n + " RoPE rotation matrix";
        case Demand::RandomDirections:
            return n + " random directions in " + m + " dimensions";
        case Demand::Invariance:
            return "invariance over " + n + " positions";
        case Demand::PhaseErrors:
            return "phase errors for " + n + " positions x " + m + " pairs";
        case Demand::OutputTable:
            return "an output table of " + n + " numbers";
        case Demand::SinusoidalTable:
            return "a sinusoidal table of " + n + " x " + m;
        case Demand::T5BiasMatrix:
            return "a " + n + " x " + n + " T5 bias matrix";
        case Demand::AlibiMatrix:
            return "a " + n + " x " + n + " ALiBi bias matrix";
        case Demand::KvCacheScoring:
            return "scoring every cached key at every step";
        case Demand::Training:
            return "training this model";
        case Demand::Evaluation:
            return "evaluating a length of " + n;
        case Demand::TrainingDiverged:
        case Demand::TrainingEngine:
            break;
    }
    return "this request";
}

}  // namespace

std::string describe(const ResourceProblem& p) {
    if (p.what == Demand::TrainingDiverged) {
        return "the training loss became NaN at step " + whole(p.count) +
               "; the model is lost (try a learning rate below " + format("%g", p.rate) + ")";
    }
    if (p.what == Demand::TrainingEngine) {
        return "the training engine " + p.path + " cannot be loaded (" + p.detail +
               "); it needs Debian's libtorch1.13";
    }
    constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
    constexpr double kMiB = 1024.0 * 1024.0;
    const std::string what = subject(p);
    switch (p.budget) {
        case Budget::Memory:
            return what + " would need " + format("%.3g", p.needed / kGiB) +
                   " GiB of memory, more than the " + format("%.3g", p.limit / kGiB) +
                   " GiB allowed (half of this machine's memory)";
        case Budget::TrainingMemory:
            return what + " would need about " + whole(p.needed / kMiB) + " MiB, more than the " +
                   whole(p.limit / kMiB) + " MiB allowed; use a smaller model, batch or length";
        case Budget::Numbers:
            return what + " would need " + whole(p.needed * 8 / 1e6) + " MB; at most " +
                   whole(p.limit * 8 / 1e6) + " MB (" + format("%g", p.limit) +
                   " numbers) is allowed";
        case Budget::PairTerms:
            return what + " would take " + format("%.6g", p.needed) + " pair terms; at most " +
                   format("%.6g", p.limit) + " are allowed";
        case Budget::Length:
            return what + " compares every pair of positions: at most " + whole(p.limit) +
                   " positions are allowed, got " + whole(p.needed);
        case Budget::None:
            break;
    }
    return what + " is too large";
}

void requireWithin(double needed, double limit, Budget budget, ResourceProblem what) {
    if (needed <= limit) return;
    what.budget = budget;
    what.needed = needed;
    what.limit = limit;
    throw ResourceError(std::move(what));
}

void requireTableNumbers(double numbers, ResourceProblem what) {
    requireWithin(numbers, kMaxTableNumbers, Budget::Numbers, std::move(what));
}

}  // namespace ropelab
