"""Twentieth session: gate_route's launch plan at M = 256-4096 (V2-Lite's gate, bf16, H200).

Call 3's profile had the router at 17.9 us of a 386 us layer at M = 1024 (6.9 at M = 256): from M = 512 the plan
takes 64-row blocks, each routed by one program after its 8 splits arrive. This sweeps (BLOCK_M, BLOCK_H, SPLIT,
num_warps) by patching 10a's `gate_route_plan` and the launch's warps, times each in a CUDA graph of 4 distinct
inputs (L2 flushed), and checks it against the committed plan (same ids, weights within 1e-5). One JSON line each.
python3 docs/gpu-runs/2026-12-04-s20/wip/route_plan_sweep.py [--m 256 512 1024 2048 4096]
"""
import argparse, itertools, json, time
import torch
import refmoe.kernels.gate_route as gr
from refmoe.core.timing import time_us
from refmoe.kernels.topk import TopKConfig

p = argparse.ArgumentParser()
p.add_argument("--m", type=int, nargs="+", default=[256, 512, 1024, 2048, 4096])
p.add_argument("--budget-s", type=float, default=200)
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
    xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(4)]
    counters = gr.route_counters(M, dev)
    state["plan"], state["warps"] = None, 4
    ref = [gr.gate_route(x, gate, cfg, counters=counters) for x in xs]
    base = time_us([lambda x=x: gr.gate_route(x, gate, cfg, counters=counters) for x in xs], dev, reps=30)
    print(json.dumps({"m": M, "plan": list(default_plan(M, H)), "warps": 4, "us": round(base, 2), "committed": True}), flush=True)
    for bm, bh, split, warps in itertools.product((16, 32, 64, 128), (64, 128), (1, 2, 4, 8), (4, 8)):
        if time.time() - t0 > a.budget_s: break
        if bm == 128 and warps == 4: continue
        state["plan"], state["warps"] = (bm, bh, split), warps
        try:
            got = [gr.gate_route(x, gate, cfg, counters=counters) for x in xs]
            ok = all(torch.equal(gi, ri) and torch.allclose(gw, rw, atol=1e-5) for (gw, gi), (rw, ri) in zip(got, ref))
            same_ids = sum(int((gi == ri).all(1).sum()) for (_, gi), (_, ri) in zip(got, ref)) / (4 * M)
            us = time_us([lambda x=x: gr.gate_route(x, gate, cfg, counters=counters) for x in xs], dev, reps=30)
            print(json.dumps({"m": M, "plan": [bm, bh, split], "warps": warps, "us": round(us, 2), "exact": ok,
                              "rows_same_ids": round(same_ids, 4)}), flush=True)
        except Exception as exc:
            print(json.dumps({"m": M, "plan": [bm, bh, split], "warps": warps, "error": f"{type(exc).__name__}: {exc}"[:200]}), flush=True)
