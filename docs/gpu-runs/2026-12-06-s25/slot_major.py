"""Twenty-fifth session: a slot-major grouped GEMM for the routed layer at large M, against 15's kernel, same process.

15's `fused_moe_kernel` gathers GEMM1's A rows through pointers (`x[pair // k]`) and loads the experts' tiles
through pointers too, and it computes gate and up as two dots of BLOCK_N columns. Here:
- `onedot`: 15's pointer kernel with gate and up in ONE dot of 2 * BLOCK_N columns (split in the epilogue);
- `slot`: the batch gathered once into slot order (`xs[slot] = x[pair // k]`, one launch), then GEMM1 with
  both operands through TMA descriptors, writing the activation in slot order, and GEMM2 reading it through
  TMA too, its routed weight in the epilogue and its rows scattered to `per_pair[pair]` (15's layout, so
  14c's `moe_sum` follows unchanged). `slot2` is the same with gate and up as two dots.
Each variant's output is checked against the package on the first input; one JSON line per measurement.

python3 docs/gpu-runs/2026-12-06-s25/slot_major.py [--m 256 1024 2048 4096] [--quick]
On a CPU (TRITON_INTERPRET=1 set by refmoe): `--check` runs the kernels at small fp32 shapes against torch.
"""
import argparse, json, sys, time

import torch
import refmoe.core.env  # noqa: F401  (picks Triton's interpreter on a CPU-only machine)
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from refmoe.kernels.fused_moe import fused_experts, invoke_fused_moe_kernel
from refmoe.kernels.moe_align import moe_align_block_size
from refmoe.kernels.moe_sum import moe_sum


@triton.jit
def _pid_mn(EM, N, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m, num_pid_n = tl.cdiv(EM, BLOCK_SIZE_M), tl.cdiv(N, BLOCK_SIZE_N)
    group = pid // (GROUP_SIZE_M * num_pid_n)
    first_m = group * GROUP_SIZE_M
    size_m = min(num_pid_m - first_m, GROUP_SIZE_M)
    return first_m + (pid % (GROUP_SIZE_M * num_pid_n)) % size_m, (pid % (GROUP_SIZE_M * num_pid_n)) // size_m


@triton.jit
def onedot_kernel(a_ptr, b_ptr, c_ptr, sorted_token_ids_ptr, expert_ids_ptr, ntp_ptr, N, K, EM, num_valid_tokens,
                  stride_am, stride_be, stride_bn, stride_cm, TOP_K: tl.constexpr, IEEE: tl.constexpr,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr):
    """GEMM1 of 15 with gate and up in one [BLOCK_K, 2 * BLOCK_N] tile: `c[pair] = silu(x @ gate^T) * (x @ up^T)`."""
    pid_m, pid_n = _pid_mn(EM, N, BLOCK_SIZE_M, BLOCK_SIZE_N, GROUP_SIZE_M)
    if pid_m * BLOCK_SIZE_M >= tl.load(ntp_ptr):
        return
    pair = tl.load(sorted_token_ids_ptr + pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)).to(tl.int64)
    row_ok = pair < num_valid_tokens
    offs_n = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + pair[:, None] * stride_cm + offs_n[None, :]
    c_mask = row_ok[:, None] & (offs_n < N)[None, :]
    expert = tl.load(expert_ids_ptr + pid_m).to(tl.int64)
    if expert == -1:
        tl.store(c_ptrs, tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], c_ptr.dtype.element_ty), mask=c_mask)
        return
    j = tl.arange(0, 2 * BLOCK_SIZE_N)   # columns: the gate's BLOCK_N rows, then the up's
    rows_b = tl.where(j < BLOCK_SIZE_N, pid_n * BLOCK_SIZE_N + j, N + pid_n * BLOCK_SIZE_N + j - BLOCK_SIZE_N)
    rows_b = tl.where(j % BLOCK_SIZE_N + pid_n * BLOCK_SIZE_N < N, rows_b, 0)
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + tl.where(row_ok, pair // TOP_K, 0)[:, None] * stride_am + offs_k[None, :]
    b_ptrs = b_ptr + expert * stride_be + rows_b[None, :] * stride_bn + offs_k[:, None]
    acc = tl.zeros([BLOCK_SIZE_M, 2 * BLOCK_SIZE_N], tl.float32)
    for kk in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - kk * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - kk * BLOCK_SIZE_K, other=0.0)
        if IEEE:
            acc = tl.dot(a, b, acc, input_precision="ieee")
        else:
            acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_SIZE_K
        b_ptrs += BLOCK_SIZE_K
    gate, up = tl.split(tl.permute(tl.reshape(acc, [BLOCK_SIZE_M, 2, BLOCK_SIZE_N]), (0, 2, 1)))
    tl.store(c_ptrs, (gate / (1.0 + tl.exp(-gate)) * up).to(c_ptr.dtype.element_ty), mask=c_mask)


@triton.jit
def gather_slots_kernel(x_ptr, xs_ptr, sorted_token_ids_ptr, ntp_ptr, H, stride_x, num_valid_tokens,
                        TOP_K: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_H: tl.constexpr):
    """`xs[slot] = x[pair // TOP_K]` for the slots in use (a padding slot copies row 0)."""
    pid = tl.program_id(0)
    if pid * BLOCK_R >= tl.load(ntp_ptr):
        return
    slots = (pid * BLOCK_R + tl.arange(0, BLOCK_R)).to(tl.int64)
    pair = tl.load(sorted_token_ids_ptr + slots)
    src = tl.where(pair < num_valid_tokens, pair // TOP_K, 0).to(tl.int64)
    for h0 in range(0, H, BLOCK_H):
        cols = h0 + tl.arange(0, BLOCK_H)
        v = tl.load(x_ptr + src[:, None] * stride_x + cols[None, :], mask=cols[None, :] < H)
        tl.store(xs_ptr + slots[:, None] * H + cols[None, :], v, mask=cols[None, :] < H)


@triton.jit
def _pid_mn_of(tile, num_pid_m, num_pid_n, GROUP_SIZE_M: tl.constexpr):
    group = tile // (GROUP_SIZE_M * num_pid_n)
    first_m = group * GROUP_SIZE_M
    size_m = min(num_pid_m - first_m, GROUP_SIZE_M)
    return first_m + (tile % (GROUP_SIZE_M * num_pid_n)) % size_m, (tile % (GROUP_SIZE_M * num_pid_n)) // size_m


@triton.jit
def _gemm1_tile(xs_desc, w_desc, act_ptr, expert, pid_m, pid_n, N, K, stride_act,
                ONE_DOT: tl.constexpr, IEEE: tl.constexpr, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                BLOCK_SIZE_K: tl.constexpr):
    m0, n0 = pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N
    if ONE_DOT:
        acc = tl.zeros([BLOCK_SIZE_M, 2 * BLOCK_SIZE_N], tl.float32)
        for kk in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
            a = xs_desc.load([m0, kk * BLOCK_SIZE_K])
            b = tl.reshape(w_desc.load([2 * expert, n0, kk * BLOCK_SIZE_K]), [2 * BLOCK_SIZE_N, BLOCK_SIZE_K])
            if IEEE:
                acc = tl.dot(a, b.T, acc, input_precision="ieee")
            else:
                acc = tl.dot(a, b.T, acc)
        gate, up = tl.split(tl.permute(tl.reshape(acc, [BLOCK_SIZE_M, 2, BLOCK_SIZE_N]), (0, 2, 1)))
    else:
        gate = tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], tl.float32)
        up = tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], tl.float32)
        for kk in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
            a = xs_desc.load([m0, kk * BLOCK_SIZE_K])
            bg = tl.reshape(w_desc.load([2 * expert, n0, kk * BLOCK_SIZE_K]), [BLOCK_SIZE_N, BLOCK_SIZE_K])
            bu = tl.reshape(w_desc.load([2 * expert + 1, n0, kk * BLOCK_SIZE_K]), [BLOCK_SIZE_N, BLOCK_SIZE_K])
            if IEEE:
                gate = tl.dot(a, bg.T, gate, input_precision="ieee")
                up = tl.dot(a, bu.T, up, input_precision="ieee")
            else:
                gate = tl.dot(a, bg.T, gate)
                up = tl.dot(a, bu.T, up)
    rows = (m0 + tl.arange(0, BLOCK_SIZE_M)).to(tl.int64)
    offs_n = n0 + tl.arange(0, BLOCK_SIZE_N)
    tl.store(act_ptr + rows[:, None] * stride_act + offs_n[None, :],
             (gate / (1.0 + tl.exp(-gate)) * up).to(act_ptr.dtype.element_ty), mask=(offs_n < N)[None, :])


@triton.jit
def gemm1_slot_kernel(xs_desc, w_desc, act_ptr, expert_ids_ptr, ntp_ptr, N, K, EM, stride_act,
                      ONE_DOT: tl.constexpr, IEEE: tl.constexpr, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                      BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr, PERSISTENT: tl.constexpr = False):
    """GEMM1 in slot order, both operands through TMA: `act[slot] = silu(xs[slot] @ gate_e^T) * (xs[slot] @ up_e^T)`.

    xs_desc: [EM, K], block [BM, BK]; w_desc: w13 as [2E, N, K] (gate of expert e at 2e, up at 2e + 1),
    block [2, BN, BK] with ONE_DOT, else [1, BN, BK]. Blocks of expert -1 write nothing (GEMM2 reads none of them).
    PERSISTENT: a program per SM walks the tiles in use, `program_id, + num_programs, ...`.
    """
    num_pid_m, num_pid_n = tl.cdiv(EM, BLOCK_SIZE_M), tl.cdiv(N, BLOCK_SIZE_N)
    if PERSISTENT:
        used_m = tl.load(ntp_ptr) // BLOCK_SIZE_M
        for tile in range(tl.program_id(0), used_m * num_pid_n, tl.num_programs(0)):
            pid_m, pid_n = _pid_mn_of(tile, used_m, num_pid_n, GROUP_SIZE_M)
            expert = tl.load(expert_ids_ptr + pid_m)
            if expert != -1:
                _gemm1_tile(xs_desc, w_desc, act_ptr, expert, pid_m, pid_n, N, K, stride_act, ONE_DOT, IEEE,
                            BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K)
    else:
        pid_m, pid_n = _pid_mn_of(tl.program_id(0), num_pid_m, num_pid_n, GROUP_SIZE_M)
        if pid_m * BLOCK_SIZE_M < tl.load(ntp_ptr):
            expert = tl.load(expert_ids_ptr + pid_m)
            if expert != -1:
                _gemm1_tile(xs_desc, w_desc, act_ptr, expert, pid_m, pid_n, N, K, stride_act, ONE_DOT, IEEE,
                            BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K)


@triton.jit
def _gemm2_tile(act_desc, w_desc, out_ptr, topk_weights_ptr, sorted_token_ids_ptr, expert, pid_m, pid_n,
                N, K, num_valid_tokens, stride_out, IEEE: tl.constexpr, BLOCK_SIZE_M: tl.constexpr,
                BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr):
    m0, n0 = pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N
    pair = tl.load(sorted_token_ids_ptr + m0 + tl.arange(0, BLOCK_SIZE_M)).to(tl.int64)
    row_ok = pair < num_valid_tokens
    offs_n = n0 + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = out_ptr + pair[:, None] * stride_out + offs_n[None, :]
    c_mask = row_ok[:, None] & (offs_n < N)[None, :]
    if expert == -1:
        tl.store(c_ptrs, tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], out_ptr.dtype.element_ty), mask=c_mask)
    else:
        acc = tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], tl.float32)
        for kk in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
            a = act_desc.load([m0, kk * BLOCK_SIZE_K])
            b = w_desc.load([expert * N + n0, kk * BLOCK_SIZE_K])
            if IEEE:
                acc = tl.dot(a, b.T, acc, input_precision="ieee")
            else:
                acc = tl.dot(a, b.T, acc)
        acc = acc * tl.load(topk_weights_ptr + pair, mask=row_ok, other=0.0)[:, None]
        tl.store(c_ptrs, acc.to(out_ptr.dtype.element_ty), mask=c_mask)


@triton.jit
def gemm2_slot_kernel(act_desc, w_desc, out_ptr, topk_weights_ptr, sorted_token_ids_ptr, expert_ids_ptr, ntp_ptr,
                      N, K, EM, num_valid_tokens, stride_out, IEEE: tl.constexpr, BLOCK_SIZE_M: tl.constexpr,
                      BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                      PERSISTENT: tl.constexpr = False):
    """GEMM2 from the slot-ordered activation: `out[pair] = w[pair] * act[slot] @ w2_e^T`, zeros for expert -1.

    act_desc: [EM, K], block [BM, BK]; w_desc: w2 as [E * N, K], block [BN, BK] (BN divides N).
    """
    num_pid_m, num_pid_n = tl.cdiv(EM, BLOCK_SIZE_M), tl.cdiv(N, BLOCK_SIZE_N)
    if PERSISTENT:
        used_m = tl.load(ntp_ptr) // BLOCK_SIZE_M
        for tile in range(tl.program_id(0), used_m * num_pid_n, tl.num_programs(0)):
            pid_m, pid_n = _pid_mn_of(tile, used_m, num_pid_n, GROUP_SIZE_M)
            expert = tl.load(expert_ids_ptr + pid_m)
            _gemm2_tile(act_desc, w_desc, out_ptr, topk_weights_ptr, sorted_token_ids_ptr, expert, pid_m, pid_n,
                        N, K, num_valid_tokens, stride_out, IEEE, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K)
    else:
        pid_m, pid_n = _pid_mn_of(tl.program_id(0), num_pid_m, num_pid_n, GROUP_SIZE_M)
        if pid_m * BLOCK_SIZE_M < tl.load(ntp_ptr):
            expert = tl.load(expert_ids_ptr + pid_m)
            _gemm2_tile(act_desc, w_desc, out_ptr, topk_weights_ptr, sorted_token_ids_ptr, expert, pid_m, pid_n,
                        N, K, num_valid_tokens, stride_out, IEEE, BLOCK_SIZE_M, BLOCK_SIZE_N, BLOCK_SIZE_K)


# ---- launchers -------------------------------------------------------------------------------------------------

def launch_onedot(x, w13, act, s, e, n, k, bm, bn, bk, group, warps, stages):
    E, I2, K = w13.shape
    N, EM = I2 // 2, s.numel()
    onedot_kernel[(triton.cdiv(EM, bm) * triton.cdiv(N, bn),)](
        x, w13, act, s, e, n, N, K, EM, act.shape[0], x.stride(0), w13.stride(0), w13.stride(1), act.stride(0),
        TOP_K=k, IEEE=x.dtype == torch.float32, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=group,
        num_warps=warps, num_stages=stages)


def launch_gather(x, xs, s, n, k, num_valid, block_r=16, block_h=1024, warps=4):
    H = x.shape[1]
    gather_slots_kernel[(triton.cdiv(s.numel(), block_r),)](x, xs, s, n, H, x.stride(0), num_valid, TOP_K=k,
                                                            BLOCK_R=block_r, BLOCK_H=min(block_h, triton.next_power_of_2(H)),
                                                            num_warps=warps)


def _grid(tiles, persistent, device):
    return (min(tiles, _num_sms(device)) if persistent else tiles,)


def _num_sms(device):
    return torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 4


def launch_gemm1_slot(xs, w13, act_s, e, n, bm, bn, bk, group, warps, stages, one_dot=True, persistent=False):
    E, I2, K = w13.shape
    N, EM = I2 // 2, xs.shape[0]
    xs_desc = TensorDescriptor(xs, list(xs.shape), [xs.stride(0), 1], [bm, bk])
    w_desc = TensorDescriptor(w13.view(2 * E, N, K), [2 * E, N, K], [N * K, K, 1], [2 if one_dot else 1, bn, bk])
    gemm1_slot_kernel[_grid(triton.cdiv(EM, bm) * triton.cdiv(N, bn), persistent, xs.device)](
        xs_desc, w_desc, act_s, e, n, N, K, EM, act_s.stride(0), ONE_DOT=one_dot, IEEE=xs.dtype == torch.float32,
        BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=group, PERSISTENT=persistent,
        num_warps=warps, num_stages=stages)


def launch_gemm2_slot(act_s, w2, out, w, s, e, n, bm, bn, bk, group, warps, stages, persistent=False):
    E, N, K = w2.shape
    EM = act_s.shape[0]
    assert N % bn == 0, (N, bn)
    act_desc = TensorDescriptor(act_s, list(act_s.shape), [act_s.stride(0), 1], [bm, bk])
    w_desc = TensorDescriptor(w2.view(E * N, K), [E * N, K], [K, 1], [bn, bk])
    gemm2_slot_kernel[_grid(triton.cdiv(EM, bm) * triton.cdiv(N, bn), persistent, act_s.device)](
        act_desc, w_desc, out, w, s, e, n, N, K, EM, w.numel(), out.stride(0), IEEE=act_s.dtype == torch.float32,
        BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=group, PERSISTENT=persistent,
        num_warps=warps, num_stages=stages)


class SlotMajor:
    """The routed experts, slot-major: align, gather, GEMM1 (TMA), GEMM2 (TMA), 14c's sum; buffers kept per input."""

    def __init__(self, x, ids, E, I, bm):
        M, H = x.shape
        k = ids.shape[1]
        self.s, self.e, self.n = moe_align_block_size(ids, bm, E)
        EM = self.s.numel()
        self.xs = torch.empty(EM, H, dtype=x.dtype, device=x.device)
        self.act = torch.empty(EM, I, dtype=x.dtype, device=x.device)
        self.pp = torch.empty(M * k, H, dtype=x.dtype, device=x.device)
        self.out = torch.empty(M, H, dtype=x.dtype, device=x.device)
        self.k, self.bm, self.E = k, bm, E

    def __call__(self, x, w13, w2, w, ids, c1, c2, one_dot=True, realign=True, persistent=False):
        if realign:
            self.s, self.e, self.n = moe_align_block_size(ids, self.bm, self.E)
        launch_gather(x, self.xs, self.s, self.n, self.k, w.numel())
        p1, p2 = persistent if isinstance(persistent, tuple) else (persistent, persistent)
        launch_gemm1_slot(self.xs, w13, self.act, self.e, self.n, self.bm, *c1, one_dot=one_dot, persistent=p1)
        launch_gemm2_slot(self.act, w2, self.pp, w, self.s, self.e, self.n, self.bm, *c2, persistent=p2)
        return moe_sum(self.pp, self.k, out=self.out)


# ---- CPU check -------------------------------------------------------------------------------------------------

def torch_experts(x, w13, w2, w, ids):
    I = w13.shape[1] // 2
    out = torch.zeros(x.shape, dtype=torch.float32)
    for t in range(x.shape[0]):
        for j in range(ids.shape[1]):
            e = int(ids[t, j])
            if e < 0: continue
            h = x[t].double() @ w13[e].double().T
            a = torch.nn.functional.silu(h[:I]) * h[I:]
            out[t] += (w[t, j].double() * (a @ w2[e].double().T)).float()
    return out


def cpu_check():
    torch.manual_seed(0)
    E, H, I, k, M, bm = 4, 64, 32, 2, 5, 16
    x = torch.randn(M, H)
    w13 = torch.randn(E, 2 * I, H) / 8
    w2 = torch.randn(E, H, I) / 8
    ids = torch.randint(0, E, (M, k), dtype=torch.int32)
    ids[1, 0] = -1                                # a pair routed nowhere: its row must come out zero
    w = torch.rand(M, k)
    ref = torch_experts(x, w13, w2, w, ids)
    sm = SlotMajor(x, ids, E, I, bm)
    for one_dot, persistent in ((True, False), (False, False), (True, True)):
        got = sm(x, w13, w2, w, ids, (16, 32, 1, 4, 1), (32, 32, 1, 4, 1), one_dot=one_dot, persistent=persistent).clone()
        err = (got - ref).abs().max().item()
        print(json.dumps(dict(check="slot", one_dot=one_dot, persistent=persistent, max_abs_err=err)))
        assert err < 1e-4, err
    s, e, n = moe_align_block_size(ids, bm, E)
    act, act_ref = torch.empty(M * k, I), torch.empty(M * k, I)
    launch_onedot(x, w13, act, s, e, n, k, bm, 16, 32, 1, 4, 1)
    invoke_fused_moe_kernel(x, w13, act_ref, w.flatten(), s, e, n, k, False, True, True, bm, 16, 32, 1, 4, 1)
    err = (act - act_ref).abs().max().item()
    print(json.dumps(dict(check="onedot", max_abs_err=err)))
    assert err < 1e-5, err
    print("cpu check passed")


# ---- GPU A/B ---------------------------------------------------------------------------------------------------

G1 = [(128, 128, 64, 8, 8, 4), (128, 128, 64, 8, 8, 3), (128, 64, 64, 8, 4, 4), (128, 128, 32, 8, 8, 5),
      (64, 128, 64, 8, 8, 4), (128, 64, 128, 8, 8, 3), (64, 64, 64, 8, 4, 4), (128, 128, 64, 1, 8, 4)]
G2 = [(128, 256, 64, 8, 8, 3), (128, 128, 64, 8, 8, 4), (128, 256, 32, 8, 8, 5), (128, 128, 128, 8, 8, 3),
      (64, 256, 64, 8, 8, 3), (64, 128, 64, 8, 4, 4), (128, 128, 64, 8, 4, 4)]


def rel(a, b):
    return float(f"{((a.float() - b.float()).norm() / b.float().norm()).item():.3g}")


def gpu_ab(ms, n_inputs, reps, quick, budget_s, device="cuda"):
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer
    from refmoe.core.timing import time_us
    from refmoe.kernels.tile_configs import get_config
    dev = torch.device(device)
    shape = SHAPES["v2-lite" if dev.type == "cuda" else "tiny"]
    dtype = torch.bfloat16 if dev.type == "cuda" else torch.float32   # the interpreter's bf16 dots are not real
    E, H, I, k = shape["E"], shape["H"], shape["I"], shape["k"]
    layer = make_layer(shape, dev, dtype)
    w13, w2 = layer.w13, layer.w2
    t0 = time.time()
    g1, g2 = (G1[:3], G2[:3]) if quick else (G1, G2)
    emit = lambda **r: print(json.dumps(r), flush=True)
    for M in ms:
        inputs = make_inputs(layer, M, n_inputs, seed=M)
        cfg = get_config(M, E, I, H, k, dev, dtype=dtype)
        fl1, fl2 = 2 * M * k * H * 2 * I / 790e6, 2 * M * k * H * I / 790e6
        base = [lambda x=x, w=w, ids=ids: fused_experts(x, w13, w2, w, ids, config=cfg) for x, w, ids in inputs]
        t_base = time_us(base, dev, reps=reps)
        t_layer = time_us([lambda x=x: routed_layer(layer, x) for x, _, _ in inputs], dev, reps=reps)
        emit(what="baseline", m=M, cfg=cfg, us_fused_experts=round(t_base, 1), us_layer=round(t_layer, 1),
             flop_us=round(fl1 + fl2, 1))
        if cfg.get("kind") == "gemv":
            continue
        cfg = {**cfg, "kind": "sorted"}   # the baseline is 15's sorted kernel with the table's tiles
        bm0 = cfg["BLOCK_SIZE_M"]
        x0, w0, ids0 = inputs[0]
        ref_out = fused_experts(x0, w13, w2, w0, ids0, config=cfg)
        # 15's GEMMs alone with the committed tiles, on aligned inputs (the baseline of the GEMM rows below)
        al = {bm: [moe_align_block_size(ids, bm, E) for _, _, ids in inputs] for bm in {bm0, 64, 128}}
        acts = [torch.empty(M * k, I, device=dev, dtype=dtype) for _ in inputs]
        pps = [torch.empty(M * k, H, device=dev, dtype=dtype) for _ in inputs]
        c13, c2 = cfg["w13"], cfg["w2"]
        def g1_ptr(x, w, a, c, bm=bm0, kw=c13):
            invoke_fused_moe_kernel(x, w13, c, w, *a, k, False, True, True, bm, kw["BLOCK_SIZE_N"],
                                    kw["BLOCK_SIZE_K"], kw["GROUP_SIZE_M"], kw["num_warps"], kw["num_stages"])
        def g2_ptr(act, w, a, c, bm=bm0, kw=c2):
            invoke_fused_moe_kernel(act, w2, c, w, *a, 1, True, False, True, bm, kw["BLOCK_SIZE_N"],
                                    kw["BLOCK_SIZE_K"], kw["GROUP_SIZE_M"], kw["num_warps"], kw["num_stages"])
        ref1 = torch.empty(M * k, I, device=dev, dtype=dtype); g1_ptr(x0, w0, al[bm0][0], ref1)
        t1 = time_us([lambda x=x, w=w, a=a, c=c: g1_ptr(x, w, a, c) for (x, w, _), a, c in zip(inputs, al[bm0], acts)], dev, reps=reps)
        t2 = time_us([lambda w=w, a=a, c=c, act=act: g2_ptr(act, w, a, c) for (_, w, _), a, c, act in zip(inputs, al[bm0], pps, acts)], dev, reps=reps)
        emit(what="gemm1", variant="ptr", m=M, bm=bm0, tiles="committed", us=round(t1, 1), tflops=round(fl1 * 790 / t1, 1))
        emit(what="gemm2", variant="ptr", m=M, bm=bm0, tiles="committed", us=round(t2, 1), tflops=round(fl2 * 790 / t2, 1))
        # onedot (GEMM1, pointer loads)
        for bm, bn, bk, gr, wp, st in g1:
            if time.time() - t0 > budget_s: emit(what="budget spent", m=M); return
            try:
                o = torch.empty_like(ref1); launch_onedot(x0, w13, o, *al[bm][0], k, bm, bn, bk, gr, wp, st)
                err = rel(o, ref1)
                t = time_us([lambda x=x, a=a, c=c: launch_onedot(x, w13, c, *a, k, bm, bn, bk, gr, wp, st)
                             for (x, _, _), a, c in zip(inputs, al[bm], acts)], dev, reps=reps)
                emit(what="gemm1", variant="onedot", m=M, bm=bm, bn=bn, bk=bk, group=gr, warps=wp, stages=st,
                     us=round(t, 1), tflops=round(fl1 * 790 / t, 1), rel_err=err)
            except Exception as ex:
                emit(what="gemm1", variant="onedot", m=M, bm=bm, bn=bn, bk=bk, error=f"{type(ex).__name__}: {str(ex)[:300]}")
        # slot-major: gather, GEMM1 (one dot and two), GEMM2
        sms = {bm: [SlotMajor(x, ids, E, I, bm) for x, _, ids in inputs] for bm in (64, 128)}
        for bm, sl in sms.items():
            tg = time_us([lambda x=x, s=s, w=w: launch_gather(x, s.xs, s.s, s.n, k, w.numel()) for (x, w, _), s in zip(inputs, sl)],
                         dev, reps=reps)
            emit(what="gather", m=M, bm=bm, us=round(tg, 1))
        best1, best2 = {}, {}
        for bm, bn, bk, gr, wp, st in g1:
            for name, one, per in (("slot", True, False), ("slot2", False, False), ("slotp", True, True)):
                if time.time() - t0 > budget_s: emit(what="budget spent", m=M); return
                sl = sms[bm]
                try:
                    s0 = sl[0]
                    launch_gather(x0, s0.xs, s0.s, s0.n, k, w0.numel())
                    s0.act.zero_()
                    launch_gemm1_slot(s0.xs, w13, s0.act, s0.e, s0.n, bm, bn, bk, gr, wp, st, one_dot=one, persistent=per)
                    # compare the slot rows in use with 15's rows per pair
                    used = int(s0.n.item()); pair = s0.s[:used].long(); real = pair < M * k
                    real &= (s0.e[torch.arange(used, device=dev) // bm] != -1)
                    err = rel(s0.act[:used][real], ref1[pair[real]])
                    t = time_us([lambda s=s: launch_gemm1_slot(s.xs, w13, s.act, s.e, s.n, bm, bn, bk, gr, wp, st, one_dot=one,
                                                               persistent=per) for s in sl], dev, reps=reps)
                    emit(what="gemm1", variant=name, m=M, bm=bm, bn=bn, bk=bk, group=gr, warps=wp,
                         stages=st, us=round(t, 1), tflops=round(fl1 * 790 / t, 1), rel_err=err)
                    if err < 1e-2 and t < best1.get(bm, (1e9,))[0]: best1[bm] = (t, (bn, bk, gr, wp, st), one, per)
                except Exception as ex:
                    emit(what="gemm1", variant=name, m=M, bm=bm, bn=bn, bk=bk,
                         error=f"{type(ex).__name__}: {str(ex)[:300]}")
        for bm, bn, bk, gr, wp, st in g2:
            for name, per in (("slot", False), ("slotp", True)):
                if time.time() - t0 > budget_s: emit(what="budget spent", m=M); return
                sl = sms[bm]
                try:
                    for s, (x, w, ids) in zip(sl, inputs):   # a valid activation in every buffer
                        launch_gather(x, s.xs, s.s, s.n, k, w.numel())
                        launch_gemm1_slot(s.xs, w13, s.act, s.e, s.n, bm, 128, 64, 8, 8, 3)
                    s0 = sl[0]
                    s0.pp.fill_(float("nan"))
                    launch_gemm2_slot(s0.act, w2, s0.pp, w0, s0.s, s0.e, s0.n, bm, bn, bk, gr, wp, st, persistent=per)
                    err = rel(moe_sum(s0.pp, k), ref_out)
                    t = time_us([lambda s=s, w=w: launch_gemm2_slot(s.act, w2, s.pp, w, s.s, s.e, s.n, bm, bn, bk, gr, wp, st,
                                                                    persistent=per)
                                 for s, (_, w, _) in zip(sl, inputs)], dev, reps=reps)
                    emit(what="gemm2", variant=name, m=M, bm=bm, bn=bn, bk=bk, group=gr, warps=wp, stages=st,
                         us=round(t, 1), tflops=round(fl2 * 790 / t, 1), rel_err_layer=err)
                    if err < 1e-2 and t < best2.get(bm, (1e9,))[0]: best2[bm] = (t, (bn, bk, gr, wp, st), per)
                except Exception as ex:
                    emit(what="gemm2", variant=name, m=M, bm=bm, bn=bn, error=f"{type(ex).__name__}: {str(ex)[:300]}")
        # the whole routed experts, slot-major with this run's best tiles, against the package (same inputs)
        for bm in best1:
            if bm not in best2: continue
            (_, c1, one, per1), (_, c2, per2) = best1[bm], best2[bm]
            sl = sms[bm]
            got = sl[0](x0, w13, w2, w0, ids0, c1, c2, one_dot=one, persistent=(per1, per2))
            err = rel(got, ref_out)
            fns = [lambda s=s, x=x, w=w, ids=ids: s(x, w13, w2, w, ids, c1, c2, one_dot=one, persistent=(per1, per2))
                   for s, (x, w, ids) in zip(sl, inputs)]
            t = time_us(fns, dev, reps=reps)
            t_base2 = time_us(base, dev, reps=reps)
            emit(what="experts", variant="slot", m=M, bm=bm, c1=c1, one_dot=one, persistent=[per1, per2], us=round(t, 1),
                 us_package=round(t_base2, 1), us_package_first=round(t_base, 1), rel_err=err)
        del sms, acts, pps


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--check", action="store_true")
    p.add_argument("--m", type=int, nargs="+", default=[256, 1024, 2048, 4096])
    p.add_argument("--inputs", type=int, default=4)
    p.add_argument("--reps", type=int, default=10)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--budget-s", type=float, default=400)
    a = p.parse_args()
    if a.check:
        cpu_check()
        return
    gpu_ab(a.m, a.inputs, a.reps, a.quick, a.budget_s, "cuda" if torch.cuda.is_available() else "cpu")


if __name__ == "__main__":
    main()
