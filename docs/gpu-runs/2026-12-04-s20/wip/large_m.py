"""Twentieth session: the routed layer at M >= 1024 on the H200, piece by piece.

For M in --m (default 1024 2048 4096), V2-Lite shapes, bf16, CUDA graphs of --inputs distinct inputs:
- the layer and its two GEMMs with the committed tiles (the baseline, same run);
- GEMM1 and GEMM2 alone, each over a sweep of tiles, for 15's pointer kernel and for a variant that
  loads the expert tiles through a TMA descriptor (B only: A's rows are gathered);
- the top-k sum: torch's `view(M, k, H).sum(1)` against a Triton row-sum.
Each variant's output is checked against 15's kernel on the first input. One JSON line per measurement.
python3 docs/gpu-runs/2026-12-04-s20/wip/large_m.py [--m 1024 2048 4096] [--quick]
"""
import argparse, json, sys, time
import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer, touched_bytes
from refmoe.core.timing import time_us
from refmoe.kernels.fused_moe import fused_moe_kernel, invoke_fused_moe_kernel
from refmoe.kernels.moe_align import moe_align_block_size
from refmoe.kernels.tile_configs import get_config


@triton.jit
def moe_kernel_tma(a_ptr, b_desc, c_ptr, topk_weights_ptr, sorted_token_ids_ptr, expert_ids_ptr, ntp_ptr,
                   N, K, EM, num_valid_tokens, stride_am, stride_cm,
                   TOP_K: tl.constexpr, MUL_ROUTED_WEIGHT: tl.constexpr, SILU_AND_MUL: tl.constexpr,
                   BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                   GROUP_SIZE_M: tl.constexpr, ROWS_PER_EXPERT: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m, num_pid_n = tl.cdiv(EM, BLOCK_SIZE_M), tl.cdiv(N, BLOCK_SIZE_N)
    group = pid // (GROUP_SIZE_M * num_pid_n)
    first_m = group * GROUP_SIZE_M
    size_m = min(num_pid_m - first_m, GROUP_SIZE_M)
    pid_m = first_m + (pid % (GROUP_SIZE_M * num_pid_n)) % size_m
    pid_n = (pid % (GROUP_SIZE_M * num_pid_n)) // size_m
    if pid_m * BLOCK_SIZE_M >= tl.load(ntp_ptr):
        return
    pair = tl.load(sorted_token_ids_ptr + pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)).to(tl.int64)
    row_ok = pair < num_valid_tokens
    offs_n = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + pair[:, None] * stride_cm + offs_n[None, :]
    c_mask = row_ok[:, None] & (offs_n < N)[None, :]
    expert = tl.load(expert_ids_ptr + pid_m)
    if expert == -1:
        tl.store(c_ptrs, tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], c_ptr.dtype.element_ty), mask=c_mask)
        return
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + tl.where(row_ok, pair // TOP_K, 0)[:, None] * stride_am + offs_k[None, :]
    row0 = expert * ROWS_PER_EXPERT + pid_n * BLOCK_SIZE_N
    acc = tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], tl.float32)
    acc_up = tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], tl.float32)
    for kk in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - kk * BLOCK_SIZE_K, other=0.0)
        b = b_desc.load([row0, kk * BLOCK_SIZE_K])
        acc = tl.dot(a, b.T, acc)
        if SILU_AND_MUL:
            bu = b_desc.load([row0 + N, kk * BLOCK_SIZE_K])
            acc_up = tl.dot(a, bu.T, acc_up)
        a_ptrs += BLOCK_SIZE_K
    if SILU_AND_MUL:
        acc = acc / (1.0 + tl.exp(-acc)) * acc_up
    if MUL_ROUTED_WEIGHT:
        acc = acc * tl.load(topk_weights_ptr + pair, mask=row_ok, other=0.0)[:, None]
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=c_mask)


def launch_tma(a, b, c, w, s, e, n, top_k, mul, silu, bm, bn, bk, group, warps, stages):
    E, R, K = b.shape
    N = R // 2 if silu else R
    assert N % bn == 0, (N, bn)
    desc = TensorDescriptor(b.view(E * R, K), [E * R, K], [K, 1], [bn, bk])
    EM = s.numel()
    grid = (triton.cdiv(EM, bm) * triton.cdiv(N, bn),)
    moe_kernel_tma[grid](a, desc, c, w, s, e, n, N, K, EM, w.numel(), a.stride(0), c.stride(0),
                         TOP_K=top_k, MUL_ROUTED_WEIGHT=mul, SILU_AND_MUL=silu, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                         BLOCK_SIZE_K=bk, GROUP_SIZE_M=group, ROWS_PER_EXPERT=R, num_warps=warps, num_stages=stages)


def launch_ptr(a, b, c, w, s, e, n, top_k, mul, silu, bm, bn, bk, group, warps, stages):
    invoke_fused_moe_kernel(a, b, c, w, s, e, n, top_k, mul, silu, True, bm, bn, bk, group, warps, stages)


@triton.jit
def topk_sum_kernel(x_ptr, out_ptr, H, TOP_K: tl.constexpr, BLOCK_H: tl.constexpr):
    t = tl.program_id(0).to(tl.int64)
    offs = tl.program_id(1) * BLOCK_H + tl.arange(0, BLOCK_H)
    m = offs < H
    acc = tl.zeros([BLOCK_H], tl.float32)
    for j in tl.static_range(TOP_K):
        acc += tl.load(x_ptr + (t * TOP_K + j) * H + offs, mask=m, other=0.0).to(tl.float32)
    tl.store(out_ptr + t * H + offs, acc.to(out_ptr.dtype.element_ty), mask=m)


def topk_sum(x, out, k, block_h, warps):
    M, H = out.shape
    topk_sum_kernel[(M, triton.cdiv(H, block_h))](x, out, H, TOP_K=k, BLOCK_H=block_h, num_warps=warps)


# (BLOCK_N, BLOCK_K, warps, stages, group) per GEMM; BLOCK_M from BMS
G1 = [(128, 64, 8, 4, 8), (64, 64, 4, 4, 8), (128, 64, 8, 3, 8), (64, 128, 4, 3, 8), (64, 64, 8, 6, 8),
      (128, 32, 8, 6, 8), (64, 128, 8, 3, 8), (128, 128, 8, 2, 8)]
G2 = [(128, 64, 8, 4, 8), (256, 64, 8, 3, 8), (128, 128, 8, 3, 8), (128, 64, 4, 4, 8), (256, 32, 8, 5, 8),
      (64, 128, 4, 4, 8), (128, 128, 4, 3, 8)]
QUICK1, QUICK2 = G1[:3], G2[:3]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1024, 2048, 4096])
    p.add_argument("--bm", type=int, nargs="+", default=[64, 128])
    p.add_argument("--inputs", type=int, default=4); p.add_argument("--reps", type=int, default=10)
    p.add_argument("--quick", action="store_true"); p.add_argument("--variants", nargs="+", default=["ptr", "tma"])
    p.add_argument("--budget-s", type=float, default=400)
    a = p.parse_args()
    dev = torch.device("cuda")
    shape = SHAPES["v2-lite"]
    E, H, I, k = shape["E"], shape["H"], shape["I"], shape["k"]
    layer = make_layer(shape, dev, torch.bfloat16)
    w13, w2 = layer.w13, layer.w2
    t0 = time.time()
    g1, g2 = (QUICK1, QUICK2) if a.quick else (G1, G2)
    for M in a.m:
        inputs = make_inputs(layer, M, a.inputs, seed=M)
        cfg = get_config(M, E, I, H, k, dev, dtype=torch.bfloat16)
        floor = touched_bytes(inputs, shape, torch.bfloat16) / 4.2e6
        flop1, flop2 = 2 * M * k * H * 2 * I / 790e6, 2 * M * k * H * I / 790e6
        t_layer = time_us([lambda x=x: routed_layer(layer, x) for x, _, _ in inputs], dev, reps=a.reps)
        print(json.dumps(dict(what="layer", m=M, cfg=cfg, us=round(t_layer, 1), floor_us=round(floor, 1),
                              flop_us=round(flop1 + flop2, 1))), flush=True)
        # the top-k sum
        pp = [torch.randn(M * k, H, device=dev).to(torch.bfloat16) for _ in range(a.inputs)]
        outs = [torch.empty(M, H, device=dev, dtype=torch.bfloat16) for _ in range(a.inputs)]
        ref = pp[0].view(M, k, H).sum(1)
        t_torch = time_us([lambda x=x: x.view(M, k, H).sum(1) for x in pp], dev, reps=a.reps)
        for bh, wp in ((1024, 4), (2048, 8), (512, 4), (256, 2)):
            topk_sum(pp[0], outs[0], k, bh, wp)
            same = bool(torch.equal(outs[0], ref))
            t = time_us([lambda x=x, o=o: topk_sum(x, o, k, bh, wp) for x, o in zip(pp, outs)], dev, reps=a.reps)
            print(json.dumps(dict(what="topk_sum", m=M, block_h=bh, warps=wp, us=round(t, 2), torch_us=round(t_torch, 2),
                                  identical=same, floor_us=round(M * k * H * 2 * 7 / 6 / 4.2e6, 2))), flush=True)
        del pp, outs
        for bm in a.bm:
            al = [moe_align_block_size(ids, bm, E) for _, _, ids in inputs]
            acts = [torch.empty(M * k, I, device=dev, dtype=torch.bfloat16) for _ in inputs]
            pps = [torch.empty(M * k, H, device=dev, dtype=torch.bfloat16) for _ in inputs]
            x0, w0, _ = inputs[0]; s0, e0, n0 = al[0]
            ref1 = torch.empty(M * k, I, device=dev, dtype=torch.bfloat16)
            launch_ptr(x0, w13, ref1, w0, s0, e0, n0, k, False, True, bm, 128, 64, 8, 8, 4)
            ref2 = torch.empty(M * k, H, device=dev, dtype=torch.bfloat16)
            launch_ptr(ref1, w2, ref2, w0, s0, e0, n0, 1, True, False, bm, 128, 64, 8, 8, 4)
            for gemm, cands in (("gemm1", g1), ("gemm2", g2)):
                for variant in a.variants:
                    for bn, bk, wp, st, gr in cands:
                        if time.time() - t0 > a.budget_s: print(json.dumps(dict(what="budget spent", m=M))); return
                        fn = launch_ptr if variant == "ptr" else launch_tma
                        try:
                            if gemm == "gemm1":
                                o = torch.empty_like(ref1); fn(x0, w13, o, w0, s0, e0, n0, k, False, True, bm, bn, bk, gr, wp, st)
                                err = ((o.float() - ref1.float()).norm() / ref1.float().norm()).item()
                                fns = [lambda x=x, w=w, al_=al_, c=c: fn(x, w13, c, w, *al_, k, False, True, bm, bn, bk, gr, wp, st)
                                       for (x, w, _), al_, c in zip(inputs, al, acts)]
                            else:
                                o = torch.empty_like(ref2); fn(ref1, w2, o, w0, s0, e0, n0, 1, True, False, bm, bn, bk, gr, wp, st)
                                err = ((o.float() - ref2.float()).norm() / ref2.float().norm()).item()
                                fns = [lambda w=w, al_=al_, c=c, act=act: fn(act, w2, c, w, *al_, 1, True, False, bm, bn, bk, gr, wp, st)
                                       for (_, w, _), al_, c, act in zip(inputs, al, pps, acts)]
                            t = time_us(fns, dev, reps=a.reps)
                            fl = flop1 if gemm == "gemm1" else flop2
                            print(json.dumps(dict(what=gemm, variant=variant, m=M, bm=bm, bn=bn, bk=bk, warps=wp, stages=st, group=gr,
                                                  us=round(t, 1), rel_err=float(f"{err:.3g}"), tflops=round(fl * 790 / t, 1))), flush=True)
                        except Exception as ex:
                            print(json.dumps(dict(what=gemm, variant=variant, m=M, bm=bm, bn=bn, bk=bk, warps=wp, stages=st,
                                                  error=f"{type(ex).__name__}: {str(ex)[:300]}")), flush=True)
            del acts, pps


if __name__ == "__main__":
    main()
