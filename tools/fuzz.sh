#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every libFuzzer target (tests/fuzz) for a given time each, one after another in one
# process each (one core), at low priority, on a scratch copy of its seed corpus; crash inputs and logs land in build-fuzz/findings/.
#   bash tools/fuzz.sh [SECONDS_PER_TARGET=60] [TARGET...]
# Builds the "fuzz" preset first (clang, ASan + UBSan, build-fuzz/). After a crash: minimise it,
# fix the bug, and copy the input to tests/fuzz/regressions/<target>/ so ctest replays it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(hf_config range_list gguf safetensors gguf_tensors session activity)

cd "$root"
[ -f build-fuzz/CMakeCache.txt ] || cmake --preset fuzz >/dev/null
available=()
buildTargets=$(cmake --build build-fuzz --target help)
for t in "${targets[@]}"; do
    if grep -q "^fuzz_$t:" <<<"$buildTargets"; then
        available+=("$t")
    else
        echo "fuzz.sh: no target fuzz_$t in this build (skipped)" >&2
    fi
done
[ ${#available[@]} -gt 0 ] || { echo "fuzz.sh: nothing to run" >&2; exit 2; }
nice -n 19 cmake --build build-fuzz -j2 --target "${available[@]/#/fuzz_}"

findings=build-fuzz/findings
mkdir -p "$findings"
status=0
for t in "${available[@]}"; do
    work=$(mktemp -d "/tmp/ropelab_fuzz_${t}_XXXXXX")
    cp -r "tests/fuzz/corpus/$t/." "$work/"
    [ -d "tests/fuzz/regressions/$t" ] && cp -r "tests/fuzz/regressions/$t/." "$work/"
    # The built-in activities seed every lesson's steps.
    [ "$t" = activity ] && cp resources/activities/*.ropelab-activity "$work/"
    log="$findings/$t.log"
    echo "fuzz.sh: $t for ${seconds}s (log $log)"
    # -rss_limit_mb and -timeout: issue 18's limits per input. lsan.supp names system libraries
    # only (fontconfig's caches, which the rendering targets load).
    if ! QT_QPA_PLATFORM=offscreen LSAN_OPTIONS="suppressions=$root/tests/hardening/lsan.supp" \
        nice -n 19 "build-fuzz/tests/fuzz/fuzz_$t" "$work" -max_total_time="$seconds" \
        -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$findings/${t}-" >"$log" 2>&1; then
        echo "fuzz.sh: $t FOUND A PROBLEM: see $log and $findings/${t}-*" >&2
        status=1
    fi
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|stat::new_units_added)" "$log" |
        sed "s/^/  $t /" || true
    rm -rf "$work"
done
exit $status
