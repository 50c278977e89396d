"""Twenty-ninth session: does 14's up GEMV lose bandwidth between its waves of programs? At M = 1 its 528 programs run
in about two waves on 132 SMs (ncu, twelfth session: 45% achieved occupancy, 64.5% of DRAM). Here a variant whose
programs each walk several tiles (tiles pid, pid + P, ...; `tl.range(flatten=True)` pipelines the tile loop and the K
loop as one, as 14d's persistent GEMMs do), with a -1 pair's loads masked instead of returning, against the
package's kernel (`fused_moe_gemv_up_kernel`, the table's M = 1 tile), neither with PDL. Each timing is a CUDA graph
of ten distinct routings, L2 flushed (`refmoe.core.timing.time_us`); arms alternate in rounds, medians reported;
outputs compared with the package kernel's.

python3 docs/gpu-runs/2026-12-06-s29/gemv_multi_ab.py [--m 1 4] [--rounds 5]   (on the GPU; --cpu: a correctness check in the interpreter)
"""
import argparse, json, os, sys

if "--cpu" in sys.argv: os.environ["TRITON_INTERPRET"] = "1"
import torch
import refmoe.core.env  # noqa: F401
import triton
import triton.language as tl


@triton.jit
def up_multi_kernel(x_ptr, w_ptr, out_ptr, ids_ptr, N, K, num_tiles, stride_xm, stride_we, stride_wn, stride_om,
                    TOP_K: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, NUM_STAGES: tl.constexpr,
                    FLATTEN: tl.constexpr):
    "14's gate-up GEMV with SiLU-and-mul, a program walking tiles pid, pid + P, ...; expert -1 masked (zeros out)."
    n_tiles_n = tl.cdiv(N, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    for t in tl.range(tl.program_id(0), num_tiles, tl.num_programs(0), num_stages=NUM_STAGES, flatten=FLATTEN):
        pair = t // n_tiles_n
        offs_n = (t % n_tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        expert = tl.load(ids_ptr + pair).to(tl.int64)
        live = (offs_n[:, None] * 0 + offs_k[None, :] * 0 + expert) >= 0   # [BLOCK_N, BLOCK_K]: false for expert -1
        w_ptrs = w_ptr + tl.maximum(expert, 0) * stride_we + (offs_n % N)[:, None] * stride_wn + offs_k[None, :]
        x_ptrs = x_ptr + (pair // TOP_K) * stride_xm + offs_k
        gate = tl.zeros([BLOCK_N], tl.float32)
        up = tl.zeros([BLOCK_N], tl.float32)
        for kk in range(0, K, BLOCK_K):
            x = tl.load(x_ptrs + kk).to(tl.float32)
            wg = tl.load(w_ptrs + kk, mask=live, other=0.0).to(tl.float32)
            wu = tl.load(w_ptrs + N * stride_wn + kk, mask=live, other=0.0).to(tl.float32)
            gate += tl.sum(wg * x[None, :], axis=1)
            up += tl.sum(wu * x[None, :], axis=1)
        act = gate / (1.0 + tl.exp(-gate)) * up
        tl.store(out_ptr + pair * stride_om + offs_n, act.to(out_ptr.dtype.element_ty), mask=offs_n < N)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[1, 4])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--reps", type=int, default=30)
    p.add_argument("--cpu", action="store_true")
    a = p.parse_args()
    from refmoe.core.timing import time_us
    from refmoe.kernels.moe_gemv import fused_moe_gemv_up_kernel
    dev = torch.device("cpu" if a.cpu else "cuda")
    E, H, I, k = (8, 64, 48, 3) if a.cpu else (64, 2048, 1408, 6)
    dt = torch.float32 if a.cpu else torch.bfloat16
    g = torch.Generator(device=dev).manual_seed(0)
    w13 = (torch.randn(E, 2 * I, H, generator=g, device=dev) / H ** 0.5).to(dt)
    emit = lambda **r: print(json.dumps(r), flush=True)
    emit(device=str(dev) if a.cpu else torch.cuda.get_device_name(), triton=triton.__version__)
    bn, bk, warps, stages = (16, 32, 4, 2) if a.cpu else (16, 512, 8, 3)   # the H100 and H200 tables' M = 1 tile

    def base(x, ids, act):
        fused_moe_gemv_up_kernel[(ids.numel(), triton.cdiv(I, bn))](
            x, w13, w13, act, ids, I, H, x.stride(0), w13.stride(0), w13.stride(1), w13.stride(1), act.stride(0),
            TOP_K=k, N_SHARED=0, BLOCK_TOPK=triton.next_power_of_2(k), FILTER_EXPERT=True, EVEN_K=H % bk == 0,
            BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, NUM_STAGES=stages, num_warps=warps, num_stages=stages)

    def multi(x, ids, act, programs, st, flat, bn_=bn, bk_=bk, w_=warps):
        tiles = ids.numel() * triton.cdiv(I, bn_)
        up_multi_kernel[(min(programs, tiles),)](
            x, w13, act, ids, I, H, tiles, x.stride(0), w13.stride(0), w13.stride(1), act.stride(0),
            TOP_K=k, BLOCK_N=bn_, BLOCK_K=bk_, NUM_STAGES=st, FLATTEN=flat, num_warps=w_, num_stages=st)

    sms = 4 if a.cpu else torch.cuda.get_device_properties(dev).multi_processor_count
    for M in a.m:
        inputs = []
        for i in range(2 if a.cpu else 10):
            x = torch.randn(M, H, generator=g, device=dev).to(dt)
            ids = torch.stack([torch.randperm(E, generator=g, device=dev)[:k] for _ in range(M)]).to(torch.int32)
            if i == 0 and M > 1: ids[-1] = -1                      # a padded row in the first input
            inputs.append((x, ids, torch.empty(M * k, I, dtype=dt, device=dev), torch.empty(M * k, I, dtype=dt, device=dev)))
        arms = {"package": lambda x, ids, act, out: base(x, ids, act)}
        for mult in ((1, 2) if a.cpu else (1, 2, 3, 4)):
            for st in ((2,) if a.cpu else (2, 3, 4)):
                for flat in ((True,) if a.cpu else (True, False)):
                    arms[f"P={mult}xSM s{st}{' flat' if flat else ''}"] = (lambda x, ids, act, out, P=mult * sms, st=st, flat=flat:
                                                                         multi(x, ids, out, P, st, flat))
        ok = {}
        x0, ids0, act0, out0 = inputs[0]
        base(x0, ids0, act0)
        for name, f in arms.items():
            if name == "package": continue
            out0.fill_(7.0); f(x0, ids0, act0, out0)
            ok[name] = bool(torch.allclose(out0.float(), act0.float(), atol=1e-3 if a.cpu else 2e-2, rtol=1e-2))
        if a.cpu:
            emit(m=M, correct=ok); continue
        t = {n: [] for n in arms}
        for _ in range(a.rounds):
            for n, f in arms.items():
                t[n].append(round(time_us([lambda i=i, f=f: f(*i) for i in inputs], dev, reps=a.reps), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        best = min((n for n in med if n != "package"), key=med.get)
        mb = k * M * 0 + len({e for _, ids, _, _ in inputs[:1] for e in ids.flatten().tolist() if e >= 0}) * 2 * I * H * 2 / 1e6
        emit(m=M, median_us=med, best=best, best_over_package=round(med[best] / med["package"], 3), correct=ok,
             first_input_mb=round(mb, 1))

if __name__ == "__main__":
    main()
