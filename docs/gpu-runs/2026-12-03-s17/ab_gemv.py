"""A/B on the H200, in one process: the v2-lite-moe decode step with the attention projections on cuBLAS or on 14a's
dense_gemv (weights loaded before the PDL wait), with PDL off as the baseline. Logits compared to the cuBLAS arm.
Run: python3 docs/gpu-runs/2026-12-03-s17/ab_gemv.py [batch ...]"""
import json, os, sys
import torch
import refmoe.layers.attention as attn_mod
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner

dev = torch.device("cuda")
model = build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
batches = [int(b) for b in sys.argv[1:]] or [1, 2, 4, 8]
context = 32
# call 6 ran this at commit 5bd15fc, where GEMV_PROJECTIONS was a tuple of names (every one up to 4 rows); since then it
# is a dict of names to the most rows, so the arms are written that way
ARMS = {"PDL off, cuBLAS": ("0", {}), "PDL on, cuBLAS": ("1", {}), "PDL on, o_proj gemv": ("1", {"o_proj": 4}),
        "PDL on, qkv+o_proj gemv": ("1", {"qkv_proj": 4, "o_proj": 4}), "PDL on, qkv gemv": ("1", {"qkv_proj": 4})}
for batch in batches:
    kv = model.make_kv_cache(batch * (context + 1) + 1, max_context=context + 1)
    g = torch.Generator().manual_seed(0)
    prompts = [torch.randint(1, 31999, (context,), generator=g).tolist() for _ in range(batch)]
    slots = [kv.alloc(context + 1) for _ in range(batch)]
    floor = sum(decode_floor_bytes(model, batch, context).values()) / HBM_BYTES_PER_US
    with torch.no_grad():
        for p, s in zip(prompts, slots):
            pre = ForwardBatch.init_new("extend", [p], [s[:-1]], kv); model(pre.input_ids, pre.positions, pre)
        fb = ForwardBatch.init_new("decode", [[p[-1]] for p in prompts], slots, kv)
        runners, logits = {}, {}
        for arm, (pdl, projections) in ARMS.items():
            os.environ["REFMOE_PDL"], attn_mod.GEMV_PROJECTIONS = pdl, projections
            runners[arm] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[arm] = runners[arm].replay(fb).float().clone()
        os.environ["REFMOE_PDL"], attn_mod.GEMV_PROJECTIONS = "1", {"o_proj": 4, "qkv_proj": 2}   # the package default
        times = {a: [] for a in ARMS}
        for _ in range(4):
            for arm in ARMS: times[arm].append(wall_us(lambda: runners[arm].replay(fb), 50, 5, dev))
        ref = logits["PDL on, cuBLAS"]
        best = {a: round(min(t), 1) for a, t in times.items()}
        stable = {a: all(torch.equal(runners[a].replay(fb).float(), logits[a]) for _ in range(100)) for a in ARMS}
        print(json.dumps(dict(batch=batch, context=context, floor_us=round(floor, 1), best_us=best,
                              vs_floor={a: round(v / floor, 3) for a, v in best.items()},
                              logits_rel_to_cublas={a: round(((l - ref).norm() / ref.norm()).item(), 5) for a, l in logits.items()},
                              argmax_agree={a: (l.argmax(-1) == ref.argmax(-1)).float().mean().item() for a, l in logits.items()},
                              stable_over_100_replays=stable, all_us={k: [round(t, 1) for t in v] for k, v in times.items()})), flush=True)
        del runners
