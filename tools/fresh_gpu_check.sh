#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Proof that the GPU check works on a bare machine, without a GPU. From the project root, as root:
#   ../shared/tools/fresh-machine-check 'bash tools/fresh_gpu_check.sh [--pocl]'
# In that clean Debian 12 root it installs only a compiler, CMake and ninja, fetches the packages
# with tools/gpu_deps.sh, then takes apt's package sources away, so nothing more can be installed,
# and runs tools/gpu_check.sh --size small. It passes when the check configures against the
# unpacked packages, builds, passes parity on the CPU, reports CUDA absent with its reason, and
# writes nothing outside the project folder. --pocl then installs PoCL (the sources back for that
# one package) and reruns the check: parity on PoCL's OpenCL through the unpacked ICD loader.
# The machine is changed for good (apt sources removed): it refuses to run outside such a root.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ "$root" = /src/project ] && [ "$(id -u)" -eq 0 ] || {
    echo "fresh_gpu_check: run it through ../shared/tools/fresh-machine-check (it removes apt's sources)" >&2
    exit 2
}
pocl=0
[ "${1:-}" = --pocl ] && pocl=1
out=$root/gpu-check-proof
fail() {
    echo "fresh_gpu_check: FAIL: $*"
    exit 1
}
export DEBIAN_FRONTEND=noninteractive

echo "== a compiler, CMake and ninja, nothing else"
apt-get update -qq
apt-get install -y -qq --no-install-recommends g++ cmake ninja-build >/dev/null
dev=(libeigen3-dev nlohmann-json3-dev libgtest-dev libgmock-dev libbenchmark-dev ocl-icd-opencl-dev
    opencl-c-headers opencl-clhpp-headers)
for p in "${dev[@]}"; do
    [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)" != installed ] ||
        fail "$p is installed, so this is not a bare machine"
done

echo "== tools/gpu_deps.sh"
bash tools/gpu_deps.sh

echo "== apt's sources taken away: nothing more can be installed"
mkdir -p /root/apt-sources
mv /etc/apt/sources.list.d /etc/apt/sources.list /root/apt-sources/ 2>/dev/null || true
rm -rf /var/lib/apt/lists/*
apt-get install -y -qq --no-install-recommends libeigen3-dev >/dev/null 2>&1 &&
    fail "apt could still install libeigen3-dev"
echo "apt-get install libeigen3-dev now fails, as it should"

# The 8-minute budget is for a 16-core machine; this one may have 2 cores.
touch /tmp/before-gpu-check
sleep 1
echo "== tools/gpu_check.sh --size small"
GPU_CHECK_BUDGET=1800 bash tools/gpu_check.sh --size small --out "$out" || fail "gpu_check.sh failed"
summary=$out/summary.txt
grep -q "^unpacked into .*deps-prefix: " "$summary" || fail "the packages were not unpacked"
grep -q "^  cpu: available" "$summary" || fail "no CPU backend"
grep -qE "^  cuda: absent \(.+\)" "$summary" || fail "CUDA is not reported absent with a reason"
grep -q "FAILED" "$out/parity.txt" && fail "a parity test failed"
grep -q "^\[  PASSED  \]" "$out/parity.txt" || fail "no parity test passed"
written=$(find /usr /etc /opt /var/lib/dpkg -newer /tmp/before-gpu-check -not -type d 2>/dev/null || true)
[ -z "$written" ] || fail "the check wrote outside its folders: $written"
echo "nothing written to /usr, /etc, /opt or the dpkg database"
grep -E "^  (cpu|opencl|cuda): " "$summary"

if [ "$pocl" = 1 ]; then
    echo "== PoCL from the system, the ICD loader and headers still from .gpu-deps"
    mv /root/apt-sources/* /etc/apt/
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends pocl-opencl-icd >/dev/null
    GPU_CHECK_BUDGET=1800 bash tools/gpu_check.sh --size small --out "$out-pocl" ||
        fail "gpu_check.sh failed with PoCL"
    grep -q "^  opencl: available" "$out-pocl/summary.txt" || fail "no OpenCL backend with PoCL"
    grep -q "FAILED" "$out-pocl/parity.txt" && fail "a parity test failed on PoCL"
    grep -E "^  (cpu|opencl|cuda): " "$out-pocl/summary.txt"
fi
echo "fresh_gpu_check: PASS"
