"""Which half of 18's change slowed stage 1 at one split (s16 call 3: 23.1 -> 29.6 us over four launches)? The decode
attention op alone in a CUDA graph of 20 calls, for the previous kernel (12efabf), the run-time chunk with stage 2 kept,
and the run-time chunk with stage 1 writing the output at one split (HEAD); then the shared experts in the gemv kernels
at batch 8 (SHARED_IN_GEMV_MAX_M 0 and 8). Run: python3 docs/gpu-runs/2026-12-03-s16/ab_attention.py"""
import importlib.util, json, tempfile
from pathlib import Path
import torch
import refmoe.kernels.paged_attention as cur
from refmoe.core.timing import wall_us

here = Path(__file__).parent
def load(name: str, src: str):
    src = src.replace("from ..core.env", "from refmoe.core.env").replace('"refmoe::', f'"refmoe_{name}::')
    path = Path(tempfile.mkdtemp()) / f"pa_{name}.py"; path.write_text(src)
    spec = importlib.util.spec_from_file_location(f"pa_{name}", path); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    return m
head_src = Path(cur.__file__).read_text()
assert "    if S == 1: return\n" in head_src and "    if SPLITS == 1:   # nothing to merge" in head_src
variants = {"prev (12efabf)": load("prev", (here / "paged_attention_prev.py").read_text()),
            "run-time chunk, stage 2 kept": load("chunk", head_src.replace("    if S == 1: return\n", "").replace("    if SPLITS == 1:   # nothing to merge", "    if SPLITS == -1:   # nothing to merge")),
            "run-time chunk, one split writes out (HEAD)": load("head", head_src)}
dev = torch.device("cuda")
for T, ctx, table in ((1, 32, 33), (64, 32, 33), (1, 512, 4096), (8, 512, 4096), (64, 512, 4096)):
    g = torch.Generator(device=dev).manual_seed(0)
    slots = T * (ctx + 1) + 1
    k = torch.randn(slots, 16, 128, device=dev, generator=g).bfloat16(); v = torch.randn_like(k)
    q = torch.randn(T, 16, 128, device=dev, generator=g).bfloat16()
    rt = torch.zeros(T, table, dtype=torch.int32, device=dev)
    rt[:, :ctx + 1] = torch.arange(1, T * (ctx + 1) + 1, device=dev, dtype=torch.int32).view(T, ctx + 1)
    lens = torch.full((T,), ctx + 1, dtype=torch.int32, device=dev)
    ref = None
    for name, m in variants.items():
        fn = lambda: m.decode_attention(q, k, v, rt, lens, 0.088)
        out = fn(); torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for _ in range(20): fn()
        us = min(wall_us(graph.replay, 30, 3, dev) for _ in range(3)) / 20
        err = 0.0 if ref is None else ((out.float() - ref).abs().max().item())
        ref = out.float() if ref is None else ref
        print(json.dumps({"tokens": T, "context": ctx, "table": table, "variant": name, "us_per_call": round(us, 2),
                          "max_abs_diff_vs_prev": err}), flush=True)

import refmoe.layers.moe as moe_mod
from refmoe.layers.forward_batch import ForwardBatch
from refmoe.models.deepseek_v2 import build_model
from refmoe.runners.decode import DecodeCudaGraphRunner
model = build_model("v2-lite-moe", impl="triton", dtype=torch.bfloat16, device=dev)
for batch in (3, 8):
    kv = model.make_kv_cache(batch * 33 + 1, max_context=33)
    gen = torch.Generator().manual_seed(0)
    prompts = [torch.randint(1, 31999, (32,), generator=gen).tolist() for _ in range(batch)]
    slots = [kv.alloc(33) for _ in range(batch)]
    with torch.no_grad():
        for p, s in zip(prompts, slots):
            pre = ForwardBatch.init_new("extend", [p], [s[:-1]], kv); model(pre.input_ids, pre.positions, pre)
        fb = ForwardBatch.init_new("decode", [[p[-1]] for p in prompts], slots, kv)
        for sm in (0, batch):
            moe_mod.SHARED_IN_GEMV_MAX_M = sm
            runner = DecodeCudaGraphRunner(model, kv, buckets=[batch])
            us = min(wall_us(lambda: runner.replay(fb), 50, 5, dev) for _ in range(3))
            print(json.dumps({"batch": batch, "SHARED_IN_GEMV_MAX_M": sm, "graph_us": round(us, 1)}), flush=True)
            del runner
