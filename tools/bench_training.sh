#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The training lab's speed (issue 38 §4), not a timed test: training tokens per second of
# ropelab-cli train against the same model trained by PyTorch eager in Python (Debian's
# python3-torch, the same libtorch 1.13), one thread each, the same batch; then the wall time of
# the default experiment (six encodings, --threads 2).
#   bash tools/bench_training.sh [path/to/ropelab-cli] [--no-experiment]
# Default CLI: $ROPELAB_BUILD_DIR/app/ropelab-cli, else build/app/ropelab-cli.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${ROPELAB_BUILD_DIR:-$root/build}/app/ropelab-cli
experiment=1
for arg in "$@"; do
    case "$arg" in
    --no-experiment) experiment=0 ;;
    *) cli=$arg ;;
    esac
done
[ -x "$cli" ] || { echo "bench_training.sh: no ropelab-cli at $cli; build first" >&2; exit 2; }
/usr/bin/python3 -c 'import torch' 2>/dev/null ||
    { echo "bench_training.sh: /usr/bin/python3 has no torch; apt-get install python3-torch" >&2; exit 2; }
# One BLAS thread on both sides: Debian's OpenBLAS pthread build would otherwise split each
# matmul over every core under torch's own thread count.
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The model of the comparison: rope, 2 layers, width 64, 4 heads, the built-in text, batch 32 of
# 64 characters. Ours: the difference of a 40- and a 240-step run, which leaves out start-up, the
# first steps and writing the file; PyTorch: 200 steps after 40.
model=(--task text --encoding rope --layers 2 --width 64 --heads 4 --train-length 64 --batch 32
       --threads 1)
seconds() {
    local start end
    start=$(date +%s.%N)
    "$cli" train "${model[@]}" --steps "$1" --out "$work/m.safetensors" >/dev/null
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
# Three alternating rounds, the median of each side: other work on the machine moves both.
ours=() theirs=()
for round in 1 2 3; do
    short=$(seconds 40)
    long=$(seconds 240)
    ours+=("$(echo "200 * 32 * 64 / ($long - $short)" | bc -l)")
    theirs+=("$(/usr/bin/python3 "$root/tools/bench_training_torch.py" --text "$root/LICENSE" \
        --steps 200 --warmup 40)")
    printf 'round %d: ropelab %.0f, pytorch %.0f tokens/s\n' "$round" "${ours[-1]}" "${theirs[-1]}"
done
median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
a=$(median "${ours[@]}")
b=$(median "${theirs[@]}")
printf 'training tokens/s, one thread, rope 2x64x4, batch 32 x 64 (median of 3): ropelab %.0f, pytorch eager %.0f, ratio %.2f\n' \
    "$a" "$b" "$(echo "$a / $b" | bc -l)"

if [ "$experiment" = 1 ]; then
    start=$(date +%s.%N)
    "$cli" experiment --threads 2 >"$work/experiment.csv" 2>"$work/experiment.err"
    end=$(date +%s.%N)
    printf 'default experiment (six encodings, copy, --threads 2): %.1f s wall\n' "$(echo "$end - $start" | bc -l)"
    cat "$work/experiment.err" "$work/experiment.csv"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(getconf _NPROCESSORS_ONLN) cores"
