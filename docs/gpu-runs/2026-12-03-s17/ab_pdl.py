"""A/B of programmatic dependent launch (02's pdl_options) in one process on the H200: the v2-lite-moe decode
step captured twice, once with REFMOE_PDL=0 (every kernel waits for the one before to finish) and once with it on,
replayed alternately on the same batch; logits compared (they must be identical: PDL changes when a kernel starts,
not what it computes). Run: python3 docs/gpu-runs/2026-12-03-s17/ab_pdl.py [batch ...]"""
import json, os, sys
import torch
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, profile_kernels, kernel_summary, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner

dev = torch.device("cuda")
model = build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
batches = [int(b) for b in sys.argv[1:]] or [1, 8, 64]
context = 32
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
        for arm in ("0", "1"):
            os.environ["REFMOE_PDL"] = arm
            runners[arm] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[arm] = runners[arm].replay(fb).float().clone()
        times = {"0": [], "1": []}
        for _ in range(4):
            for arm in ("0", "1"): times[arm].append(wall_us(lambda: runners[arm].replay(fb), 50, 5, dev))
        same = torch.equal(logits["0"], logits["1"])
        # many replays with PDL on against the first: a race would show as a changed value somewhere
        stable = all(torch.equal(runners["1"].replay(fb).float(), logits["1"]) for _ in range(200))
        off, on = min(times["0"]), min(times["1"])
        print(json.dumps(dict(batch=batch, context=context, floor_us=round(floor, 1), pdl_off_us=round(off, 1), pdl_on_us=round(on, 1),
                              speedup=round(off / on, 3), on_vs_floor=round(on / floor, 3), off_vs_floor=round(off / floor, 3),
                              logits_identical=same, stable_over_200_replays=stable,
                              all_us={k: [round(t, 1) for t in v] for k, v in times.items()})), flush=True)
        if batch == 1:
            for arm in ("0", "1"):
                s = kernel_summary(profile_kernels(lambda: runners[arm].replay(fb), 20, dev), 40)
                print(json.dumps(dict(arm=f"REFMOE_PDL={arm}", kernel_us=s["step_us"], groups_us=s["groups_us"], top=s["top_kernels"])), flush=True)
        del runners
