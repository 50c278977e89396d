"""Twenty-seventh session: 14d's slot GEMMs as persistent kernels whose tile loop is flattened with the K loop.

Nsight Compute (twenty-sixth session, call 4) had the slot GEMMs at one 8-warp program per SM with the tensor pipe
busy 81% (GEMM1) and 69% (GEMM2) of their active cycles at M = 4096: between two tiles a program stores its epilogue
and refills its pipeline with nothing else in flight. Triton's `tl.range(..., flatten=True)` folds a persistent tile
loop and its K loop into one loop that the pipeliner software-pipelines across tile boundaries (the next tile's
loads issue while this tile's epilogue runs), which Triton offers on Hopper (its warp specialization, Blackwell only).
The package's persistent kernels branch on the block's expert (-1 tiles do nothing), which a flattened loop cannot
hold, so the variants here are branchless: a -1 tile loads expert 0's weights and stores nothing (GEMM1) or zeros
(GEMM2).

Arms, each on the same aligned inputs (the committed slot tiles of this GPU's table, four distinct inputs, L2 flushed,
CUDA graphs: `refmoe.core.timing.time_us`), each timed twice; outputs compared with the package's per-tile kernel:
  tile          the package, a program per tile (the committed config)
  tile_s4       the same with 4 stages (GEMM2; its committed config has 3)
  persist_s4    the package's persistent kernel (a program per SM, the tile loop not flattened), 4 stages (GEMM2)
  flat[_sN]     the branchless persistent kernel, `tl.range(flatten=True)`, the committed stages or N
  flat_skip...  the same, with a K trip count of 0 on an expert -1 tile (padding tiles run no MMA)
  nof_s4        the branchless kernel with `flatten=False` (what the branch removal alone does)
`--padded M` adds M with its last quarter of rows padding (ids -1), as a CUDA-graph bucket has.
Call 1 ran the first version (tile, persist, flat, flat_nof, and flat over 2-4 stages; no padded case).

python3 docs/gpu-runs/2026-12-06-s27/flatten_ab.py [--m 1024 2048 4096] [--reps 20]   (on the GPU)
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from refmoe.kernels.grouped_moe import _dot, _tile_of


@triton.jit
def flat_gemm1_kernel(xs_desc, w_desc, act_ptr, expert_ids_ptr, num_tokens_post_padded_ptr, N, K, stride_act,
                      BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                      GROUP_SIZE_M: tl.constexpr, FLATTEN: tl.constexpr, SKIP: tl.constexpr = False):
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    used_m = tl.load(num_tokens_post_padded_ptr) // BLOCK_SIZE_M
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    for tile in tl.range(tl.program_id(0), used_m * num_pid_n, tl.num_programs(0), flatten=FLATTEN):
        pid_m, pid_n = _tile_of(tile, used_m, num_pid_n, GROUP_SIZE_M)
        expert = tl.load(expert_ids_ptr + pid_m)
        e = tl.maximum(expert, 0)
        m0, n0 = pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N
        acc = tl.zeros([BLOCK_SIZE_M, 2 * BLOCK_SIZE_N], tl.float32)
        for kk in range(0, tl.where(expert == -1, 0, k_tiles) if SKIP else k_tiles):
            a = xs_desc.load([m0, kk * BLOCK_SIZE_K])
            b = tl.reshape(w_desc.load([2 * e, n0, kk * BLOCK_SIZE_K]), [2 * BLOCK_SIZE_N, BLOCK_SIZE_K])
            acc = _dot(a, b, acc, False, False)
        gate, up = tl.split(tl.permute(tl.reshape(acc, [BLOCK_SIZE_M, 2, BLOCK_SIZE_N]), (0, 2, 1)))
        rows = (m0 + tl.arange(0, BLOCK_SIZE_M)).to(tl.int64)
        cols = n0 + tl.arange(0, BLOCK_SIZE_N)
        tl.store(act_ptr + rows[:, None] * stride_act + cols[None, :], (gate / (1.0 + tl.exp(-gate)) * up).to(act_ptr.dtype.element_ty),
                 mask=(cols < tl.where(expert != -1, N, 0))[None, :])


@triton.jit
def flat_gemm2_kernel(act_desc, w_desc, out_ptr, topk_weights_ptr, sorted_token_ids_ptr, expert_ids_ptr,
                      num_tokens_post_padded_ptr, N, K, num_valid_tokens, stride_out, BLOCK_SIZE_M: tl.constexpr,
                      BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr,
                      FLATTEN: tl.constexpr, SKIP: tl.constexpr = False):
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    used_m = tl.load(num_tokens_post_padded_ptr) // BLOCK_SIZE_M
    k_tiles = tl.cdiv(K, BLOCK_SIZE_K)
    for tile in tl.range(tl.program_id(0), used_m * num_pid_n, tl.num_programs(0), flatten=FLATTEN):
        pid_m, pid_n = _tile_of(tile, used_m, num_pid_n, GROUP_SIZE_M)
        expert = tl.load(expert_ids_ptr + pid_m)
        e = tl.maximum(expert, 0)
        m0, n0 = pid_m * BLOCK_SIZE_M, pid_n * BLOCK_SIZE_N
        pair = tl.load(sorted_token_ids_ptr + m0 + tl.arange(0, BLOCK_SIZE_M)).to(tl.int64)
        row_ok = pair < num_valid_tokens
        weight = tl.load(topk_weights_ptr + pair, mask=row_ok, other=0.0)
        acc = tl.zeros([BLOCK_SIZE_M, BLOCK_SIZE_N], tl.float32)
        for kk in range(0, tl.where(expert == -1, 0, k_tiles) if SKIP else k_tiles):
            acc = _dot(act_desc.load([m0, kk * BLOCK_SIZE_K]), w_desc.load([e * N + n0, kk * BLOCK_SIZE_K]), acc, False, False)
        acc = tl.where(expert != -1, acc * weight[:, None], 0.0)
        cols = n0 + tl.arange(0, BLOCK_SIZE_N)
        tl.store(out_ptr + pair[:, None] * stride_out + cols[None, :], acc.to(out_ptr.dtype.element_ty),
                 mask=row_ok[:, None] & (cols < N)[None, :])


def flat_gemm1(xs, w13, act, expert_ids, post, bm, g, flatten, stages, sms, skip=False):
    (E, I2, K), EM = w13.shape, xs.shape[0]
    N, bn, bk = I2 // 2, g["BLOCK_SIZE_N"], g["BLOCK_SIZE_K"]
    xs_desc = TensorDescriptor(xs, [EM, K], [xs.stride(0), 1], [bm, bk])
    w_desc = TensorDescriptor(w13.view(2 * E, N, K), [2 * E, N, K], [N * K, K, 1], [2, bn, bk])
    tiles = triton.cdiv(EM, bm) * triton.cdiv(N, bn)
    flat_gemm1_kernel[(min(tiles, sms),)](xs_desc, w_desc, act, expert_ids, post, N, K, act.stride(0), BLOCK_SIZE_M=bm,
                                          BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=g["GROUP_SIZE_M"], FLATTEN=flatten, SKIP=skip,
                                          num_warps=g["num_warps"], num_stages=stages)


def flat_gemm2(act, w2, out, topk_weights, sorted_ids, expert_ids, post, bm, g, flatten, stages, sms, skip=False):
    (E, N, K), EM = w2.shape, act.shape[0]
    bn, bk = g["BLOCK_SIZE_N"], g["BLOCK_SIZE_K"]
    act_desc = TensorDescriptor(act, [EM, K], [act.stride(0), 1], [bm, bk])
    w_desc = TensorDescriptor(w2.view(E * N, K), [E * N, K], [K, 1], [bn, bk])
    tiles = triton.cdiv(EM, bm) * triton.cdiv(N, bn)
    flat_gemm2_kernel[(min(tiles, sms),)](act_desc, w_desc, out, topk_weights, sorted_ids, expert_ids, post, N, K,
                                          topk_weights.numel(), out.stride(0), BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                                          BLOCK_SIZE_K=bk, GROUP_SIZE_M=g["GROUP_SIZE_M"], FLATTEN=flatten, SKIP=skip,
                                          num_warps=g["num_warps"], num_stages=stages)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1024, 2048, 4096])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--padded", type=int, nargs="*", default=[2048], help="also these M with their last quarter of rows padding (ids -1)")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    from refmoe.kernels import grouped_moe as g
    from refmoe.kernels.moe_align import moe_align_block_size
    from refmoe.kernels.tile_configs import get_config
    dev = torch.device("cuda")
    sms = torch.cuda.get_device_properties(dev).multi_processor_count
    shape = SHAPES["v2-lite"]
    E, H, I, k = shape["E"], shape["H"], shape["I"], shape["k"]
    layer = make_layer(shape, dev, torch.bfloat16)
    w13, w2 = layer.w13, layer.w2
    emit = lambda **r: print(json.dumps(r), flush=True)
    sc = next((c for c in (get_config(m, E, I, H, k, dev, dtype=torch.bfloat16) for m in (4096, 2048)) if c.get("kind") == "slot"), None)
    if sc is None:   # a table without slot entries (the H200's): the H100's committed slot tiles
        sc = {"kind": "slot", "BLOCK_SIZE_M": 128,
              "w13": {"BLOCK_SIZE_N": 128, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 4},
              "w2": {"BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8, "num_warps": 8, "num_stages": 3}}
    bm, c1, c2 = sc["BLOCK_SIZE_M"], sc["w13"], sc["w2"]
    emit(device=torch.cuda.get_device_name(), sms=sms, tiles=sc, triton=triton.__version__)
    for M, padded in [(m, False) for m in a.m] + [(m, True) for m in a.padded]:
        inputs = make_inputs(layer, M, 4, seed=M)
        if padded:
            for _, _, ids in inputs: ids[M - M // 4:] = -1
        al = [moe_align_block_size(ids, bm, E) for _, _, ids in inputs]
        bufs = []
        for (x, w, ids), (s, e, n) in zip(inputs, al):
            xs, act, pp = g.slot_buffers(x, w13, k, s.numel())
            g.gather_slots(x, xs, s, n, k, M * k)
            bufs.append((xs, act, pp, torch.empty_like(act), torch.empty_like(pp)))
        st = lambda cfg, n, **kw: {**cfg, "num_stages": n, **kw}
        s1, s2 = c1["num_stages"], c2["num_stages"]
        arms1 = {"tile": lambda b, e, n: g.invoke_grouped_gemm1(b[0], w13, b[1], e, n, bm, *g._launch(c1))}
        for name, n_st, flat, skip in (("flat", s1, True, False), ("flat_skip", s1, True, True), ("flat_s3", 3, True, False),
                                       ("flat_skip_s3", 3, True, True)):
            arms1[name] = lambda b, e, n, n_st=n_st, flat=flat, skip=skip: flat_gemm1(b[0], w13, b[3], e, n, bm, c1, flat, n_st, sms, skip)
        arms2 = {"tile": lambda b, w, s, e, n: g.invoke_grouped_gemm2(b[1], w2, b[2], w, s, e, n, bm, *g._launch(c2)),
                 "tile_s4": lambda b, w, s, e, n: g.invoke_grouped_gemm2(b[1], w2, b[4], w, s, e, n, bm, *g._launch(st(c2, 4))),
                 "persist_s4": lambda b, w, s, e, n: g.invoke_grouped_gemm2(b[1], w2, b[4], w, s, e, n, bm,
                                                                           *g._launch(st(c2, 4, persistent=True)))}
        for name, n_st, flat, skip in (("flat", s2, True, False), ("flat_s4", 4, True, False), ("flat_skip_s4", 4, True, True),
                                       ("nof_s4", 4, False, False)):
            arms2[name] = lambda b, w, s, e, n, n_st=n_st, flat=flat, skip=skip: flat_gemm2(b[1], w2, b[4], w, s, e, n, bm, c2, flat, n_st, sms, skip)
        for gemm, arms in (("GEMM1", arms1), ("GEMM2", arms2)):
            res = {}
            for name, arm in arms.items():
                if gemm == "GEMM1":
                    fns = [lambda b=b, e=e, n=n: arm(b, e, n) for b, (s, e, n) in zip(bufs, al)]
                else:
                    fns = [lambda b=b, w=w, s=s, e=e, n=n: arm(b, w, s, e, n) for b, (_, w, _), (s, e, n) in zip(bufs, inputs, al)]
                try:
                    if gemm == "GEMM1": arms1["tile"](bufs[0], al[0][1], al[0][2])
                    else: arms2["tile"](bufs[0], inputs[0][1], *al[0])
                    fns[0]()
                    torch.cuda.synchronize()
                    b0, used = bufs[0], int(al[0][2].item())
                    if gemm == "GEMM1":
                        real = (al[0][0][:used] < M * k) & (al[0][1].repeat_interleave(bm)[:used] != -1)   # real pairs' slots, expert not -1
                        ref, got = b0[1][:used][real], (b0[1] if name == "tile" else b0[3])[:used][real]
                    else:
                        ref, got = b0[2], (b0[2] if name == "tile" else b0[4])
                    equal = bool(torch.equal(ref, got))
                    maxdiff = float((ref.float() - got.float()).abs().max())
                    t = [time_us(fns, dev, reps=a.reps) for _ in range(2)]
                    res[name] = dict(us=[round(x, 1) for x in t], equal=equal, maxdiff=maxdiff)
                except Exception as ex:   # a variant that does not compile here is a result too
                    res[name] = dict(error=f"{type(ex).__name__}: {str(ex)[:300]}")
            base = sum(res["tile"]["us"]) if "us" in res.get("tile", {}) else None
            for name, r in res.items():
                if base and "us" in r: r["over_tile"] = round(sum(r["us"]) / base, 3)
            emit(m=M, padded_rows=M // 4 if padded else 0, gemm=gemm, arms=res)


if __name__ == "__main__":
    main()
