#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Issue 20: the real app on one classroom screen, as a user meets it. Starts an X server of that
# size (Xvfb) with a window manager (openbox, which frames, places and maximises windows), then
# runs `ropelab --check-layout` with fresh settings in normal and presenter mode, in English and
# Chinese: every lesson is shown and every visible control must lie inside the window and the
# screen, with the room its text and size hint need (see ui/window/layout_audit.h).
# usage: screen_matrix.sh APP WxH [SCALE] [SCREENSHOT_DIR] [--restore-from WxH]
#   SCALE sets QT_SCALE_FACTOR (2 on a 3840x2160 screen is 200 %); with SCREENSHOT_DIR each case
#   saves the whole screen per lesson under SCREENSHOT_DIR/<case>/<lesson>.png. --restore-from
#   also starts the app once on a screen of that size, then again here with the settings it
#   saved: the restored window must be kept inside this smaller screen.
# Exit 0 when every case fits, 1 when one does not, 77 (skipped) without Xvfb or openbox.
set -uo pipefail
app=${1:?usage: screen_matrix.sh APP WxH [SCALE] [SCREENSHOT_DIR] [--restore-from WxH]}
size=${2:?usage: screen_matrix.sh APP WxH [SCALE] [SCREENSHOT_DIR] [--restore-from WxH]}
scale=${3:-1}
shots=${4:-}
restore_from=""
[ "${5:-}" = --restore-from ] && restore_from=${6:?--restore-from needs WxH}

for tool in Xvfb openbox xprop; do
    if ! command -v "$tool" >/dev/null; then
        echo "screen_matrix: $tool is not installed (bash tools/setup.sh test installs it)"
        exit 77
    fi
done

work=$(mktemp -d)
xvfb_pid=""
wm_pid=""
stop_display() {
    [ -n "$wm_pid" ] && kill "$wm_pid" 2>/dev/null && wait "$wm_pid" 2>/dev/null
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null && wait "$xvfb_pid" 2>/dev/null
    wm_pid=""
    xvfb_pid=""
}
trap 'stop_display; rm -rf "$work"' EXIT

# An X server of size $1 on a free display (Xvfb picks it), and openbox managing it.
try_display() {
    rm -f "$work/display"
    Xvfb -displayfd 3 -screen 0 "${1}x24" -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [ -s "$work/display" ] && break
        sleep 0.05
    done
    [ -s "$work/display" ] || { echo "screen_matrix: Xvfb did not start:"; cat "$work/xvfb.log"; return 1; }
    export DISPLAY=":$(head -n 1 "$work/display")"
    openbox --sm-disable >"$work/openbox.log" 2>&1 &
    wm_pid=$!
    # Ready once openbox has announced itself on the root window; on a busy 2-core CI box with
    # the other screen cases starting at once this took over 5 s, so allow 60.
    for _ in $(seq 600); do
        xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id' && return 0
        kill -0 "$wm_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "screen_matrix: openbox did not start on $DISPLAY:"
    cat "$work/openbox.log" "$work/xvfb.log"
    return 1
}

# CI once saw openbox refused by a display Xvfb had just announced, so a failed start is retried
# on a fresh server before the case counts as failed.
start_display() {
    for attempt in 1 2 3; do
        try_display "$1" && return 0
        stop_display
        echo "screen_matrix: start $attempt of 3 failed"
        sleep 1
    done
    return 1
}

failed=0
# run_case NAME CONFIG_DIR [APP OPTIONS...]
run_case() {
    local name=$1 config=$2
    shift 2
    local check=--check-layout
    [ -n "$shots" ] && check="--check-layout=$shots/$name"
    echo "== $size at scale $scale, $name"
    env -u QT_QPA_PLATFORM XDG_CONFIG_HOME="$config" XDG_DATA_HOME="$config/data" QT_SCALE_FACTOR="$scale" \
        timeout 180 "$app" "$check" "$@" >"$work/out" 2>"$work/err"
    local rc=$?
    grep -v '^QStandardPaths: ' "$work/err"
    cat "$work/out"
    if [ $rc -ne 0 ]; then
        echo "screen_matrix: $name FAILED (exit $rc)"
        failed=1
    fi
}

if [ -n "$restore_from" ]; then
    start_display "$restore_from" || exit 1
    run_case "saved-on-$restore_from" "$work/restored" --lang en >/dev/null
    stop_display
fi

start_display "$size" || exit 1
for lang in en zh_CN; do
    run_case "normal-$lang" "$work/normal-$lang" --lang "$lang"
    run_case "presenter-$lang" "$work/presenter-$lang" --presenter --lang "$lang"
done
if [ -n "$restore_from" ]; then
    run_case "restored-from-$restore_from" "$work/restored" --lang en
fi
exit $failed
