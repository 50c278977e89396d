"""Twenty-fourth session: gate_route's warp count under the committed (BLOCK_M, BLOCK_H, SPLIT) plan, M = 1-4096.

Call 2 found 8 warps 0.5-0.6 us faster than the committed 4 at M = 1-256; the twentieth session's sweep had 8 ahead up
to M = 1024 and 4 ahead at 2048-4096. This times 4, 8 and 16 warps (4 again last) under the committed plan, in the
same harness as `refmoe bench router` (10 distinct inputs, L2 flushed, 30 replays), outputs checked against the
4-warp run. One JSON line per M. python3 docs/gpu-runs/2026-12-05-s24/router_warps.py"""
import json
import torch
import refmoe.kernels.gate_route as gr
from refmoe.core.timing import time_us
from refmoe.kernels.topk import TopKConfig

dev, E, H, k = torch.device("cuda"), 64, 2048, 6
cfg = TopKConfig(top_k=k)
g = torch.Generator(device=dev).manual_seed(0)
gate = (torch.randn(E, H, generator=g, device=dev) / H ** 0.5).bfloat16()
default_kernel_for, state = gr.kernel_for, {"warps": 4}

class _Launch:
    def __init__(self, launcher): self.launcher = launcher
    def __getitem__(self, grid):
        run = self.launcher[grid]
        return lambda *args, **kw: run(*args, **{**kw, "num_warps": state["warps"]})

gr.kernel_for = lambda kernel, t: _Launch(default_kernel_for(kernel, t))
for M in (1, 4, 16, 64, 256, 512, 1024, 2048, 4096):
    xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
    count = torch.tensor([max(1, M - M // 4)], dtype=torch.int32, device=dev)
    counters = gr.route_counters(M, dev)
    row, ref = {"m": M, "plan": list(gr.gate_route_plan(M, H))}, None
    for warps in (4, 8, 16, 4):
        state["warps"] = warps
        got = [gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs]
        ref = ref or got
        row.setdefault("exact", True)
        row["exact"] &= all(torch.equal(gi, ri) and torch.allclose(gw, rw, atol=1e-5) for (gw, gi), (rw, ri) in zip(got, ref))
        key = f"us_w{warps}" + ("_again" if f"us_w{warps}" in row else "")
        row[key] = round(time_us([lambda x=x: gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs], dev, reps=30), 2)
    print(json.dumps(row), flush=True)
