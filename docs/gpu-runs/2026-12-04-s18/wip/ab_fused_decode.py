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

def make_forward(qkv: bool, gate: bool):
    def forward(self, positions, hidden_states, fb, mask, residual=None):
        T = hidden_states.shape[0]
        attn = self.self_attn
        if qkv and mask is None and hidden_states.is_cuda and T <= 2:
            n, cache = self.input_layernorm, fb.kv_cache
            rot = attn.rotary_emb
            q, residual = wip.qkv_rope_gemv(hidden_states, residual, n.weight, n.eps, attn.qkv_proj.weight, rot.cos, rot.sin,
                                            positions, fb.out_cache_loc, cache.k[attn.layer_id], cache.v[attn.layer_id], attn.num_heads)
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
        return (self.mlp(x, fb.num_token_non_padded) if self.is_moe else self.mlp(x)), residual
    return forward

ARMS = {"as is": plain_forward, "qkv+rope": make_forward(True, False), "gate norm": make_forward(False, True),
        "both": make_forward(True, True)}
dev = torch.device("cuda")
model = model_mod.build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
context = 32
for batch in [int(b) for b in sys.argv[1:]] or [1, 2, 8]:
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
        for arm, fwd in ARMS.items():
            Layer.forward = fwd
            runners[arm] = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits[arm] = runners[arm].replay(fb).float().clone()
        Layer.forward = plain_forward
        times = {a: [] for a in runners}
        for _ in range(5):
            for arm in runners: times[arm].append(wall_us(lambda: runners[arm].replay(fb), 50, 5, dev))
        best = {a: round(min(t), 1) for a, t in times.items()}
        ref = logits["as is"]
        print(json.dumps(dict(batch=batch, floor_us=round(floor, 1), best_us=best, vs_floor={a: round(v / floor, 3) for a, v in best.items()},
                              logits_rel_diff={a: round(((l - ref).norm() / ref.norm()).item(), 5) for a, l in logits.items()},
                              argmax_same={a: bool(torch.equal(l.argmax(-1), ref.argmax(-1))) for a, l in logits.items()},
                              all_us=times)), flush=True)
        del runners
