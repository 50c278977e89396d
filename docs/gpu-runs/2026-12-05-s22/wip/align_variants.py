"""Twenty-second session, call 1: moe_align_block_size's single program without atomics, and the router and the align in one launch.

Variants of the align, each timed as one call in a CUDA graph of 10 distinct inputs (refmoe.core.timing.time_us,
L2 flushed), each checked against the torch reference:
- atomic:  the package's single-program kernel as it was at 2edb524 (global atomics for the counts and the cursors),
           copied here;
- single:  the package's single-program kernel as it is in the tree this call carries;
- multi:   the package's three-launch path (count, layout, place);
- sort:    one program, no atomics: tl.histogram for the counts, then tl.sort of (bucket, pair) keys, so a pair's
           slot is its sorted position plus the padding before its bucket (tl.gather);
- onehot:  one program, no atomics: chunks of C pairs, a pair's rank in its bucket from a one-hot cumulative sum.
Then the router and the align: gate_route + the package's align (two launches) against gate_route + the sort
align, against one launch that routes and, in the last program of all, aligns (`fused`).
Last, the routed layer (`refmoe bench moe`'s work: gate GEMM to output, V2-Lite shapes, bf16) in three arms in one
process: `route_aligned` (this tree: the router aligns), `route` then `fused_experts` aligning with this tree's
single program, and `route` then the old atomic align (the package before this session).
One JSON line per measurement. python3 align_variants.py [--m 16 64 256 ...]"""
import argparse, json, sys
import torch
from refmoe.core.env import kernel_for, pdl_options
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait
from refmoe.core.timing import time_us
from refmoe.kernels.moe_align import _lay_out, moe_align_block_size, moe_align_block_size_torch, max_num_tokens_padded
from refmoe.kernels.topk import TopKConfig, route_tile
from refmoe.kernels.gate_route import gate_route, gate_route_plan, route_counters


@triton.jit
def align_atomic_kernel(topk_ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, scratch_ptr, numel, num_experts, max_blocks,
                        BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, BLOCK_T: tl.constexpr, BLOCK_B: tl.constexpr, PDL: tl.constexpr = False):
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    bins = tl.arange(0, NB)
    counter_ptr, cursor_ptr = scratch_ptr, scratch_ptr + NB
    tl.store(counter_ptr + bins, tl.zeros([NB], tl.int32))
    tl.debug_barrier()
    for start in range(0, numel, BLOCK_T):
        offs = start + tl.arange(0, BLOCK_T)
        e = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
        b = tl.where((e < 0) | (e >= num_experts), num_experts, e)
        tl.atomic_add(counter_ptr + b, 1, mask=offs < numel)
    tl.debug_barrier()
    counts = tl.load(counter_ptr + bins, volatile=True)
    starts = _lay_out(counts, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks, BLOCK_SIZE, BLOCK_B)
    tl.store(cursor_ptr + bins, starts)
    tl.debug_barrier()
    for start in range(0, numel, BLOCK_T):
        offs = start + tl.arange(0, BLOCK_T)
        e = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
        b = tl.where((e < 0) | (e >= num_experts), num_experts, e)
        dest = tl.atomic_add(cursor_ptr + b, 1, mask=offs < numel)
        tl.store(sorted_ids_ptr + dest, offs, mask=offs < numel)

@triton.jit
def _align_sort(topk_ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks,
                BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, BLOCK_T: tl.constexpr, BLOCK_B: tl.constexpr, CG: tl.constexpr):
    offs = tl.arange(0, BLOCK_T)
    live = offs < numel
    if CG: e = tl.load(topk_ids_ptr + offs, mask=live, other=-1, cache_modifier=".cg")
    else: e = tl.load(topk_ids_ptr + offs, mask=live, other=-1)
    b = tl.where((e < 0) | (e >= num_experts), num_experts, e)
    counts = tl.histogram(b, NB, mask=live)
    starts = _lay_out(counts, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks, BLOCK_SIZE, BLOCK_B)
    shift = starts - (tl.cumsum(counts, axis=0) - counts)
    key = tl.sort(tl.where(live, b, NB - 1) * BLOCK_T + offs)
    idx = key % BLOCK_T
    tl.store(sorted_ids_ptr + offs + tl.gather(shift, key // BLOCK_T, 0), idx, mask=idx < numel)

@triton.jit
def align_sort_kernel(topk_ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks,
                      BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, BLOCK_T: tl.constexpr, BLOCK_B: tl.constexpr, PDL: tl.constexpr = False):
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    _align_sort(topk_ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks, BLOCK_SIZE, NB, BLOCK_T, BLOCK_B, False)

@triton.jit
def align_onehot_kernel(topk_ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks,
                        BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, C: tl.constexpr, BLOCK_B: tl.constexpr, PDL: tl.constexpr = False):
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    bins = tl.arange(0, NB)
    counts = tl.full([NB], 0, tl.int32)
    for start in range(0, numel, C):
        offs = start + tl.arange(0, C)
        e = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
        b = tl.where((e < 0) | (e >= num_experts), num_experts, e)
        counts += tl.histogram(b, NB, mask=offs < numel)
    seen = _lay_out(counts, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, numel, num_experts, max_blocks, BLOCK_SIZE, BLOCK_B)
    for start in range(0, numel, C):
        offs = start + tl.arange(0, C)
        e = tl.load(topk_ids_ptr + offs, mask=offs < numel, other=-1)
        b = tl.where((e < 0) | (e >= num_experts), num_experts, e)
        hit = (b[:, None] == bins[None, :]).to(tl.int32)
        dest = tl.sum(hit * (tl.cumsum(hit, axis=0) - 1 + seen[None, :]), axis=1)
        tl.store(sorted_ids_ptr + dest, offs, mask=offs < numel)
        seen += tl.histogram(b, NB, mask=offs < numel)

@triton.jit
def fused_route_align_kernel(
    x_ptr, gate_ptr, part_ptr, counter_ptr, weights_ptr, ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr,
    M, H, E, stride_xm, stride_ge, max_blocks,
    SPLIT: tl.constexpr, H_PER_SPLIT: tl.constexpr, BLOCK_H: tl.constexpr,
    TOP_K: tl.constexpr, BLOCK_K: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_E: tl.constexpr,
    BLOCK_SIZE: tl.constexpr, NB: tl.constexpr, BLOCK_T: tl.constexpr, BLOCK_B: tl.constexpr, ONE_BLOCK: tl.constexpr,
    PDL: tl.constexpr = False,
):
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    pid_m, pid_s = tl.program_id(0), tl.program_id(1)
    nblocks = tl.num_programs(0)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_E)
    rmask, cmask = rows < M, cols < E
    acc = tl.zeros([BLOCK_M, BLOCK_E], tl.float32)
    for h0 in range(0, H_PER_SPLIT, BLOCK_H):
        hs = pid_s * H_PER_SPLIT + h0 + tl.arange(0, BLOCK_H)
        hmask = hs < H
        xt = tl.load(x_ptr + rows[:, None] * stride_xm + hs[None, :], mask=rmask[:, None] & hmask[None, :], other=0.0)
        gt = tl.load(gate_ptr + cols[None, :] * stride_ge + hs[:, None], mask=hmask[:, None] & cmask[None, :], other=0.0)
        acc = tl.dot(xt, gt, acc)
    rows_all = nblocks * BLOCK_M
    offs = rows[:, None] * BLOCK_E + cols[None, :]
    tile_mask = rmask[:, None] & cmask[None, :]
    tl.store(part_ptr + pid_s * rows_all * BLOCK_E + offs, acc, mask=tile_mask)
    tl.debug_barrier()
    arrived = tl.atomic_add(counter_ptr + pid_m, 1, sem="acq_rel", scope="gpu")
    if arrived == SPLIT - 1:
        logits = tl.zeros([BLOCK_M, BLOCK_E], tl.float32)
        for s in tl.static_range(SPLIT):
            logits += tl.load(part_ptr + s * rows_all * BLOCK_E + offs, mask=tile_mask, other=0.0, cache_modifier=".cg")
        tl.store(counter_ptr + pid_m, 0)
        route_tile(logits, rows, cols, ids_ptr, ids_ptr, ids_ptr, weights_ptr, ids_ptr, ids_ptr, M, E, 1.0, TOP_K, BLOCK_K,
                   BLOCK_M, BLOCK_E, False, 1, E, 1, False, False, False, False, False)
        if ONE_BLOCK:
            tl.debug_barrier()
            _align_sort(ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, M * TOP_K, E, max_blocks, BLOCK_SIZE, NB, BLOCK_T, BLOCK_B, True)
        else:
            tl.debug_barrier()
            done = tl.atomic_add(counter_ptr + nblocks, 1, sem="acq_rel", scope="gpu")
            if done == nblocks - 1:
                tl.store(counter_ptr + nblocks, 0)
                _align_sort(ids_ptr, sorted_ids_ptr, expert_ids_ptr, num_post_ptr, M * TOP_K, E, max_blocks, BLOCK_SIZE, NB, BLOCK_T, BLOCK_B, True)


def align_out(numel, E, block, dev):
    cap = max_num_tokens_padded(numel, E, block)
    return (torch.empty(cap, dtype=torch.int32, device=dev), torch.empty(triton.cdiv(cap, block), dtype=torch.int32, device=dev),
            torch.empty(1, dtype=torch.int32, device=dev))

def align_atomic(ids, block, E):
    numel, NB = ids.numel(), triton.next_power_of_2(E + 1)
    s, ex, post = align_out(numel, E, block, ids.device)
    scratch = torch.empty(2 * NB, dtype=torch.int32, device=ids.device)
    kernel_for(align_atomic_kernel, ids)[(1,)](ids, s, ex, post, scratch, numel, E, ex.numel(), BLOCK_SIZE=block, NB=NB,
        BLOCK_T=min(1024, triton.next_power_of_2(max(numel, 16))), BLOCK_B=min(256, triton.next_power_of_2(ex.numel())),
        num_warps=4 if numel <= 256 else 8, **pdl_options(ids))
    return s, ex, post

def align_sort(ids, block, E, warps):
    numel, NB = ids.numel(), triton.next_power_of_2(E + 1)
    s, ex, post = align_out(numel, E, block, ids.device)
    kernel_for(align_sort_kernel, ids)[(1,)](ids, s, ex, post, numel, E, ex.numel(), BLOCK_SIZE=block, NB=NB,
        BLOCK_T=triton.next_power_of_2(max(numel, 16)), BLOCK_B=min(256, triton.next_power_of_2(ex.numel())), num_warps=warps, **pdl_options(ids))
    return s, ex, post

def align_onehot(ids, block, E, warps, C):
    numel, NB = ids.numel(), triton.next_power_of_2(E + 1)
    s, ex, post = align_out(numel, E, block, ids.device)
    kernel_for(align_onehot_kernel, ids)[(1,)](ids, s, ex, post, numel, E, ex.numel(), BLOCK_SIZE=block, NB=NB, C=C,
        BLOCK_B=min(256, triton.next_power_of_2(ex.numel())), num_warps=warps, **pdl_options(ids))
    return s, ex, post

def fused(x, gate, k, block, counters, warps=4):
    M, H = x.shape
    E = gate.shape[0]
    bm, bh, split = gate_route_plan(M, H, not x.is_cuda)
    blocks = triton.cdiv(M, bm)
    be = triton.next_power_of_2(E)
    part = torch.empty(split, blocks * bm, be, dtype=torch.float32, device=x.device)
    w = torch.empty(M, k, dtype=torch.float32, device=x.device)
    ids = torch.empty(M, k, dtype=torch.int32, device=x.device)
    s, ex, post = align_out(M * k, E, block, x.device)
    kernel_for(fused_route_align_kernel, x)[(blocks, split)](
        x, gate, part, counters, w, ids, s, ex, post, M, H, E, x.stride(0), gate.stride(0), ex.numel(),
        SPLIT=split, H_PER_SPLIT=triton.cdiv(triton.cdiv(H, split), bh) * bh, BLOCK_H=bh, TOP_K=k,
        BLOCK_K=triton.next_power_of_2(k), BLOCK_M=bm, BLOCK_E=be, BLOCK_SIZE=block, NB=triton.next_power_of_2(E + 1),
        BLOCK_T=triton.next_power_of_2(max(M * k, 16)), BLOCK_B=min(256, triton.next_power_of_2(ex.numel())),
        ONE_BLOCK=blocks == 1, num_warps=warps, **pdl_options(x))
    return w, ids, (s, ex, post)

def agrees(out, ids, block, E):
    s, ex, post = (t.cpu() for t in out)
    sr, er, pr = moe_align_block_size_torch(ids.cpu(), block, E)
    n = int(pr)
    return bool(torch.equal(post, pr) and torch.equal(ex[:len(er)], er) and torch.equal(s[:n], sr[:n]))

def agrees_bucketed(out, ids, block, E):
    s, ex, post = (t.cpu() for t in out)
    sr, er, pr = moe_align_block_size_torch(ids.cpu(), block, E)
    n = int(pr)
    if not (torch.equal(post, pr) and torch.equal(ex[:len(er)], er)): return False
    blk = er[: n // block].repeat_interleave(block)
    key = lambda v: (blk.long() * (ids.numel() + 1) + v[:n].long()).sort().values
    return bool(torch.equal(key(s), key(sr)))

BLOCK_FOR = {16: 16, 32: 16, 64: 16, 128: 16, 256: 32, 512: 64, 1024: 128, 2048: 128, 4096: 128}

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[16, 64, 256, 1024, 2048])
    p.add_argument("--fused-m", type=int, nargs="+", default=[16, 32, 64, 128, 256, 1024])
    p.add_argument("--layer-m", type=int, nargs="+", default=[16, 32, 64, 128, 256, 341, 512, 1024, 2048])
    a = p.parse_args()
    dev, E, k, H, n_in = torch.device("cuda"), 64, 6, 2048, 10
    g = torch.Generator().manual_seed(0)
    bad = 0
    import refmoe.kernels.fused_moe as fm
    from refmoe.bench.moe import SHAPES, make_layer
    layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
    for M in a.layer_m:
        xs = [torch.randn(M, H, generator=g).to(dev, torch.bfloat16) for _ in range(n_in)]
        new = lambda x: layer.routed_experts(x, *layer.route_aligned(x, None))
        two = lambda x: layer.routed_experts(x, *layer.route(x, None))
        outs = [new(x) for x in xs[:2]]
        same = all(torch.equal(o, two(x)) for o, x in zip(outs, xs))
        row = {"M": M, "layer_same_bits": same, "align_block": layer.align_block(xs[0])}
        row["us_route_aligned"] = round(time_us([lambda x=x: new(x) for x in xs], dev, reps=30), 2)
        row["us_route_then_align"] = round(time_us([lambda x=x: two(x) for x in xs], dev, reps=30), 2)
        saved = fm.moe_align_block_size
        fm.moe_align_block_size = lambda ids, bm, E: align_atomic(ids, bm, E) if ids.numel() <= 2048 else saved(ids, bm, E)
        try:
            row["same_atomic"] = all(torch.equal(o, two(x)) for o, x in zip(outs, xs))
            row["us_route_then_atomic"] = round(time_us([lambda x=x: two(x) for x in xs], dev, reps=30), 2)
        finally:
            fm.moe_align_block_size = saved
        if M * k > 2048:   # above ALIGN_SINGLE_MAX: the one launch with the single-program align allowed up to 16,384 pairs
            import refmoe.layers.moe as lm, refmoe.kernels.route_align as ra
            saved_l, saved_r = lm.ALIGN_SINGLE_MAX, ra.ALIGN_SINGLE_MAX
            lm.ALIGN_SINGLE_MAX = ra.ALIGN_SINGLE_MAX = 16384
            try:
                row["big_same_bits"] = all(torch.equal(o, new(x)) for o, x in zip(outs, xs))
                row["us_route_aligned_big"] = round(time_us([lambda x=x: new(x) for x in xs], dev, reps=30), 2)
            except Exception as e:
                row["big_error"] = f"{type(e).__name__}: {str(e)[:200]}"
            finally:
                lm.ALIGN_SINGLE_MAX, ra.ALIGN_SINGLE_MAX = saved_l, saved_r
        bad += not same
        print(json.dumps(row), flush=True)
    for M in a.m:
        block = BLOCK_FOR.get(M, 16)
        idss = [torch.rand(M, E, generator=g).topk(k, dim=1).indices.int().to(dev) for _ in range(n_in)]
        idss[1][M // 2:] = -1   # one input half padding
        variants = {"atomic": lambda i: align_atomic(i, block, E),
                    "single": lambda i: moe_align_block_size(i, block, E, single_max=1 << 40),
                    "multi": lambda i: moe_align_block_size(i, block, E, single_max=0)}
        for w in (4, 8):
            variants[f"sort/w{w}"] = lambda i, w=w: align_sort(i, block, E, w)
        for C in (128, 256):
            variants[f"onehot{C}/w8"] = lambda i, C=C: align_onehot(i, block, E, 8, C)
        for name, fn in variants.items():
            try:
                ok = all((agrees_bucketed if name == "atomic" else agrees)(fn(i), i, block, E) for i in idss[:2])
                us = time_us([lambda i=i: fn(i) for i in idss], dev, reps=30)
            except Exception as e:
                print(json.dumps({"M": M, "variant": name, "error": f"{type(e).__name__}: {str(e)[:300]}"}), flush=True)
                continue
            bad += not ok
            print(json.dumps({"M": M, "numel": M * k, "block": block, "variant": name, "us": round(us, 2), "exact": ok}), flush=True)
    cfg = TopKConfig(top_k=k)
    for M in a.fused_m:
        block = BLOCK_FOR.get(M, 16 if M <= 128 else 32)
        gate = (torch.randn(E, H, generator=g) / H ** 0.5).to(dev, torch.bfloat16)
        xs = [torch.randn(M, H, generator=g).to(dev, torch.bfloat16) for _ in range(n_in)]
        counters = route_counters(4096, dev)
        arms = {"route+atomic": lambda x: align_atomic(gate_route(x, gate, cfg, counters=counters)[1], block, E),
                "route+align": lambda x: moe_align_block_size(gate_route(x, gate, cfg, counters=counters)[1], block, E),
                "route+sort": lambda x: align_sort(gate_route(x, gate, cfg, counters=counters)[1], block, E, 4),
                "route": lambda x: gate_route(x, gate, cfg, counters=counters)}
        for w in (4, 8):
            arms[f"fused/w{w}"] = lambda x, w=w: fused(x, gate, k, block, counters, w)
        ok = True
        for x in xs[:2]:
            w_ref, ids_ref = gate_route(x, gate, cfg, counters=counters)
            for w in (4, 8):
                wf, idf, out = fused(x, gate, k, block, counters, w)
                ok &= bool(torch.equal(idf, ids_ref) and torch.equal(wf, w_ref) and agrees(out, idf, block, E))
        ok &= int(counters.abs().sum()) == 0
        bad += not ok
        row = {"M": M, "block": block, "fused_exact": ok}
        for name, fn in arms.items():
            row[name] = round(time_us([lambda x=x: fn(x) for x in xs], dev, reps=30), 2)
        print(json.dumps(row), flush=True)
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
