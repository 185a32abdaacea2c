#!/usr/bin/env bash
# One command for a fresh Debian 12 machine: install what is missing, build, then run or test.
#   bash tools/setup.sh run     install, build, launch the app
#   bash tools/setup.sh test    install, build, run every test (ctest)
#   bash tools/setup.sh build   install and build only
# Safe to rerun: installed packages are skipped and the build is incremental.
set -euo pipefail
mode=${1:-build}
case "$mode" in run | test | build) ;; *)
    echo "usage: bash tools/setup.sh run|test|build" >&2
    exit 2
    ;;
esac
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ROPELAB_BUILD_DIR:-$root/build}

packages=(
    g++ make cmake ninja-build pkg-config ccache git
    libeigen3-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev
    qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqcustomplot-dev
    libgl-dev
    ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers pocl-opencl-icd
    fonts-dejavu-core fonts-wqy-microhei
)
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

[ -f "$build/build.ninja" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$build" --parallel "$(nproc)"

case "$mode" in
run) exec "$build/app/ropelab" ;;
test) ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)" ;;
build) ;;
esac
