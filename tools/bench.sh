#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# RoPE Lab against numpy (P2 and P3): prints times, ratios, checksums and peak RSS.
#   bash tools/bench.sh [path/to/ropelab-cli] [bench_vs_numpy.py options, e.g. --only p2]
#   bash tools/bench.sh --cpu-like avx1   both sides on the kernels of a CPU with AVX, no AVX2
#   bash tools/bench.sh --simd SSE4       ropelab's SIMD kernels capped at a lower target
# Default CLI: $ROPELAB_BUILD_DIR/app/ropelab-cli, else build/app/ropelab-cli. Needs Debian's
# python3-numpy and libopenblas0-pthread (numpy then multiplies with OpenBLAS), and time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cli=${ROPELAB_BUILD_DIR:-$root/build}/app/ropelab-cli
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
    cli=$1
    shift
fi
[ -x "$cli" ] || { echo "bench.sh: no ropelab-cli at $cli; build first (bash tools/setup.sh build)" >&2; exit 2; }
/usr/bin/python3 -c 'import numpy' 2>/dev/null ||
    { echo "bench.sh: /usr/bin/python3 has no numpy; apt-get install python3-numpy libopenblas0-pthread" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench.sh: needs GNU time for peak RSS; apt-get install time" >&2; exit 2; }
exec /usr/bin/python3 "$root/tools/bench_vs_numpy.py" --cli "$cli" "$@"
