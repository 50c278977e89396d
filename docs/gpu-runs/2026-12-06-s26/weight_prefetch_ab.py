"""Twenty-sixth session: GEMM2's routed weight loaded before the K loop instead of after it, same process.

Nsight Compute on the H100 (call 4) put long-scoreboard stalls first in both GEMM2 kernels (5.60 per issue in
14d's slot GEMM2, 4.46 in 15's sorted one, against 1.43 and 1.85 in the GEMM1s, which load nothing in their
epilogue): the epilogue's `tl.load(topk_weights_ptr + pair)` is a global load that every tile waits for after
its last MMA. The package now issues it before the loop. This script times the package's kernels (`new`)
against the same modules at the commit before (`old`, written beside the package as `_ab_old_*.py` with
their custom ops renamed), on the same aligned inputs, alternating old/new twice, and checks the outputs equal.

python3 docs/gpu-runs/2026-12-06-s26/weight_prefetch_ab.py --write-only   (here, with git; the files are left untracked)
python3 docs/gpu-runs/2026-12-06-s26/weight_prefetch_ab.py [--old 0c0814f] [--m 256 1024 2048 4096]   (on the GPU)
"""
import argparse, importlib, json, subprocess
from pathlib import Path

import torch
import refmoe.core.env  # noqa: F401


def old_module(name: str, commit: str):
    "The module at `commit`, beside the package; written here with git (`--write-only`), imported on the device (no git there)."
    path = Path(__file__).resolve().parents[3] / "refmoe" / "kernels" / f"_ab_old_{name}.py"
    if not path.exists():
        src = subprocess.run(["git", "show", f"{commit}:refmoe/kernels/{name}.py"], capture_output=True, text=True, check=True).stdout
        path.write_text(src.replace('"refmoe::', '"refmoe_old::'))
    return importlib.import_module(f"refmoe.kernels._ab_old_{name}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--old", default="0c0814f")
    p.add_argument("--m", type=int, nargs="+", default=[256, 1024, 2048, 4096])
    p.add_argument("--reps", type=int, default=20)
    p.add_argument("--write-only", action="store_true", help="write the old modules and stop")
    a = p.parse_args()
    if a.write_only:
        old_module("fused_moe", a.old), old_module("grouped_moe", a.old); return
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs
    from refmoe.core.timing import time_us
    from refmoe.kernels import fused_moe as new_f, grouped_moe as new_g
    from refmoe.kernels.moe_align import moe_align_block_size
    from refmoe.kernels.tile_configs import get_config
    old_f, old_g = old_module("fused_moe", a.old), old_module("grouped_moe", a.old)
    dev = torch.device("cuda")
    shape = SHAPES["v2-lite"]
    E, H, I, k = shape["E"], shape["H"], shape["I"], shape["k"]
    layer = make_layer(shape, dev, torch.bfloat16)
    w13, w2 = layer.w13, layer.w2
    emit = lambda **r: print(json.dumps(r), flush=True)
    slot_cfg = None
    for M in sorted(set(a.m) | {4096}):
        c = get_config(M, E, I, H, k, dev, dtype=torch.bfloat16)
        if c.get("kind") == "slot": slot_cfg = c
    for M in a.m:
        inputs = make_inputs(layer, M, 4, seed=M)
        cfg = get_config(M, E, I, H, k, dev, dtype=torch.bfloat16)
        if cfg.get("kind") == "gemv":
            emit(m=M, skipped="gemv tiles at this M"); continue
        bm, c13, c2 = cfg["BLOCK_SIZE_M"], cfg["w13"], cfg["w2"]
        t2 = lambda g: (bm, g["BLOCK_SIZE_N"], g["BLOCK_SIZE_K"], g["GROUP_SIZE_M"], g["num_warps"], g["num_stages"])
        al = [moe_align_block_size(ids, bm, E) for _, _, ids in inputs]
        acts, outs = [], []
        for (x, w, ids), (s, e, n) in zip(inputs, al):
            act = torch.empty(M * k, I, device=dev, dtype=torch.bfloat16)
            new_f.invoke_fused_moe_kernel(x, w13, act, w, s, e, n, k, False, True, True, *t2(c13))
            acts.append(act); outs.append(torch.empty(M * k, H, device=dev, dtype=torch.bfloat16))
        def sorted_g2(mod):
            return [lambda act=act, w=w, s=s, e=e, n=n, o=o: mod.invoke_fused_moe_kernel(act, w2, o, w, s, e, n, 1, True, False, True, *t2(c2))
                    for act, (_, w, _), (s, e, n), o in zip(acts, inputs, al, outs)]
        fn_new, fn_old = sorted_g2(new_f), sorted_g2(old_f)
        fn_new[0](); r_new = outs[0].clone(); fn_old[0](); equal = torch.equal(r_new, outs[0])
        ts = [time_us(f, dev, reps=a.reps) for f in (fn_old, fn_new, fn_old, fn_new)]
        emit(m=M, kernel="sorted GEMM2", tiles=c2, bm=bm, us_old=[round(ts[0], 1), round(ts[2], 1)], us_new=[round(ts[1], 1), round(ts[3], 1)],
             new_over_old=round((ts[1] + ts[3]) / (ts[0] + ts[2]), 3), equal=equal)
        if slot_cfg is None or M < 1024: continue
        sc = slot_cfg; sbm = sc["BLOCK_SIZE_M"]
        sal = [moe_align_block_size(ids, sbm, E) for _, _, ids in inputs]
        bufs = []
        for (x, w, ids), (s, e, n) in zip(inputs, sal):
            xs, act, pp = new_g.slot_buffers(x, w13, k, s.numel())
            new_g.gather_slots(x, xs, s, n, k, M * k)
            new_g.invoke_grouped_gemm1(xs, w13, act, e, n, sbm, *new_g._launch(sc["w13"]))
            bufs.append((act, pp))
        def slot_g2(mod):
            return [lambda act=act, pp=pp, w=w, s=s, e=e, n=n: mod.invoke_grouped_gemm2(act, w2, pp, w, s, e, n, sbm, *mod._launch(sc["w2"]))
                    for (act, pp), (_, w, _), (s, e, n) in zip(bufs, inputs, sal)]
        fn_new, fn_old = slot_g2(new_g), slot_g2(old_g)
        fn_new[0](); r_new = bufs[0][1].clone(); fn_old[0](); equal = torch.equal(r_new, bufs[0][1])
        ts = [time_us(f, dev, reps=a.reps) for f in (fn_old, fn_new, fn_old, fn_new)]
        emit(m=M, kernel="slot GEMM2", tiles=sc["w2"], bm=sbm, us_old=[round(ts[0], 1), round(ts[2], 1)], us_new=[round(ts[1], 1), round(ts[3], 1)],
             new_over_old=round((ts[1] + ts[3]) / (ts[0] + ts[2]), 3), equal=equal)


if __name__ == "__main__":
    main()
