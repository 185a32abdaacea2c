#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# P1: moves every control of every lesson and prints the UI thread's CPU per move (one line per
# control, "UI thread CPU median <x> ms"; the goal is at most 8 ms).
#   bash tools/bench_ui.sh [--cpu-like avx1] [UPDATES [LESSON]]
# --cpu-like avx1 runs as on a CPU with AVX and FMA but no AVX2 (many laptops, older desktops and
# VMs): Qt's raster engine (QT_NO_CPU_FEATURE), glibc's memcpy and friends (GLIBC_TUNABLES), our
# SIMD kernels (ROPELAB_SIMD) and OpenBLAS (OPENBLAS_CORETYPE) each take that CPU's path.
# Benches: $ROPELAB_BUILD_DIR/tests/ui, else build/tests/ui.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
benches=${ROPELAB_BUILD_DIR:-$root/build}/tests/ui
if [ "${1:-}" = --cpu-like ]; then
    [ "${2:-}" = avx1 ] || { echo "bench_ui.sh: --cpu-like knows only avx1" >&2; exit 2; }
    shift 2
    export QT_NO_CPU_FEATURE="avx2 bmi2 avx512f avx512dq avx512ifma avx512cd avx512bw avx512vl \
avx512vbmi avx512vbmi2 avx512bitalg avx512vpopcntdq avx512vnni avx512bf16 avx512fp16"
    export GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-BMI2,-AVX512F,-AVX512DQ,-AVX512CD,-AVX512BW,-AVX512VL,-ERMS
    export ROPELAB_SIMD=SSE4 OPENBLAS_CORETYPE=Sandybridge
    # Printed here: Qt cuts QT_NO_CPU_FEATURE at its first space while reading it.
    echo "forced like a CPU with AVX, no AVX2: QT_NO_CPU_FEATURE='$QT_NO_CPU_FEATURE'" \
        "GLIBC_TUNABLES=$GLIBC_TUNABLES ROPELAB_SIMD=$ROPELAB_SIMD OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE"
fi
updates=${1:-20}
lesson=${2:-}
for bench in bench_lessons bench_lessons_6_10; do
    [ -x "$benches/$bench" ] ||
        { echo "bench_ui.sh: no $benches/$bench; build first (bash tools/setup.sh build)" >&2; exit 2; }
done
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen}
# A lesson id names lessons of one bench; the other prints only its setup.
"$benches/bench_lessons" "$updates" $lesson 2>/dev/null
"$benches/bench_lessons_6_10" "$updates" $lesson 2>/dev/null | tail -n +4
