#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The PyTorch cross-check of the training lab (issue 38): for every position encoding, and for
RoPE with linear and YaRN scaling at evaluation, ropelab-cli trains a tiny model; this script
reads the .safetensors file with struct and json only, rebuilds the documented model (README
"Training lab") in PyTorch from the published formulas, and requires the mean next-token loss of
each sequence to match `ropelab-cli evaluate --sequences` to 1e-4.

usage: /usr/bin/python3 crosscheck_pytorch.py ROPELAB_CLI
Exits 77 (ctest: skipped) when PyTorch is not installed (Debian: python3-torch)."""

import json
import math
import os
import struct
import subprocess
import sys
import tempfile

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print("skipped: PyTorch is not installed for this Python (Debian: python3-torch)")
    sys.exit(77)

TOLERANCE = 1e-4


def read_safetensors(path):
    with open(path, "rb") as f:
        data = f.read()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    metadata = header.pop("__metadata__")
    body = data[8 + length :]
    tensors = {}
    for name, info in header.items():
        assert info["dtype"] == "F32", name
        begin, end = info["data_offsets"]
        values = struct.unpack("<%df" % ((end - begin) // 4), body[begin:end])
        tensors[name] = torch.tensor(values, dtype=torch.float32).reshape(info["shape"])
    return metadata, tensors


# Vaswani et al. 2017: PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(...).
def sinusoidal(length, width):
    table = torch.zeros(length, width, dtype=torch.float64)
    for p in range(length):
        for i in range(width // 2):
            angle = p / 10000 ** (2 * i / width)
            table[p, 2 * i] = math.sin(angle)
            table[p, 2 * i + 1] = math.cos(angle)
    return table.float()


# HF transformers T5 _relative_position_bucket, causal (bidirectional=False).
def t5_bucket(relative, num_buckets=32, max_distance=128):
    n = max(-relative, 0)
    max_exact = num_buckets // 2
    if n < max_exact:
        return n
    large = max_exact + int(
        math.log(n / max_exact) / math.log(max_distance / max_exact) * (num_buckets - max_exact))
    return min(large, num_buckets - 1)


# ofirpress/attention_with_linear_biases get_slopes.
def alibi_slopes(n):
    def power_of_2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return power_of_2(n)
    closest = 2 ** math.floor(math.log2(n))
    return power_of_2(closest) + alibi_slopes(2 * closest)[0::2][: n - closest]


# HF modeling_rope_utils: default, linear and yarn inverse frequencies and attention factor.
def rope_frequencies(dim, base, scaling, original_max):
    default = [1.0 / base ** (2 * i / dim) for i in range(dim // 2)]
    if scaling is None:
        return default, 1.0
    kind, factor = scaling
    if kind == "linear":
        return [f / factor for f in default], 1.0
    assert kind == "yarn"
    def correction_dim(rotations):
        return dim * math.log(original_max / (rotations * 2 * math.pi)) / (2 * math.log(base))
    low = max(math.floor(correction_dim(32)), 0)
    high = min(math.ceil(correction_dim(1)), dim - 1)
    if low == high:
        high += 0.001
    inv = []
    for i, f in enumerate(default):
        ramp = min(max((i - low) / (high - low), 0.0), 1.0)
        inv.append(ramp * f / factor + (1 - ramp) * f)
    return inv, 0.1 * math.log(factor) + 1.0


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat([-x[..., half:], x[..., :half]], dim=-1)


def mean_losses(metadata, w, sequence, scaling):
    encoding = metadata["encoding"]
    layers, width, heads = (int(metadata[k]) for k in ("layers", "width", "heads"))
    dh = width // heads
    T = len(sequence)
    tokens = torch.tensor(sequence)
    x = w["embed.weight"][tokens]
    if encoding == "learned":
        x = x + w["pos.weight"][:T]
    if encoding == "sinusoidal":
        x = x + sinusoidal(T, width)
    mask = torch.full((T, T), float("-inf")).triu(1)
    bias = mask.expand(heads, T, T)
    if encoding == "alibi":
        distance = torch.tensor([[float(i - j) for j in range(T)] for i in range(T)])
        bias = torch.stack([-m * distance for m in alibi_slopes(heads)]).float() + mask
    if encoding == "t5":
        buckets = torch.tensor([[t5_bucket(j - i) for j in range(T)] for i in range(T)])
        bias = w["t5_bias.weight"][buckets].permute(2, 0, 1) + mask
    if encoding == "rope":
        inv, factor = rope_frequencies(dh, float(metadata["rope_theta"]), scaling,
                                       int(metadata["train_length"]))
        angles = torch.tensor([[p * f for f in inv] for p in range(T)], dtype=torch.float64)
        angles = torch.cat([angles, angles], dim=-1)
        cos, sin = (angles.cos() * factor).float(), (angles.sin() * factor).float()
    for l in range(layers):
        b = "blocks.%d." % l
        h = F.layer_norm(x, (width,), w[b + "ln1.weight"], w[b + "ln1.bias"], 1e-5)
        q, k, v = F.linear(h, w[b + "attn.qkv.weight"], w[b + "attn.qkv.bias"]).split(width, -1)
        q, k, v = (t.view(T, heads, dh).transpose(0, 1) for t in (q, k, v))
        if encoding == "rope":
            q = q * cos + rotate_half(q) * sin
            k = k * cos + rotate_half(k) * sin
        scores = q @ k.transpose(-1, -2) / math.sqrt(dh) + bias
        mixed = (scores.softmax(-1) @ v).transpose(0, 1).reshape(T, width)
        x = x + F.linear(mixed, w[b + "attn.out.weight"], w[b + "attn.out.bias"])
        h = F.layer_norm(x, (width,), w[b + "ln2.weight"], w[b + "ln2.bias"], 1e-5)
        hidden = F.gelu(F.linear(h, w[b + "mlp.fc.weight"], w[b + "mlp.fc.bias"]))
        x = x + F.linear(hidden, w[b + "mlp.proj.weight"], w[b + "mlp.proj.bias"])
    logits = F.layer_norm(x, (width,), w["ln_f.weight"], w["ln_f.bias"], 1e-5) @ w["embed.weight"].T
    return F.cross_entropy(logits[:-1], tokens[1:]).item()


def main():
    cli = sys.argv[1]
    torch.set_num_threads(1)
    cases = [(e, None) for e in ("none", "learned", "sinusoidal", "t5", "alibi", "rope")]
    cases += [("rope", ("linear", 2.0)), ("rope", ("yarn", 4.0))]
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        sequences = [[3, 0, 16, 5, 5, 9, 1], [1, 2, 3, 4, 0, 1, 2, 3],
                     [7, 7, 2, 9, 11, 0, 7, 7, 2, 9, 11, 4, 4, 8, 1, 0]]
        for encoding, scaling in cases:
            model = os.path.join(folder, encoding + ".safetensors")
            if not os.path.exists(model):
                subprocess.run([cli, "train", "--encoding", encoding, "--layers", "2", "--width", "16",
                                "--heads", "2", "--train-length", "8", "--steps", "150", "--batch", "8",
                                "--lr", "0.01", "--seed", "3", "--threads", "1", "--out", model],
                               check=True, stdout=subprocess.DEVNULL)
            runnable = [s for s in sequences if encoding != "learned" or len(s) <= 8]
            path = os.path.join(folder, "sequences.txt")
            with open(path, "w") as f:
                f.write("\n".join(",".join(map(str, s)) for s in runnable) + "\n")
            command = [cli, "evaluate", "--model", model, "--sequences", path, "--threads", "1"]
            if scaling:
                command += ["--rope-type", scaling[0], "--factor", str(scaling[1])]
            rows = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
            metadata, weights = read_safetensors(model)
            for row, sequence in zip(rows[1:], runnable):
                ours = float(row.split(",")[2])
                reference = mean_losses(metadata, weights, sequence, scaling)
                label = encoding + ("" if scaling is None else "+" + scaling[0])
                status = "ok" if abs(ours - reference) <= TOLERANCE else "MISMATCH"
                failures += status != "ok"
                print("%-12s length %2d: ropelab %.7f pytorch %.7f %s" %
                      (label, len(sequence), ours, reference, status))
    if failures:
        print("%d mismatches beyond %g" % (failures, TOLERANCE))
        sys.exit(1)


if __name__ == "__main__":
    main()
