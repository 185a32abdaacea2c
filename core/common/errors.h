// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The error types the core throws. Callers (CLI, UI) catch them and show what() as one line, or
// their own words for the data an error carries.

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "common/resource_problem.h"

namespace ropelab {

// A parameter or input is invalid; what() names the parameter and what is allowed.
class InputError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// A request is valid but would need more memory or time than we allow: problem() says what and
// how much (core's errors always carry one); what() is its English sentence.
class ResourceError : public std::runtime_error {
public:
    explicit ResourceError(ResourceProblem problem)
        : std::runtime_error(describe(problem)), problem_(std::move(problem)) {}
    // A front end's own refusal, in its own words.
    using std::runtime_error::runtime_error;

    const std::optional<ResourceProblem>& problem() const { return problem_; }

private:
    std::optional<ResourceProblem> problem_;
};

// The most numbers one encoding table or bias matrix may hold (800 MB of doubles).
inline constexpr double kMaxTableNumbers = 1e8;

// ResourceError with `what`, its budget and numbers filled in, when `needed` exceeds `limit`.
void requireWithin(double needed, double limit, Budget budget, ResourceProblem what);
// ResourceError with `what` (Budget::Numbers) when a table of `numbers` exceeds kMaxTableNumbers.
void requireTableNumbers(double numbers, ResourceProblem what);

// The caller asked to stop (Execution::stop) before the computation finished.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

}  // namespace ropelab
