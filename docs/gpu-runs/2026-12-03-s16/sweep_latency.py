"""Launch-shape sweep of the two latency-bound kernels of the batch-1 decode step (H200): gate_route (10a) over
num_warps x SPLIT x BLOCK_H, and decode attention's stage 1 (18) over num_warps x BLOCK_N. Each launch is the library's
own code with `kernel_for` patched to override num_warps (and the plan patched), checked against the default's output,
and timed with `time_us` (a CUDA graph of distinct inputs, L2 flushed), as `refmoe bench router` times the router.
Then three forms of stage 1 in one process: the previous kernel (12efabf: the chunk a constexpr from the table's
width), HEAD (the chunk from the query's own length, a run-time loop bound) and HEAD with a constexpr trip count per
split (TILES, the previous chunk's tiles; tiles past the query's chunk masked off).
Run: python3 docs/gpu-runs/2026-12-03-s16/sweep_latency.py"""
import json
import torch, torch.nn.functional as F
import refmoe.kernels.gate_route as gr
import refmoe.kernels.paged_attention as pa
from refmoe.core.timing import time_us
from refmoe.kernels.topk import TopKConfig, select_experts_torch

dev = torch.device("cuda")
real_kernel_for = gr.kernel_for
def with_warps(module, warps):
    "Patch `module.kernel_for` so every launch in it takes `warps` warps (None: as written)."
    if warps is None: module.kernel_for = real_kernel_for; return
    class _K:
        def __init__(self, k): self.k = k
        def __getitem__(self, grid): return lambda *a, **kw: self.k[grid](*a, **{**kw, "num_warps": warps})
    module.kernel_for = lambda k, x: _K(real_kernel_for(k, x))

cfg, plan = TopKConfig(top_k=6), gr.gate_route_plan
for M in (1, 64, 256):
    g = torch.Generator(device=dev).manual_seed(M)
    xs = [torch.randn(M, 2048, generator=g, device=dev).to(torch.bfloat16) for _ in range(8)]
    gate = (torch.randn(64, 2048, generator=g, device=dev) / 2048 ** 0.5).to(torch.bfloat16)
    count, counters = torch.tensor([M], dtype=torch.int32, device=dev), gr.route_counters(M, dev)
    w_ref, ids_ref = select_experts_torch(F.linear(xs[0].float(), gate.float()), cfg)
    bm, dbh, dsplit = plan(M, 2048)
    for warps in (1, 2, 4):
        for bh, split in ((128, 8), (64, 16), (128, 16)):
            gr.gate_route_plan = lambda M_, H_, interpreted=False, bh=bh, split=split: (bm, bh, split)
            with_warps(gr, warps)
            try:
                w, ids = gr.gate_route(xs[0], gate, cfg, count, counters=counters); torch.cuda.synchronize()
                agree = (ids.sort(1).values == ids_ref.sort(1).values).all(1).float().mean().item()
                us = time_us([lambda x=x: gr.gate_route(x, gate, cfg, count, counters=counters) for x in xs], dev, reps=30)
                row = dict(kernel="gate_route", m=M, warps=warps, block_h=bh, split=split, us=round(us, 2), ids_agree=agree,
                           counters_zero=counters.count_nonzero().item() == 0, default=(warps, bh, split) == (4, dbh, dsplit))
            except Exception as e:
                row = dict(kernel="gate_route", m=M, warps=warps, block_h=bh, split=split, error=f"{type(e).__name__}: {str(e)[:120]}")
            print(json.dumps(row), flush=True)
    gr.gate_route_plan = plan; with_warps(gr, None)

for T, ctx, table in ((1, 32, 33), (1, 512, 4096), (64, 32, 33)):
    g = torch.Generator(device=dev).manual_seed(0)
    slots = T * (ctx + 1) + 1
    k = torch.randn(slots, 16, 128, device=dev, generator=g).bfloat16(); v = torch.randn_like(k)
    qs = [torch.randn(T, 16, 128, device=dev, generator=g).bfloat16() for _ in range(4)]
    rt = torch.zeros(T, table, dtype=torch.int32, device=dev)
    rt[:, :ctx + 1] = torch.arange(1, T * (ctx + 1) + 1, device=dev, dtype=torch.int32).view(T, ctx + 1)
    lens = torch.full((T,), ctx + 1, dtype=torch.int32, device=dev)
    ref = pa.decode_attention(qs[0], k, v, rt, lens, 0.088).float()
    for warps in (2, 4, 8):
        for block_n in (32, 64):
            with_warps(pa, warps)
            try:
                err = (pa.decode_attention(qs[0], k, v, rt, lens, 0.088, block_n=block_n).float() - ref).abs().max().item()
                us = time_us([lambda q=q: pa.decode_attention(q, k, v, rt, lens, 0.088, block_n=block_n) for q in qs], dev, reps=30)
                row = dict(kernel="decode_attention", tokens=T, context=ctx, table=table, warps=warps, block_n=block_n,
                           us=round(us, 2), max_abs_err=err, default=(warps, block_n) == (4, 64))
            except Exception as e:
                row = dict(kernel="decode_attention", tokens=T, context=ctx, warps=warps, block_n=block_n, error=f"{type(e).__name__}: {str(e)[:120]}")
            print(json.dumps(row), flush=True)
    with_warps(pa, None)

import importlib.util, tempfile
from pathlib import Path
from refmoe.core.timing import wall_us
here = Path(__file__).parent
def load(name: str, src: str):
    src = src.replace("from ..core.env", "from refmoe.core.env").replace('"refmoe::', f'"refmoe_{name}::')
    path = Path(tempfile.mkdtemp()) / f"pa_{name}.py"; path.write_text(src)
    spec = importlib.util.spec_from_file_location(f"pa_{name}", path); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    return m
head = Path(pa.__file__).read_text()
tiles = head.replace("HEAD_DIM: tl.constexpr, SPLITS: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr,",
                     "HEAD_DIM: tl.constexpr, SPLITS: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_D: tl.constexpr, TILES: tl.constexpr,")
old_loop = """    for n0 in range(start, end, BLOCK_N):
        offs_n = n0 + tl.arange(0, BLOCK_N)"""
assert old_loop in tiles
body_start = tiles.index(old_loop); body_end = tiles.index("        m = m_new\n", body_start) + len("        m = m_new\n")
body = tiles[body_start + len(old_loop):body_end]
tiles = tiles[:body_start] + """    for i in range(0, n if SPLITS == 1 else TILES, BLOCK_N if SPLITS == 1 else 1):
        n0 = i if SPLITS == 1 else start + i * BLOCK_N
        if n0 < end:   # a tile past this split's share: nothing (a constexpr trip count, a run-time skip)
            offs_n = n0 + tl.arange(0, BLOCK_N)""" + body.replace("\n        ", "\n            ") + tiles[body_end:]
tiles = tiles.replace("HEAD_DIM=D, SPLITS=S, BLOCK_N=block_n, BLOCK_D=block_d)",
                      "HEAD_DIM=D, SPLITS=S, BLOCK_N=block_n, BLOCK_D=block_d, TILES=triton.cdiv(triton.cdiv(req_to_token.shape[1], S), block_n))")
variants = {"prev (12efabf)": load("prev", (here / "paged_attention_prev.py").read_text()), "HEAD": load("head", head),
            "HEAD, constexpr tiles per split": load("tiles", tiles)}
for T, ctx, table in ((1, 32, 33), (1, 512, 513), (1, 512, 4096), (8, 512, 513), (8, 512, 4096), (64, 32, 33), (64, 512, 4096)):
    g = torch.Generator(device=dev).manual_seed(0)
    slots = T * (ctx + 1) + 1
    k = torch.randn(slots, 16, 128, device=dev, generator=g).bfloat16(); v = torch.randn_like(k)
    q = torch.randn(T, 16, 128, device=dev, generator=g).bfloat16()
    rt = torch.zeros(T, table, dtype=torch.int32, device=dev)
    rt[:, :ctx + 1] = torch.arange(1, T * (ctx + 1) + 1, device=dev, dtype=torch.int32).view(T, ctx + 1)
    lens = torch.full((T,), ctx + 1, dtype=torch.int32, device=dev)
    ref = None
    for name, m in variants.items():
        fn = lambda: m.decode_attention(q, k, v, rt, lens, 0.088)
        try: out = fn().float(); torch.cuda.synchronize()
        except Exception as e: print(json.dumps({"variant": name, "error": f"{type(e).__name__}: {str(e)[:300]}"})); continue
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for _ in range(20): fn()
        us = min(wall_us(graph.replay, 30, 3, dev) for _ in range(3)) / 20
        err = 0.0 if ref is None else (out - ref).abs().max().item()
        ref = out if ref is None else ref
        print(json.dumps({"kernel": "stage1 form", "tokens": T, "context": ctx, "table": table, "variant": name,
                          "us_per_call": round(us, 2), "max_abs_diff_vs_prev": err}), flush=True)
