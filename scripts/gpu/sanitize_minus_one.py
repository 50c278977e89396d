#!/usr/bin/env python3
"""Run refmoe's fused MoE kernels on routing with expert -1, for compute-sanitizer (defect 3).

Usage: PYTORCH_NO_CUDA_MEMORY_CACHING=1 compute-sanitizer --tool memcheck python3 sanitize_minus_one.py [both|filtered|unfiltered]
The expert weights are allocated first, each its own cudaMalloc (no caching allocator), with
V2-Lite-sized experts, so w13[-1] (11.5 MB before the weights) is outside every allocation.
`both` runs the filtered kernels, prints FILTERED_DONE, then the unfiltered ones: the kernels as
SGLang runs them outside expert parallelism, which the early revision of the fix reached with a
stale count (notebook 32 replays that crash end to end).
"""
import os, sys
os.environ.setdefault("PYTORCH_NO_CUDA_MEMORY_CACHING", "1")
import torch

mode = sys.argv[1] if len(sys.argv) > 1 else "both"
E, H, I, k, M, real = 2, 2048, 1408, 2, 8, 3
w13 = torch.randn(E, 2 * I, H, device="cuda", dtype=torch.bfloat16)
w2 = torch.randn(E, H, I, device="cuda", dtype=torch.bfloat16)
from refmoe.kernels.fused_moe import fused_experts  # noqa: E402
from refmoe.kernels.topk import TopKConfig, select_experts  # noqa: E402

x = torch.randn(M, H, device="cuda", dtype=torch.bfloat16)
logits = torch.randn(M, E, device="cuda")
w, ids = select_experts(x, logits, TopKConfig(top_k=k), torch.tensor([real], dtype=torch.int32, device="cuda"))
sorted_cfg = dict(kind="sorted", BLOCK_SIZE_M=16, w13=dict(BLOCK_SIZE_N=64, BLOCK_SIZE_K=64, GROUP_SIZE_M=1, num_warps=4, num_stages=1),
                  w2=dict(BLOCK_SIZE_N=64, BLOCK_SIZE_K=64, GROUP_SIZE_M=1, num_warps=4, num_stages=1))
gemv_cfg = dict(kind="gemv", w13=dict(BLOCK_SIZE_N=32, BLOCK_SIZE_K=128, num_warps=4), w2=dict(BLOCK_SIZE_N=32, BLOCK_SIZE_K=128, num_warps=4))
print("topk_ids:", ids.tolist(), flush=True)
for filt in {"both": (True, False), "filtered": (True,), "unfiltered": (False,)}[mode]:
    for name, cfg in (("sorted", sorted_cfg), ("gemv", gemv_cfg)):
        out = fused_experts(x, w13, w2, w, ids, config=cfg, filter_expert=filt)
        torch.cuda.synchronize()
        print(f"{'filtered' if filt else 'unfiltered'} {name}: padded rows |out| = {out[real:].float().abs().sum().item()}", flush=True)
    if filt: print("FILTERED_DONE", flush=True)
