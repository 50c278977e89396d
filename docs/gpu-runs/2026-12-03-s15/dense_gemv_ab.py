"""The dense GEMV (14a) against cuBLAS: each projection shape of v2-lite-moe at M = 1 and 4 (a CUDA graph of launches
over distinct weights, more than L2 holds), several tiles; then the decode step with `linear` on the kernel
(DENSE_GEMV_MAX_M = 4, the default) and off (0), alternated in one process.
python docs/gpu-runs/2026-12-03-s15/dense_gemv_ab.py   (H200, bf16)"""
import contextlib, io, json, math
import torch, torch.nn.functional as F
import refmoe.kernels.dense_gemv as G
from refmoe.bench.runners import decode_main, decode_profile

SHAPES = {"qkv_proj": (6144, 2048), "o_proj": (2048, 2048), "dense gate_up": (21888, 2048), "dense down": (2048, 10944),
          "shared gate_up": (5632, 2048), "shared down": (2048, 2816), "lm_head": (32000, 2048)}
DEFAULT = G.dense_gemv_tile
TILES = [None, (8, 128, 4, 4), (4, 512, 4, 3), (16, 256, 8, 3), (2, 256, 2, 4), (8, 512, 8, 3)]

def graph_us(fn, n):
    for _ in range(2): fn()
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g): fn()
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    g.replay(); torch.cuda.synchronize()
    s.record()
    for _ in range(20): g.replay()
    e.record(); torch.cuda.synchronize()
    return s.elapsed_time(e) * 1e3 / 20 / n

for name, (N, K) in SHAPES.items():
    n = max(2, math.ceil(200e6 / (N * K * 2)))
    ws = [(torch.randn(N, K, device="cuda") / K ** 0.5).bfloat16() for _ in range(n)]
    for M in (1, 4):
        x = torch.randn(M, K, device="cuda").bfloat16()
        row = {"shape": name, "N": N, "K": K, "M": M}
        row["cublas"] = graph_us(lambda: [F.linear(x, w) for w in ws], n)
        for t in TILES:
            G.dense_gemv_tile = DEFAULT if t is None else (lambda N, K, i=False, t=t: t)
            err = (G.dense_gemv(x, ws[0]).float() - F.linear(x.float(), ws[0].float())).abs().max().item()
            assert err < 5e-2, (name, t, err)
            row[str(t or "default")] = graph_us(lambda: [G.dense_gemv(x, w) for w in ws], n)
        G.dense_gemv_tile = DEFAULT
        floor = N * K * 2 / 4.2e6
        print(json.dumps({k: (round(v, 2) if isinstance(v, float) else v) for k, v in row.items()}), f"floor {floor:.2f} us")
    del ws; torch.cuda.empty_cache()

def run(on):
    G.DENSE_GEMV_MAX_M = 4 if on else 0
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf): decode_main(["--device", "cuda", "--batch", "1", "4", "8"])
    return {r["batch"]: r["graph_us"] for r in (json.loads(l) for l in buf.getvalue().splitlines() if l.startswith("{"))}

rows = {True: [], False: []}
for on in (False, True, False, True): rows[on].append(run(on))
for on in (False, True): print("dense gemv" if on else "cublas    ", {b: [r[b] for r in rows[on]] for b in (1, 4, 8)})
for on in (False, True):
    G.DENSE_GEMV_MAX_M = 4 if on else 0
    p = decode_profile(batch=1)
    print("dense gemv" if on else "cublas    ", "batch 1 kernels", p["step_us"], p["groups_us"])
G.DENSE_GEMV_MAX_M = 4
