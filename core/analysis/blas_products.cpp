// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis/blas_products.h"

#include <cblas.h>

// Exported by OpenBLAS's pthread and OpenMP builds, not by the serial one (hence weak).
extern "C" int blas_thread_shutdown_(void) __attribute__((weak));

#include <mutex>
#include <sstream>

namespace ropelab {

namespace {

// Debian's OpenBLAS may be the pthread or OpenMP build (update-alternatives picks one): either
// would split each call over its own threads, on top of ours. One thread, set once before the
// first product, makes every build run each call on the calling thread. The pthread build has
// started its idle workers already, each holding a 128 MiB buffer of address space: they are
// stopped, and their buffers go to the threads that call.
void useCallingThreadOnly() {
    static std::once_flag once;
    std::call_once(once, [] {
        openblas_set_num_threads(1);
        if (blas_thread_shutdown_ != nullptr) blas_thread_shutdown_();
    });
}

// c = a·bᵀ, row-major, by cblas_sgemm or cblas_dgemm.
template <class T, class Gemm>
void product(Gemm gemm, std::int64_t rows, std::int64_t cols, std::int64_t depth, const T* a,
             std::int64_t aStride, const T* b, std::int64_t bStride, T* c, std::int64_t cStride) {
    useCallingThreadOnly();
    gemm(CblasRowMajor, CblasNoTrans, CblasTrans, static_cast<blasint>(rows),
         static_cast<blasint>(cols), static_cast<blasint>(depth), T{1}, a,
         static_cast<blasint>(aStride), b, static_cast<blasint>(bStride), T{0}, c,
         static_cast<blasint>(cStride));
}

}  // namespace

void multiplyByTranspose(std::int64_t rows, std::int64_t cols, std::int64_t depth, const double* a,
                         std::int64_t aStride, const double* b, std::int64_t bStride, double* c,
                         std::int64_t cStride) {
    product(cblas_dgemm, rows, cols, depth, a, aStride, b, bStride, c, cStride);
}

void multiplyByTranspose(std::int64_t rows, std::int64_t cols, std::int64_t depth, const float* a,
                         std::int64_t aStride, const float* b, std::int64_t bStride, float* c,
                         std::int64_t cStride) {
    product(cblas_sgemm, rows, cols, depth, a, aStride, b, bStride, c, cStride);
}

std::string blasDescription() {
    // openblas_get_config(): "OpenBLAS 0.3.21 DYNAMIC_ARCH NO_AFFINITY Zen MAX_THREADS=64".
    std::istringstream config(openblas_get_config());
    std::string name, version;
    config >> name >> version;
    return name + " " + version + " " + openblas_get_corename() + " (run-time choice)";
}

}  // namespace ropelab
