"""Thirtieth session: where the multi-program align's time goes, at full clocks. 12's one-program layout kernel
(bucket totals, the slot count, every block's expert, the padding sentinels, each chunk's offsets) rebuilt here with
each part switched on or off (PART bits: 2 block experts, 4 sentinels, 8 offsets) and its tile sizes free (BLOCK_B
blocks per step of the expert loop, BLOCK_P histogram rows per step), timed as count + layout (minus the count alone);
a split align whose one-program layout only sums the histograms while each place program also finds its own
offsets, writes the expert of its share of blocks and their sentinels; and the package's whole align at several chunk sizes. V2-Lite's routing (64 experts, top-6), 128-row blocks, ten
distinct routings per CUDA graph, L2 flushed (`refmoe.core.timing.time_us`), variants alternating in rounds (medians).

python3 docs/gpu-runs/2026-12-06-s30/align_parts.py [--m 1024 2048 4096] [--rounds 5]   (on the GPU)
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401  (first: Triton's interpreter on a CPU-only machine)
from refmoe.core.env import kernel_for, pdl_options
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait


@triton.jit
def layout_parts_kernel(hist_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, num_programs, max_blocks,
                        BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, BLOCK_P: tl.constexpr, BLOCK_B: tl.constexpr,
                        PART: tl.constexpr, PDL: tl.constexpr = False):
    "12's `moe_align_layout_kernel` with its parts behind PART's bits and its tiles free."
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    bins, rows = tl.arange(0, NB), tl.arange(0, BLOCK_P)
    counts = tl.full([NB], 0, tl.int32)
    for p0 in range(0, num_programs, BLOCK_P):
        in_p = (p0 + rows)[:, None] < num_programs
        counts += tl.sum(tl.load(hist_ptr + (p0 + rows)[:, None] * NB + bins[None, :], mask=in_p, other=0), axis=0)
    padded = (counts + BLOCK_SIZE - 1) // BLOCK_SIZE * BLOCK_SIZE
    ends = tl.cumsum(padded, axis=0)
    starts = ends - padded
    tl.store(num_post_ptr, tl.sum(padded, axis=0))
    if PART & 2:
        for bstart in range(0, max_blocks, BLOCK_B):
            blk = bstart + tl.arange(0, BLOCK_B)
            bucket = tl.sum((ends[None, :] <= (blk * BLOCK_SIZE)[:, None]).to(tl.int32), axis=1)
            tl.store(expert_ids_ptr + blk, tl.where(bucket < num_experts, bucket, -1), mask=blk < max_blocks)
    if PART & 4:
        pad = (starts + counts)[:, None] + tl.arange(0, BLOCK_SIZE)[None, :]
        tl.store(sorted_ids_ptr + pad, numel + tl.zeros_like(pad), mask=pad < ends[:, None])
    if PART & 8:
        seen = starts
        for p0 in range(0, num_programs, BLOCK_P):
            in_p = (p0 + rows)[:, None] < num_programs
            ptrs = hist_ptr + (p0 + rows)[:, None] * NB + bins[None, :]
            h = tl.load(ptrs, mask=in_p, other=0)
            tl.store(ptrs, seen[None, :] + tl.cumsum(h, axis=0) - h, mask=in_p)
            seen += tl.sum(h, axis=0)


@triton.jit
def layout_min_kernel(hist_ptr, bounds_ptr, num_post_ptr, num_programs, BLOCK_SIZE: tl.constexpr, NB: tl.constexpr,
                      BLOCK_P: tl.constexpr, PDL: tl.constexpr = False):
    "A layout that only sums the histograms: the slot count, and each bucket's start, fill end and end in `bounds [3, NB]`."
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    bins, rows = tl.arange(0, NB), tl.arange(0, BLOCK_P)
    counts = tl.full([NB], 0, tl.int32)
    for p0 in range(0, num_programs, BLOCK_P):
        in_p = (p0 + rows)[:, None] < num_programs
        counts += tl.sum(tl.load(hist_ptr + (p0 + rows)[:, None] * NB + bins[None, :], mask=in_p, other=0), axis=0)
    padded = (counts + BLOCK_SIZE - 1) // BLOCK_SIZE * BLOCK_SIZE
    ends = tl.cumsum(padded, axis=0)
    tl.store(num_post_ptr, tl.sum(padded, axis=0))
    tl.store(bounds_ptr + bins, ends - padded)
    tl.store(bounds_ptr + NB + bins, ends - padded + counts)
    tl.store(bounds_ptr + 2 * NB + bins, ends)


@triton.jit
def place_all_kernel(topk_ids_ptr, sorted_ids_ptr, expert_ids_ptr, hist_ptr, bounds_ptr, numel, num_experts, max_blocks,
                     BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, CHUNK: tl.constexpr, BLOCK_P: tl.constexpr,
                     BPP: tl.constexpr, PDL: tl.constexpr = False):
    "Program p: its chunk's offsets from the histograms before it, its pairs placed, and blocks [p * BPP, (p + 1) * BPP): expert and sentinels."
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    pid = tl.program_id(0)
    bins, rows = tl.arange(0, NB), tl.arange(0, BLOCK_P)
    prior = tl.full([NB], 0, tl.int32)
    for p0 in range(0, pid, BLOCK_P):
        in_p = (p0 + rows)[:, None] < pid
        prior += tl.sum(tl.load(hist_ptr + (p0 + rows)[:, None] * NB + bins[None, :], mask=in_p, other=0), axis=0)
    tl.store(hist_ptr + (tl.num_programs(0) + pid) * NB + bins, prior + tl.load(bounds_ptr + bins))   # offsets, after the histograms
    offs = pid * CHUNK + tl.arange(0, CHUNK)
    e = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
    b = tl.where((e < 0) | (e >= num_experts), num_experts, e)
    hit = (b[:, None] == bins[None, :]).to(tl.int32)
    rank = tl.sum(hit * tl.cumsum(hit, axis=0), axis=1) - 1
    tl.debug_barrier()
    dest = tl.load(hist_ptr + (tl.num_programs(0) + pid) * NB + b) + rank
    tl.store(sorted_ids_ptr + dest, offs, mask=offs < numel)
    blk = pid * BPP + tl.arange(0, BPP)
    ends = tl.load(bounds_ptr + 2 * NB + bins)
    bucket = tl.sum((ends[None, :] <= (blk * BLOCK_SIZE)[:, None]).to(tl.int32), axis=1)
    tl.store(expert_ids_ptr + blk, tl.where(bucket < num_experts, bucket, -1), mask=blk < max_blocks)
    fill = tl.load(bounds_ptr + NB + bucket, mask=bucket < NB, other=0)
    end = tl.load(bounds_ptr + 2 * NB + bucket, mask=bucket < NB, other=0)
    slot = blk[:, None] * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)[None, :]
    tl.store(sorted_ids_ptr + slot, numel + tl.zeros_like(slot), mask=(slot >= fill[:, None]) & (slot < end[:, None]))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1024, 2048, 4096])
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
        chunk = ma.align_chunk(numel, E)
        P = triton.cdiv(numel, chunk)
        cap = ma.max_num_tokens_padded(numel, E, BS)
        max_blocks = triton.cdiv(cap, BS)
        pkg_bb, pkg_bp = min(256, triton.next_power_of_2(max_blocks)), min(triton.next_power_of_2(P), max(1, 4096 // NB))
        bufs = [(torch.empty(cap, dtype=torch.int32, device=dev), torch.empty(max_blocks, dtype=torch.int32, device=dev),
                 torch.empty(1, dtype=torch.int32, device=dev), torch.empty(2 * P * NB, dtype=torch.int32, device=dev), torch.empty(3 * NB, dtype=torch.int32, device=dev)) for _ in ids_list]

        def count(i):
            ids, (_, _, _, hist, _) = ids_list[i], bufs[i]
            kernel_for(ma.moe_align_count_kernel, ids)[(P,)](ids, hist, numel, E, NB=NB, CHUNK=chunk, num_warps=4, **pdl_options(ids))

        def layout(i, part, bb, bp, warps):
            ids, (sids, eids, post, hist, _) = ids_list[i], bufs[i]
            kernel_for(layout_parts_kernel, ids)[(1,)](hist, sids, eids, post, numel, E, P, max_blocks, BLOCK_SIZE=BS, NB=NB,
                                                       BLOCK_P=bp, BLOCK_B=bb, PART=part, num_warps=warps, **pdl_options(ids))
        bpp = triton.next_power_of_2(triton.cdiv(max_blocks, P))

        def split_align(i, bp=8):
            ids, (sids, eids, post, hist, bounds) = ids_list[i], bufs[i]
            count(i)
            kernel_for(layout_min_kernel, ids)[(1,)](hist, bounds, post, P, BLOCK_SIZE=BS, NB=NB, BLOCK_P=pkg_bp, num_warps=4, **pdl_options(ids))
            kernel_for(place_all_kernel, ids)[(P,)](ids, sids, eids, hist, bounds, numel, E, max_blocks, BLOCK_SIZE=BS, NB=NB,
                                                    CHUNK=chunk, BLOCK_P=bp, BPP=bpp, num_warps=8, **pdl_options(ids))
        arms = {"count": lambda i: count(i)}
        variants = {"pkg-like": (14, pkg_bb, pkg_bp, 8), "totals only": (0, pkg_bb, pkg_bp, 8),
                    "experts": (2, pkg_bb, pkg_bp, 8), "experts bb32": (2, 32, pkg_bp, 8), "sentinels": (4, pkg_bb, pkg_bp, 8),
                    "offsets": (8, pkg_bb, pkg_bp, 8), "offsets bp8": (8, pkg_bb, 8, 8), "all bb32": (14, 32, pkg_bp, 8),
                    "all bb32 bp8": (14, 32, 8, 8), "all bb32 4 warps": (14, 32, pkg_bp, 4)}
        for name, v in variants.items():
            arms["count+" + name] = lambda i, v=v: (count(i), layout(i, *v))
        arms["split align (layout sums only; place does offsets, experts, sentinels)"] = split_align
        for c in (64, 128, 256):
            arms[f"package align chunk {c}"] = lambda i, c=c: ma.moe_align_block_size(ids_list[i], BS, E, chunk=c)
        # the pkg-like variant must write what the package's layout writes
        ref = [ma.moe_align_block_size(i, BS, E) for i in ids_list]
        for i in range(len(ids_list)):
            count(i); layout(i, 14, pkg_bb, pkg_bp, 8)
            kernel_for(ma.moe_align_place_kernel, ids_list[i])[(P,)](ids_list[i], bufs[i][0], bufs[i][3], numel, E, NB=NB, CHUNK=chunk, num_warps=8)
        used = [int(r[2]) for r in ref]
        same = all(torch.equal(r[2], b[2]) and torch.equal(r[1], b[1]) and torch.equal(r[0][:u], b[0][:u]) for r, b, u in zip(ref, bufs, used))
        sbufs = [(b[0].clone(), b[1].clone(), b[2].clone()) for b in bufs]
        for i in range(len(ids_list)):
            bufs[i][0].fill_(-7); bufs[i][1].fill_(-7); split_align(i)
        split_same = all(torch.equal(r[2], b[2]) and torch.equal(r[1], b[1]) and torch.equal(r[0][:u], b[0][:u]) for r, b, u in zip(ref, bufs, used))
        t = {n: [] for n in arms}
        for _ in range(a.rounds):
            for n, f in arms.items():
                t[n].append(round(time_us([lambda i=i, f=f: f(i) for i in range(len(ids_list))], dev, reps=30), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        layout_us = {n[len("count+"):]: round(v - med["count"], 2) for n, v in med.items() if n.startswith("count+")}
        print(json.dumps(dict(m=M, P=P, chunk=chunk, max_blocks=max_blocks, pkg_block_b=pkg_bb, pkg_block_p=pkg_bp, pkg_like_equal=same, split_equal=split_same,
                              median_us=med, layout_us=layout_us, us=t)), flush=True)


if __name__ == "__main__":
    main()
