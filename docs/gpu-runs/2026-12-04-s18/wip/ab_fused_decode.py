"""The decode step with fused_decode.py's folds against the package as it is, one process, CUDA graphs (H200, carry .whl).
Run: python3 docs/gpu-runs/2026-12-04-s18/wip/ab_fused_decode.py [batches...]"""
import importlib.util, json, shutil, sys, tempfile
from pathlib import Path
import torch
import refmoe.models.deepseek_v2 as model_mod
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.runners.decode import DecodeCudaGraphRunner
from refmoe.kernels.paged_attention import paged_attention

path = Path(tempfile.mkdtemp()) / "fused_decode_wip.py"   # @triton.jit needs a real file
shutil.copy(Path(__file__).parent / "fused_decode.py", path)
spec = importlib.util.spec_from_file_location("fused_decode_wip", path); wip = importlib.util.module_from_spec(spec); spec.loader.exec_module(wip)

Layer = model_mod.DeepseekV2DecoderLayer
plain_forward = Layer.forward

def make_forward(qkv: bool, gate: bool, pre: bool = False, gate_pre: bool = False):
    def forward(self, positions, hidden_states, fb, mask, residual=None):
        T = hidden_states.shape[0]
        attn = self.self_attn
        if qkv and mask is None and hidden_states.is_cuda and T <= QKV_MAX_T:
            n, cache = self.input_layernorm, fb.kv_cache
            rot = attn.rotary_emb
            q, residual = wip.qkv_rope_gemv(hidden_states, residual, n.weight, n.eps, attn.qkv_proj.weight, rot.cos, rot.sin,
                                            positions, fb.out_cache_loc, cache.k[attn.layer_id], cache.v[attn.layer_id], attn.num_heads,
                                            index_ready=pre)
            out = paged_attention(q, cache.k[attn.layer_id], cache.v[attn.layer_id], fb.req_to_token, fb.seq_ids, fb.positions,
                                  fb.seq_lens, attn.scale, index_ready=True)
            a = attn.project("o_proj", out.reshape(T, -1))
        else:
            if residual is None: x, residual = self.input_layernorm(hidden_states), hidden_states
            else: x, residual = self.input_layernorm.add_forward(hidden_states, residual)
            a = attn(x, positions, fb, mask)
        if gate and self.is_moe and mask is None and T <= 16:
            moe, n = self.mlp, self.post_attention_layernorm
            y, residual, w, ids = wip.norm_gate_route(a, residual, n.weight, n.eps, moe.gate, moe.config.topk_config,
                                                      fb.num_token_non_padded, moe.expert_map, correction_bias=moe.e_score_correction_bias,
                                                      counters=moe.route_counters, expert_load=moe.expert_load)
            return moe.routed_and_shared(y, w, ids), residual
        x, residual = self.post_attention_layernorm.add_forward(a, residual)
        if gate_pre and self.is_moe and mask is None and T <= 16:
            moe = self.mlp
            w, ids = wip.gate_route_pre(x, moe.gate, moe.config.topk_config, fb.num_token_non_padded, moe.expert_map,
                                        correction_bias=moe.e_score_correction_bias, counters=moe.route_counters, expert_load=moe.expert_load)
            return moe.routed_and_shared(x, w, ids), residual
        return (self.mlp(x, fb.num_token_non_padded) if self.is_moe else self.mlp(x)), residual
    return forward

QKV_MAX_T = 1
LM = model_mod.DeepseekV2ForCausalLM
plain_lm_forward = LM.forward

def lm_forward(self, input_ids, positions, fb, input_embeds=None, logits_rows=None):
    body = self.model
    h = body.embed_tokens(input_ids) if input_embeds is None else input_embeds
    residual = None
    for layer in body.layers: h, residual = layer(positions, h, fb, None, residual)
    if logits_rows is None and h.shape[0] <= 2 and h.is_cuda and residual is not None:
        return wip.norm_lm_head(h, residual, body.norm.weight, body.norm.eps, self.lm_head.weight)
    return self.compute_logits(body.norm.add_forward(h, residual)[0], logits_rows)

# arm: (layer forward, LM forward)
ARMS = {"as is": (plain_forward, plain_lm_forward), "qkv+rope": (make_forward(True, False), plain_lm_forward),
        "qkv+rope pre": (make_forward(True, False, pre=True), plain_lm_forward),
        "gate pre": (make_forward(False, False, gate_pre=True), plain_lm_forward),
        "lm head": (plain_forward, lm_forward),
        "all": (make_forward(True, False, pre=True, gate_pre=True), lm_forward)}
dev = torch.device("cuda")
model = model_mod.build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
context = 32
for batch in [int(b) for b in sys.argv[1:]] or [1, 2]:
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
        for arm, (fwd, lmf) in ARMS.items():
            Layer.forward, LM.forward = fwd, lmf
            runners[arm] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[arm] = runners[arm].replay(fb).float().clone()
        Layer.forward, LM.forward = plain_forward, plain_lm_forward
        times = {a: [] for a in runners}
        for _ in range(6):
            for arm in runners: times[arm].append(wall_us(lambda: runners[arm].replay(fb), 50, 5, dev))
        best = {a: round(min(t), 1) for a, t in times.items()}
        ref = logits["as is"]
        print(json.dumps(dict(batch=batch, floor_us=round(floor, 1), best_us=best, vs_floor={a: round(v / floor, 3) for a, v in best.items()},
                              logits_rel_diff={a: round(((l - ref).norm() / ref.norm()).item(), 5) for a, l in logits.items()},
                              argmax_same={a: bool(torch.equal(l.argmax(-1), ref.argmax(-1))) for a, l in logits.items()},
                              all_us=times)), flush=True)
        del runners
