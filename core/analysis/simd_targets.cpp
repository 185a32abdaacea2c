// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/simd_targets.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>

#include "common/parameter_error.h"

// Compiled once per target like the kernels, so that the dispatcher itself can say which one it
// calls (foreach_target re-includes this file).
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "analysis/simd_targets.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace ropelab {
namespace HWY_NAMESPACE {

const char* TargetOfThisCode() {
    return hwy::TargetName(HWY_TARGET);
}

}  // namespace HWY_NAMESPACE
}  // namespace ropelab
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace ropelab {

namespace {

HWY_EXPORT(TargetOfThisCode);

// Every kernel file is compiled with the same flags as this one, so HWY_TARGETS here is the set
// of targets each kernel has.
std::vector<std::int64_t> compiledTargets() {
    std::vector<std::int64_t> targets;
    for (std::int64_t left = HWY_TARGETS; left != 0; left &= left - 1) {
        targets.push_back(left & -left);
    }
    return targets;  // lowest bit first = best first
}

std::int64_t targetNamed(const std::string& name) {
    for (std::int64_t target : compiledTargets()) {
        if (name == hwy::TargetName(target)) return target;
    }
    ParameterProblem problem("simd_target", Rule::OneOf);
    problem.valueText = name;
    for (std::int64_t target : compiledTargets()) {
        problem.allowed +=
            (problem.allowed.empty() ? "" : ", ") + std::string(hwy::TargetName(target));
    }
    throw ParameterError(problem);
}

// The environment's cap, "" when none (read once: the kernels' choice must not change under them).
const std::string& simdCap() {
    static const std::string cap = [] {
        const char* value = std::getenv("ROPELAB_SIMD");
        return std::string(value ? value : "");
    }();
    return cap;
}

// The targets the dispatcher may choose from, set with it by choose().
std::atomic<std::int64_t> offeredTargets{0};

// hwy::SupportedTargets() re-detects the CPU and, while no test mock is set, points the
// dispatcher at the best target detected, ignoring DisableTargets; it then returns the allowed
// set. So it is called here only, and the dispatcher pointed at the allowed set right after.
void choose() {
    const std::int64_t allowed = hwy::SupportedTargets();
    hwy::GetChosenTarget().Update(allowed);
    offeredTargets = allowed & HWY_TARGETS;
}

}  // namespace

void prepareSimdTargets() {
    static std::once_flag once;
    std::call_once(once, [] {
        // Disable every target better (lower bit) than the cap.
        if (!simdCap().empty()) hwy::DisableTargets(targetNamed(simdCap()) - 1);
        choose();
    });
}

std::vector<std::string> offeredSimdTargets() {
    prepareSimdTargets();
    std::vector<std::string> names;
    for (std::int64_t left = offeredTargets; left != 0; left &= left - 1) {
        names.emplace_back(hwy::TargetName(left & -left));
    }
    return names;
}

std::string chosenSimdTarget() {
    prepareSimdTargets();
    return HWY_DYNAMIC_DISPATCH(TargetOfThisCode)();
}

std::string simdTargetsDescription() {
    std::string text = "Highway " + chosenSimdTarget() + " (run-time choice; offered:";
    for (const std::string& name : offeredSimdTargets()) text += " " + name;
    if (!simdCap().empty()) text += "; capped by ROPELAB_SIMD=" + simdCap();
    return text + ")";
}

void forceSimdTarget(const std::string& name) {
    prepareSimdTargets();
    hwy::SetSupportedTargetsForTest(name.empty() ? 0 : targetNamed(name));
    choose();
}

}  // namespace ropelab
#endif  // HWY_ONCE
