"""A/B of the sixteenth session's decode changes in one process (H200): the shared experts as gemv slots
(refmoe.layers.moe.SHARED_IN_GEMV_MAX_M 0 = apart) and the attention's run-time split chunk with stage 1
writing the output when there is one split (the previous kernel, from git, swapped in as the baseline).
Also the per-node cost of a CUDA graph of empty kernels, the launch floor of a step.
Run: python3 docs/gpu-runs/2026-12-03-s16/ab_decode.py"""
import json
import torch, triton, triton.language as tl
import refmoe.layers.moe as moe_mod
import refmoe.layers.attention as attn_mod
from refmoe.core.timing import wall_us
from refmoe.bench.runners import decode_floor_bytes, profile_kernels, kernel_summary, HBM_BYTES_PER_US
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner

from pathlib import Path
src = (Path(__file__).parent / "paged_attention_prev.py").read_text()   # git show 12efabf:refmoe/kernels/paged_attention.py
src = src.replace("from ..core.env", "from refmoe.core.env").replace('"refmoe::', '"refmoe_prev::')
import importlib.util, tempfile
path = Path(tempfile.mkdtemp()) / "paged_attention_prev_mod.py"; path.write_text(src)   # @triton.jit needs a real file
spec = importlib.util.spec_from_file_location("paged_attention_prev_mod", path); old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
new_pa = attn_mod.paged_attention
dev = torch.device("cuda")
model = build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)

def arm(attn: str, shared_max: int) -> None:
    attn_mod.paged_attention = old.paged_attention if attn == "prev" else new_pa
    moe_mod.SHARED_IN_GEMV_MAX_M = shared_max

def measure(batch: int, context: int, table: int, arms, profile: bool = False) -> None:
    kv = model.make_kv_cache(batch * (context + 1) + 1, max_context=table)
    g = torch.Generator().manual_seed(0)
    prompts = [torch.randint(1, 31999, (context,), generator=g).tolist() for _ in range(batch)]
    slots = [kv.alloc(context + 1) for _ in range(batch)]
    floor = sum(decode_floor_bytes(model, batch, context).values()) / HBM_BYTES_PER_US
    with torch.no_grad():
        arm("new", 0)
        for p, s in zip(prompts, slots):
            pre = ForwardBatch.init_new("extend", [p], [s[:-1]], kv); model(pre.input_ids, pre.positions, pre)
        fb = ForwardBatch.init_new("decode", [[p[-1]] for p in prompts], slots, kv)
        outs = {}
        for name, (attn, sm) in arms.items():
            arm(attn, sm)
            runner = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            logits = runner.replay(fb).float().clone()
            us = min(wall_us(lambda: runner.replay(fb), 50, 5, dev) for _ in range(3))
            row = dict(batch=batch, context=context, table=table, arm=name, graph_us=round(us, 1), floor_us=round(floor, 1),
                       step_vs_floor=round(us / floor, 3))
            if outs:
                ref = next(iter(outs.values()))
                row["logits_rel_to_first_arm"] = round(((logits - ref).norm() / ref.norm()).item(), 5)
                row["argmax_agree"] = (logits.argmax(-1) == ref.argmax(-1)).float().mean().item()
            outs[name] = logits
            if profile:
                k = profile_kernels(lambda: runner.replay(fb), 20, dev)
                s = kernel_summary(k, 40); row["kernel_us"], row["groups_us"] = s["step_us"], s["groups_us"]
                row["top"] = s["top_kernels"]
            print(json.dumps(row), flush=True)
            del runner
    arm("new", 1)

both = {"prev attention, shared apart": ("prev", 0), "new attention, shared apart": ("new", 0),
        "new attention, shared in gemv (M<=1)": ("new", 1)}
measure(1, 32, 33, both, profile=True)          # the bench's step: context 32, a 33-wide table
measure(1, 512, 4096, both, profile=True)       # a serving table: 4096 positions wide
for b in (2, 4):
    measure(b, 32, 33, {"shared apart": ("new", 0), f"shared in gemv (M<={b})": ("new", b)})
measure(8, 32, 33, {"prev attention": ("prev", 0), "new attention": ("new", 0)})
measure(8, 512, 4096, {"prev attention": ("prev", 0), "new attention": ("new", 0)})
measure(64, 32, 33, {"prev attention": ("prev", 0), "new attention": ("new", 0)})

@triton.jit
def _empty(p):
    tl.store(p + tl.program_id(0), 1.0)
buf = torch.zeros(1024, device=dev)
for nodes in (1, 50):
    g = torch.cuda.CUDAGraph()
    _empty[(1,)](buf); torch.cuda.synchronize()
    with torch.cuda.graph(g):
        for _ in range(nodes): _empty[(1,)](buf)
    us = min(wall_us(g.replay, 50, 5, dev) for _ in range(3))
    print(json.dumps({"empty_kernel_graph_nodes": nodes, "graph_us": round(us, 2), "us_per_node": round(us / nodes, 3)}), flush=True)
