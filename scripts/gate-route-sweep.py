#!/usr/bin/env python3
"""Sweep gate_route's launch plan (BLOCK_H, SPLIT) at the DeepSeek-V2-Lite router shape on the GPU.

For each M and each plan: the routing checked against the torch reference on fp32 logits, then the launch
timed with `time_us` (CUDA-graph replays, L2 flushed), as `refmoe bench router` times it. One JSON line per
(M, plan); the plan `gate_route_plan` picks is marked `"default": true`. The plan is swapped by patching
`refmoe.kernels.gate_route.gate_route_plan`, so the library's own launch code runs.
Usage: python3 scripts/gate-route-sweep.py [--m 1 4 16 64 256] [--splits 1 2 4 8 16 32] [--block-h 64 128 256]
"""
import argparse, json
import torch, torch.nn.functional as F
import refmoe.kernels.gate_route as gr
from refmoe.core.timing import time_us
from refmoe.kernels.topk import TopKConfig, select_experts_torch

p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
p.add_argument("--m", type=int, nargs="+", default=[1, 4, 16, 64, 256])
p.add_argument("--splits", type=int, nargs="+", default=[1, 2, 4, 8, 16, 32])
p.add_argument("--block-h", type=int, nargs="+", default=[64, 128, 256])
p.add_argument("--E", type=int, default=64); p.add_argument("--H", type=int, default=2048); p.add_argument("--k", type=int, default=6)
a = p.parse_args()
dev, cfg, default_plan = torch.device("cuda"), TopKConfig(top_k=a.k), gr.gate_route_plan
for M in a.m:
    g = torch.Generator(device=dev).manual_seed(M)
    xs = [torch.randn(M, a.H, generator=g, device=dev).to(torch.bfloat16) for _ in range(8)]
    gate = (torch.randn(a.E, a.H, generator=g, device=dev) / a.H ** 0.5).to(torch.bfloat16)
    count, counters = torch.tensor([M], dtype=torch.int32, device=dev), gr.route_counters(M, dev)
    w_ref, ids_ref = select_experts_torch(F.linear(xs[0].float(), gate.float()), cfg)
    bm, dbh, dsplit, warps = default_plan(M, a.H)
    for bh in a.block_h:
        for split in a.splits:
            if split * bh > a.H: continue
            gr.gate_route_plan = lambda M_, H_, interpreted=False, bh=bh, split=split: (bm, bh, split, warps)
            try:
                w, ids = gr.gate_route(xs[0], gate, cfg, count, counters=counters); torch.cuda.synchronize()
                agree = (ids.sort(1).values == ids_ref.sort(1).values).all(1).float().mean().item()
                same = agree == 1.0 and torch.allclose(w.sort(1).values, w_ref.sort(1).values, atol=2e-3)
                us = time_us([lambda x=x: gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs], dev, reps=30)
                row = {"m": M, "block_m": bm, "block_h": bh, "split": split, "us": round(us, 2), "ids_agree": round(agree, 4),
                       "weights_close": bool(same), "counters_zero": counters.count_nonzero().item() == 0}
            except Exception as e:  # a plan Triton cannot compile (too much shared memory) is reported, not fatal
                row = {"m": M, "block_m": bm, "block_h": bh, "split": split, "error": f"{type(e).__name__}: {str(e)[:120]}"}
            row["default"] = (bh, split) == (dbh, dsplit)
            print(json.dumps(row), flush=True)
    gr.gate_route_plan = default_plan
