#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The RoPE lens's speed and memory (issue 39 section 5), not a timed test.

Writes 8B-shaped GGUF files (32 layers, width 4096, 32 heads, 8 KV heads, head_dim 128; only
attn_q and attn_k, filled with valid blocks of random values) in Q4_K, Q8_0 and BF16 to a scratch
folder (default /tmp/ropelab_bench_lens, reused when present), reads each once so it is in the
page cache, then for each: the seconds of `cat FILE > /dev/null` and of `ropelab-cli lens --model
FILE` (the whole usage table, output to /dev/null), the weights' MB/s and peak RSS; and the same
analysis in-process (bench_lens, core only), whose peak RSS leaves out what ropelab-cli loads
besides core (shown by the cli_idle columns: `ropelab-cli inv-freq`).

    python3 tools/bench_lens.py [BUILD_DIR] [--threads N] [--dir DIR] [--repeat R]
"""
import argparse
import os
import random
import struct
import subprocess
import sys
import time

LAYERS, WIDTH, HEADS, KV_HEADS, HEAD_DIM = 32, 4096, 32, 8, 128
ALIGN = 32
TYPES = {"Q4_K": (12, 256, 144), "Q8_0": (8, 32, 34), "BF16": (30, 1, 2)}


def half(x):
    return struct.pack("<e", x)


def random_block(kind, rng):
    """One block of ggml type `kind` with finite values (its layout from ggml-common.h)."""
    if kind == "Q4_K":  # d, dmin, 12 packed 6-bit scales/mins, 128 bytes of nibbles
        return half(rng.uniform(1e-4, 1e-3)) + half(rng.uniform(0, 1e-3)) + rng.randbytes(140)
    if kind == "Q8_0":  # d, 32 signed bytes
        return half(rng.uniform(1e-4, 1e-3)) + rng.randbytes(32)
    return struct.pack("<f", rng.gauss(0, 0.02))[2:]  # BF16: the top half of a float


def row(kind, rng):
    _, block_values, _ = TYPES[kind]
    return b"".join(random_block(kind, rng) for _ in range(WIDTH // block_values))


def gstr(text):
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def write_model(path, kind):
    ggml_type, block_values, block_bytes = TYPES[kind]
    rng = random.Random(39)
    pool = [row(kind, rng) for _ in range(61)]  # rows repeat with a prime period
    row_bytes = WIDTH // block_values * block_bytes
    metadata = [("general.architecture", 8, "llama"), ("llama.context_length", 4, 8192),
                ("llama.embedding_length", 4, WIDTH), ("llama.attention.head_count", 4, HEADS),
                ("llama.attention.head_count_kv", 4, KV_HEADS),
                ("llama.attention.key_length", 4, HEAD_DIM), ("llama.block_count", 4, LAYERS),
                ("llama.rope.freq_base", 6, 500000.0)]
    kv = b""
    for key, value_type, value in metadata:
        kv += gstr(key) + struct.pack("<I", value_type)
        kv += gstr(value) if value_type == 8 else struct.pack("<I" if value_type == 4 else "<f", value)
    tensors, offset = [], 0
    for layer in range(LAYERS):
        for name, rows in (("attn_q", HEADS * HEAD_DIM), ("attn_k", KV_HEADS * HEAD_DIM)):
            tensors.append((f"blk.{layer}.{name}.weight", rows, offset))
            offset += rows * row_bytes
            offset += -offset % ALIGN
    infos = b"".join(gstr(name) + struct.pack("<I", 2) + struct.pack("<QQ", WIDTH, rows) +
                     struct.pack("<IQ", ggml_type, start) for name, rows, start in tensors)
    header = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata)) + kv + infos
    header += bytes(-len(header) % ALIGN)
    with open(path + ".part", "wb") as out:
        out.write(header)
        written = 0
        for name, rows, start in tensors:
            out.write(bytes(start - written))
            chunk = b"".join(pool[r % len(pool)] for r in range(rows))
            out.write(chunk)
            written = start + len(chunk)
    os.replace(path + ".part", path)


def timed(command, stdout):
    """Seconds and peak RSS (MiB) of one child process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"bench_lens.py: {' '.join(command)} failed ({status})")
    return seconds, usage.ru_maxrss / 1024.0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser()
    parser.add_argument("build", nargs="?",
                        default=os.environ.get("ROPELAB_BUILD_DIR", os.path.join(root, "build")))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--dir", default="/tmp/ropelab_bench_lens")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cli = os.path.join(args.build, "app", "ropelab-cli")
    core = os.path.join(args.build, "tests", "core", "weights", "bench_lens")
    for program in (cli, core):
        if not os.access(program, os.X_OK):
            sys.exit(f"bench_lens.py: no {program}; build ropelab-cli and bench_lens first")
    os.makedirs(args.dir, exist_ok=True)
    with open(os.devnull, "wb") as null:
        idle = [timed([cli, "inv-freq", "--head-dim", "8"], null) for _ in range(args.repeat)]
    print(f"cli_idle_s,{min(s for s, _ in idle):.3f},cli_idle_rss_mib,{max(r for _, r in idle):.0f}")
    print("type,weights_mb,cat_s,core_s,core_mb_per_s,core_over_cat,core_peak_rss_mib,"
          "cli_s,cli_peak_rss_mib")
    for kind in TYPES:
        path = os.path.join(args.dir, f"llama8b_qk_{kind.lower()}.gguf")
        if not os.path.exists(path):
            write_model(path, kind)
        with open(os.devnull, "wb") as null:
            timed(["cat", path], null)  # into the page cache
            cat = min(timed(["cat", path], null)[0] for _ in range(args.repeat))
            cli_runs = [timed([cli, "lens", "--model", path, "--threads", str(args.threads)], null)
                        for _ in range(args.repeat)]
        core_runs = []
        for _ in range(args.repeat):
            line = subprocess.run([core, path, str(args.threads)], check=True, capture_output=True,
                                  text=True).stdout.strip().split(",")
            core_runs.append((float(line[0]), float(line[1]), float(line[3])))
        seconds = min(s for s, _, _ in core_runs)
        weights = core_runs[0][1]
        print(f"{kind},{weights:.0f},{cat:.3f},{seconds:.3f},{weights / seconds:.0f},"
              f"{seconds / cat:.1f},{max(r for _, _, r in core_runs):.0f},"
              f"{min(s for s, _ in cli_runs):.3f},{max(r for _, r in cli_runs):.0f}", flush=True)


if __name__ == "__main__":
    main()
