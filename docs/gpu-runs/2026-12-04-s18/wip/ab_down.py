"""Call 5's A/B (H200, carry .whl): the dense layer's down_proj (2048 x 10944) on cuBLAS (the package) or on 14a's
dense_gemv kernel with the whole K in one tile (BLOCK_N 1 or 2); the decode step at batch 1 in CUDA graphs, one process.
Then every kernel of one batch-1 step at context 32 (PDL off), to see what is left.
Run: python3 docs/gpu-runs/2026-12-04-s18/wip/ab_down.py"""
import json
from unittest.mock import patch
import torch
import triton
import refmoe.models.deepseek_v2 as model_mod
from refmoe.core.env import kernel_for, pdl_options, no_pdl
from refmoe.core.timing import wall_us, time_us
from refmoe.bench.runners import decode_floor_bytes, HBM_BYTES_PER_US, profile_kernels
from refmoe.kernels.dense_gemv import dense_gemv_kernel, gate_up_silu_gemv
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.runners.decode import DecodeCudaGraphRunner

def wide_gemv(block_n, warps):
    def fn(x, w):
        (M, K), N = x.shape, w.shape[0]
        out = torch.empty(M, N, dtype=x.dtype, device=x.device)
        kernel_for(dense_gemv_kernel, x)[(triton.cdiv(N, block_n),)](
            x, w, out, M, N, K, x.stride(0), w.stride(0), out.stride(0), BLOCK_N=block_n, BLOCK_K=triton.next_power_of_2(K),
            num_warps=warps, **pdl_options(x))
        return out
    return fn

plain_mlp = model_mod.DeepseekV2MLP.forward
def mlp_with(down):
    def forward(self, x):
        if self.fused and x.is_cuda and x.shape[0] == 1: return down(gate_up_silu_gemv(x, self.gate_up_proj.weight), self.down_proj.weight)
        return plain_mlp(self, x)
    return forward

dev = torch.device("cuda")
# alone first: the down projection at one row
w = [torch.randn(2048, 10944, device=dev).bfloat16() * 10944 ** -0.5 for _ in range(10)]
x = torch.randn(1, 10944, device=dev).bfloat16()
ref = torch.nn.functional.linear(x.float(), w[0].float())
alone = {"cublas": min(time_us([lambda v=v: torch.nn.functional.linear(x, v) for v in w], dev) for _ in range(3))}
for bn, wp in ((1, 4), (1, 8), (2, 8)):
    f = wide_gemv(bn, wp)
    err = ((f(x, w[0]).float() - ref).norm() / ref.norm()).item()
    alone[f"gemv n{bn} w{wp}"] = min(time_us([lambda v=v: f(x, v) for v in w], dev) for _ in range(3))
    alone[f"gemv n{bn} w{wp} rel err"] = err
print(json.dumps({"down_proj_alone_us": {k: round(v, 4 if "err" in k else 2) for k, v in alone.items()}, "floor_us": round(2048 * 10944 * 2 / 4.2e6, 2)}), flush=True)
del w
model = model_mod.build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
context, batch = 32, 1
kv = model.make_kv_cache(batch * (context + 1) + 1, max_context=context + 1)
g = torch.Generator().manual_seed(0)
prompts = [torch.randint(1, 31999, (context,), generator=g).tolist() for _ in range(batch)]
slots = [kv.alloc(context + 1) for _ in range(batch)]
floor = sum(decode_floor_bytes(model, batch, context).values()) / HBM_BYTES_PER_US
ARMS = {"package": None, "down n1 w4": (1, 4), "down n1 w8": (1, 8), "down n2 w8": (2, 8)}
with torch.no_grad():
    for p, s in zip(prompts, slots):
        pre = ForwardBatch.init_new("extend", [p], [s[:-1]], kv); model(pre.input_ids, pre.positions, pre)
    fb = ForwardBatch.init_new("decode", [[p[-1]] for p in prompts], slots, kv)
    runners, logits = {}, {}
    for name, cfg in ARMS.items():
        ps = [] if cfg is None else [patch.object(model_mod.DeepseekV2MLP, "forward", mlp_with(wide_gemv(*cfg)))]
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
    with no_pdl(): runner = DecodeCudaGraphRunner(model, kv, buckets=[batch])
    for _ in range(3): runner.replay(fb)
    kernels = profile_kernels(lambda: runner.replay(fb), 20, dev)
    print(json.dumps({"profile_batch1_context32_pdl_off": {"sum_us": round(sum(kernels.values()), 1),
                      "kernels": sorted(((round(v, 2), k[:90]) for k, v in kernels.items()), reverse=True)}}), flush=True)
