"""Twenty-fourth session: gate_route's launch plan at M = 1-256 (V2-Lite's gate, bf16), toward the 4 us goal.

The twentieth session swept plans at M >= 256 only, with SPLIT <= 8 and BLOCK_H <= 128. Here BLOCK_M stays 16 (tl.dot's
least rows) and (BLOCK_H, SPLIT, num_warps) range wider: SPLIT up to H / BLOCK_H (one K tile per program), warps 2-8.
Each plan is patched into 10a's `gate_route_plan` and the launch's warps, timed as `refmoe bench router` times
`gate_route` (a CUDA graph of 10 distinct inputs, L2 flushed, 30 replays), and checked against the committed plan
(same ids, weights within 1e-5). One JSON line each.
python3 docs/gpu-runs/2026-12-05-s24/router_small_m.py [--m 1 4 16 64 256]"""
import argparse, itertools, json, time
import torch
import refmoe.kernels.gate_route as gr
from refmoe.core.timing import time_us
from refmoe.kernels.topk import TopKConfig

p = argparse.ArgumentParser()
p.add_argument("--m", type=int, nargs="+", default=[1, 4, 16, 64, 256])
p.add_argument("--budget-s", type=float, default=150)
a = p.parse_args()
dev, E, H, k = torch.device("cuda"), 64, 2048, 6
cfg = TopKConfig(top_k=k)
g = torch.Generator(device=dev).manual_seed(0)
gate = (torch.randn(E, H, generator=g, device=dev) / H ** 0.5).bfloat16()
default_plan, default_kernel_for = gr.gate_route_plan, gr.kernel_for
state = {"plan": None, "warps": 4}

def patched_plan(M, H_, interpreted=False):
    return state["plan"] if state["plan"] else default_plan(M, H_, interpreted)

class _Launch:
    def __init__(self, launcher): self.launcher = launcher
    def __getitem__(self, grid):
        run = self.launcher[grid]
        return lambda *args, **kw: run(*args, **{**kw, "num_warps": state["warps"]})

gr.gate_route_plan = patched_plan
gr.kernel_for = lambda kernel, t: _Launch(default_kernel_for(kernel, t))
t0 = time.time()
for M in a.m:
    xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
    count = torch.tensor([max(1, M - M // 4)], dtype=torch.int32, device=dev)
    counters = gr.route_counters(M, dev)
    state["plan"], state["warps"] = None, 4
    ref = [gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs]
    base = time_us([lambda x=x: gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs], dev, reps=30)
    print(json.dumps({"m": M, "plan": list(default_plan(M, H)), "warps": 4, "us": round(base, 2), "committed": True}), flush=True)
    for bh, split, warps in itertools.product((64, 128, 256), (1, 2, 4, 8, 16, 32), (2, 4, 8)):
        if split * bh > H or time.time() - t0 > a.budget_s: continue
        state["plan"], state["warps"] = (16, bh, split), warps
        try:
            got = [gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs]
            ok = all(torch.equal(gi, ri) and torch.allclose(gw, rw, atol=1e-5) for (gw, gi), (rw, ri) in zip(got, ref))
            us = time_us([lambda x=x: gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs], dev, reps=30)
            print(json.dumps({"m": M, "plan": [16, bh, split], "warps": warps, "us": round(us, 2), "exact": ok}), flush=True)
        except Exception as exc:
            print(json.dumps({"m": M, "plan": [16, bh, split], "warps": warps, "error": f"{type(exc).__name__}: {exc}"[:200]}), flush=True)
    state["plan"], state["warps"] = None, 4
    again = time_us([lambda x=x: gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs], dev, reps=30)
    print(json.dumps({"m": M, "plan": list(default_plan(M, H)), "warps": 4, "us": round(again, 2), "committed": True, "again": True}), flush=True)
