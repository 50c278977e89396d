"""Call 4 (H200, carry .whl): where call 2's MoE norm fold lost 24 us at batch 1. Both arms (the norm apart, the norm
folded) captured at batch 1, context 32: the step timed with PDL on, in alternating rounds; each kernel's device time
with PDL off (torch.profiler over graph replays); the registers and spills of every compiled variant of the router and
the up kernel. Run: python3 docs/gpu-runs/2026-12-04-s19/wip/ab_moe_norm_profile.py"""
import json, sys
from pathlib import Path
from unittest.mock import patch
import torch
sys.path.insert(0, str(Path(__file__).parent))
from ab_harness import ab_decode, capture_arms
from refmoe.bench.runners import profile_kernels
from refmoe.core.env import no_pdl
from refmoe.kernels.gate_route import gate_route_kernel
from refmoe.kernels.moe_gemv import fused_moe_gemv_up_kernel
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model

ARMS = {"norm apart": [patch("refmoe.layers.moe.MOE_NORM_FOLD_MAX_M", 0)], "norm folded": [patch("refmoe.layers.moe.MOE_NORM_FOLD_MAX_M", 1)]}
ab_decode(ARMS, batches=(1,))
dev = torch.device("cuda")
model = build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
kv = model.make_kv_cache(40, max_context=33)
g = torch.Generator().manual_seed(0)
prompt, slots = torch.randint(1, 31999, (32,), generator=g).tolist(), [kv.alloc(33)]
with torch.no_grad(), no_pdl():
    pre = ForwardBatch.init_new("extend", [prompt], [slots[0][:-1]], kv); model(pre.input_ids, pre.positions, pre)
    fb = ForwardBatch.init_new("decode", [[prompt[-1]]], slots, kv)
    runners, _ = capture_arms(model, kv, fb, ARMS, 1)
    for name, r in runners.items():
        ks = profile_kernels(lambda: r.replay(fb), 20, dev)
        print(json.dumps(dict(arm=name, pdl=False, step_kernels_us=round(sum(ks.values()), 1),
                              kernels={k[:60]: round(v, 2) for k, v in sorted(ks.items(), key=lambda kv: -kv[1])})), flush=True)
for fn in (gate_route_kernel, fused_moe_gemv_up_kernel):
    for cache in getattr(fn, "device_caches", {}).values():
        for key, ck in cache[0].items():
            consts = getattr(getattr(ck, "src", None), "constants", {})
            flags = {str(k): v for k, v in consts.items() if any(s in str(k) for s in ("NORM", "SHARED", "BLOCK", "PDL", "TOP_K", "SPLIT"))}
            print(json.dumps(dict(kernel=fn.fn.__name__, n_regs=getattr(ck, "n_regs", None), n_spills=getattr(ck, "n_spills", None),
                                  shared=getattr(getattr(ck, "metadata", None), "shared", None), num_warps=getattr(getattr(ck, "metadata", None), "num_warps", None),
                                  flags=str(flags)[:400])), flush=True)
