"""Call 6's A/B (H200, carry .whl): the LM head as the package runs it (cuBLAS in bf16, then `.float()`, a second kernel)
against cuBLAS writing fp32 itself (`torch.mm(..., out_dtype=torch.float32)`) and 14a's dense_gemv into an fp32 `out`;
the decode step at batch 1 and 8 in CUDA graphs, one process. Run: python3 docs/gpu-runs/2026-12-04-s18/wip/ab_lm.py"""
import json
from unittest.mock import patch
import torch
import refmoe.models.deepseek_v2 as model_mod
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US
from refmoe.kernels.dense_gemv import dense_gemv
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.runners.decode import DecodeCudaGraphRunner

LM = model_mod.DeepseekV2ForCausalLM
plain = LM.compute_logits
def mm_fp32(self, h, logits_rows=None):
    h = h if logits_rows is None else h[logits_rows]
    return torch.mm(h, self.lm_head.weight.t(), out_dtype=torch.float32)
def gemv_fp32(self, h, logits_rows=None):
    h = h if logits_rows is None else h[logits_rows]
    if h.shape[0] > 4: return plain(self, h)
    return dense_gemv(h, self.lm_head.weight, out=torch.empty(h.shape[0], self.lm_head.weight.shape[0], dtype=torch.float32, device=h.device))
ARMS = {"package": None, "lm mm out fp32": mm_fp32, "lm gemv out fp32": gemv_fp32}
dev = torch.device("cuda")
model = model_mod.build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
context = 32
for batch in (1, 8):
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
        for name, fn in ARMS.items():
            ps = [] if fn is None else [patch.object(LM, "compute_logits", fn)]
            for q in ps: q.start()
            try:
                runners[name] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
                logits[name] = runners[name].replay(fb).float().clone()
            finally:
                for q in ps: q.stop()
        times = {a: [] for a in runners}
        for _ in range(6):
            for a in runners: times[a].append(wall_us(lambda: runners[a].replay(fb), 50, 5, dev))
        best = {a: round(min(t), 1) for a, t in times.items()}
        ref = logits["package"]
        print(json.dumps(dict(batch=batch, floor_us=round(floor, 1), best_us=best, vs_floor={a: round(v / floor, 3) for a, v in best.items()},
                              logits_rel_diff={a: round(((l - ref).norm() / ref.norm()).item(), 5) for a, l in logits.items()},
                              argmax_same={a: bool(torch.equal(l.argmax(-1), ref.argmax(-1))) for a, l in logits.items()},
                              all_us=times)), flush=True)
        del runners
