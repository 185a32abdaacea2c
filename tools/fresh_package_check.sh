#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Proof that the Debian package installs and runs on a clean Debian 12. From the project root,
# as root:
#   ../shared/tools/fresh-machine-check 'bash tools/fresh_package_check.sh'
# In that clean root it
# 1. builds and checks the package from the committed tree: bash tools/setup.sh package,
# 2. purges every package that step installed (build dependencies, packaging tools, PoCL, fonts),
#    back to the bare root,
# 3. installs the .deb with apt, as a user would: its Depends and Recommends (OpenCL driver, font),
# 4. runs the installed programs from /usr/bin, outside the source tree: ropelab-cli --version,
#    ropelab-cli inv-freq --head-dim 8, ropelab export --out DIR --lesson all (no display) and
#    ropelab-cli backends, which must list OpenCL as available through the recommended driver.
# It purges packages: it refuses to run outside such a root.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ "$root" = /src/project ] && [ "$(id -u)" -eq 0 ] || {
    echo "fresh_package_check: run it through ../shared/tools/fresh-machine-check (it purges packages)" >&2
    exit 2
}
fail() {
    echo "fresh_package_check: FAIL: $*"
    exit 1
}
installed() { [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]; }
export DEBIAN_FRONTEND=noninteractive
started=$SECONDS

dpkg-query -W -f='${Package}\n' | sort >/tmp/bare-packages
echo "== 1. bash tools/setup.sh package"
bash tools/setup.sh package
debs=("$root"/build-package/ropelab_*.deb)
deb=/tmp/$(basename "${debs[0]}")
cp "${debs[0]}" "$deb"
echo "built $deb ($(stat -c %s "$deb") bytes) in $((SECONDS - started)) s"

echo "== 2. back to the bare root"
dpkg-query -W -f='${Package}\n' | sort >/tmp/built-packages
comm -13 /tmp/bare-packages /tmp/built-packages | xargs apt-get purge -y -qq >/dev/null
for p in qt6-base-dev libqt6widgets6 libqcustomplot2.1-qt6 pocl-opencl-icd fonts-wqy-microhei; do
    ! installed "$p" || fail "$p is still installed"
done
echo "purged $(comm -13 /tmp/bare-packages /tmp/built-packages | wc -l) packages"

echo "== 3. apt-get install $deb"
apt-get install -y -qq "$deb" >/dev/null
for p in ropelab pocl-opencl-icd fonts-wqy-microhei; do installed "$p" || fail "$p is not installed"; done
echo "installed ropelab $(dpkg-query -W -f='${Version}' ropelab) with pocl-opencl-icd and fonts-wqy-microhei"

echo "== 4. the installed programs"
cd /tmp
unset DISPLAY WAYLAND_DISPLAY QT_QPA_PLATFORM
version=$(/usr/bin/ropelab-cli --version)
echo "$ ropelab-cli --version"$'\n'"$version"
[[ "$version" =~ ^RoPE\ Lab\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "ropelab-cli --version: '$version'"
[ "$(/usr/bin/ropelab --version)" = "$version" ] || fail "ropelab --version differs from ropelab-cli's"
echo "$ ropelab-cli inv-freq --head-dim 8"
/usr/bin/ropelab-cli inv-freq --head-dim 8 | tee /tmp/inv-freq.csv
grep -qx "pair,inv_freq,wavelength" /tmp/inv-freq.csv && grep -q "^3,0.001," /tmp/inv-freq.csv ||
    fail "inv-freq output"
echo "$ ropelab export --out /tmp/figures --lesson all"
/usr/bin/ropelab export --out /tmp/figures --lesson all >/tmp/export.txt || fail "ropelab export"
files=$(find /tmp/figures -type f -size +0 | wc -l)
echo "$(wc -l </tmp/export.txt) lines printed, $files files written, e.g. $(find /tmp/figures -name '*.png' | head -1)"
[ "$files" -ge 10 ] || fail "ropelab export wrote $files files"
echo "$ ropelab-cli backends"
/usr/bin/ropelab-cli backends | tee /tmp/backends.csv
grep -q "^opencl,1," /tmp/backends.csv || fail "OpenCL is not available through the recommended driver"
for page in ropelab ropelab-cli; do
    zcat "/usr/share/man/man1/$page.1.gz" | grep -q '^\.TH' || fail "no man page $page(1)"
done
echo "man pages: $(ls /usr/share/man/man1/ropelab*)"
echo "fresh_package_check: PASS ($((SECONDS - started)) s)"
