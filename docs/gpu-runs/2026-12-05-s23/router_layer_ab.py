"""Twenty-third session: 10a's 16-row router plan against the plan it replaced, inside the routed layer.

The twentieth session's sweep (H200) timed the router alone: 8.8 against 17.8 us at M = 1024. This times both plans in
one process (the old one patched into 10a's `gate_route_plan`: 64-row blocks from M = 512, 128 programs in flight):
the whole routed layer (gate GEMM to output, committed tiles), CUDA-graph replays of four distinct
inputs, L2 flushed. One JSON line per M. python3 docs/gpu-runs/2026-12-05-s23/router_layer_ab.py [--m 512 1024 2048 4096]"""
import argparse, json
import torch, triton
import refmoe.kernels.gate_route as gr
from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer
from refmoe.core.timing import time_us

def old_plan(M, H, interpreted=False):
    "The plan before 458d80d: 16-row blocks up to M = 256, 64 above, SPLIT <= 8, 128 programs in flight."
    block_m, block_h = (16 if M <= 256 else 64), min(128, max(16, triton.next_power_of_2(H)))
    blocks = triton.cdiv(max(M, 1), block_m)
    return block_m, block_h, max(1, min(triton.cdiv(H, block_h), 8, 128 // blocks))

p = argparse.ArgumentParser()
p.add_argument("--m", type=int, nargs="+", default=[512, 1024, 2048, 4096])
a = p.parse_args()
dev, shape = torch.device("cuda"), SHAPES["v2-lite"]
layer = make_layer(shape, dev, torch.bfloat16)
new_plan = gr.gate_route_plan
for M in a.m:
    inputs = make_inputs(layer, M, 4, seed=M)
    row = {"m": M, "plan_new": list(new_plan(M, shape["H"])), "plan_old": list(old_plan(M, shape["H"]))}
    outs = {}
    for name, plan in (("new", new_plan), ("old", old_plan), ("new2", new_plan)):   # new twice: the run's drift
        gr.gate_route_plan = plan
        outs[name] = [routed_layer(layer, x).float() for x, _, _ in inputs]
        row[f"us_layer_{name}"] = round(time_us([lambda x=x: routed_layer(layer, x) for x, _, _ in inputs], dev, reps=30), 2)
    gr.gate_route_plan = new_plan
    row["max_rel_diff"] = max(((o - n).norm() / n.norm()).item() for o, n in zip(outs["old"], outs["new"]))
    print(json.dumps(row), flush=True)
