"""A trial of the M = 1 down GEMV with every slot's weight tile in one load (a [slots, N, K] tile), against
14's `fused_moe_gemv_down_kernel` on the same inputs. Usage: python down3d.py [--quick]
Correctness against torch at every config; times from a CUDA graph of 16 launches over distinct experts."""
import itertools, json, sys, time
import torch
from refmoe.core.env import kernel_for
import triton, triton.language as tl
from refmoe.kernels.moe_gemv import fused_moe_gemv_down_kernel

@triton.jit
def down3d_kernel(a_ptr, w_ptr, out_ptr, tw_ptr, ids_ptr, N, K, stride_am, stride_we, stride_wn, stride_om,
                  TOP_K: tl.constexpr, BLOCK_TOPK: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  NUM_STAGES: tl.constexpr):
    m, pid_n = tl.program_id(0), tl.program_id(1)
    offs_n = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    slots = tl.arange(0, BLOCK_TOPK)
    smask = slots < TOP_K
    ids = tl.load(ids_ptr + m * TOP_K + slots, mask=smask, other=-1).to(tl.int64)
    live = ids >= 0
    wts = tl.load(tw_ptr + m * TOP_K + slots, mask=smask, other=0.0)
    safe = tl.where(live, ids, 0)
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (m * TOP_K + slots)[:, None] * stride_am + offs_k[None, :]
    w_ptrs = w_ptr + safe[:, None, None] * stride_we + (offs_n % N)[None, :, None] * stride_wn + offs_k[None, None, :]
    acc = tl.zeros([BLOCK_TOPK, BLOCK_SIZE_N], tl.float32)
    for kk in tl.range(0, tl.cdiv(K, BLOCK_SIZE_K), num_stages=NUM_STAGES):
        am = live[:, None] & (offs_k < K - kk * BLOCK_SIZE_K)[None, :]
        a = tl.load(a_ptrs, mask=am, other=0.0).to(tl.float32)
        w = tl.load(w_ptrs, mask=am[:, None, :], other=0.0).to(tl.float32)
        acc += tl.sum(w * a[:, None, :], axis=2)
        a_ptrs += BLOCK_SIZE_K
        w_ptrs += BLOCK_SIZE_K
    out = tl.sum(acc * wts[:, None], axis=0)
    tl.store(out_ptr + m * stride_om + offs_n, out.to(out_ptr.dtype.element_ty), mask=offs_n < N)

def launch(kind, act, w2, out, tw, ids, bn, bk, warps, stages):
    (M, top_k), H, I = ids.shape, w2.shape[1], w2.shape[2]
    grid = (M, triton.cdiv(H, bn))
    if kind == "3d":
        kernel_for(down3d_kernel, act)[grid](act, w2, out, tw, ids, H, I, act.stride(0), w2.stride(0), w2.stride(1), out.stride(0),
            TOP_K=top_k, BLOCK_TOPK=triton.next_power_of_2(top_k), BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, NUM_STAGES=stages,
            num_warps=warps, num_stages=stages)
    else:
        kernel_for(fused_moe_gemv_down_kernel, act)[grid](act, w2, out, tw, ids, H, I, act.stride(0), w2.stride(0), w2.stride(1), out.stride(0),
            TOP_K=top_k, BLOCK_TOPK=triton.next_power_of_2(top_k), FILTER_EXPERT=True, EVEN_K=I % bk == 0,
            BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, NUM_STAGES=stages, num_warps=warps, num_stages=stages)

def reference(act, w2, tw, ids):
    M, k = ids.shape
    out = torch.zeros(M, w2.shape[1], dtype=torch.float32, device=act.device)
    for m in range(M):
        for j in range(k):
            e = int(ids[m, j])
            if e >= 0: out[m] += tw[m, j] * (w2[e].float() @ act[m * k + j].float())
    return out

def main():
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    quick = "--quick" in sys.argv or dev == "cpu"
    E, H, I, k, M = (8, 64, 96, 6, 2) if dev == "cpu" else (64, 2048, 1408, 6, 1)
    g = torch.Generator(device="cpu").manual_seed(0)
    w2 = (torch.randn(E, H, I, generator=g) / I ** 0.5).to(torch.bfloat16).to(dev)
    R = 1 if dev == "cpu" else 10
    sets = []
    for r in range(R):   # distinct experts per launch: r*6 .. r*6+5 (mod E), so a replay does not read from L2
        ids = torch.tensor([[(r * k + j + m) % E for j in range(k)] for m in range(M)], dtype=torch.int32)
        if dev == "cpu": ids[0, 2] = -1   # a padded slot
        act = torch.randn(M * k, I, generator=g).to(torch.bfloat16)
        tw = torch.rand(M, k, generator=g)
        sets.append((act.to(dev), tw.to(dev), ids.to(dev), torch.empty(M, H, dtype=torch.bfloat16, device=dev)))
    refs = [reference(a, w2, tw, ids) for a, tw, ids, _ in sets]
    base = [("2d", 8, 128, 2, 4)]
    grid = [("3d", bn, bk, w, s) for bn, bk, w, s in itertools.product((4, 8, 16), (64, 128, 256), (2, 4, 8), (1, 2, 3))]
    if quick: grid = [("3d", 8, 32, 2, 1), ("3d", 4, 64, 4, 2)] if dev == "cpu" else grid[:6]
    rows = []
    for cfg in base + grid:
        kind, bn, bk, w, s = cfg
        try:
            for (a, tw, ids, out), ref in zip(sets, refs):
                launch(kind, a, w2, out, tw, ids, bn, bk, w, s)
                err = (out.float() - ref).abs().max().item()
                assert err < 2e-2 * max(1.0, ref.abs().max().item()), f"{cfg}: max error {err}"
            if dev == "cpu": rows.append((cfg, None)); continue
            torch.cuda.synchronize()
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                for a, tw, ids, out in sets: launch(kind, a, w2, out, tw, ids, bn, bk, w, s)
            graph.replay(); torch.cuda.synchronize()
            ts = []
            for _ in range(5):
                t0, t1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                t0.record()
                for _ in range(20): graph.replay()
                t1.record(); torch.cuda.synchronize()
                ts.append(t0.elapsed_time(t1) * 1e3 / (20 * R))
            rows.append((cfg, min(ts)))
        except Exception as e:
            rows.append((cfg, f"{type(e).__name__}: {str(e)[:100]}"))
    bytes_ = k * H * I * 2 * M
    for cfg, t in sorted(rows, key=lambda r: r[1] if isinstance(r[1], float) else 1e9):
        extra = f"{t:7.2f} us  {bytes_ / t / 1e6:5.2f} TB/s  {bytes_ / t / 1e6 / 4.2 * 100:5.1f}% of 4.2 TB/s" if isinstance(t, float) else str(t)
        print(cfg, extra)
    print(json.dumps({"device": torch.cuda.get_device_name() if dev == "cuda" else "cpu", "M": M, "bytes": bytes_}))

if __name__ == "__main__":
    main()
