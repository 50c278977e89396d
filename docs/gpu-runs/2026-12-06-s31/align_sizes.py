"""Thirty-first session: 12's align through the package after the thirtieth session's call 3, which found the
many-program layout fastest with 32 blocks a step, 4,096 histogram entries a step, on 4 warps (now committed as
ALIGN_LAYOUT_BLOCKS, ALIGN_LAYOUT_TILE, ALIGN_LAYOUT_WARPS; the one-program kernel keeps ALIGN_BLOCKS_STEP 256).

Part A, the one-program range (M = 16-341, 96-2,046 pairs): the one-program kernel at 256, 128, 64 and 32 blocks a
step, against the many-program path (`single_max=0`) with the committed layout at chunks of 256, 128 and 64 pairs:
where the crossover lies now. Part B, M = 512-4096: the committed layout against the old one (256 blocks, 8 warps) and
neighbours of the committed sizes. Part C: the routed layer from the hidden states, committed sizes against the old.
Every arm's output is checked as in `../2026-12-06-s30/align_ab.py` (its `valid`). V2-Lite's routing, ten distinct
routings per CUDA graph (one with a quarter of its rows padding), L2 flushed, arms alternating in rounds (medians).

python3 docs/gpu-runs/2026-12-06-s31/align_sizes.py [--rounds 5] [--device cpu]
"""
import argparse, json, pathlib, sys

import torch
import refmoe.core.env  # noqa: F401  (first: Triton's interpreter on a CPU-only machine)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "2026-12-06-s30"))
from align_ab import valid  # noqa: E402

NAMES = ("ALIGN_BLOCKS_STEP", "ALIGN_LAYOUT_BLOCKS", "ALIGN_LAYOUT_TILE", "ALIGN_LAYOUT_WARPS")
OLD = (256, 256, 4096, 8)
SINGLE = {f"one program, step {b}": ((b, 32, 4096, 4), {}) for b in (256, 128, 64, 32)}
SINGLE |= {f"many, chunk {c}": (None, {"single_max": 0, "chunk": c}) for c in (256, 128, 64)}
MULTI = {"old": (OLD, {}), "committed": (None, {})}
MULTI |= {f"layout {b}/{t}/{w}": ((256, b, t, w), {}) for b, t, w in
          ((32, 2048, 4), (32, 4096, 2), (16, 4096, 4), (64, 4096, 4), (32, 8192, 4), (32, 8192, 8))}
MULTI |= {"committed, chunk 128": (None, {"chunk": 128})}


def run_arms(ma, arms, Ms, blocks, rounds, dev, layer, make_inputs, time_us, E=64):
    "Check and time each arm at each (M, block size); one JSON line per case."
    for M in Ms:
        for BS in blocks(M):
            ids_list = [ids for _, _, ids in make_inputs(layer, M, 10, seed=M)]
            ids_list[1] = ids_list[1].clone(); ids_list[1][M - M // 4:] = -1
            ma_sizes(ma, None)
            ref = [ma.moe_align_block_size(i, BS, E) for i in ids_list]
            multi_ref = ma.align_chunk(M * 6, E) != 0
            ok, t = {}, {n: [] for n in arms}
            for name, (v, kw) in arms.items():
                ma_sizes(ma, v)
                same_path = multi_ref and kw.get("chunk", ma.ALIGN_CHUNK) == ma.ALIGN_CHUNK and "single_max" not in kw
                ok[name] = all(valid(i, ma.moe_align_block_size(i, BS, E, **kw), r, BS, E, same_path) for i, r in zip(ids_list, ref))
            for _ in range(rounds):
                for name, (v, kw) in arms.items():
                    ma_sizes(ma, v)
                    t[name].append(round(time_us([lambda i=i: ma.moe_align_block_size(i, BS, E, **kw) for i in ids_list], dev, reps=30), 2))
            med = {n: sorted(x)[len(x) // 2] for n, x in t.items()}
            base = med[next(iter(arms))]
            print(json.dumps(dict(m=M, block=BS, valid=ok, median_us=med, over_first={n: round(x / base, 3) for n, x in med.items()},
                                  us=t)), flush=True)
    ma_sizes(ma, None)


def ma_sizes(ma, v):
    "Set the module's four constants (None: as committed)."
    for n, x in zip(NAMES, v or COMMITTED): setattr(ma, n, x)


def main():
    global COMMITTED
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--single-m", type=int, nargs="*", default=[16, 32, 64, 128, 192, 256, 341])
    p.add_argument("--multi-m", type=int, nargs="*", default=[512, 1024, 2048, 4096])
    p.add_argument("--layer-m", type=int, nargs="*", default=[1024, 2048, 4096])
    p.add_argument("--device", default="cuda", help="cpu: a check of the arms in the interpreter, no timings worth reading")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer
    from refmoe.core.timing import time_us
    from refmoe.kernels import moe_align as ma
    COMMITTED = tuple(getattr(ma, n) for n in NAMES)
    dev = torch.device(a.device)
    layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
    print(json.dumps({"device": torch.cuda.get_device_name() if dev.type == "cuda" else "cpu", "committed": COMMITTED}), flush=True)
    common = dict(rounds=a.rounds, dev=dev, layer=layer, make_inputs=make_inputs, time_us=time_us)
    run_arms(ma, SINGLE, a.single_m, lambda M: (16, 32) if M >= 128 else (16,), **common)
    run_arms(ma, MULTI, a.multi_m, lambda M: (64,) if M <= 512 else (128,), **common)
    H = SHAPES["v2-lite"]["H"]
    for M in a.layer_m:
        g = torch.Generator(device=dev).manual_seed(M)
        xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
        t = {"old": [], "committed": []}
        for _ in range(a.rounds):
            for name in t:
                ma_sizes(ma, OLD if name == "old" else None)
                t[name].append(round(time_us([lambda x=x: routed_layer(layer, x) for x in xs], dev, reps=20), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        print(json.dumps(dict(layer_m=M, median_us=med, committed_over_old=round(med["committed"] / med["old"], 4), us=t)), flush=True)
    ma_sizes(ma, None)


if __name__ == "__main__":
    main()
