// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The error types the core throws. Callers (CLI, UI) catch them and show what() as one line, or
// their own words for the data an error carries.

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ropelab {

// A parameter or input is invalid; what() names the parameter and what is allowed.
class InputError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

// A request is valid but would need more memory or time than we allow; what() says how much.
class ResourceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
    // `fewer`: the parameters (core's ids) whose smaller values would fit, for a front end to
    // name in its own words.
    ResourceError(const std::string& what, std::vector<std::string> fewer)
        : std::runtime_error(what), fewer_(std::move(fewer)) {}
    const std::vector<std::string>& fewer() const { return fewer_; }

private:
    std::vector<std::string> fewer_;
};

// The caller asked to stop (Execution::stop) before the computation finished.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

}  // namespace ropelab
