#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks of the Debian package and the files it ships; ctest runs them (package_* tests, see
# cmake/RopeLabInstall.cmake) and so does `bash tools/setup.sh package`. Exit 0 pass, 1 fail,
# 77 skipped (the tool is not installed: setup.sh package installs them).
#   package_check.sh desktop FILE.desktop    desktop-file-validate, no hint either
#   package_check.sh metainfo FILE.xml       appstreamcli validate
#   package_check.sh deb BUILD_DIR OUT_DIR   cpack a .deb into OUT_DIR; at most 8 MB, stripped,
#                                            with copyright, changelog and man pages
#   package_check.sh lintian OUT_DIR         lintian on OUT_DIR's .deb: no error, no warning
set -uo pipefail
max_bytes=$((8 * 1000 * 1000))
need() {
    command -v "$1" >/dev/null || {
        echo "skipped: $1 is not installed (${2})"
        exit 77
    }
}
the_deb() {
    local debs=("$1"/ropelab_*.deb)
    [ -f "${debs[0]}" ] || {
        echo "no ropelab_*.deb in $1" >&2
        exit 1
    }
    echo "${debs[-1]}"
}

case "${1:-}" in
desktop)
    need desktop-file-validate desktop-file-utils
    # It exits 0 on hints (such as two main categories), which still need fixing.
    report=$(desktop-file-validate "$2" 2>&1)
    rc=$?
    [ -z "$report" ] || echo "$report"
    [ $rc -eq 0 ] && [ -z "$report" ]
    ;;
metainfo)
    need appstreamcli appstream
    appstreamcli validate --no-net --explain "$2"
    ;;
deb)
    build=$2 out=$3
    need cpack cmake
    need dpkg-deb dpkg
    need file file # CPack reads the programs' library dependencies through it
    rm -f "$out"/ropelab_*.deb
    mkdir -p "$out"
    cpack --config "$build/CPackConfig.cmake" -G DEB -B "$out" >"$out/cpack.log" 2>&1 ||
        { cat "$out/cpack.log" && exit 1; }
    deb=$(the_deb "$out")
    bytes=$(stat -c %s "$deb")
    echo "$deb: $bytes bytes (limit $max_bytes)"
    status=0
    [ "$bytes" -le "$max_bytes" ] || { echo "FAIL: larger than 8 MB" && status=1; }
    listing=$(dpkg-deb -c "$deb" | awk '{print $6}')
    expected=(./usr/bin/ropelab-cli ./usr/share/doc/ropelab/copyright
        ./usr/share/doc/ropelab/changelog.gz)
    # Man pages exist only where help2man was found when the build was configured.
    if grep -q "^ROPELAB_HELP2MAN:FILEPATH=/" "$build/CMakeCache.txt"; then
        expected+=(./usr/share/man/man1/ropelab-cli.1.gz)
        grep -q "^ROPELAB_BUILD_GUI:BOOL=ON" "$build/CMakeCache.txt" &&
            expected+=(./usr/share/man/man1/ropelab.1.gz)
    fi
    grep -q "^ROPELAB_BUILD_GUI:BOOL=ON" "$build/CMakeCache.txt" && expected+=(./usr/bin/ropelab
        ./usr/share/applications/io.github.ropelab.RopeLab.desktop)
    for path in "${expected[@]}"; do
        grep -qx -- "$path" <<<"$listing" || { echo "FAIL: $path is not in the package" && status=1; }
    done
    # Stripped: no symbol table and no debug sections left in the programs.
    tmp=$(mktemp -d)
    dpkg-deb -x "$deb" "$tmp"
    for program in "$tmp"/usr/bin/*; do
        if readelf -SW "$program" | grep -qE '\.(symtab|debug_info) '; then
            echo "FAIL: $(basename "$program") is not stripped" && status=1
        fi
    done
    rm -rf "$tmp"
    dpkg-deb -f "$deb" Package Version Installed-Size Depends Recommends
    exit $status
    ;;
lintian)
    need lintian lintian
    deb=$(the_deb "$2")
    # --fail-on: any error or warning fails; info and pedantic tags are shown, not counted.
    lintian --fail-on error,warning --display-info "$deb"
    rc=$?
    [ $rc -eq 0 ] && echo "lintian: no error, no warning ($(basename "$deb"))"
    exit $rc
    ;;
*)
    echo "usage: package_check.sh desktop FILE | metainfo FILE | deb BUILD_DIR OUT_DIR | lintian OUT_DIR" >&2
    exit 2
    ;;
esac
