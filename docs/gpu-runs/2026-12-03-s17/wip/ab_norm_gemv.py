"""Work in progress for the next session's first call (H200, carry .whl): the decode step with the input norm folded
into qkv_proj's dense_gemv (norm_gemv.py) against the package as it is, in one process, at batch 1 and 2.
Run: python3 docs/gpu-runs/2026-12-03-s17/wip/ab_norm_gemv.py"""
import importlib.util, json, os, shutil, sys, tempfile
from pathlib import Path
import torch
import refmoe.models.deepseek_v2 as model_mod
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.runners.decode import DecodeCudaGraphRunner

path = Path(tempfile.mkdtemp()) / "norm_gemv_wip.py"   # @triton.jit needs a real file
shutil.copy(Path(__file__).parent / "norm_gemv.py", path)
spec = importlib.util.spec_from_file_location("norm_gemv_wip", path); wip = importlib.util.module_from_spec(spec); spec.loader.exec_module(wip)

Layer = model_mod.DeepseekV2DecoderLayer
plain_forward = Layer.forward

def attention_after_qkv(attn, qkv, positions, fb, mask):
    "21's Attention.forward from the projection's output on (the fused path only: mask None)."
    T = qkv.shape[0]
    q, k, v = qkv.view(T, 3, attn.num_heads, attn.head_dim).unbind(1)
    cache = fb.kv_cache
    q = attn.rotary_emb.forward_store(positions, q, k, v, cache, attn.layer_id, fb.out_cache_loc)
    out = attn_paged(q, cache.k[attn.layer_id], cache.v[attn.layer_id], fb.req_to_token, fb.seq_ids, fb.positions, fb.seq_lens,
                     attn.scale, index_ready=True)
    return attn.project("o_proj", out.reshape(T, -1))

from refmoe.kernels.paged_attention import paged_attention as attn_paged

def fused_forward(self, positions, hidden_states, forward_batch, mask, residual=None):
    if residual is None or mask is not None or not hidden_states.is_cuda or hidden_states.shape[0] > 2:
        return plain_forward(self, positions, hidden_states, forward_batch, mask, residual)
    n = self.input_layernorm
    qkv, residual = wip.norm_dense_gemv(hidden_states, residual, n.weight, n.eps, self.self_attn.qkv_proj.weight)
    a = attention_after_qkv(self.self_attn, qkv, positions, forward_batch, mask)
    x, residual = self.post_attention_layernorm.add_forward(a, residual)
    return (self.mlp(x, forward_batch.num_token_non_padded) if self.is_moe else self.mlp(x)), residual

dev = torch.device("cuda")
model = model_mod.build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
context = 32
for batch in (1, 2):
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
        for arm, fwd in (("as is", plain_forward), ("norm in qkv gemv", fused_forward)):
            Layer.forward = fwd
            runners[arm] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[arm] = runners[arm].replay(fb).float().clone()
        Layer.forward = plain_forward
        times = {a: [] for a in runners}
        for _ in range(4):
            for arm in runners: times[arm].append(wall_us(lambda: runners[arm].replay(fb), 50, 5, dev))
        best = {a: round(min(t), 1) for a, t in times.items()}
        print(json.dumps(dict(batch=batch, floor_us=round(floor, 1), best_us=best, vs_floor={a: round(v / floor, 3) for a, v in best.items()},
                              identical=torch.equal(logits["as is"], logits["norm in qkv gemv"]), all_us=times)), flush=True)
        del runners
