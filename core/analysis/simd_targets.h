// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which SIMD instruction set the vectorised kernels (RoPE block sums, column maxima)
// run on. Google Highway compiles each kernel for several targets (AVX-512, AVX2, SSE4, SSSE3,
// a scalar baseline on x86; NEON, SVE on ARM) and picks the best one this CPU runs, at run time.

#include <string>
#include <vector>

namespace ropelab {

// Highway's names of the targets compiled in that this CPU runs, best first ("AVX2", "SSE4", …).
// With ROPELAB_SIMD=<name> in the environment, targets better than <name> are left out.
std::vector<std::string> offeredSimdTargets();

// The target the kernels run on, as the dispatcher answers (the first of offeredSimdTargets()).
std::string chosenSimdTarget();

// "Highway AVX2 (run-time choice; offered: AVX2 SSE4 SSSE3 SCALAR)", with the ROPELAB_SIMD cap
// when one is set.
std::string simdTargetsDescription();

// Runs every kernel on `name` (one of offeredSimdTargets()) from now on; "" restores the run-time
// choice. For tests that check each target: not to be called while a kernel runs.
void forceSimdTarget(const std::string& name);

// Called by each kernel entry point: applies ROPELAB_SIMD the first time.
void prepareSimdTargets();

}  // namespace ropelab
