#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The GPU-machine check, in one command, within 8 minutes on a 16-core H200 machine:
#   bash tools/gpu_check.sh [--out DIR] [--size p4|small]
# 1. unpacks the packages tools/gpu_deps.sh fetched (.gpu-deps/) into a private prefix inside the
#    build folder, skipping those the system has installed (nothing is written outside the build
#    folder and DIR; nothing is fetched),
# 2. builds core, ropelab-cli, the compute tests and bench_compute, CUDA for one architecture,
# 3. lists the backends and runs the parity tests of every backend against the CPU,
# 4. runs bench_compute (--size p4: 256 curves x 2^20 distances x d = 128 and the 65536-position
#    heat maps; small: seconds on a CPU) and prints its summary table.
# Every step runs under a timeout, all of them within GPU_CHECK_BUDGET seconds (default 480).
# It writes summary.txt and the logs (configure, build, backends, parity, bench) to DIR (default
# $OUT when set, as on the device machine, else BUILD_DIR/gpu_check). Exit 0 when everything
# passed, 1 on a failed step or any parity failure, 2 on bad arguments.
# Environment: CUDA_ARCH (default 90), PEAK_TFLOPS (FP32 peak for the roofline column, default
# 67 = H200 SXM), SKIP_CPU=1 (leave the CPU backend out of the benchmark), BUILD_DIR (default
# build-gpucheck), GPU_DEPS (default .gpu-deps), JOBS (default nproc).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build-gpucheck}
deps=${GPU_DEPS:-$root/.gpu-deps}
arch=${CUDA_ARCH:-90}
peak=${PEAK_TFLOPS:-67}
jobs=${JOBS:-$(nproc)}
size=${BENCH_SIZE:-p4}
out=${OUT:-$build/gpu_check}
while [ $# -gt 0 ]; do
    case "$1" in
    --out) out=${2:?--out needs a folder} && shift 2 ;;
    --size) size=${2:?--size needs p4 or small} && shift 2 ;;
    *) echo "usage: bash tools/gpu_check.sh [--out DIR] [--size p4|small]" >&2 && exit 2 ;;
    esac
done
case "$size" in p4 | small) ;; *) echo "gpu_check: --size is p4 or small, got '$size'" >&2 && exit 2 ;; esac
budget=${GPU_CHECK_BUDGET:-480}
mkdir -p "$out" "$build" || exit 2
out=$(cd "$out" && pwd)
exec 3>&1 > >(tee "$out/summary.txt") 2>&1
tee_pid=$!
exec 4>&1 # the summary, for messages of steps whose output goes to a log
# Let tee write the summary's last lines before the caller collects DIR.
trap 'exec >&3 2>&3 4>&-; wait "$tee_pid"' EXIT
started=$SECONDS
status=0

say() { printf '\n== %s (%ds)\n' "$*" $((SECONDS - started)); }
fail() {
    echo "gpu_check: $* ($((SECONDS - started)) s; logs in $out)" >&4
    exit 1
}
# within CAP STEP COMMAND...: runs COMMAND with the smaller of CAP and the time left in the
# budget. CAP is for the default budget (480 s, 16 cores) and grows with a larger one.
within() {
    local cap=$(($1 * budget / 480)) step=$2 left=$((budget - (SECONDS - started)))
    shift 2
    [ "$left" -lt "$cap" ] && cap=$left
    [ "$cap" -ge 5 ] || fail "no time left for $step (budget $budget s)"
    timeout --kill-after=10 "$cap" "$@"
    local rc=$?
    [ $rc -eq 124 ] || [ $rc -eq 137 ] && echo "gpu_check: $step stopped after its $cap s timeout" >&4
    return $rc
}

# --- tools: the machine may have no network, so say what is missing and install nothing
for tool in cmake c++; do command -v "$tool" >/dev/null || fail "$tool is missing"; done
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export CUDACXX=/usr/local/cuda/bin/nvcc
fi
[ -n "${CUDACXX:-}" ] || command -v nvcc >/dev/null ||
    echo "gpu_check: no nvcc (PATH, CUDACXX, /usr/local/cuda): the CUDA backend will be absent"

# --- 1. the packages of .gpu-deps, in a private prefix (system packages win when installed)
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" = installed ]; }
# dpkg-deb -x where dpkg exists, else ar + tar (a .deb is an ar archive holding data.tar.*).
unpack() {
    if command -v dpkg-deb >/dev/null; then
        dpkg-deb -x "$1" "$2"
    else
        local tmp
        tmp=$(mktemp -d) && (cd "$tmp" && ar x "$1") && tar -C "$2" -xf "$tmp"/data.tar.* && rm -rf "$tmp"
    fi
}
# control FILE.deb FIELD: one field of the package's control file.
control() {
    if command -v dpkg-deb >/dev/null; then
        dpkg-deb -f "$1" "$2"
    else
        ar p "$1" "$(ar t "$1" | grep '^control\.tar')" | tar -xJOf - ./control 2>/dev/null |
            sed -n "s/^$2: //p"
    fi
}
prefix=$build/deps-prefix
prefix_args=()
say "dependencies (${deps})"
if compgen -G "$deps/*.deb" >/dev/null; then
    rm -rf "$prefix" && mkdir -p "$prefix"
    unpacked=()
    system=()
    for deb in "$deps"/*.deb; do
        pkg=$(control "$deb" Package)
        # Shared libraries (section libs) are always unpacked: the unpacked -dev packages' .so
        # links point into them, and the build tree's RPATH finds them at run time.
        if installed "$pkg" && [ "$(control "$deb" Section)" != libs ]; then
            system+=("$pkg")
        else
            unpack "$deb" "$prefix" || fail "could not unpack $deb"
            unpacked+=("$pkg")
        fi
    done
    [ ${#system[@]} -eq 0 ] || echo "installed on the system, used as they are: ${system[*]}"
    if [ ${#unpacked[@]} -gt 0 ]; then
        echo "unpacked into $prefix: ${unpacked[*]}"
        # CMake finds the packages' config files (share/, lib/<arch>/cmake) and FindOpenCL the
        # headers and loader under this prefix; the loader is found at run time through the
        # build tree's RPATH.
        prefix_args=(-DCMAKE_PREFIX_PATH="$prefix/usr")
        # The run path of our programs reaches the libraries they link, not those libraries' own
        # dependencies (OpenBLAS's libgfortran): those are found through LD_LIBRARY_PATH.
        multiarch=$(c++ -print-multiarch 2>/dev/null || true)
        export LD_LIBRARY_PATH="$prefix/usr/lib/${multiarch:-x86_64-linux-gnu}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    fi
else
    echo "no .deb in $deps: using the system's packages (run 'bash tools/gpu_deps.sh' where apt works)"
fi

# --- 2. build
bench=ON
[ -n "$(find "$prefix" /usr/lib /usr/local/lib* -path '*cmake/benchmark/benchmarkConfig.cmake' \
    -print -quit 2>/dev/null)" ] || bench=OFF
[ "$bench" = ON ] || echo "gpu_check: Google Benchmark not found (libbenchmark-dev): benchmarks skipped"
say "configure ($build, CUDA architecture $arch)"
within 180 configure cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DROPELAB_BUILD_GUI=OFF -DROPELAB_BUILD_BENCHMARKS=$bench -DCMAKE_CUDA_ARCHITECTURES="$arch" \
    "${prefix_args[@]}" >"$out/configure.txt" 2>&1 ||
    { tail -30 "$out/configure.txt"; fail "configure failed (log: configure.txt)"; }
grep "RoPE Lab:" "$out/configure.txt"
tests=(test_exact_phase test_backend_parity test_compute_engine test_backends_command)
targets=(ropelab-cli "${tests[@]}")
[ "$bench" = ON ] && targets+=(bench_compute)
say "build ${targets[*]} ($jobs jobs)"
within 360 build cmake --build "$build" --parallel "$jobs" --target "${targets[@]}" >"$out/build.txt" 2>&1 ||
    { grep -E "error|FAILED" "$out/build.txt" | head -20 || tail -5 "$out/build.txt"; fail "build failed (log: build.txt)"; }

# --- 3. backends and parity
say "backends"
within 60 backends "$build/app/ropelab-cli" backends >"$out/backends.txt" 2>&1 || status=1
cat "$out/backends.txt"
# One line per backend in words: available, or absent with the reason (the last CSV field).
tail -n +2 "$out/backends.txt" | while IFS= read -r line; do
    IFS=, read -r name available _ <<<"$line"
    reason=$(sed -E 's/.*,"(.*)"$/\1/; t; s/.*,//' <<<"$line")
    if [ "$available" = 1 ]; then echo "  $name: available"; else echo "  $name: absent ($reason)"; fi
done
say "parity tests (every backend against the CPU; error / (|q||k|), target <= 1e-4)"
: >"$out/parity.txt"
for t in "${tests[@]}"; do
    bin=$(find "$build/tests" -name "$t" -type f -perm -u+x | head -1)
    echo "### $t" >>"$out/parity.txt"
    within 120 "$t" "$bin" --gtest_brief=0 >"$out/parity.part" 2>&1
    rc=$?
    cat "$out/parity.part" >>"$out/parity.txt"
    # Parity lines, the tally and failures (the skipped tests are listed in parity.txt).
    grep -E "^\[ parity|^\[  (PASSED|FAILED)  \]|^\[  SKIPPED \] [0-9]+ tests?,|Failure" "$out/parity.part"
    [ $rc -eq 0 ] || { echo "$t: FAILED (exit $rc)"; status=1; }
done
rm -f "$out/parity.part"

# --- 4. benchmarks
if [ "$bench" = ON ]; then
    say "bench_compute, $size sizes (roofline at $peak TFLOPS FP32)"
    extra=()
    [ "${SKIP_CPU:-0}" = 1 ] && extra+=(--skip-cpu)
    [ "$size" = p4 ] && extra+=(--p4)
    within 240 bench "$build/tests/core/compute/bench_compute" "${extra[@]}" --peak-tflops="$peak" \
        --benchmark_color=false >"$out/bench.txt" 2>&1 || { tail -20 "$out/bench.txt"; status=1; }
    grep -E "^(cpu|opencl|cuda): " "$out/bench.txt"
    sed -n '/^summary:/,$p' "$out/bench.txt"
    echo "targets: P4 score curves >= 0.50 roofline (kernel); heatmap/max (N=65536, d=128) < 100 ms total"
fi
say "done: $([ $status -eq 0 ] && echo passed || echo FAILED); logs in $out"
exit $status
