#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The PyTorch peer of tools/bench_training.sh: the training lab's rope model (README "Training
lab": pre-LN, qkv split, half-split RoPE, exact GELU, tied logits) trained in PyTorch eager on one
thread with the same batch, optimiser (AdamW, two groups, clipping at 1) and text. Prints the
training tokens per second of `steps` steps after `warmup` steps."""

import argparse
import math
import time

import torch
import torch.nn.functional as F


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--text", required=True)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--warmup", type=int, default=40)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--length", type=int, default=64)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--heads", type=int, default=4)
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    text = open(args.text, encoding="utf-8").read()
    vocabulary = sorted(set(text))
    ids = torch.tensor([vocabulary.index(c) for c in text])
    d, H, T, B = args.width, args.heads, args.length, args.batch
    dh = d // H

    def param(*shape, value=None):
        t = torch.full(shape, value) if value is not None else torch.randn(*shape) * 0.02
        return t.requires_grad_()

    embed = param(len(vocabulary), d)
    blocks = []
    for _ in range(args.layers):
        blocks.append(dict(ln1w=param(d, value=1.0), ln1b=param(d, value=0.0), qkvw=param(3 * d, d),
                           qkvb=param(3 * d, value=0.0), outw=param(d, d), outb=param(d, value=0.0),
                           ln2w=param(d, value=1.0), ln2b=param(d, value=0.0), fcw=param(4 * d, d),
                           fcb=param(4 * d, value=0.0), projw=param(d, 4 * d),
                           projb=param(d, value=0.0)))
    lnfw, lnfb = param(d, value=1.0), param(d, value=0.0)
    params = [embed, lnfw, lnfb] + [t for b in blocks for t in b.values()]
    optimizer = torch.optim.AdamW(
        [{"params": [p for p in params if p.dim() >= 2], "weight_decay": 0.01},
         {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}],
        lr=1e-3, betas=(0.9, 0.98))
    inv = torch.tensor([1.0 / 10000 ** (2 * i / dh) for i in range(dh // 2)], dtype=torch.float64)
    angles = torch.arange(T, dtype=torch.float64)[:, None] * inv[None, :]
    angles = torch.cat([angles, angles], -1)
    cos, sin = angles.cos().float(), angles.sin().float()
    mask = torch.full((T, T), float("-inf")).triu(1)

    def rotate(x):
        return x * cos + torch.cat([-x[..., dh // 2:], x[..., :dh // 2]], -1) * sin

    def step():
        starts = torch.randint(0, len(ids) - T, (B,))
        tokens = torch.stack([ids[s:s + T] for s in starts])
        x = embed[tokens]
        for b in blocks:
            h = F.layer_norm(x, (d,), b["ln1w"], b["ln1b"], 1e-5)
            q, k, v = F.linear(h, b["qkvw"], b["qkvb"]).split(d, -1)
            q, k, v = (t.view(B, T, H, dh).transpose(1, 2) for t in (q, k, v))
            scores = rotate(q) @ rotate(k).transpose(-2, -1) * (1 / math.sqrt(dh)) + mask
            mixed = (scores.softmax(-1) @ v).transpose(1, 2).reshape(B, T, d)
            x = x + F.linear(mixed, b["outw"], b["outb"])
            h = F.layer_norm(x, (d,), b["ln2w"], b["ln2b"], 1e-5)
            x = x + F.linear(F.gelu(F.linear(h, b["fcw"], b["fcb"])), b["projw"], b["projb"])
        logits = F.layer_norm(x, (d,), lnfw, lnfb, 1e-5) @ embed.T
        loss = F.cross_entropy(logits[:, :-1].reshape(-1, len(vocabulary)), tokens[:, 1:].reshape(-1))
        loss.item()
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        optimizer.step()

    for _ in range(args.warmup):
        step()
    start = time.perf_counter()
    for _ in range(args.steps):
        step()
    print("%.1f" % (args.steps * B * T / (time.perf_counter() - start)))


if __name__ == "__main__":
    main()
