// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/simd_targets.h"

#include <cstdlib>
#include <mutex>

#include <hwy/highway.h>

#include "common/errors.h"

namespace ropelab {

namespace {

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
    std::string known;
    for (std::int64_t target : compiledTargets())
        known += std::string(" ") + hwy::TargetName(target);
    throw InputError("unknown SIMD target '" + name + "'; this build has:" + known);
}

// The environment's cap, "" when none (read once: the kernels' choice must not change under them).
const std::string& simdCap() {
    static const std::string cap = [] {
        const char* value = std::getenv("ROPELAB_SIMD");
        return std::string(value ? value : "");
    }();
    return cap;
}

}  // namespace

void prepareSimdTargets() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (simdCap().empty()) return;
        // Disable every target better (lower bit) than the cap.
        const std::int64_t cap = targetNamed(simdCap());
        hwy::DisableTargets(cap - 1);
    });
}

std::vector<std::string> offeredSimdTargets() {
    prepareSimdTargets();
    std::vector<std::string> names;
    for (std::int64_t target : hwy::SupportedAndGeneratedTargets()) {
        names.emplace_back(hwy::TargetName(target));
    }
    return names;
}

std::string chosenSimdTarget() {
    return offeredSimdTargets().front();
}

std::string simdTargetsDescription() {
    const std::vector<std::string> offered = offeredSimdTargets();
    std::string text = "Highway " + offered.front() + " (run-time choice; offered:";
    for (const std::string& name : offered) text += " " + name;
    if (!simdCap().empty()) text += "; capped by ROPELAB_SIMD=" + simdCap();
    return text + ")";
}

void forceSimdTarget(const std::string& name) {
    prepareSimdTargets();
    hwy::SetSupportedTargetsForTest(name.empty() ? 0 : targetNamed(name));
}

}  // namespace ropelab
