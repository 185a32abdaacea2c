#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fetches (never installs) the Debian packages the GPU check builds against, for a machine that
# has a compiler, CMake, ninja and nvcc but no dev packages and no network:
#   bash tools/gpu_deps.sh            -> .gpu-deps/*.deb (git-ignored), then prints its size
# tools/gpu_check.sh unpacks them with dpkg -x into a private prefix inside its build folder;
# carry the folder to the GPU machine (README, "GPU check"). Run it where apt works.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dest=${GPU_DEPS:-$root/.gpu-deps}

# Exactly what core, ropelab-cli, the compute tests and bench_compute need (no Qt: the check
# builds without the GUI). The OpenCL loader comes with its headers, so a machine whose driver
# installs an OpenCL ICD (NVIDIA's does) also gets the OpenCL backend. Highway and OpenBLAS come
# with the shared libraries they run on (OpenBLAS's pthread build needs libgfortran5).
packages=(
    libeigen3-dev nlohmann-json3-dev
    libhwy-dev libhwy1
    libopenblas-dev libopenblas-pthread-dev libopenblas0-pthread libopenblas0 libgfortran5 libquadmath0
    libgtest-dev libgmock-dev
    libbenchmark-dev libbenchmark1debian
    ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-c-headers opencl-clhpp-headers
)

command -v apt-get >/dev/null || {
    echo "gpu_deps: needs apt-get (run it on the Debian 12 machine, not the GPU machine)" >&2
    exit 2
}
# apt-get download needs package lists; a fresh machine may have none yet.
if ! apt-cache show "${packages[0]}" >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] || {
        echo "gpu_deps: apt has no package lists; run 'sudo apt-get update' first" >&2
        exit 2
    }
    apt-get update -qq
fi

mkdir -p "$dest"
rm -f "$dest"/*.deb # one version of each package, never a mix of old and new
# apt-get download writes to the current folder; as root it warns that the _apt user cannot
# write there, which is harmless.
(cd "$dest" && apt-get download -q "${packages[@]}" 2>&1 | grep -v "unsandboxed" || true)
# Plain file names ('~' and '%' become '_'): they travel to the GPU machine as they are.
for deb in "$dest"/*.deb; do
    base=$(basename "$deb")
    safe=${base//[^A-Za-z0-9._-]/_}
    [ "$safe" = "$base" ] || mv "$deb" "$dest/$safe"
done
count=$(find "$dest" -maxdepth 1 -name '*.deb' | wc -l)
[ "$count" -eq ${#packages[@]} ] || {
    echo "gpu_deps: expected ${#packages[@]} packages in $dest, got $count" >&2
    exit 1
}
echo "gpu_deps: $count packages in $dest, $(du -sh "$dest" | cut -f1) in all"
