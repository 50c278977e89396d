"""Twenty-fourth session: wider tile sweeps than 13's `candidate_configs`, timed as the tuner times them.

`--gemv`: the decode GEMV kernels (kind "gemv") at M = 1, 2, 4, 8 over up-GEMV tiles around call 1's M = 1 winner
(16 columns by 512, 8 warps) and down-GEMV tiles around the committed one (8 by 128, 2 warps).
`--sorted`: the sorted kernel at M = 1024 over a grid of (BLOCK_SIZE_M, the two GEMMs' tiles) beyond 13's six.
Each config's `fused_experts` output is checked against the torch reference (relative error < 2e-2), then timed
in a CUDA graph of 10 distinct inputs, L2 flushed (bench.moe's `time_us`), with the committed config timed first
and last in the same process. `pct_hbm`: the experts' bytes over the time, against 4.2 TB/s. One JSON line each.
python3 docs/gpu-runs/2026-12-05-s24/tile_sweep.py --gemv | --sorted [--budget-s 150]"""
import argparse, itertools, json, time
import torch
from refmoe.bench.moe import HBM_TBPS, SHAPES, make_layer, make_inputs, touched_bytes
from refmoe.core.timing import time_us
from refmoe.kernels.fused_moe import fused_experts
from refmoe.kernels.moe_reference import fused_experts_torch
from refmoe.kernels.tile_configs import get_config

p = argparse.ArgumentParser()
p.add_argument("--gemv", action="store_true")
p.add_argument("--sorted", action="store_true")
p.add_argument("--budget-s", type=float, default=150)
a = p.parse_args()
dev, shape, dtype = torch.device("cuda"), SHAPES["v2-lite"], torch.bfloat16
layer = make_layer(shape, dev, dtype)
w13, w2 = layer.w13, layer.w2
g = lambda bn, bk, warps, stages: dict(BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=1, num_warps=warps, num_stages=stages)

def sweep(M, configs, t0):
    inputs = make_inputs(layer, M, 10, seed=M)
    floor_us = touched_bytes(inputs, shape, dtype) / HBM_TBPS / 1e6
    x, w, ids = inputs[0]
    ref = fused_experts_torch(x, w13, w2, w, ids).float()
    def timed(cfg, tag):
        out = fused_experts(x, w13, w2, w, ids, config=cfg).float()
        err = ((out - ref).norm() / ref.norm()).item()
        us = time_us([lambda i=i: fused_experts(i[0], w13, w2, i[1], i[2], config=cfg) for i in inputs], dev, reps=30)
        print(json.dumps({"m": M, tag: True, "config": cfg, "us": round(us, 2), "pct_hbm": round(100 * floor_us / us, 1),
                          "rel_err": round(err, 5)}), flush=True)
    committed = get_config(M, shape["E"], shape["I"], shape["H"], shape["k"], dev)
    timed(committed, "committed")
    for cfg in configs:
        if time.time() - t0 > a.budget_s: break
        try: timed(cfg, "candidate")
        except Exception as exc: print(json.dumps({"m": M, "config": cfg, "error": f"{type(exc).__name__}: {exc}"[:200]}), flush=True)
    timed(committed, "committed_again")

t0 = time.time()
if a.gemv:
    ups = [g(16, 512, 8, 3), g(16, 512, 8, 4), g(32, 512, 8, 3), g(16, 1024, 8, 2), g(32, 256, 8, 4), g(16, 512, 16, 3),
           g(8, 512, 4, 4), g(16, 256, 4, 4)]
    downs = [g(8, 128, 2, 4), g(8, 256, 4, 3), g(16, 128, 4, 4), g(8, 512, 8, 3), g(16, 256, 4, 4)]
    for M in (1, 2, 4, 8):
        sweep(M, [dict(kind="gemv", w13=u, w2=d) for u, d in itertools.product(ups, downs)], t0)
if a.sorted:
    gg = lambda bn, bk, warps, stages, group=8: dict(BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=group, num_warps=warps, num_stages=stages)
    ups = [gg(128, 64, 8, 4), gg(256, 64, 8, 3), gg(128, 128, 8, 3), gg(256, 32, 8, 4), gg(128, 64, 4, 4, 16), gg(64, 128, 4, 4)]
    downs = [gg(256, 64, 8, 3), gg(128, 128, 8, 3), gg(256, 128, 8, 2), gg(128, 64, 4, 4), gg(256, 64, 8, 4, 16), gg(64, 128, 4, 3)]
    cfgs = [dict(kind="sorted", BLOCK_SIZE_M=bm, w13=u, w2=d) for bm in (128, 64) for u, d in itertools.product(ups, downs)]
    sweep(1024, cfgs, time.time())
