"""Third A/B (call 3; call 2 ran it without the index arm) on the H200, in one process: the v2-lite-moe decode step captured with PDL off (REFMOE_PDL=0), with
PDL on (14's up GEMV: shared slots do their GEMV before waiting for the router), and with PDL on plus the static
inputs filled by one `torch._foreach_copy_` instead of six copies. Logits must be identical across arms.
Run: python3 docs/gpu-runs/2026-12-03-s17/ab_pdl2.py [batch ...]"""
import json, os, sys
import torch
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, profile_kernels, kernel_summary, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner
from refmoe.runners.input_buffers import DecodeInputBuffers

six_copies = DecodeInputBuffers.copy_from
def one_copy(self, batch, bs):
    if batch is None or batch.batch_size != bs or batch.seq_lens.dtype != self.seq_lens.dtype: return six_copies(self, batch, bs)
    n = bs
    names = ("input_ids", "positions", "out_cache_loc", "seq_ids", "seq_lens", "req_to_token")
    torch._foreach_copy_([getattr(self, k)[:n] for k in names], [getattr(batch, k) for k in names])

dev = torch.device("cuda")
model = build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
batches = [int(b) for b in sys.argv[1:]] or [1, 8, 64]
context = 32
import refmoe.layers.attention as attn_mod
attention_fns = (attn_mod.paged_attention, attn_mod.apply_rotary_store)
late = (lambda *a, **k: attention_fns[0](*a, **{**k, "index_ready": False}),
        lambda *a, **k: attention_fns[1](*a, **{**k, "index_ready": False}))
ARMS = {"off": ("0", six_copies), "on, indices after the wait": ("1", six_copies), "on": ("1", six_copies), "on+1copy": ("1", one_copy)}
def arm_attention(arm):
    attn_mod.paged_attention, attn_mod.apply_rotary_store = late if arm == "on, indices after the wait" else attention_fns
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
        for arm, (pdl, copy) in ARMS.items():
            os.environ["REFMOE_PDL"] = pdl
            DecodeInputBuffers.copy_from = copy
            arm_attention(arm)
            runners[arm] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[arm] = runners[arm].replay(fb).float().clone()
        times = {a: [] for a in ARMS}
        for _ in range(4):
            for arm, (pdl, copy) in ARMS.items():
                DecodeInputBuffers.copy_from = copy
                times[arm].append(wall_us(lambda: runners[arm].replay(fb), 50, 5, dev))
        DecodeInputBuffers.copy_from = six_copies
        bufs = runners["on"].buffers
        copy_us = {name: round(wall_us(lambda: fn(bufs, fb, batch), 200, 10, dev), 2) for name, fn in (("six", six_copies), ("one", one_copy))}
        stable = all(torch.equal(runners["on"].replay(fb).float(), logits["on"]) for _ in range(200))
        best = {a: round(min(t), 1) for a, t in times.items()}
        print(json.dumps(dict(batch=batch, context=context, floor_us=round(floor, 1), best_us=best,
                              vs_floor={a: round(v / floor, 3) for a, v in best.items()}, copy_from_us=copy_us,
                              identical={a: torch.equal(logits[a], logits["off"]) for a in ARMS}, stable_over_200_replays=stable,
                              all_us={k: [round(t, 1) for t in v] for k, v in times.items()})), flush=True)
        if batch == 1:
            for arm in ("off", "on+1copy"):
                DecodeInputBuffers.copy_from = ARMS[arm][1]
                s = kernel_summary(profile_kernels(lambda: runners[arm].replay(fb), 20, dev), 40)
                print(json.dumps(dict(arm=arm, kernel_us=s["step_us"], groups_us=s["groups_us"], top=s["top_kernels"])), flush=True)
            DecodeInputBuffers.copy_from = six_copies
        del runners
