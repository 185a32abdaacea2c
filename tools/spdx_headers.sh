#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Puts "SPDX-License-Identifier: GPL-3.0-or-later" at the top of every tracked source file that
# lacks it, as a comment of the file's language; after the #! line of a script, which must stay
# first. Data files (JSON, XML, .ts, test inputs) are left alone. Safe to rerun.
#   bash tools/spdx_headers.sh          add the missing lines
#   bash tools/spdx_headers.sh --check  only list the files without one (exit 1 if any)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tag="SPDX-License-Identifier: GPL-3.0-or-later"
check=0
[ "${1:-}" = --check ] && check=1
missing=0
while IFS= read -r file; do
    case "$file" in
    *.cpp | *.h | *.cu | *.common) line="// $tag" ;;
    CMakeLists.txt | */CMakeLists.txt | *.cmake | *.sh | *.py | .ci/run) line="# $tag" ;;
    *) continue ;;
    esac
    head -n 3 "$file" | grep -qF "$tag" && continue
    missing=$((missing + 1))
    if [ "$check" = 1 ]; then
        echo "$file"
        continue
    fi
    if head -n 1 "$file" | grep -q '^#!'; then
        sed -i "1a $line" "$file"
    else
        sed -i "1i $line" "$file"
    fi
done < <(git ls-files)
if [ "$check" = 1 ]; then
    [ "$missing" -eq 0 ] || {
        echo "$missing files lack '$tag'" >&2
        exit 1
    }
else
    echo "added '$tag' to $missing files"
fi
