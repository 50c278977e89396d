"""A/B in one process: the decode step with the shared experts and the dense layer on the GEMV kernels (15's gemv_mlp,
the default since the fifteenth session) against cuBLAS + SiLU + product (DECODE_MLP_MAX_M = 0), alternated.
python docs/gpu-runs/2026-12-03-s15/ab_gemv_mlp.py   (H200, v2-lite-moe, bf16, CUDA graphs)"""
import contextlib, io, json
import refmoe.layers.moe as L, refmoe.models.deepseek_v2 as D
from refmoe.bench.runners import decode_main, decode_profile

def run(on: bool) -> list[dict]:
    L.DECODE_MLP_MAX_M = D.DECODE_MLP_MAX_M = 4 if on else 0
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf): decode_main(["--device", "cuda", "--batch", "1", "4", "8"])
    return [json.loads(l) for l in buf.getvalue().splitlines() if l.startswith("{")]

rows = {True: [], False: []}
for on in (False, True, False, True): rows[on].append({r["batch"]: r["graph_us"] for r in run(on)})
for on in (False, True):
    print("gemv mlp" if on else "cublas  ", {b: [r[b] for r in rows[on]] for b in (1, 4, 8)})
for on in (False, True):
    L.DECODE_MLP_MAX_M = D.DECODE_MLP_MAX_M = 4 if on else 0
    p = decode_profile(batch=1)
    print("gemv mlp" if on else "cublas  ", "batch 1 kernels", p["step_us"], p["groups_us"])
