"""Thirtieth session, after call 1: 12's one-program layout kernel with all its parts on, over its free sizes (BLOCK_B
blocks per step of the expert loop, BLOCK_P histogram rows per step of the two histogram loops, warps), timed as
count + layout minus the count alone; then whole aligns: the package's, the package's count and place around a
layout variant (chunks of 256 and 128 pairs), and align_parts.py's split align. Call 1 found the layout's time in
its loops' steps (each step of the histogram loops about 1.6 us, the [256, NB] expert tile spilling): so fewer, wider
steps. Same method as align_parts.py (ten routings per CUDA graph, L2 flushed, arms alternating, medians).

python3 docs/gpu-runs/2026-12-06-s30/align_sweep.py [--m 1024 2048 4096] [--rounds 5]   (on the GPU)
"""
import argparse, json, pathlib, sys

import torch
import refmoe.core.env  # noqa: F401  (first: Triton's interpreter on a CPU-only machine)
from refmoe.core.env import kernel_for, pdl_options
import triton

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from align_parts import layout_parts_kernel, layout_min_kernel, place_all_kernel  # noqa: E402

LAYOUTS = [(32, 32, 4), (32, 64, 8), (32, 128, 8), (64, 128, 8), (16, 128, 8), (32, 64, 16), (32, 128, 16), (64, 128, 16)]   # (BLOCK_B, BLOCK_P, warps); (32, 128, 4) spills 2.8 KB a thread under Triton 3.6


def single(M, ids_list, dev, rounds, time_us, ma):
    "The one-program align (M * 6 <= 2048 pairs) at the table's block sizes, the package's expert tile against 32 and 64 blocks a step."
    E, NB, numel = 64, 128, M * 6
    for BS in (16, 64):
        cap = ma.max_num_tokens_padded(numel, E, BS)
        max_blocks = triton.cdiv(cap, BS)
        ref = [ma.moe_align_block_size(i, BS, E) for i in ids_list]
        outs = [(torch.empty(cap, dtype=torch.int32, device=dev), torch.empty(max_blocks, dtype=torch.int32, device=dev),
                 torch.empty(1, dtype=torch.int32, device=dev), torch.empty(2 * NB, dtype=torch.int32, device=dev)) for _ in ids_list]

        def run(i, bb):
            ids, (sids, eids, post, scratch) = ids_list[i], outs[i]
            kernel_for(ma.moe_align_block_size_kernel, ids)[(1,)](ids, sids, eids, post, scratch, numel, E, max_blocks, BLOCK_SIZE=BS, NB=NB,
                                                                  BLOCK_T=min(1024, triton.next_power_of_2(max(numel, 16))), BLOCK_B=bb,
                                                                  num_warps=4 if numel <= 256 else 8, **pdl_options(ids))
        pkg_bb = min(256, triton.next_power_of_2(max_blocks))
        arms = {f"package (BLOCK_B {pkg_bb})": lambda i: ma.moe_align_block_size(ids_list[i], BS, E)}
        equal = {}
        for bb in (32, 64):
            arms[f"BLOCK_B {bb}"] = fn = lambda i, bb=bb: run(i, bb)
            for i in range(len(ids_list)): outs[i][1].fill_(-7); fn(i)
            equal[bb] = all(torch.equal(r[2], o[2]) and torch.equal(r[1], o[1]) and   # a bucket's order is its atomics': compare as sets
                            torch.equal(r[0][:int(r[2])].sort().values, o[0][:int(r[2])].sort().values) for r, o in zip(ref, outs))
        t = {n: [] for n in arms}
        for _ in range(rounds):
            for n, f in arms.items():
                t[n].append(round(time_us([lambda i=i, f=f: f(i) for i in range(len(ids_list))], dev, reps=30), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        print(json.dumps(dict(m=M, block=BS, path="single", max_blocks=max_blocks, equal=equal, median_us=med, us=t)), flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[64, 256, 1024, 2048, 4096])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--device", default="cuda", help="cpu: a check of the variants in the interpreter, no timings worth reading")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    from refmoe.kernels import moe_align as ma
    dev, E, BS = torch.device(a.device), 64, 128
    layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
    print(json.dumps({"device": torch.cuda.get_device_name() if dev.type == "cuda" else "cpu"}), flush=True)
    for M in a.m:
        ids_list = [ids for _, _, ids in make_inputs(layer, M, 10, seed=M)]
        numel, NB = M * 6, triton.next_power_of_2(E + 1)
        cap = ma.max_num_tokens_padded(numel, E, BS)
        max_blocks = triton.cdiv(cap, BS)
        if ma.align_chunk(numel, E) == 0:
            single(M, ids_list, dev, a.rounds, time_us, ma)
            continue
        ref = [ma.moe_align_block_size(i, BS, E) for i in ids_list]
        used = [int(r[2]) for r in ref]

        def make(chunk):
            P = triton.cdiv(numel, chunk)
            return P, [(torch.empty(cap, dtype=torch.int32, device=dev), torch.empty(max_blocks, dtype=torch.int32, device=dev),
                        torch.empty(1, dtype=torch.int32, device=dev), torch.empty(2 * P * NB, dtype=torch.int32, device=dev),
                        torch.empty(3 * NB, dtype=torch.int32, device=dev)) for _ in ids_list]
        runs = {c: make(c) for c in (256, 128)}

        def count(i, chunk):
            P, bufs = runs[chunk]
            ids, hist = ids_list[i], bufs[i][3]
            kernel_for(ma.moe_align_count_kernel, ids)[(P,)](ids, hist, numel, E, NB=NB, CHUNK=chunk, num_warps=4, **pdl_options(ids))

        def layout(i, chunk, bb, bp, warps):
            P, bufs = runs[chunk]
            ids, (sids, eids, post, hist, _) = ids_list[i], bufs[i]
            kernel_for(layout_parts_kernel, ids)[(1,)](hist, sids, eids, post, numel, E, P, max_blocks, BLOCK_SIZE=BS, NB=NB,
                                                       BLOCK_P=bp, BLOCK_B=bb, PART=14, num_warps=warps, **pdl_options(ids))

        def place(i, chunk):
            P, bufs = runs[chunk]
            ids, (sids, _, _, hist, _) = ids_list[i], bufs[i]
            kernel_for(ma.moe_align_place_kernel, ids)[(P,)](ids, sids, hist, numel, E, NB=NB, CHUNK=chunk, num_warps=8, **pdl_options(ids))

        def split_align(i, bp):
            P, bufs = runs[256]
            ids, (sids, eids, post, hist, bounds) = ids_list[i], bufs[i]
            count(i, 256)
            kernel_for(layout_min_kernel, ids)[(1,)](hist, bounds, post, P, BLOCK_SIZE=BS, NB=NB, BLOCK_P=min(128, triton.next_power_of_2(P)), num_warps=8, **pdl_options(ids))
            kernel_for(place_all_kernel, ids)[(P,)](ids, sids, eids, hist, bounds, numel, E, max_blocks, BLOCK_SIZE=BS, NB=NB, CHUNK=256,
                                                    BLOCK_P=bp, BPP=triton.next_power_of_2(triton.cdiv(max_blocks, P)), num_warps=8, **pdl_options(ids))

        def agree(chunk, fn):
            bufs = runs[chunk][1]
            for i in range(len(ids_list)):
                bufs[i][0].fill_(-7); bufs[i][1].fill_(-7); fn(i)
            return all(torch.equal(r[2], b[2]) and torch.equal(r[1], b[1]) and torch.equal(r[0][:u], b[0][:u]) for r, b, u in zip(ref, bufs, used))

        arms, equal = {"count": lambda i: count(i, 256)}, {}
        for v in LAYOUTS:
            arms[f"count+layout {v}"] = lambda i, v=v: (count(i, 256), layout(i, 256, *v))
        arms["package align"] = lambda i: ma.moe_align_block_size(ids_list[i], BS, E)
        for chunk, v in ((256, (32, 64, 16)), (256, (32, 128, 8)), (128, (32, 128, 8)), (128, (32, 128, 16))):
            name = f"align: chunk {chunk}, layout {v}"
            arms[name] = fn = lambda i, c=chunk, v=v: (count(i, c), layout(i, c, *v), place(i, c))
            equal[name] = agree(chunk, fn)
        for bp in (32, 128):
            name = f"split align, place rows {bp}"
            arms[name] = fn = lambda i, bp=bp: split_align(i, bp)
            equal[name] = agree(256, fn)
        t = {n: [] for n in arms}
        for _ in range(a.rounds):
            for n, f in arms.items():
                t[n].append(round(time_us([lambda i=i, f=f: f(i) for i in range(len(ids_list))], dev, reps=30), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        layout_us = {n[len("count+layout "):]: round(v - med["count"], 2) for n, v in med.items() if n.startswith("count+layout")}
        print(json.dumps(dict(m=M, P=triton.cdiv(numel, 256), max_blocks=max_blocks, equal=equal, median_us=med, layout_us=layout_us, us=t)), flush=True)


if __name__ == "__main__":
    main()
