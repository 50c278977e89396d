"""Work in progress (not in the package): two folds for the decode step at a few rows, checked here against the
package's kernels (interpreter on CPU, or the GPU):
    TRITON_INTERPRET=1 python3 docs/gpu-runs/2026-12-04-s18/wip/fused_decode.py

1. `qkv_rope_gemv`: residual add + input RMSNorm + qkv_proj + rotate-half rotary + k/v store into the cache, one
   launch where there were three (rms_norm, dense_gemv, rotary_store). Each program takes BLOCK_N / 2 column pairs
   (d, d + HALF) of one head, so the rotation happens in its epilogue.
2. `norm_gate_route`: residual add + post-attention RMSNorm folded into gate_route (split over H): each program sums
   the row's squares itself, stores its slice of the normed row and of h, and multiplies its slice by the gate.
"""
from __future__ import annotations

import torch
from refmoe.core.env import interpreted_on, kernel_for, pdl_options
import triton
import triton.language as tl
from triton.language.extra.cuda import gdc_launch_dependents, gdc_wait

from refmoe.kernels.topk import route_tile


@triton.jit
def qkv_rope_gemv_kernel(
    x_ptr, res_ptr, g_ptr, w_ptr, cos_ptr, sin_ptr, pos_ptr, slot_ptr, q_out_ptr, k_cache_ptr, v_cache_ptr, h_ptr,
    M, K, HEADS, stride_xm, stride_rm, stride_wn, stride_c, stride_slot, stride_hm, eps,
    HALF: tl.constexpr, PAIRS: tl.constexpr, BLOCK_K: tl.constexpr, HAS_RESIDUAL: tl.constexpr,
    PDL: tl.constexpr = False, INDEX_READY: tl.constexpr = False,
):
    """Program p: head `p // (HALF // PAIRS)` of the 3 * HEADS (q, k, v), columns d and d + HALF for d in its PAIRS."""
    pid = tl.program_id(0)
    per_head = HALF // PAIRS
    head, j = pid // per_head, pid % per_head
    d = j * PAIRS + tl.arange(0, PAIRS)
    n1 = head * (2 * HALF) + d
    offs_k = tl.arange(0, BLOCK_K)
    kmask = offs_k < K
    w1 = tl.load(w_ptr + n1[:, None] * stride_wn + offs_k[None, :], mask=kmask[None, :], other=0.0)
    w2 = tl.load(w_ptr + (n1 + HALF)[:, None] * stride_wn + offs_k[None, :], mask=kmask[None, :], other=0.0)
    g = tl.load(g_ptr + offs_k, mask=kmask, other=0.0).to(tl.float32)
    section = head // HEADS            # 0: q, 1: k, 2: v
    hd = head % HEADS
    pos0 = tl.load(pos_ptr)           # row 0's position, angles and slot: ahead of the wait when INDEX_READY
    slot0 = tl.load(slot_ptr)
    cos0 = tl.load(cos_ptr + pos0 * stride_c + d)
    sin0 = tl.load(sin_ptr + pos0 * stride_c + d)
    if PDL:   # weights loaded; x (and the residual) come from the kernel before
        gdc_wait()
        gdc_launch_dependents()
    w1f, w2f = w1.to(tl.float32), w2.to(tl.float32)
    for m in range(0, M):
        x = tl.load(x_ptr + m * stride_xm + offs_k, mask=kmask, other=0.0)
        if HAS_RESIDUAL:
            r = tl.load(res_ptr + m * stride_rm + offs_k, mask=kmask, other=0.0)
            x = (x.to(tl.float32) + r.to(tl.float32)).to(x.dtype)
            if pid == 0:
                tl.store(h_ptr + m * stride_hm + offs_k, x, mask=kmask)
        xf = x.to(tl.float32)
        inv = 1.0 / tl.sqrt(tl.sum(xf * xf, axis=0) / K + eps)
        y_in = ((xf * inv).to(x.dtype).to(tl.float32) * g).to(x.dtype).to(tl.float32)   # rms_norm's output, as stored
        a = tl.sum(w1f * y_in[None, :], axis=1).to(x.dtype)    # the projection's output, rounded as it would be stored
        b = tl.sum(w2f * y_in[None, :], axis=1).to(x.dtype)
        if INDEX_READY:
            slot, pos, cos, sin = slot0, pos0, cos0, sin0
            if m > 0:
                slot, pos = tl.load(slot_ptr + m), tl.load(pos_ptr + m)
                cos, sin = tl.load(cos_ptr + pos * stride_c + d), tl.load(sin_ptr + pos * stride_c + d)
        else:
            slot, pos = tl.load(slot_ptr + m), tl.load(pos_ptr + m)
            cos, sin = tl.load(cos_ptr + pos * stride_c + d), tl.load(sin_ptr + pos * stride_c + d)
        if section == 2:
            dst = v_cache_ptr + slot * stride_slot + hd * (2 * HALF) + d
            tl.store(dst, a)
            tl.store(dst + HALF, b)
        else:
            af, bf = a.to(tl.float32), b.to(tl.float32)
            r1, r2 = (af * cos - bf * sin).to(x.dtype), (bf * cos + af * sin).to(x.dtype)
            if section == 0:
                dst = q_out_ptr + (m * HEADS + hd) * (2 * HALF) + d
            else:
                dst = k_cache_ptr + slot * stride_slot + hd * (2 * HALF) + d
            tl.store(dst, r1)
            tl.store(dst + HALF, r2)


def qkv_rope_gemv(x, residual, norm_weight, eps, weight, cos, sin, positions, slots, k_cache, v_cache, heads, index_ready=False):
    "`(q rotated [M, heads, D], x + residual)`; k rotated and v written to the cache at `slots`; residual None: no add."
    (M, K), N = x.shape, weight.shape[0]
    D = N // (3 * heads)
    half = D // 2
    pairs = 4 if interpreted_on(x) else 4
    q = torch.empty(M, heads, D, dtype=x.dtype, device=x.device)
    h = torch.empty_like(x) if residual is not None else x
    res = residual if residual is not None else x
    kernel_for(qkv_rope_gemv_kernel, x)[(3 * heads * (half // pairs),)](
        x, res, norm_weight, weight, cos, sin, positions, slots, q, k_cache, v_cache, h, M, K, heads,
        x.stride(0), res.stride(0), weight.stride(0), cos.stride(0), k_cache.stride(0), h.stride(0), float(eps),
        HALF=half, PAIRS=pairs, BLOCK_K=triton.next_power_of_2(K), HAS_RESIDUAL=residual is not None,
        INDEX_READY=index_ready and bool(pdl_options(x)), num_warps=4, **pdl_options(x))
    return q, h


@triton.jit
def norm_gate_route_kernel(
    x_ptr, res_ptr, g_ptr, y_ptr, h_ptr, gate_ptr, part_ptr, counter_ptr, bias_ptr, map_ptr, count_ptr, weights_ptr, ids_ptr,
    load_ptr, M, H, E, stride_xm, stride_ge, scale, eps,
    SPLIT: tl.constexpr, BLOCK_H: tl.constexpr, PRECISION: tl.constexpr, UPCAST: tl.constexpr,
    TOP_K: tl.constexpr, BLOCK_K: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_E: tl.constexpr,
    SIGMOID: tl.constexpr, N_GROUP: tl.constexpr, GROUP_SIZE: tl.constexpr, TOPK_GROUP: tl.constexpr,
    RENORMALIZE: tl.constexpr, HAS_BIAS: tl.constexpr, HAS_MAP: tl.constexpr, HAS_COUNT: tl.constexpr, HAS_LOAD: tl.constexpr,
    PDL: tl.constexpr = False,
):
    """gate_route's kernel with the residual add and the norm in front: program (b, s) owns columns [s * BLOCK_H, (s + 1) * BLOCK_H)."""
    pid_m, pid_s = tl.program_id(0), tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_E)
    rmask, cmask = rows < M, cols < E
    hs = pid_s * BLOCK_H + tl.arange(0, BLOCK_H)
    hmask = hs < H
    gt = tl.load(gate_ptr + cols[None, :] * stride_ge + hs[:, None], mask=hmask[:, None] & cmask[None, :], other=0.0)
    gw = tl.load(g_ptr + hs, mask=hmask, other=0.0).to(tl.float32)
    if PDL:   # the gate slice and the norm weight are loaded: x waits for the kernel before
        gdc_wait()
        gdc_launch_dependents()
    ss = tl.zeros([BLOCK_M], tl.float32)
    for c0 in range(0, H, BLOCK_H):     # the row's sum of squares, over all of H
        cs = c0 + tl.arange(0, BLOCK_H)
        msk = rmask[:, None] & (cs < H)[None, :]
        xa = tl.load(x_ptr + rows[:, None] * stride_xm + cs[None, :], mask=msk, other=0.0)
        ra = tl.load(res_ptr + rows[:, None] * stride_xm + cs[None, :], mask=msk, other=0.0)
        ha = (xa.to(tl.float32) + ra.to(tl.float32)).to(xa.dtype).to(tl.float32)
        ss += tl.sum(ha * ha, axis=1)
    inv = 1.0 / tl.sqrt(ss / H + eps)
    msk = rmask[:, None] & hmask[None, :]
    xt = tl.load(x_ptr + rows[:, None] * stride_xm + hs[None, :], mask=msk, other=0.0)
    rt = tl.load(res_ptr + rows[:, None] * stride_xm + hs[None, :], mask=msk, other=0.0)
    ht = (xt.to(tl.float32) + rt.to(tl.float32)).to(xt.dtype)
    tl.store(h_ptr + rows[:, None] * stride_xm + hs[None, :], ht, mask=msk)
    yt = ((ht.to(tl.float32) * inv[:, None]).to(xt.dtype).to(tl.float32) * gw[None, :]).to(xt.dtype)
    tl.store(y_ptr + rows[:, None] * stride_xm + hs[None, :], yt, mask=msk)
    if UPCAST:
        acc = tl.dot(yt.to(tl.float32), gt.to(tl.float32), input_precision=PRECISION)
    else:
        acc = tl.dot(yt, gt, input_precision=PRECISION)
    if SPLIT == 1:
        route_tile(acc, rows, cols, bias_ptr, map_ptr, count_ptr, weights_ptr, ids_ptr, load_ptr, M, E, scale, TOP_K, BLOCK_K,
                   BLOCK_M, BLOCK_E, SIGMOID, N_GROUP, GROUP_SIZE, TOPK_GROUP, RENORMALIZE, HAS_BIAS, HAS_MAP, HAS_COUNT, HAS_LOAD)
    else:
        rows_all = tl.num_programs(0) * BLOCK_M
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
            route_tile(logits, rows, cols, bias_ptr, map_ptr, count_ptr, weights_ptr, ids_ptr, load_ptr, M, E, scale, TOP_K, BLOCK_K,
                       BLOCK_M, BLOCK_E, SIGMOID, N_GROUP, GROUP_SIZE, TOPK_GROUP, RENORMALIZE, HAS_BIAS, HAS_MAP, HAS_COUNT, HAS_LOAD)


def norm_gate_route(x, residual, norm_weight, eps, gate, config, num_token_non_padded=None, expert_map=None, *,
                    correction_bias=None, counters=None, expert_load=None, split=8):
    "`(norm(x + residual), x + residual, topk_weights, topk_ids)` in one launch (x, residual contiguous [M, H])."
    M, H = x.shape
    E = gate.shape[0]
    interp = interpreted_on(x)
    bm, be = 16, triton.next_power_of_2(E)
    bh = triton.next_power_of_2(triton.cdiv(H, split))
    split = triton.cdiv(H, bh)
    blocks = triton.cdiv(M, bm)
    if counters is None: counters = torch.zeros(blocks, dtype=torch.int32, device=x.device)
    part = torch.empty(split, blocks * bm, be, dtype=torch.float32, device=x.device)
    y, h = torch.empty_like(x), torch.empty_like(x)
    w = torch.empty(M, config.top_k, dtype=torch.float32, device=x.device)
    ids = torch.empty(M, config.top_k, dtype=torch.int32, device=x.device)
    dummy = ids
    c = config
    kernel_for(norm_gate_route_kernel, x)[(blocks, split)](
        x, residual, norm_weight, y, h, gate, part, counters, dummy if correction_bias is None else correction_bias,
        dummy if expert_map is None else expert_map, dummy if num_token_non_padded is None else num_token_non_padded, w, ids,
        dummy if expert_load is None else expert_load, M, H, E, x.stride(0), gate.stride(0), float(c.routed_scaling_factor), float(eps),
        SPLIT=split, BLOCK_H=bh, PRECISION="ieee" if (x.dtype == torch.float32 or interp) else None, UPCAST=interp and x.dtype != torch.float32,
        TOP_K=c.top_k, BLOCK_K=triton.next_power_of_2(c.top_k), BLOCK_M=bm, BLOCK_E=be, SIGMOID=c.scoring_func == "sigmoid",
        N_GROUP=c.n_group, GROUP_SIZE=E // c.n_group, TOPK_GROUP=c.topk_group, RENORMALIZE=c.renormalize,
        HAS_BIAS=correction_bias is not None, HAS_MAP=expert_map is not None, HAS_COUNT=num_token_non_padded is not None,
        HAS_LOAD=expert_load is not None, num_warps=4, **pdl_options(x))
    return y, h, w, ids


@triton.jit
def norm_lm_head_kernel(
    x_ptr, res_ptr, g_ptr, w_ptr, out_ptr, M, N, K, stride_xm, stride_rm, stride_wn, stride_om, eps,
    BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, PDL: tl.constexpr = False,
):
    """logits[m] = float(bf16(norm(x[m] + res[m]) W^T)): the final norm, the LM head and its cast in one launch."""
    pid = tl.program_id(0)
    offs_n = pid * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    nmask, kmask = offs_n < N, offs_k < K
    w = tl.load(w_ptr + offs_n[:, None] * stride_wn + offs_k[None, :], mask=nmask[:, None] & kmask[None, :], other=0.0)
    g = tl.load(g_ptr + offs_k, mask=kmask, other=0.0).to(tl.float32)
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    wf = w.to(tl.float32)
    for m in range(0, M):
        x = tl.load(x_ptr + m * stride_xm + offs_k, mask=kmask, other=0.0)
        r = tl.load(res_ptr + m * stride_rm + offs_k, mask=kmask, other=0.0)
        hf = (x.to(tl.float32) + r.to(tl.float32)).to(x.dtype).to(tl.float32)
        inv = 1.0 / tl.sqrt(tl.sum(hf * hf, axis=0) / K + eps)
        y_in = ((hf * inv).to(x.dtype).to(tl.float32) * g).to(x.dtype).to(tl.float32)
        y = tl.sum(wf * y_in[None, :], axis=1).to(x.dtype).to(tl.float32)
        tl.store(out_ptr + m * stride_om + offs_n, y, mask=nmask)


def norm_lm_head(x, residual, norm_weight, eps, weight):
    "fp32 logits of norm(x + residual), rounded through x's dtype as `lm_head(h).float()` is."
    (M, K), N = x.shape, weight.shape[0]
    out = torch.empty(M, N, dtype=torch.float32, device=x.device)
    block_n = 8 if not interpreted_on(x) else 64
    kernel_for(norm_lm_head_kernel, x)[(triton.cdiv(N, block_n),)](
        x, residual, norm_weight, weight, out, M, N, K, x.stride(0), residual.stride(0), weight.stride(0), out.stride(0), float(eps),
        BLOCK_N=block_n, BLOCK_K=triton.next_power_of_2(K), num_warps=4, **pdl_options(x))
    return out


@triton.jit
def gate_route_pre_kernel(
    x_ptr, gate_ptr, part_ptr, counter_ptr, bias_ptr, map_ptr, count_ptr, weights_ptr, ids_ptr, load_ptr,
    M, H, E, stride_xm, stride_ge, scale,
    SPLIT: tl.constexpr, BLOCK_H: tl.constexpr, PRECISION: tl.constexpr, UPCAST: tl.constexpr,
    TOP_K: tl.constexpr, BLOCK_K: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_E: tl.constexpr,
    SIGMOID: tl.constexpr, N_GROUP: tl.constexpr, GROUP_SIZE: tl.constexpr, TOPK_GROUP: tl.constexpr,
    RENORMALIZE: tl.constexpr, HAS_BIAS: tl.constexpr, HAS_MAP: tl.constexpr, HAS_COUNT: tl.constexpr, HAS_LOAD: tl.constexpr,
    PDL: tl.constexpr = False,
):
    """gate_route's kernel with one slice of H per program (BLOCK_H = H / SPLIT) and its gate tile loaded before the wait."""
    pid_m, pid_s = tl.program_id(0), tl.program_id(1)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_E)
    rmask, cmask = rows < M, cols < E
    hs = pid_s * BLOCK_H + tl.arange(0, BLOCK_H)
    hmask = hs < H
    gt = tl.load(gate_ptr + cols[None, :] * stride_ge + hs[:, None], mask=hmask[:, None] & cmask[None, :], other=0.0)
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    xt = tl.load(x_ptr + rows[:, None] * stride_xm + hs[None, :], mask=rmask[:, None] & hmask[None, :], other=0.0)
    if UPCAST:
        acc = tl.dot(xt.to(tl.float32), gt.to(tl.float32), input_precision=PRECISION)
    else:
        acc = tl.dot(xt, gt, input_precision=PRECISION)
    rows_all = tl.num_programs(0) * BLOCK_M
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
        route_tile(logits, rows, cols, bias_ptr, map_ptr, count_ptr, weights_ptr, ids_ptr, load_ptr, M, E, scale, TOP_K, BLOCK_K,
                   BLOCK_M, BLOCK_E, SIGMOID, N_GROUP, GROUP_SIZE, TOPK_GROUP, RENORMALIZE, HAS_BIAS, HAS_MAP, HAS_COUNT, HAS_LOAD)


def gate_route_pre(x, gate, config, num_token_non_padded=None, expert_map=None, *, correction_bias=None, counters=None,
                   expert_load=None, split=8):
    "gate_route with the gate tile before the wait: `(topk_weights, topk_ids)`."
    M, H = x.shape
    E, c, interp = gate.shape[0], config, interpreted_on(x)
    bm, be = 16, triton.next_power_of_2(E)
    bh = triton.next_power_of_2(triton.cdiv(H, split))
    split = triton.cdiv(H, bh)
    blocks = triton.cdiv(M, bm)
    if counters is None: counters = torch.zeros(blocks, dtype=torch.int32, device=x.device)
    part = torch.empty(split, blocks * bm, be, dtype=torch.float32, device=x.device)
    w = torch.empty(M, c.top_k, dtype=torch.float32, device=x.device)
    ids = torch.empty(M, c.top_k, dtype=torch.int32, device=x.device)
    dummy = ids
    kernel_for(gate_route_pre_kernel, x)[(blocks, split)](
        x, gate, part, counters, dummy if correction_bias is None else correction_bias,
        dummy if expert_map is None else expert_map, dummy if num_token_non_padded is None else num_token_non_padded, w, ids,
        dummy if expert_load is None else expert_load, M, H, E, x.stride(0), gate.stride(0), float(c.routed_scaling_factor),
        SPLIT=split, BLOCK_H=bh, PRECISION="ieee" if (x.dtype == torch.float32 or interp) else None, UPCAST=interp and x.dtype != torch.float32,
        TOP_K=c.top_k, BLOCK_K=triton.next_power_of_2(c.top_k), BLOCK_M=bm, BLOCK_E=be, SIGMOID=c.scoring_func == "sigmoid",
        N_GROUP=c.n_group, GROUP_SIZE=E // c.n_group, TOPK_GROUP=c.topk_group, RENORMALIZE=c.renormalize,
        HAS_BIAS=correction_bias is not None, HAS_MAP=expert_map is not None, HAS_COUNT=num_token_non_padded is not None,
        HAS_LOAD=expert_load is not None, num_warps=4, **pdl_options(x))
    return w, ids


@triton.jit
def gate_up_silu_gemv_kernel(
    x_ptr, w_ptr, out_ptr, M, I, K, stride_xm, stride_wn, stride_om,
    PAIRS: tl.constexpr, BLOCK_K: tl.constexpr, PDL: tl.constexpr = False,
):
    """out[m, i] = silu(x W[i]) * (x W[I + i]) for the dense MLP's gate_up_proj, rounded as torch's bf16 ops round."""
    pid = tl.program_id(0)
    i = pid * PAIRS + tl.arange(0, PAIRS)
    imask = i < I
    offs_k = tl.arange(0, BLOCK_K)
    kmask = offs_k < K
    wm = imask[:, None] & kmask[None, :]
    wg = tl.load(w_ptr + i[:, None] * stride_wn + offs_k[None, :], mask=wm, other=0.0)
    wu = tl.load(w_ptr + (i + I)[:, None] * stride_wn + offs_k[None, :], mask=wm, other=0.0)
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    wgf, wuf = wg.to(tl.float32), wu.to(tl.float32)
    for m in range(0, M):
        x = tl.load(x_ptr + m * stride_xm + offs_k, mask=kmask, other=0.0)
        xf = x.to(tl.float32)
        a = tl.sum(wgf * xf[None, :], axis=1).to(x.dtype).to(tl.float32)
        b = tl.sum(wuf * xf[None, :], axis=1).to(x.dtype).to(tl.float32)
        s = (a / (1.0 + tl.exp(-a))).to(x.dtype).to(tl.float32)
        tl.store(out_ptr + m * stride_om + i, (s * b).to(x.dtype), mask=imask)


def gate_up_silu_gemv(x, weight, pairs=4, num_warps=4):
    "`silu(gate) * up` of `x @ weight.T` chunked in two, one launch."
    (M, K), I = x.shape, weight.shape[0] // 2
    out = torch.empty(M, I, dtype=x.dtype, device=x.device)
    pairs = 16 if interpreted_on(x) else pairs
    kernel_for(gate_up_silu_gemv_kernel, x)[(triton.cdiv(I, pairs),)](
        x, weight, out, M, I, K, x.stride(0), weight.stride(0), out.stride(0), PAIRS=pairs, BLOCK_K=triton.next_power_of_2(K),
        num_warps=num_warps, **pdl_options(x))
    return out


@triton.jit
def norm_gate_up_silu_kernel(
    x_ptr, res_ptr, g_ptr, w_ptr, out_ptr, h_ptr, M, I, K, stride_xm, stride_rm, stride_wn, stride_om, stride_hm, eps,
    PAIRS: tl.constexpr, BLOCK_K: tl.constexpr, PDL: tl.constexpr = False,
):
    """silu(gate) * up of norm(x + res) W^T (the dense MLP after its norm); h = x + res stored by program 0."""
    pid = tl.program_id(0)
    i = pid * PAIRS + tl.arange(0, PAIRS)
    imask = i < I
    offs_k = tl.arange(0, BLOCK_K)
    kmask = offs_k < K
    wmask = imask[:, None] & kmask[None, :]
    wg = tl.load(w_ptr + i[:, None] * stride_wn + offs_k[None, :], mask=wmask, other=0.0)
    wu = tl.load(w_ptr + (i + I)[:, None] * stride_wn + offs_k[None, :], mask=wmask, other=0.0)
    g = tl.load(g_ptr + offs_k, mask=kmask, other=0.0).to(tl.float32)
    if PDL:
        gdc_wait()
        gdc_launch_dependents()
    wgf, wuf = wg.to(tl.float32), wu.to(tl.float32)
    for m in range(0, M):
        x = tl.load(x_ptr + m * stride_xm + offs_k, mask=kmask, other=0.0)
        r = tl.load(res_ptr + m * stride_rm + offs_k, mask=kmask, other=0.0)
        x = (x.to(tl.float32) + r.to(tl.float32)).to(x.dtype)
        if pid == 0:
            tl.store(h_ptr + m * stride_hm + offs_k, x, mask=kmask)
        xf = x.to(tl.float32)
        inv = 1.0 / tl.sqrt(tl.sum(xf * xf, axis=0) / K + eps)
        y_in = ((xf * inv).to(x.dtype).to(tl.float32) * g).to(x.dtype).to(tl.float32)
        a = tl.sum(wgf * y_in[None, :], axis=1).to(x.dtype).to(tl.float32)
        b = tl.sum(wuf * y_in[None, :], axis=1).to(x.dtype).to(tl.float32)
        s = (a / (1.0 + tl.exp(-a))).to(x.dtype).to(tl.float32)
        tl.store(out_ptr + m * stride_om + i, (s * b).to(x.dtype), mask=imask)


def norm_gate_up_silu(x, residual, norm_weight, eps, weight):
    "`(silu(gate) * up of norm(x + residual), x + residual)` in one launch."
    (M, K), I = x.shape, weight.shape[0] // 2
    out = torch.empty(M, I, dtype=x.dtype, device=x.device)
    h = torch.empty_like(x)
    pairs = 16 if interpreted_on(x) else 4
    kernel_for(norm_gate_up_silu_kernel, x)[(triton.cdiv(I, pairs),)](
        x, residual, norm_weight, weight, out, h, M, I, K, x.stride(0), residual.stride(0), weight.stride(0), out.stride(0),
        h.stride(0), float(eps), PAIRS=pairs, BLOCK_K=triton.next_power_of_2(K), num_warps=4, **pdl_options(x))
    return out, h


def qkv_rope_tuned(pairs, warps):
    "The package's qkv_rope_gemv with PAIRS and num_warps chosen (the sweep's arms)."
    from refmoe.kernels import qkv_rope_gemv as mod
    def fn(x, residual, norm_weight, eps, weight, cos, sin, positions, slots, k_cache, v_cache, heads):
        (M, K), half = x.shape, weight.shape[0] // (6 * heads)
        q = torch.empty(M, heads, 2 * half, dtype=x.dtype, device=x.device)
        h = torch.empty_like(x) if residual is not None else x
        res = residual if residual is not None else x
        kernel_for(mod.qkv_rope_gemv_kernel, x)[(3 * heads * (half // pairs),)](
            x, res, norm_weight, weight, cos, sin, positions, slots, q, k_cache, v_cache, h, M, K, heads,
            x.stride(0), res.stride(0), weight.stride(0), cos.stride(0), k_cache.stride(0), h.stride(0), float(eps),
            HALF=half, PAIRS=pairs, BLOCK_K=triton.next_power_of_2(K), HAS_RESIDUAL=residual is not None,
            num_warps=warps, **pdl_options(x))
        return q, h
    return fn


if __name__ == "__main__":
    from refmoe.kernels.norm_rope import rms_norm, apply_rotary_store
    from refmoe.kernels.dense_gemv import dense_gemv
    from refmoe.kernels.gate_route import gate_route
    from refmoe.kernels.topk import TopKConfig
    g = torch.Generator().manual_seed(0)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    cases = ((1, 2, 16, 64, torch.float32), (2, 2, 16, 256, torch.bfloat16)) if dev == "cpu" else \
        ((1, 16, 128, 2048, torch.bfloat16), (2, 16, 128, 2048, torch.bfloat16))
    for M, heads, D, K, dtype in cases:
        N = 3 * heads * D
        x, r = (torch.randn(M, K, generator=g).to(dtype).to(dev) for _ in range(2))
        nw, w = (torch.rand(K, generator=g) + 0.5).to(dtype).to(dev), (torch.randn(N, K, generator=g) * K ** -0.5).to(dtype).to(dev)
        ang = torch.outer(torch.arange(64.0), 10000 ** -(torch.arange(0, D, 2.0) / D))
        cos, sin = ang.cos().to(dev), ang.sin().to(dev)
        pos = torch.tensor([5, 17][:M], device=dev)
        slots = torch.tensor([3, 1][:M], device=dev)
        for with_res in (True, False):
            kc, vc = (torch.zeros(6, heads, D, dtype=dtype, device=dev) for _ in range(2))
            q, h = qkv_rope_gemv(x, r if with_res else None, nw, 1e-6, w, cos, sin, pos, slots, kc, vc, heads)
            kr, vr = torch.zeros_like(kc), torch.zeros_like(vc)
            if with_res: xn, hr = rms_norm(x, nw, 1e-6, residual=r)
            else: xn, hr = rms_norm(x, nw, 1e-6), x
            qkv = dense_gemv(xn, w).view(M, 3, heads, D)
            qr = apply_rotary_store(qkv[:, 0], qkv[:, 1], qkv[:, 2], cos, sin, pos, slots, kr, vr)
            assert torch.equal(h, hr)
            errs = [((a.float() - b.float()).abs().max()).item() for a, b in ((q, qr), (kc, kr), (vc, vr))]
            print(f"qkv_rope M={M} K={K} {dtype} residual={with_res}: max |diff| q {errs[0]:.2e} k {errs[1]:.2e} v {errs[2]:.2e}",
                  "identical" if all(e == 0 for e in errs) else "")
            assert max(errs) < (1e-5 if dtype == torch.float32 else 3e-2)
            q2, h2 = qkv_rope_gemv(x, r if with_res else None, nw, 1e-6, w, cos, sin, pos, slots, kc.clone(), vc.clone(), heads,
                                   index_ready=True)
            assert torch.equal(q2, q) and torch.equal(h2, h)
        lw = (torch.randn(96, K, generator=g) * K ** -0.5).to(dtype).to(dev)
        lg = norm_lm_head(x, r, nw, 1e-6, lw)
        xn2, _ = rms_norm(x, nw, 1e-6, residual=r)
        lr = torch.nn.functional.linear(xn2, lw).float()
        print(f"norm_lm_head M={M}: max |diff| vs lm_head(norm).float() {(lg - lr).abs().max().item():.2e}")
        assert (lg - lr).abs().max().item() < (1e-4 if dtype == torch.float32 else 3e-2)
        gu = (torch.randn(2 * 40, K, generator=g) * K ** -0.5).to(dtype).to(dev)
        import torch.nn.functional as F
        gr, ur = F.linear(x, gu).chunk(2, -1)
        mref = F.silu(gr) * ur
        mgot = gate_up_silu_gemv(x, gu)
        print(f"gate_up_silu M={M}: max |diff| vs torch {(mgot.float() - mref.float()).abs().max().item():.2e}")
        assert (mgot.float() - mref.float()).abs().max().item() < (1e-5 if dtype == torch.float32 else 5e-2)
        from refmoe.kernels.dense_gemv import gate_up_silu_gemv
        n1, hh = norm_gate_up_silu(x, r, nw, 1e-6, gu)
        xn3, hr3 = rms_norm(x, nw, 1e-6, residual=r)
        n1r = gate_up_silu_gemv(xn3, gu)
        print(f"norm_gate_up_silu M={M}: identical to rms_norm + gate_up_silu_gemv {torch.equal(n1, n1r) and torch.equal(hh, hr3)}")
        assert torch.equal(hh, hr3) and (n1.float() - n1r.float()).abs().max().item() < 3e-2
        E, cfg = 64, TopKConfig(top_k=6)
        gate0 = (torch.randn(E, K, generator=g) * K ** -0.5).to(dtype).to(dev)
        tw0, tid0 = gate_route_pre(x, gate0, cfg, split=8 if dev != "cpu" else 2)
        twr0, tidr0 = gate_route(x, gate0, cfg)
        print(f"gate_route_pre M={M}: ids equal {torch.equal(tid0, tidr0)}, weights max |diff| {(tw0 - twr0).abs().max().item():.2e}")
        assert torch.equal(tid0, tidr0)
        gate = (torch.randn(E, K, generator=g) * K ** -0.5).to(dtype).to(dev)
        a = torch.randn(M, K, generator=g).to(dtype).to(dev)
        y, h2, tw, tid = norm_gate_route(a, r, nw, 1e-6, gate, cfg, split=8 if dev != "cpu" else 2)
        yr, hr2 = rms_norm(a, nw, 1e-6, residual=r)
        twr, tidr = gate_route(yr, gate, cfg)
        assert torch.equal(h2, hr2)
        print(f"norm_gate_route M={M}: y max |diff| {(y.float() - yr.float()).abs().max().item():.2e}, ids equal {torch.equal(tid, tidr)}, "
              f"weights max |diff| {(tw - twr).abs().max().item():.2e}")
        assert (y.float() - yr.float()).abs().max().item() < (1e-5 if dtype == torch.float32 else 3e-2)
