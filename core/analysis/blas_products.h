// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to analysis: matrix products by OpenBLAS, whose GEMM kernel is chosen for this CPU at
// run time. Every product runs on the calling thread (OpenBLAS is told once to use one thread,
// so it never splits a call): callers split the work over Execution::threads themselves.

#include <cstdint>
#include <string>

namespace ropelab {

// c = a·bᵀ for row-major a (rows × depth), b (cols × depth) and c (rows × cols), with the given
// row strides.
void multiplyByTranspose(std::int64_t rows, std::int64_t cols, std::int64_t depth, const double* a,
                         std::int64_t aStride, const double* b, std::int64_t bStride, double* c,
                         std::int64_t cStride);

// The same in single precision (twice the speed; callers bound its error).
void multiplyByTranspose(std::int64_t rows, std::int64_t cols, std::int64_t depth, const float* a,
                         std::int64_t aStride, const float* b, std::int64_t bStride, float* c,
                         std::int64_t cStride);

// "OpenBLAS 0.3.21 Zen (run-time choice)": the library and the kernel set it chose.
std::string blasDescription();

}  // namespace ropelab
