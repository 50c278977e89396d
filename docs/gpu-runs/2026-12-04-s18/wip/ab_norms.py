"""Call 8's A/B (H200, carry .whl): two of the five norms left at one row folded into the GEMV after them: the dense
layer's post-attention norm into gate_up_silu_gemv (`norm_gate_up_silu`), the final norm into the LM head's GEMV
(`norm_lm_head`); the decode step at batch 1 in CUDA graphs, one process. Run: python3 docs/gpu-runs/2026-12-04-s18/wip/ab_norms.py"""
import importlib.util, json, shutil, tempfile
from pathlib import Path
from unittest.mock import patch
import torch
import refmoe.models.deepseek_v2 as model_mod
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US
from refmoe.kernels.dense_gemv import dense_gemv
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.runners.decode import DecodeCudaGraphRunner

path = Path(tempfile.mkdtemp()) / "fused_decode_wip.py"
shutil.copy(Path(__file__).parent / "fused_decode.py", path)
spec = importlib.util.spec_from_file_location("fused_decode_wip", path); wip = importlib.util.module_from_spec(spec); spec.loader.exec_module(wip)

Layer, LM = model_mod.DeepseekV2DecoderLayer, model_mod.DeepseekV2ForCausalLM
plain_layer, plain_lm = Layer.forward, LM.forward

def layer_forward(self, positions, hidden_states, fb, mask, residual=None):
    if self.is_moe or hidden_states.shape[0] != 1 or not hidden_states.is_cuda: return plain_layer(self, positions, hidden_states, fb, mask, residual)
    n = self.input_layernorm
    a, residual = self.self_attn.forward_from_residual(hidden_states, residual, n.weight, n.eps, positions, fb)
    p = self.post_attention_layernorm
    act, residual = wip.norm_gate_up_silu(a, residual, p.weight, p.eps, self.mlp.gate_up_proj.weight)
    return dense_gemv(act, self.mlp.down_proj.weight), residual

def lm_forward(self, input_ids, positions, fb, input_embeds=None, logits_rows=None):
    body = self.model
    h = body.embed_tokens(input_ids) if input_embeds is None else input_embeds
    residual = None
    for layer in body.layers: h, residual = layer(positions, h, fb, None, residual)
    if logits_rows is None and h.shape[0] == 1 and h.is_cuda:
        return wip.norm_lm_head(h, residual, body.norm.weight, body.norm.eps, self.lm_head.weight)
    return self.compute_logits(body.norm.add_forward(h, residual)[0], logits_rows)

ARMS = {"package": [], "dense norm fold": [patch.object(Layer, "forward", layer_forward)],
        "final norm fold": [patch.object(LM, "forward", lm_forward)],
        "both": [patch.object(Layer, "forward", layer_forward), patch.object(LM, "forward", lm_forward)]}
dev = torch.device("cuda")
model = model_mod.build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
context, batch = 32, 1
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
    for name, ps in ARMS.items():
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
