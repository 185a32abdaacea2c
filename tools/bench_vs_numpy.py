#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""RoPE Lab against numpy on the same machine, in the same script (issue 3, P2 and P3).

P2: RoPE score curve, d = 128, distances 0 .. 2^20 - 1: `ropelab-cli bench score-curve` against a
    chunked, vectorised numpy evaluation of the same formula, score(D) = Re sum_j a_j e^{i D theta_j}.
P3: pooled RoPE heatmap, N = 16384, d = 128, 512 x 512 grid: `ropelab-cli bench heatmap` against
    numpy + BLAS computing the same pooled matrix block by block (rotate, multiply a block of rows
    by all keys, pool), for mean and for max pooling. For mean pooling numpy is also timed with the
    identity ropelab uses (sum the rotated vectors per block, then one small product), so the gain
    of the algorithm and of the implementation can be told apart.

Both sides draw the same inputs (std::mt19937_64 + Box-Muller, re-implemented here in numpy), and
the checksums (sum of all outputs) must agree. Input generation is not timed on either side;
ropelab's wall time is the median of --repeat runs inside the CLI, numpy's the median of as
many runs; CPU time per run is printed too (steadier on a busy machine).
Peak RSS of each ropelab run comes from GNU time (/usr/bin/time). Run with /usr/bin/python3 (Debian's numpy;
install libopenblas0-pthread so numpy's BLAS is OpenBLAS, not the slow reference BLAS).

--cpu-like avx1 measures both sides as on a CPU with AVX and FMA but without AVX2 (many laptops,
older desktops and VMs): ropelab's kernels capped at Highway's SSE4 target (ROPELAB_SIMD), both
OpenBLAS builds forced to their Sandybridge (AVX) kernels (OPENBLAS_CORETYPE), numpy's own loops
kept off AVX2 and AVX-512 (NPY_DISABLE_CPU_FEATURES). --simd TARGET caps ropelab's kernels only.
"""

import argparse
import ctypes
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

# numpy is imported in main(), after --cpu-like has set the variables numpy and OpenBLAS read
# when they load.
np = None

MASK64 = (1 << 64) - 1


def mt19937_64(seed, count):
    """The first `count` outputs of std::mt19937_64(seed), as uint64."""
    n, m = 312, 156
    upper, lower = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)
    matrix_a = np.uint64(0xB5026F5AA96619E9)
    state = [seed & MASK64]
    for i in range(1, n):
        prev = state[-1]
        state.append((6364136223846793005 * (prev ^ (prev >> 62)) + i) & MASK64)
    mt = np.array(state, dtype=np.uint64)
    one = np.uint64(1)

    def twist_part(current, following, partner):
        x = (current & upper) | (following & lower)
        return partner ^ (x >> one) ^ np.where((x & one) == one, matrix_a, np.uint64(0))

    out = np.empty(((count + n - 1) // n) * n, dtype=np.uint64)
    for block in range(len(out) // n):
        # Element i uses old mt[i+1] and mt[i+156] for i < 156, then the new values: three slices.
        mt[:m] = twist_part(mt[:m], mt[1 : m + 1], mt[m:])
        mt[m : n - 1] = twist_part(mt[m : n - 1], mt[m + 1 :], mt[: n - 1 - m])
        mt[n - 1 :] = twist_part(mt[n - 1 :], mt[:1], mt[m - 1 : m])
        y = mt.copy()
        y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
        y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        y ^= y >> np.uint64(43)
        out[block * n : (block + 1) * n] = y
    return out[:count]


def seeded_standard_normal(rows, cols, seed):
    """ropelab::seededStandardNormal: row-major Box-Muller pairs from 53-bit uniforms in (0, 1]."""
    count = rows * cols
    pairs = (count + 1) // 2
    bits = mt19937_64(seed, 2 * pairs)
    uniform = ((bits >> np.uint64(11)).astype(np.float64) + 1.0) * 2.0**-53
    radius = np.sqrt(-2.0 * np.log(uniform[0::2]))
    angle = 2.0 * np.pi * uniform[1::2]
    values = np.empty(2 * pairs)
    values[0::2] = radius * np.cos(angle)
    values[1::2] = radius * np.sin(angle)
    return values[:count].reshape(rows, cols)


def inv_freq(dim, base=10000.0):
    return 1.0 / base ** (np.arange(0, dim, 2, dtype=np.float64) / dim)


def numpy_score_curve(q, k, theta, distances, chunk=8192):
    """Chunked, vectorised: score(D) = sum_j Re(a_j) cos(D theta_j) - Im(a_j) sin(D theta_j)."""
    half = len(q) // 2
    a = (q[:half] + 1j * q[half:]) * np.conj(k[:half] + 1j * k[half:])
    out = np.empty(len(distances))
    for start in range(0, len(distances), chunk):
        phase = np.outer(distances[start : start + chunk], theta)
        out[start : start + chunk] = np.cos(phase) @ a.real - np.sin(phase) @ a.imag
    return out


def rotate_rows(x, theta):
    """Half-split RoPE of row p at position p."""
    half = x.shape[1] // 2
    angle = np.outer(np.arange(x.shape[0], dtype=np.float64), theta)
    c, s = np.cos(angle), np.sin(angle)
    a, b = x[:, :half], x[:, half:]
    return np.concatenate([a * c - b * s, b * c + a * s], axis=1)


def numpy_heatmap_blockwise(queries, keys, theta, grid, pool, block_rows=512):
    """Rotate, then per block of query rows: scores = Qr_block @ Kr.T, pooled to the grid."""
    n = queries.shape[0]
    rows_per_cell, cols_per_cell = n // grid, n // grid
    qr, kr = rotate_rows(queries, theta), rotate_rows(keys, theta)
    out = np.empty((grid, grid))
    for r0 in range(0, n, block_rows):
        scores = (qr[r0 : r0 + block_rows] @ kr.T).reshape(
            block_rows // rows_per_cell, rows_per_cell, grid, cols_per_cell
        )
        pooled = scores.mean(axis=(1, 3)) if pool == "mean" else scores.max(axis=(1, 3))
        out[r0 // rows_per_cell : (r0 + block_rows) // rows_per_cell] = pooled
    return out


def numpy_heatmap_block_sums(queries, keys, theta, grid):
    """Mean pooling by the identity sum_{m,n} <q'_m, k'_n> = <sum_m q'_m, sum_n k'_n>."""
    n, d = queries.shape
    cell = n // grid
    q_sums = rotate_rows(queries, theta).reshape(grid, cell, d).sum(axis=1)
    k_sums = rotate_rows(keys, theta).reshape(grid, cell, d).sum(axis=1)
    return (q_sums @ k_sums.T) / (cell * cell)


def timed(function, repeat):
    """(median wall seconds, median CPU seconds of this process, last result) over repeat runs."""
    seconds, cpu, result = [], [], None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = function()
        seconds.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(seconds), statistics.median(cpu), result


def cpu_flags():
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("flags"):
                return set(line.split(":", 1)[1].split())
    return set()


# What a CPU with AVX and FMA but no AVX2 would run: Highway has no AVX-only target, so SSE4.
# numpy refuses to disable a feature this CPU lacks, so only those it has are named.
CPU_LIKE = {
    "avx1": {"ROPELAB_SIMD": "SSE4", "OPENBLAS_CORETYPE": "Sandybridge",
             "NPY_DISABLE_CPU_FEATURES": " ".join(
                 (["AVX2"] if "avx2" in cpu_flags() else []) +
                 (["AVX512F", "AVX512CD", "AVX512_SKX"] if "avx512f" in cpu_flags() else []))},
}


def cpu_kernels(cli):
    """The CPU backend's device line: the SIMD target and BLAS kernels chosen at run time."""
    process = subprocess.run([cli, "backends", "--format", "json"], capture_output=True,
                             text=True, check=True)
    for backend in json.loads(process.stdout)["backends"]:
        if backend["backend"] == "cpu":
            return backend["device"].split("; ", 1)[1]
    return "unknown"


def numpy_blas():
    """The OpenBLAS numpy loaded and the kernels it chose, read from the library itself."""
    np.ones((2, 2)) @ np.ones((2, 2))
    with open("/proc/self/maps") as maps:
        paths = sorted({line.split()[-1] for line in maps if "openblas" in line.split()[-1]})
    if not paths:
        return "not OpenBLAS (install libopenblas0-pthread: numpy is slow without it)"
    library = ctypes.CDLL(paths[0])
    library.openblas_get_config.restype = library.openblas_get_corename.restype = ctypes.c_char_p
    config = library.openblas_get_config().decode().split()
    return (f"{' '.join(config[:2])} {library.openblas_get_corename().decode()}, "
            f"{library.openblas_get_num_threads()} threads ({paths[0]})")


def run_cli(cli, args, repeat):
    """Runs `ropelab-cli bench ... --repeat R` under GNU time.

    Returns (its JSON, its peak RSS in MiB, CPU seconds per run). CPU per run is the difference
    between a run with R + 1 repeats and one with 1, divided by R, so input generation cancels
    (R grows for a fast case, so the difference spans many of GNU time's 10 ms ticks);
    on a busy machine it is steadier than wall time. (wait4 from this process would count the
    Python image the child had before exec, hence GNU time.)
    """
    def once(repeats):
        with tempfile.NamedTemporaryFile("r", suffix=".time") as usage:
            process = subprocess.run(
                ["/usr/bin/time", "-f", "%M %U %S", "-o", usage.name, cli] + args +
                ["--repeat", str(repeats)], capture_output=True, text=True)
            if process.returncode != 0:
                sys.exit(f"ropelab-cli {' '.join(args)} failed: {process.stderr.strip()}")
            peak_kib, user, system = (float(v) for v in usage.read().split()[-3:])
        return json.loads(process.stdout), peak_kib / 1024.0, user + system

    result, peak, cpu_many = once(repeat + 1)
    # GNU time counts CPU in 10 ms ticks: a fast case repeats until its CPU spans ~50 of them.
    cpu_repeat = max(repeat, math.ceil(0.5 / max(result["median_seconds"], 1e-6)))
    if cpu_repeat > repeat:
        _, _, cpu_many = once(cpu_repeat + 1)
    _, _, cpu_one = once(1)
    return result, peak, max(cpu_many - cpu_one, 0.0) / cpu_repeat


def relative_difference(a, b):
    return abs(a - b) / max(abs(a), abs(b), 1e-300)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", required=True, help="path of the built ropelab-cli")
    parser.add_argument("--threads", type=int, default=os.cpu_count(), help="ropelab threads")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=["p2", "p3"], help="run one comparison")
    parser.add_argument("--cpu-like", choices=sorted(CPU_LIKE),
                        help="force both sides onto the kernels such a CPU would run")
    parser.add_argument("--simd", help="cap ropelab's SIMD target (Highway name, e.g. SSE4)")
    options = parser.parse_args()
    if options.cpu_like:
        os.environ.update(CPU_LIKE[options.cpu_like])
    if options.simd:
        os.environ["ROPELAB_SIMD"] = options.simd
    global np
    import numpy
    np = numpy
    common = ["--threads", str(options.threads), "--backend", "cpu"]
    load = os.getloadavg()[0]
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.1f}; numpy {np.__version__}; "
          f"ropelab threads {options.threads}; median of {options.repeat} runs each")
    print("wall = median elapsed time; cpu = CPU seconds per run (all threads; GNU time for "
          "ropelab, process_time for numpy)")
    print(f"ropelab {cpu_kernels(options.cli)}")
    print(f"numpy BLAS: {numpy_blas()}"
          + (f"; forced like a CPU with {options.cpu_like}: " +
             " ".join(f"{k}={v!r}" for k, v in CPU_LIKE[options.cpu_like].items())
             if options.cpu_like else ""))
    ok = True

    if options.only in (None, "p2"):
        d, count = 128, 1 << 20
        q, k = seeded_standard_normal(1, d, 1)[0], seeded_standard_normal(1, d, 2)[0]
        theta = inv_freq(d)
        distances = np.arange(count, dtype=np.float64)
        numpy_seconds, numpy_cpu, curve = timed(
            lambda: numpy_score_curve(q, k, theta, distances), options.repeat)
        ours, rss, cpu = run_cli(options.cli, ["bench", "score-curve", "--q", "random:1", "--k",
                                               "random:2", "--distances", f"0:{count}"] + common,
                                 options.repeat)
        diff = relative_difference(ours["checksum"], curve.sum())
        ratio = numpy_seconds / ours["median_seconds"]
        ok &= diff < 1e-9 and ratio >= 100.0
        print(f"P2 score-curve d=128, 2^20 distances (target >= 100x): ropelab wall "
              f"{ours['median_seconds']*1e3:.1f} ms, cpu {cpu*1e3:.1f} ms, peak RSS {rss:.0f} MiB"
              f" | numpy chunked wall {numpy_seconds*1e3:.0f} ms, cpu {numpy_cpu*1e3:.0f} ms | "
              f"wall ratio {ratio:.1f}x, cpu ratio {numpy_cpu / max(cpu, 1e-9):.1f}x | checksums "
              f"{ours['checksum']:.12g} vs {curve.sum():.12g} (relative difference {diff:.1e})")

    if options.only in (None, "p3"):
        n, d, grid = 16384, 128, 512
        queries = seeded_standard_normal(n, d, 0)
        keys = seeded_standard_normal(n, d, 1)
        theta = inv_freq(d)
        for pool in ("mean", "max"):
            numpy_seconds, numpy_cpu, pooled = timed(
                lambda: numpy_heatmap_blockwise(queries, keys, theta, grid, pool), options.repeat)
            ours, rss, cpu = run_cli(options.cli, ["bench", "heatmap", "--length", str(n),
                                                   "--grid", str(grid), "--pool", pool, "--seed",
                                                   "0"] + common, options.repeat)
            diff = relative_difference(ours["checksum"], pooled.sum())
            ratio = numpy_seconds / ours["median_seconds"]
            target = 100.0 if pool == "mean" else 1.5
            ok &= diff < 1e-9 and rss < 1024 and ratio >= target
            print(f"P3 heatmap {pool} N=16384 d=128 grid 512 (target >= {target:g}x, RSS < 1 GiB): "
                  f"ropelab "
                  f"wall {ours['median_seconds']*1e3:.0f} ms, cpu {cpu*1e3:.0f} ms, peak RSS "
                  f"{rss:.0f} MiB | numpy+BLAS blockwise wall {numpy_seconds*1e3:.0f} ms, cpu "
                  f"{numpy_cpu*1e3:.0f} ms | wall ratio {ratio:.2f}x, cpu ratio "
                  f"{numpy_cpu / max(cpu, 1e-9):.2f}x | checksums {ours['checksum']:.12g} vs "
                  f"{pooled.sum():.12g} (relative difference {diff:.1e})")
            if pool == "mean":
                sums_seconds, sums_cpu, by_sums = timed(
                    lambda: numpy_heatmap_block_sums(queries, keys, theta, grid), options.repeat)
                print(f"   numpy with ropelab's block-sum identity (same algorithm): wall "
                      f"{sums_seconds*1e3:.0f} ms, cpu {sums_cpu*1e3:.0f} ms -> wall ratio "
                      f"{sums_seconds / ours['median_seconds']:.2f}x (relative difference "
                      f"{relative_difference(by_sums.sum(), pooled.sum()):.1e})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
