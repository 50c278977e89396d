"""Twenty-sixth session: the slot path's gather (14d's `gather_slots_kernel`) against variants, same process.

The gather writes `xs[slot] = x[pair // k]` for every slot in use: at M = 4096 on V2-Lite shapes about
28,000 rows of 4 KB, 61.5 us on the H100 in the twenty-fifth session (about 1.9 TB/s of writes). Variants:
- `pkg`: the package's launch (16 rows a program, 1,024 columns a step, 4 warps);
- `rRhHwW`: the same kernel with R rows a program, H columns a step, W warps;
- `skip`: the package's tiles, padding slots left unwritten (their GEMM rows are never stored: 14d's GEMM2
  masks rows whose pair is padding, and GEMM rows are independent).
Each variant's real rows are checked against the package's; one JSON line per measurement.

python3 docs/gpu-runs/2026-12-06-s26/gather_ab.py [--m 1024 2048 4096]
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401  (picks Triton's interpreter on a CPU-only machine)
import triton
import triton.language as tl

from refmoe.kernels.grouped_moe import gather_slots
from refmoe.kernels.moe_align import moe_align_block_size


@triton.jit
def gather_var_kernel(x_ptr, xs_ptr, sorted_token_ids_ptr, ntp_ptr, H, stride_x, num_valid_tokens,
                      TOP_K: tl.constexpr, BLOCK_R: tl.constexpr, BLOCK_H: tl.constexpr, SKIP_PAD: tl.constexpr):
    pid = tl.program_id(0)
    if pid * BLOCK_R < tl.load(ntp_ptr):
        slots = (pid * BLOCK_R + tl.arange(0, BLOCK_R)).to(tl.int64)
        pair = tl.load(sorted_token_ids_ptr + slots)
        real = pair < num_valid_tokens
        src = tl.where(real, pair // TOP_K, 0).to(tl.int64)
        for h0 in range(0, H, BLOCK_H):
            cols = h0 + tl.arange(0, BLOCK_H)
            m = cols[None, :] < H
            if SKIP_PAD:
                m = m & real[:, None]
            v = tl.load(x_ptr + src[:, None] * stride_x + cols[None, :], mask=m)
            tl.store(xs_ptr + slots[:, None] * H + cols[None, :], v, mask=m)


def launch(x, xs, s, n, k, nv, r, h, w, skip):
    gather_var_kernel[(triton.cdiv(xs.shape[0], r),)](x, xs, s, n, x.shape[1], x.stride(0), nv, TOP_K=k, BLOCK_R=r,
                                                      BLOCK_H=h, SKIP_PAD=skip, num_warps=w)


VARIANTS = [(16, 1024, 4, False), (16, 2048, 8, False), (8, 2048, 4, False), (4, 2048, 4, False), (32, 1024, 8, False),
            (2, 2048, 4, False), (1, 2048, 4, False), (16, 1024, 4, True), (8, 2048, 4, True), (4, 2048, 4, True)]


def main():
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1024, 2048, 4096])
    p.add_argument("--reps", type=int, default=20)
    a = p.parse_args()
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    shape = SHAPES["v2-lite" if dev.type == "cuda" else "tiny"]
    dtype = torch.bfloat16 if dev.type == "cuda" else torch.float32
    E, H, k = shape["E"], shape["H"], shape["k"]
    layer = make_layer(shape, dev, dtype)
    emit = lambda **r: print(json.dumps(r), flush=True)
    for M in a.m:
        inputs = make_inputs(layer, M, 4, seed=M)
        al = [moe_align_block_size(ids, 128, E) for _, _, ids in inputs]
        bufs = [torch.empty(s.numel(), H, device=dev, dtype=dtype) for s, _, _ in al]
        nv = M * k
        t_pkg = time_us([lambda x=x, b=b, a_=a_: gather_slots(x, b, a_[0], a_[2], k, nv) for (x, _, _), b, a_ in zip(inputs, bufs, al)],
                        dev, reps=a.reps)
        x0, (s0, _, n0) = inputs[0][0], al[0]
        ref = torch.empty_like(bufs[0]); gather_slots(x0, ref, s0, n0, k, nv)
        used = int(n0.item()); real = s0[:used] < nv
        mb = used * H * x0.element_size() / 1e6
        emit(m=M, variant="pkg", us=round(t_pkg, 1), slots_used=used, real=int(real.sum()), write_tb_s=round(mb / t_pkg / 1e6, 2))
        for r, h, w, skip in VARIANTS:
            try:
                o = torch.zeros_like(ref); launch(x0, o, s0, n0, k, nv, r, h, w, skip)
                ok = bool(torch.equal(o[:used][real], ref[:used][real]))
                t = time_us([lambda x=x, b=b, a_=a_: launch(x, b, a_[0], a_[2], k, nv, r, h, w, skip)
                             for (x, _, _), b, a_ in zip(inputs, bufs, al)], dev, reps=a.reps)
                emit(m=M, variant=f"r{r}h{h}w{w}" + ("skip" if skip else ""), us=round(t, 1), vs_pkg=round(t / t_pkg, 3), equal=ok)
            except Exception as ex:
                emit(m=M, variant=f"r{r}h{h}w{w}", error=f"{type(ex).__name__}: {str(ex)[:200]}")
        t_pkg2 = time_us([lambda x=x, b=b, a_=a_: gather_slots(x, b, a_[0], a_[2], k, nv) for (x, _, _), b, a_ in zip(inputs, bufs, al)],
                         dev, reps=a.reps)
        emit(m=M, variant="pkg again", us=round(t_pkg2, 1))


if __name__ == "__main__":
    main()
