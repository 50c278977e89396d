"""Twentieth session: where the routed layer's time goes at M = 256-4096 (V2-Lite, bf16, the committed tiles).

Each phase timed alone in a CUDA graph of --inputs distinct inputs (L2 flushed), beside the whole layer in the same
run: gate_route, moe_align_block_size, GEMM1 (gate-up + SiLU), GEMM2 (down, routed weight), moe_sum. Then a
torch.profiler trace of the layer's graph replays: every kernel's mean time per layer call. One JSON line per M.
python3 docs/gpu-runs/2026-12-04-s20/wip/layer_profile.py [--m 256 1024 2048 4096]
"""
import argparse, collections, json
import torch
from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer
from refmoe.core.timing import time_us
from refmoe.kernels.fused_moe import invoke_fused_moe_kernel
from refmoe.kernels.moe_align import moe_align_block_size
from refmoe.kernels.moe_sum import moe_sum
from refmoe.kernels.tile_configs import get_config

p = argparse.ArgumentParser()
p.add_argument("--m", type=int, nargs="+", default=[256, 1024, 2048, 4096])
p.add_argument("--inputs", type=int, default=4)
p.add_argument("--reps", type=int, default=30)
a = p.parse_args()
dev, shape = torch.device("cuda"), SHAPES["v2-lite"]
layer = make_layer(shape, dev, torch.bfloat16)
E, H, I, k = shape["E"], shape["H"], shape["I"], shape["k"]
for M in a.m:
    inputs = make_inputs(layer, M, a.inputs, seed=M)
    cfg = get_config(M, E, I, H, k, dev, dtype=torch.bfloat16)
    row = {"m": M, "config": cfg}
    t = lambda fns: round(time_us(fns, dev, reps=a.reps), 2)
    row["us_layer"] = t([lambda x=x: routed_layer(layer, x) for x, _, _ in inputs])
    row["us_route"] = t([lambda x=x: layer.route(x, None) for x, _, _ in inputs])
    if cfg.get("kind") == "gemv": print(json.dumps(row), flush=True); continue
    bm = cfg["BLOCK_SIZE_M"]
    row["us_align"] = t([lambda ids=ids: moe_align_block_size(ids, bm, E) for _, _, ids in inputs])
    al = [moe_align_block_size(ids, bm, E) for _, _, ids in inputs]
    acts = [torch.empty(M * k, I, dtype=torch.bfloat16, device=dev) for _ in inputs]
    pps = [torch.empty(M * k, H, dtype=torch.bfloat16, device=dev) for _ in inputs]
    outs = [torch.empty(M, H, dtype=torch.bfloat16, device=dev) for _ in inputs]
    def gemm(which, i):
        (x, w, ids), (s, e, n) = inputs[i], al[i]
        c = cfg[which]
        args = (x, layer.w13, acts[i], c, k, False, True) if which == "w13" else (acts[i], layer.w2, pps[i], c, 1, True, False)
        aa, b, cc, kw, tk, mul, silu = args
        return lambda: invoke_fused_moe_kernel(aa, b, cc, w, s, e, n, tk, mul, silu, True, bm, kw["BLOCK_SIZE_N"], kw["BLOCK_SIZE_K"],
                                               kw["GROUP_SIZE_M"], kw["num_warps"], kw["num_stages"])
    row["us_gemm1"] = t([gemm("w13", i) for i in range(len(inputs))])
    row["us_gemm2"] = t([gemm("w2", i) for i in range(len(inputs))])
    row["us_sum"] = t([lambda pp=pp, o=o: moe_sum(pp, k, out=o) for pp, o in zip(pps, outs)])
    row["us_parts"] = round(sum(row[f"us_{n}"] for n in ("route", "align", "gemm1", "gemm2", "sum")), 2)
    row["blocks"] = [int(n.item()) // bm for _, _, n in al]
    try:   # the kernels of the layer's replays, as the profiler sees them
        g = torch.cuda.CUDAGraph()
        x0 = inputs[0][0]
        routed_layer(layer, x0); torch.cuda.synchronize()
        with torch.cuda.graph(g): routed_layer(layer, x0)
        g.replay(); torch.cuda.synchronize()
        from torch.profiler import ProfilerActivity, profile
        n_rep = 10
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(n_rep): g.replay()
            torch.cuda.synchronize()
        kern = collections.defaultdict(float)
        for ev in prof.events():
            if ev.device_type == torch.autograd.DeviceType.CUDA: kern[ev.name[:60]] += ev.device_time / n_rep
        row["profile_us"] = {n: round(v, 2) for n, v in sorted(kern.items(), key=lambda kv: -kv[1])}
    except Exception as exc:
        row["profile_error"] = f"{type(exc).__name__}: {exc}"[:300]
    print(json.dumps(row), flush=True)
