"""Call 4's A/B (H200, carry .whl): the package (19b's fold in) against (a) 19b's kernel at other PAIRS / num_warps,
(b) gate_route with its gate tile before the wait, (c) the dense layer's gate_up + SiLU in one GEMV; the decode step at
batch 1 in CUDA graphs, one process; then the router alone (gate_route vs the early-gate variant) at M = 1-256.
Run: python3 docs/gpu-runs/2026-12-04-s18/wip/ab_sweep.py"""
import importlib.util, json, shutil, tempfile
from pathlib import Path
from unittest.mock import patch
import torch
import torch.nn.functional as F
import refmoe.layers.attention as attn_mod
import refmoe.models.deepseek_v2 as model_mod
from refmoe.layers.moe import DeepseekV2MoE
from refmoe.core.timing import wall_us, time_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.runners.decode import DecodeCudaGraphRunner
from refmoe.kernels.gate_route import gate_route, route_counters
from refmoe.kernels.topk import TopKConfig

path = Path(tempfile.mkdtemp()) / "fused_decode_wip.py"
shutil.copy(Path(__file__).parent / "fused_decode.py", path)
spec = importlib.util.spec_from_file_location("fused_decode_wip", path); wip = importlib.util.module_from_spec(spec); spec.loader.exec_module(wip)

plain_route, plain_mlp = DeepseekV2MoE.route, model_mod.DeepseekV2MLP.forward

def route_pre(self, x, num_token_non_padded, record=False):
    if x.is_cuda and x.shape[0] <= 16 and self.gate.dtype == x.dtype:
        return wip.gate_route_pre(x, self.gate, self.config.topk_config, num_token_non_padded, self.expert_map,
                                  correction_bias=self.e_score_correction_bias, counters=self.route_counters,
                                  expert_load=self.expert_load if record else None)
    return plain_route(self, x, num_token_non_padded, record)

def mlp_fold(self, x):
    if x.is_cuda and x.shape[0] <= 2: return self.down_proj(wip.gate_up_silu_gemv(x, self.gate_up_proj.weight))
    return plain_mlp(self, x)

def arm(qkv=None, gate=False, mlp=False):
    ps = []
    if qkv: ps.append(patch.object(attn_mod, "qkv_rope_gemv", wip.qkv_rope_tuned(*qkv)))
    if gate: ps.append(patch.object(DeepseekV2MoE, "route", route_pre))
    if mlp: ps.append(patch.object(model_mod.DeepseekV2MLP, "forward", mlp_fold))
    return ps

ARMS = {"package": arm(), "qkv p2 w4": arm((2, 4)), "qkv p4 w8": arm((4, 8)), "qkv p8 w8": arm((8, 8)), "qkv p2 w2": arm((2, 2)),
        "gate pre": arm(gate=True), "mlp fold": arm(mlp=True), "gate pre + mlp fold": arm(gate=True, mlp=True)}
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
                          all_us=times)), flush=True)
    del runners
# the router alone, as `refmoe bench router` times it (a graph of launches over distinct inputs)
cfg, H, E = TopKConfig(top_k=6), 2048, 64
for M in (1, 4, 16, 64, 256):
    gg = torch.Generator(device=dev).manual_seed(M)
    xs = [torch.randn(M, H, generator=gg, device=dev).bfloat16() for _ in range(20)]
    gate = (torch.randn(E, H, generator=gg, device=dev) / H ** 0.5).bfloat16()
    counters, count = route_counters(M, dev), torch.tensor([max(1, M - M // 4)], dtype=torch.int32, device=dev)
    a = gate_route(xs[0], gate, cfg, count, counters=counters)
    b = wip.gate_route_pre(xs[0], gate, cfg, count, counters=counters)
    same = torch.equal(a[1], b[1])
    us = {name: min(time_us([lambda x=x: fn(x, gate, cfg, count, counters=counters) for x in xs], dev) for _ in range(3))
          for name, fn in (("gate_route", gate_route), ("gate_route_pre", wip.gate_route_pre))}
    print(json.dumps(dict(router_m=M, ids_equal=same, **{k: round(v, 2) for k, v in us.items()})), flush=True)
