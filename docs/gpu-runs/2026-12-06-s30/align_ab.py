"""Thirtieth session: 12's align through the package, its layout sizes set by the module's three constants, in arms:
"old", the sizes the package has (ALIGN_BLOCKS_STEP 256, ALIGN_LAYOUT_TILE 4096, ALIGN_LAYOUT_WARPS 8: the expert
loop's [256, NB] tile, 32 histogram rows a step on 8 warps); "new", 32 blocks a step, up to 16,384 histogram entries a
step, 16 warps; and other candidates. Written after call 1 and not run yet: no machine came for calls 2-6.
V2-Lite's routing (64 experts, top-6), each M at its tables' block size (16, 32, 64, then 128), ten distinct routings
per CUDA graph, L2 flushed (`refmoe.core.timing.time_us`), arms alternating in rounds (medians). Every arm's output is checked: the same slot count and block experts as
"old", each real pair exactly once, in a block of its own bucket, and on the multi-program path the same
slots. Then the routed layer from the hidden states (`refmoe.bench.moe.routed_layer`) with the new sizes against
the old at M = 1024-4096.

python3 docs/gpu-runs/2026-12-06-s30/align_ab.py [--m 64 256 512 1024 2048 4096] [--rounds 5]   (on the GPU)
"""
import argparse, json

import torch
import refmoe.core.env  # noqa: F401  (first: Triton's interpreter on a CPU-only machine)
import triton

OLD = (256, 4096, 8)
ARMS = {"old": OLD, "new": (32, 16384, 16), "step 32, tile 16384, 8 warps": (32, 16384, 8), "step 32, tile 8192, 16 warps": (32, 8192, 16),
        "step 32, tile 8192, 8 warps": (32, 8192, 8), "step 32, tile 4096, 4 warps": (32, 4096, 4), "step 64, tile 16384, 16 warps": (64, 16384, 16),
        "step 16, tile 16384, 16 warps": (16, 16384, 16)}
LEAN = ("old", "new", "step 32, tile 16384, 8 warps", "step 32, tile 8192, 16 warps", "step 32, tile 4096, 4 warps", "step 64, tile 16384, 16 warps")
NAMES = ("ALIGN_BLOCKS_STEP", "ALIGN_LAYOUT_TILE", "ALIGN_LAYOUT_WARPS")


def sizes(ma, v):
    "Set the module's three constants (None: as committed)."
    for n, x in zip(NAMES, v or DEFAULT): setattr(ma, n, x)


def valid(ids, out, ref, BS, E, multi):
    "Same count and block experts as `ref`; each real pair once, in a block of its bucket; on the multi path, the same slots."
    (s, e, n), (rs, re_, rn) = out, ref
    if not (torch.equal(n, rn) and torch.equal(e, re_)): return False
    used, flat = int(n), ids.flatten().long()
    real = s[:used][s[:used] < flat.numel()].long()
    if real.numel() != flat.numel() or not torch.equal(real.sort().values, torch.arange(flat.numel(), device=ids.device)): return False
    bucket = torch.where((flat < 0) | (flat >= E), -1, flat)
    slot = torch.nonzero(s[:used] < flat.numel()).flatten()
    if not torch.equal(bucket[s[slot].long()], e[slot // BS].long()): return False
    return not multi or torch.equal(s[:used], rs[:used])


def main():
    global DEFAULT
    p = argparse.ArgumentParser()
    p.add_argument("--m", type=int, nargs="+", default=[64, 256, 512, 1024, 2048, 4096])
    p.add_argument("--layer-m", type=int, nargs="*", default=[1024, 2048, 4096])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--lean", action="store_true", help="old, new and three candidates only")
    p.add_argument("--device", default="cuda", help="cpu: a check of the arms in the interpreter, no timings worth reading")
    a = p.parse_args()
    from refmoe.bench.moe import SHAPES, make_layer, make_inputs, routed_layer
    from refmoe.core.timing import time_us
    from refmoe.kernels import moe_align as ma
    DEFAULT = tuple(getattr(ma, n) for n in NAMES)
    dev, E = torch.device(a.device), 64
    layer = make_layer(SHAPES["v2-lite"], dev, torch.bfloat16)
    print(json.dumps({"device": torch.cuda.get_device_name() if dev.type == "cuda" else "cpu", "committed": DEFAULT}), flush=True)
    for M in a.m:
        BS = 16 if M <= 64 else 32 if M <= 256 else 64 if M <= 512 else 128
        ids_list = [ids for _, _, ids in make_inputs(layer, M, 10, seed=M)]
        ids_list[1] = ids_list[1].clone(); ids_list[1][M - M // 4:] = -1          # one routing with padded rows
        multi = ma.align_chunk(M * 6, E) != 0
        arms = {k: v for k, v in ARMS.items() if not a.lean or k in LEAN}
        arms = arms if multi else {k: v for k, v in ARMS.items() if k in ("old", "new", "step 64, tile 16384, 16 warps", "step 16, tile 16384, 16 warps")}
        sizes(ma, OLD)
        ref = [ma.moe_align_block_size(i, BS, E) for i in ids_list]
        ok = {}
        for name, v in arms.items():
            sizes(ma, v)
            ok[name] = all(valid(i, ma.moe_align_block_size(i, BS, E), r, BS, E, multi) for i, r in zip(ids_list, ref))
        t = {n: [] for n in arms}
        for _ in range(a.rounds):
            for name, v in arms.items():
                sizes(ma, v)
                t[name].append(round(time_us([lambda i=i: ma.moe_align_block_size(i, BS, E) for i in ids_list], dev, reps=30), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        print(json.dumps(dict(m=M, block=BS, path="multi" if multi else "single", valid=ok, median_us=med,
                              over_old={n: round(v / med["old"], 3) for n, v in med.items()}, us=t)), flush=True)
    H = SHAPES["v2-lite"]["H"]
    for M in a.layer_m:
        g = torch.Generator(device=dev).manual_seed(M)
        xs = [torch.randn(M, H, generator=g, device=dev).bfloat16() for _ in range(10)]
        t = {"old": [], "new": []}
        for _ in range(a.rounds):
            for name in t:
                sizes(ma, ARMS[name])
                t[name].append(round(time_us([lambda x=x: routed_layer(layer, x) for x in xs], dev, reps=20), 2))
        med = {n: sorted(v)[len(v) // 2] for n, v in t.items()}
        print(json.dumps(dict(layer_m=M, median_us=med, new_over_old=round(med["new"] / med["old"], 4), us=t)), flush=True)
    sizes(ma, None)


if __name__ == "__main__":
    main()
