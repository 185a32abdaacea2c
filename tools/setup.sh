#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# One command for a fresh Debian 12 machine: install what is missing, build, then run or test.
#   bash tools/setup.sh run     install, build, launch the app
#   bash tools/setup.sh test    install, build, run every test (ctest)
#   bash tools/setup.sh build   install and build only
#   bash tools/setup.sh package Release build of the Debian package, checked (lintian, man pages,
#                               size): build-package/ropelab_VERSION_ARCH.deb
# Safe to rerun: installed packages are skipped and the build is incremental.
set -euo pipefail
mode=${1:-build}
case "$mode" in run | test | build | package) ;; *)
    echo "usage: bash tools/setup.sh run|test|build|package" >&2
    exit 2
    ;;
esac
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ROPELAB_BUILD_DIR:-$root/build}

packages=(
    g++ make cmake ninja-build pkg-config ccache git
    libeigen3-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
    libhwy-dev libopenblas-dev
    libtorch-dev
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqcustomplot-dev
    libgl-dev
    libavcodec-dev libavformat-dev libavfilter-dev libswscale-dev libavutil-dev ffmpeg
    ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers pocl-opencl-icd
    fonts-dejavu-core fonts-wqy-microhei
)
# Packaging tools, for the package command and for every test (the package_* tests: lintian,
# man pages from --help, the AppStream and desktop-entry validators, dpkg-shlibdeps and
# dpkg-buildflags).
if [ "$mode" = package ] || [ "$mode" = test ]; then
    packages+=(lintian help2man appstream desktop-file-utils dpkg-dev)
fi
# The screen-size tests run the app under a real X server with a window manager; the training
# lab's cross-check rebuilds our model in PyTorch (Debian's python3-torch, the same 1.13 library).
if [ "$mode" = test ]; then
    packages+=(xvfb xauth openbox x11-utils python3-torch python3-numpy)
fi
missing=()
for p in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ "$status" = installed ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    echo "setup: installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

# nvcc lives outside PATH on CUDA machines; the CUDA backend is built only when it is found.
if [ -z "${CUDACXX:-}" ] && ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export CUDACXX=/usr/local/cuda/bin/nvcc
fi

if [ "$mode" = package ]; then
    pkg_build=${ROPELAB_PACKAGE_DIR:-$root/build-package}
    # Debian's hardening flags (fortify, stack protector, full RELRO); no -g: the package is
    # stripped. No CUDA backend: it links NVIDIA's CUDA runtime, which is not free software.
    hardening() { DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get "$1"; }
    cxxflags="$(hardening CPPFLAGS) $(hardening CXXFLAGS)"
    [ -f "$pkg_build/build.ninja" ] ||
        CXXFLAGS="${cxxflags//-g /}" LDFLAGS="$(hardening LDFLAGS)" cmake -S "$root" -B "$pkg_build" \
            -G Ninja -DCMAKE_BUILD_TYPE=Release -DROPELAB_BUILD_TESTS=OFF \
            -DROPELAB_BUILD_BENCHMARKS=OFF -DROPELAB_WITH_CUDA=OFF
    cmake --build "$pkg_build" --parallel "$(nproc)"
    check=(bash "$root/tools/package_check.sh")
    "${check[@]}" desktop "$root/resources/desktop/ropelab.desktop"
    "${check[@]}" metainfo "$root/resources/desktop/io.github.ropelab.RopeLab.metainfo.xml"
    "${check[@]}" deb "$pkg_build" "$pkg_build"
    "${check[@]}" lintian "$pkg_build"
    exit 0
fi

[ -f "$build/build.ninja" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" --parallel "$(nproc)"

case "$mode" in
run) exec "$build/app/ropelab" ;;
test) ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)" ;;
build) ;;
esac
