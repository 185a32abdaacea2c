#!/usr/bin/env bash
# The GPU-machine check, in one command (about 3-5 minutes on a 16-core H200 box):
#   bash tools/gpu_check.sh
# 1. builds core, CLI, the compute tests and bench_compute with CUDA for one architecture (90),
# 2. lists the backends, runs the parity tests of every backend against the CPU,
# 3. runs bench_compute at the issue's P4 sizes and prints a summary table.
# Every step has a timeout; the logs stay in $BUILD_DIR/gpu_check_logs.
# Environment: CUDA_ARCH (default 90), BENCH_SIZE (p4, default, or small: seconds on a CPU-only
# machine with PoCL), PEAK_TFLOPS (FP32 peak for the roofline column, default 67
# = H200 SXM), SKIP_CPU=1 (leave the CPU backend out of the benchmark), BUILD_DIR
# (default build-gpucheck), JOBS (default nproc). Nothing is installed: missing tools are named.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build-gpucheck}
arch=${CUDA_ARCH:-90}
peak=${PEAK_TFLOPS:-67}
jobs=${JOBS:-$(nproc)}
log=$build/gpu_check_logs
started=$SECONDS

say() { printf '\n== %s (%ds)\n' "$*" $((SECONDS - started)); }
fail() {
    echo "gpu_check: $*" >&2
    exit 1
}

# --- prerequisites (the machine may have no network: say what is missing, install nothing)
for tool in cmake g++; do command -v "$tool" >/dev/null || fail "$tool is missing"; done
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export CUDACXX=/usr/local/cuda/bin/nvcc
fi
[ -n "${CUDACXX:-}" ] || command -v nvcc >/dev/null || echo "gpu_check: no nvcc: the CUDA backend will be absent"
bench=OFF
for dir in /usr/lib/*/cmake/benchmark /usr/lib/cmake/benchmark /usr/local/lib*/cmake/benchmark; do
    [ -e "$dir" ] && bench=ON
done
[ "$bench" = ON ] || echo "gpu_check: Google Benchmark not found (libbenchmark-dev): benchmarks skipped"

# --- 1. build
say "configure ($build, CUDA architecture $arch)"
mkdir -p "$log"
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DROPELAB_BUILD_GUI=OFF \
    -DROPELAB_BUILD_BENCHMARKS=$bench -DCMAKE_CUDA_ARCHITECTURES="$arch" >"$log/configure.txt" 2>&1 ||
    { tail -30 "$log/configure.txt"; fail "configure failed (log: $log/configure.txt)"; }
grep "RoPE Lab:" "$log/configure.txt"
targets=(ropelab-cli test_exact_phase test_backend_parity test_compute_engine test_backends_command)
[ "$bench" = ON ] && targets+=(bench_compute)
say "build ${targets[*]}"
cmake --build "$build" --parallel "$jobs" --target "${targets[@]}" >"$log/build.txt" 2>&1 ||
    { grep -E "error|FAILED" "$log/build.txt" | head -20; fail "build failed (log: $log/build.txt)"; }

# --- 2. backends and parity
say "backends"
"$build/app/ropelab-cli" backends
say "parity tests (every backend against the CPU; error / (|q||k|), target <= 1e-4)"
status=0
for t in test_exact_phase test_backend_parity test_compute_engine test_backends_command; do
    bin=$(find "$build/tests" -name "$t" -type f -perm -u+x | head -1)
    timeout 120 "$bin" --gtest_brief=1 >"$log/$t.txt" 2>&1
    rc=$?
    grep -E "^\[ parity|^\[  (PASSED|FAILED|SKIPPED) |Failure" "$log/$t.txt"
    [ $rc -eq 0 ] || { echo "$t: FAILED (exit $rc, log $log/$t.txt)"; status=1; }
done

# --- 3. benchmarks at P4 sizes
if [ "$bench" = ON ]; then
    say "bench_compute ${BENCH_SIZE:-p4} sizes (roofline at $peak TFLOPS FP32)"
    extra=()
    [ "${SKIP_CPU:-0}" = 1 ] && extra+=(--skip-cpu)
    sizes=()
    [ "${BENCH_SIZE:-p4}" = p4 ] && sizes+=(--p4)
    timeout 200 "$build/tests/core/compute/bench_compute" "${sizes[@]}" --peak-tflops="$peak" "${extra[@]}" \
        --benchmark_color=false >"$log/bench.txt" 2>&1 || { tail -20 "$log/bench.txt"; status=1; }
    grep -E "^(cpu|opencl|cuda): " "$log/bench.txt"
    sed -n '/^summary:/,$p' "$log/bench.txt"
    echo "targets: P4 score curves >= 0.50 roofline (kernel); heatmap/max (N=65536, d=128) < 100 ms total"
fi
echo "logs: $log ($((SECONDS - started)) s)"
exit $status
